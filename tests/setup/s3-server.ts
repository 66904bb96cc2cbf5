/**
 * A real S3-compatible server for tests (@20minutes/s3rver, in process on 127.0.0.1, a free
 * port, files in a temporary folder), and an `S3StorageConfig` pointing at it.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import S3rver from "@20minutes/s3rver";
import type { S3StorageConfig } from "~/features/media/storage.server";

/**
 * Starts the server with one bucket; `stop()` closes it and removes its folder. `listing: true`
 * lets bucket listings through: s3rver 4 computes a different signature than the current AWS SDK
 * for bucket-level GETs (ListObjects*), so it then skips signature checks.
 */
export async function startS3Server(bucket = "meridian-media", options: { listing?: boolean } = {}): Promise<{ config: S3StorageConfig; stop: () => Promise<void> }> {
  const directory = await mkdtemp(path.join(tmpdir(), "s3rver-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
    allowMismatchedSignatures: options.listing ?? false,
  });
  const { port } = await server.run();
  return {
    config: {
      bucket,
      region: "us-east-1",
      endpoint: `http://127.0.0.1:${port}`,
      accessKeyId: "S3RVER",
      secretAccessKey: "S3RVER",
    },
    stop: async () => {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
