/**
 * Where image files live (issue 8 "Storage", `shared/DESIGN.md` section 2 "files"): one small
 * interface with two backends, chosen by the environment.
 *
 * - Local disk under `DATA_DIR/uploads` (the default, one instance).
 * - An S3-compatible bucket when `S3_BUCKET` is set, so several app instances share one store.
 *
 * Keys are relative paths such as `project-images/k3v9x2-1763880000000.jpg` (the spec's
 * `project-images` bucket is a key prefix). Files are public: served at `/uploads/{key}` by
 * `uploadsRouter` (local disk, or S3 without a public URL), or from `S3_PUBLIC_URL/{key}` (a CDN).
 * Stored names are random and never reused, so every response is cacheable forever.
 */
import { readdir, readFile, rm, stat } from "node:fs/promises";
import path from "node:path";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import express from "express";
import { env } from "~/utils/env.server";
import { ensurePrivateDir, writePrivateFile } from "~/utils/private-files.server";

/** The key prefix of every uploaded image (the spec's `project-images` bucket). */
export const MEDIA_PREFIX = "project-images";

/** `Cache-Control` of every stored file: names never change meaning. */
export const IMMUTABLE_CACHE = "public, max-age=31536000, immutable";

const CONTENT_TYPES: Record<string, string> = {
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  avif: "image/avif",
};

/** A safe storage key: `prefix/name.ext` of lowercase letters, digits and dashes, an image extension. */
const KEY_PATTERN = /^[a-z0-9-]+\/[a-z0-9-]+\.(jpg|jpeg|png|webp|avif)$/;

/** The content type of a stored key from its extension, or null for a key we never store. */
export function contentTypeOfKey(key: string): string | null {
  const match = KEY_PATTERN.exec(key);
  return match ? CONTENT_TYPES[match[1]!]! : null;
}

/** A stored file read back. */
export type StoredFile = { body: Buffer; contentType: string };

/** The file store used by the media library. Every method rejects only on an I/O failure. */
export interface FileStorage {
  /** Which backend this is. */
  readonly kind: "local" | "s3";
  /** Writes `body` at `key` (overwriting). Throws for a key that is not a safe media key. */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** Reads the file at `key`, or null when there is none. */
  get(key: string): Promise<StoredFile | null>;
  /** Whether a file exists at `key`. */
  exists(key: string): Promise<boolean>;
  /** Removes the files at `keys`; missing files are ignored. */
  delete(keys: readonly string[]): Promise<void>;
  /** Every stored key, sorted (what a backup copies, issue 20). */
  list(): Promise<string[]>;
  /** The URL browsers load the file from (site-relative `/uploads/...`, or absolute on a CDN). */
  publicUrl(key: string): string;
  /** The key of a URL returned by `publicUrl` (also accepts it made absolute on PUBLIC_URL), or null. */
  keyFromUrl(url: string): string | null;
}

function assertKey(key: string): void {
  if (!KEY_PATTERN.test(key)) throw new Error(`Invalid storage key: ${key}`);
}

/** `publicUrl`/`keyFromUrl` for a base such as "/uploads" or "https://cdn.example.com/media". */
function urlMapping(base: string): Pick<FileStorage, "publicUrl" | "keyFromUrl"> {
  const trimmed = base.replace(/\/+$/, "");
  const bases = [trimmed];
  if (trimmed.startsWith("/")) bases.push(`${new URL(env.PUBLIC_URL).origin}${trimmed}`);
  return {
    publicUrl: (key) => `${trimmed}/${key}`,
    keyFromUrl: (url) => {
      for (const b of bases) {
        if (url.startsWith(`${b}/`)) {
          const key = url.slice(b.length + 1);
          return KEY_PATTERN.test(key) ? key : null;
        }
      }
      return null;
    },
  };
}

