/**
 * Where backups are kept (issue 20 "Backups and restore"): a local folder by default
 * (`BACKUP_DIR`, else `DATA_DIR/backups`), or an S3-compatible bucket when `BACKUP_S3_BUCKET` is
 * set (endpoint, region and keys from `S3_*`), under the key prefix `backups/`.
 *
 * A backup is a set of files under one name (`backup-2026-11-25T02-00-00Z` or `...-daily`):
 * `manifest.json` plus its parts (`database.tar.gz` or `database.pgdump`, `uploads/<key>`).
 * The manifest is written last, so a backup without one is incomplete and never listed.
 */
import { readdir, readFile, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, PutObjectCommand, type S3Client } from "@aws-sdk/client-s3";
import { createS3Storage } from "~/features/media/storage.server";
import { env } from "~/utils/env.server";
import { ensurePrivateDir, writePrivateFile } from "~/utils/private-files.server";

/** The manifest's file name inside a backup. */
export const MANIFEST_FILE = "manifest.json";

/** A place that holds backups. Every method rejects on an I/O failure. */
export interface BackupStore {
  readonly kind: "local" | "s3";
  /** Where the backup `name` is, for people: an absolute folder path or `s3://bucket/backups/name`. */
  location(name: string): string;
  /** Writes one file of the backup `name` (`file` is relative, e.g. `uploads/project-images/a.webp`). */
  write(name: string, file: string, body: Buffer): Promise<void>;
  /** Reads one file of the backup `name`; throws when it is missing. */
  read(name: string, file: string): Promise<Buffer>;
  /** Names of the complete backups (those with a manifest), oldest first. */
  list(): Promise<string[]>;
  /** Deletes the backup `name` with all its files. */
  remove(name: string): Promise<void>;
  /** Marks the backup `name` complete (called after its last part; local: renames a staging folder). */
  seal(name: string, manifest: Buffer): Promise<void>;
}

/** A backup or file name we write: letters, digits, dots, dashes, underscores and slashes, no `..`. */
function assertRelative(file: string): void {
  if (!/^[A-Za-z0-9._/-]+$/.test(file) || file.split("/").some((part) => part === "" || part === "." || part === "..")) {
    throw new Error(`Invalid backup file name: ${file}`);
  }
}

/**
 * Backups in the folder `root`. A backup is written into `root/.partial-<name>` and renamed to
 * `root/<name>` when sealed, so a crash never leaves a folder that looks complete.
 */
export function createLocalBackupStore(root: string): BackupStore {
  const dir = path.resolve(root);
  const folder = (name: string, sealed = true) => {
    assertRelative(name);
    return path.join(dir, sealed ? name : `.partial-${name}`);
  };
  return {
    kind: "local",
    location: (name) => folder(name),
    async write(name, file, body) {
      assertRelative(file);
      await ensurePrivateDir(dir);
      await writePrivateFile(path.join(folder(name, false), file), body);
    },
    async read(name, file) {
      assertRelative(file);
      return readFile(path.join(folder(name), file));
    },
    async list() {
      const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
      const names: string[] = [];
      for (const entry of entries) {
        if (!entry.isDirectory() || entry.name.startsWith(".")) continue;
        if (await stat(path.join(dir, entry.name, MANIFEST_FILE)).then(() => true, () => false)) names.push(entry.name);
      }
      return names.sort();
    },
    async remove(name) {
      await rm(folder(name), { recursive: true, force: true });
      await rm(folder(name, false), { recursive: true, force: true });
    },
    async seal(name, manifest) {
      await ensurePrivateDir(dir);
      await writePrivateFile(path.join(folder(name, false), MANIFEST_FILE), manifest);
      await rename(folder(name, false), folder(name));
    },
  };
}

/** Backups in `bucket` under `backups/<name>/`, through the S3 client settings of `S3_*`. */
export function createS3BackupStore(bucket: string, client: S3Client): BackupStore {
  const PREFIX = "backups/";
  const key = (name: string, file: string) => {
    assertRelative(name);
    assertRelative(file);
    return `${PREFIX}${name}/${file}`;
  };
  const keysOf = async (prefix: string): Promise<string[]> => {
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }));
      for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return keys;
  };
  const put = (Key: string, Body: Buffer) => client.send(new PutObjectCommand({ Bucket: bucket, Key, Body }));
  return {
    kind: "s3",
    location: (name) => `s3://${bucket}/${PREFIX}${name}`,
    write: async (name, file, body) => void (await put(key(name, file), body)),
    async read(name, file) {
      const out = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key(name, file) }));
      return Buffer.from(await out.Body!.transformToByteArray());
    },
    async list() {
      const suffix = `/${MANIFEST_FILE}`;
      return (await keysOf(PREFIX))
        .filter((k) => k.endsWith(suffix) && k.split("/").length === 3)
        .map((k) => k.slice(PREFIX.length, -suffix.length))
        .sort();
    },
    async remove(name) {
      assertRelative(name);
      // The manifest first: a half-removed backup is then no longer listed as complete.
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key(name, MANIFEST_FILE) }));
      await Promise.all((await keysOf(`${PREFIX}${name}/`)).map((Key) => client.send(new DeleteObjectCommand({ Bucket: bucket, Key }))));
    },
    seal: async (name, manifest) => void (await put(key(name, MANIFEST_FILE), manifest)),
  };
}

/** The store the environment configures: the bucket `BACKUP_S3_BUCKET`, else the local backup folder. */
export function configuredBackupStore(): BackupStore {
  if (env.BACKUP_S3_BUCKET) {
    const { client } = createS3Storage({
      bucket: env.BACKUP_S3_BUCKET,
      region: env.S3_REGION,
      endpoint: env.S3_ENDPOINT,
      accessKeyId: env.S3_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    });
    return createS3BackupStore(env.BACKUP_S3_BUCKET, client);
  }
  return createLocalBackupStore(env.BACKUP_DIR ?? path.join(env.DATA_DIR, "backups"));
}
