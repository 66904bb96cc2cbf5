/**
 * Where backups are kept: one contract for the local folder and a real S3-compatible
 * server. A backup is listed only once sealed; its files read back byte for byte; verification
 * catches a changed part; removing deletes every file; the media storage lists every upload.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLocalStorage, createS3Storage, type FileStorage } from "~/features/media/storage.server";
import { startS3Server } from "../../../tests/setup/s3-server";
import { BACKUP_FORMAT, partOf, type BackupManifest } from "./backup-manifest.server";
import { createLocalBackupStore, createS3BackupStore, type BackupStore } from "./backup-store.server";
import { verifyBackup } from "./restore.server";

type Backend = { name: string; make: () => Promise<{ store: BackupStore; files: FileStorage; stop: () => Promise<void> }> };

const backends: Backend[] = [
  {
    name: "local folder",
    make: async () => {
      const root = await mkdtemp(path.join(tmpdir(), "backups-"));
      return { store: createLocalBackupStore(path.join(root, "backups")), files: createLocalStorage(path.join(root, "uploads")), stop: () => rm(root, { recursive: true, force: true }) };
    },
  },
  {
    name: "S3-compatible server",
    make: async () => {
      const server = await startS3Server("meridian-backups", { listing: true });
      const files = createS3Storage(server.config);
      return { store: createS3BackupStore(server.config.bucket, files.client), files, stop: server.stop };
    },
  },
];

const manifestFor = (name: string, parts: BackupManifest["parts"]): BackupManifest => ({
  format: BACKUP_FORMAT,
  name,
  createdAt: "2026-11-25T02:00:00.000Z",
  trigger: "daily",
  app: { version: "1.0.0" },
  migration: null,
  database: { kind: "pglite", file: "database.tar.gz" },
  counts: { "public.enquiries": 2 },
  uploads: parts.length - 1,
  parts,
});

describe.each(backends)("backup store: $name", ({ make }) => {
  let store: BackupStore;
  let files: FileStorage;
  let stop: () => Promise<void>;
  beforeAll(async () => {
    ({ store, files, stop } = await make());
  });
  afterAll(async () => {
    await stop();
  });

  it("lists a backup once sealed, reads it back, verifies it, and removes it (a changed part: tests/system/backup-restore.test.ts)", async () => {
    const name = "backup-2026-11-25T02-00-00Z-daily";
    const database = Buffer.from("pretend tarball bytes");
    const image = Buffer.from("pretend image bytes");
    await store.write(name, "database.tar.gz", database);
    await store.write(name, "uploads/project-images/a-1.webp", image);
    expect(await store.list()).toEqual([]);

    await store.seal(name, Buffer.from(JSON.stringify(manifestFor(name, [partOf("database.tar.gz", database), partOf("uploads/project-images/a-1.webp", image)]))));
    expect(await store.list()).toEqual([name]);
    expect(await store.read(name, "uploads/project-images/a-1.webp")).toEqual(image);
    expect((await verifyBackup(store, name)).database).toEqual(database);

    await store.remove(name);
    expect(await store.list()).toEqual([]);
    await expect(store.read(name, "database.tar.gz")).rejects.toThrow();
  });

  it("refuses file names that leave the backup", async () => {
    await expect(store.write("backup-x", "../escape.txt", Buffer.from("x"))).rejects.toThrow("Invalid backup file name");
    await expect(store.write("..", "database.tar.gz", Buffer.from("x"))).rejects.toThrow("Invalid backup file name");
  });

  it("lists every stored upload of the media storage, sorted", async () => {
    await files.put("project-images/b-2.webp", Buffer.from("b"), "image/webp");
    await files.put("project-images/a-1-640.avif", Buffer.from("a"), "image/avif");
    expect(await files.list()).toEqual(["project-images/a-1-640.avif", "project-images/b-2.webp"]);
  });
});