/** Local disk backend rooted at `root` (default `DATA_DIR/uploads`); URLs under `/uploads`. */
export function createLocalStorage(root: string = path.resolve(env.DATA_DIR, "uploads")): FileStorage & { root: string } {
  const fileOf = (key: string) => {
    assertKey(key);
    return path.join(root, key);
  };
  return {
    kind: "local",
    root,
    async put(key, body) {
      await ensurePrivateDir(root);
      await writePrivateFile(fileOf(key), body);
    },
    async get(key) {
      try {
        return { body: await readFile(fileOf(key)), contentType: contentTypeOfKey(key)! };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    async exists(key) {
      try {
        return (await stat(fileOf(key))).isFile();
      } catch {
        return false;
      }
    },
    async delete(keys) {
      await Promise.all(keys.map((key) => rm(fileOf(key), { force: true })));
    },
    async list() {
      const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
        if (error.code === "ENOENT") return [];
        throw error;
      });
      return entries
        .filter((e) => e.isFile())
        .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join("/"))
        .filter((key) => KEY_PATTERN.test(key))
        .sort();
    },
    ...urlMapping("/uploads"),
  };
}

/** Settings of the S3 backend (from `S3_*` in production; the tests pass their own). */
export type S3StorageConfig = {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** CDN or public bucket URL that serves `{publicUrl}/{key}`; unset: the app serves `/uploads`. */
  publicUrl?: string;
};

/**
 * S3-compatible backend. With a custom endpoint it uses path-style addressing, and computes
 * checksums only when required (S3-compatible servers reject the SDK's default streaming trailer).
 */
export function createS3Storage(config: S3StorageConfig): FileStorage & { client: S3Client } {
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: Boolean(config.endpoint),
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    credentials:
      config.accessKeyId && config.secretAccessKey
        ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
        : undefined,
  });
  const Bucket = config.bucket;
  const isMissing = (error: unknown) =>
    error instanceof NoSuchKey || error instanceof NotFound || (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404;
  return {
    kind: "s3",
    client,
    async put(key, body, contentType) {
      assertKey(key);
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: body, ContentType: contentType, CacheControl: IMMUTABLE_CACHE }));
    },
    async get(key) {
      assertKey(key);
      try {
        const out = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        const bytes = await out.Body!.transformToByteArray();
        return { body: Buffer.from(bytes), contentType: contentTypeOfKey(key)! };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async exists(key) {
      assertKey(key);
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },
    async delete(keys) {
      keys.forEach(assertKey);
      // One DeleteObject per key: DeleteObjects needs a body checksum that S3-compatible servers
      // verify differently; an image has about a dozen files.
      await Promise.all(keys.map((Key) => client.send(new DeleteObjectCommand({ Bucket, Key }))));
    },
    async list() {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, ContinuationToken: token }));
        for (const object of page.Contents ?? []) if (object.Key && KEY_PATTERN.test(object.Key)) keys.push(object.Key);
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return keys.sort();
    },
    ...urlMapping(config.publicUrl ?? "/uploads"),
  };
}

let configured: FileStorage | undefined;

/** The storage chosen by the environment: S3 when `S3_BUCKET` is set, else local disk. */
export function storage(): FileStorage {
  configured ??= env.S3_BUCKET
    ? createS3Storage({
        bucket: env.S3_BUCKET,
        region: env.S3_REGION,
        endpoint: env.S3_ENDPOINT,
        accessKeyId: env.S3_ACCESS_KEY_ID,
        secretAccessKey: env.S3_SECRET_ACCESS_KEY,
        publicUrl: env.S3_PUBLIC_URL,
      })
    : createLocalStorage();
  return configured;
}

/**
 * Express router for `/uploads/{key}`: serves stored images read-only with their content type,
 * `X-Content-Type-Options: nosniff` and a one-year immutable cache. Keys that are not media keys,
 * and missing files, answer 404. Works for both backends (S3 files are read through the SDK).
 */
export function uploadsRouter(files: FileStorage = storage()): express.Router {
  const router = express.Router();
  router.get("/{*key}", async (req, res, next) => {
    const key = req.path.replace(/^\//, "");
    const contentType = contentTypeOfKey(key);
    res.set("X-Content-Type-Options", "nosniff");
    if (!contentType) {
      res.status(404).set("Cache-Control", "no-store").type("text/plain").send("Not found");
      return;
    }
    try {
      const file = await files.get(key);
      if (!file) {
        res.status(404).set("Cache-Control", "no-store").type("text/plain").send("Not found");
        return;
      }
      res.set({ "Content-Type": contentType, "Cache-Control": IMMUTABLE_CACHE, "Content-Length": String(file.body.length) });
      res.end(req.method === "HEAD" ? undefined : file.body);
    } catch (error) {
      next(error);
    }
  });
  return router;
}
