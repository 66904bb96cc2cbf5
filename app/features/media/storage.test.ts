/**
 * One contract for both storage backends: local disk in a temporary folder,
 * and a real S3-compatible server started on 127.0.0.1. The same files are written, read back,
 * served at /uploads with their content type, nosniff and an immutable cache, and deleted.
 */
import { mkdtemp, rm } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { HeadObjectCommand } from "@aws-sdk/client-s3";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startS3Server } from "../../../tests/setup/s3-server";
import { createLocalStorage, createS3Storage, type FileStorage, uploadsRouter } from "./storage.server";

type Backend = { name: string; make: () => Promise<{ files: FileStorage; stop: () => Promise<void> }> };

const backends: Backend[] = [
  {
    name: "local disk",
    make: async () => {
      const root = await mkdtemp(path.join(tmpdir(), "uploads-"));
      return { files: createLocalStorage(root), stop: () => rm(root, { recursive: true, force: true }) };
    },
  },
  {
    name: "S3-compatible server",
    make: async () => {
      const server = await startS3Server();
      return { files: createS3Storage(server.config), stop: server.stop };
    },
  },
];

describe.each(backends)("storage contract: $name", ({ make }) => {
  let files: FileStorage;
  let stop: () => Promise<void>;
  let baseUrl: string;
  let close: () => void;

  beforeAll(async () => {
    ({ files, stop } = await make());
    const app = express().use("/uploads", uploadsRouter(files));
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  afterAll(async () => {
    close();
    await stop();
  });

  const key = "project-images/0a1b2c3d4e5f6a7b-1763880000000.webp";
  const body = Buffer.from("RIFF\0\0\0\0WEBPVP8 fake image bytes");

  it("writes, reads back, reports existence and deletes a file", async () => {
    expect(await files.exists(key)).toBe(false);
    expect(await files.get(key)).toBeNull();
    await files.put(key, body, "image/webp");
    expect(await files.exists(key)).toBe(true);
    const read = await files.get(key);
    expect(read?.body.equals(body)).toBe(true);
    expect(read?.contentType).toBe("image/webp");
    await files.delete([key, "project-images/missing-1.avif"]);
    expect(await files.exists(key)).toBe(false);
  });

  it("serves a stored file with its content type, nosniff and a long immutable cache", async () => {
    const avif = "project-images/0a1b2c3d4e5f6a7b-1763880000000-640.avif";
    await files.put(avif, body, "image/avif");
    expect(files.publicUrl(avif)).toBe(`/uploads/${avif}`);
    const res = await fetch(`${baseUrl}${files.publicUrl(avif)}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/avif");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(Buffer.from(await res.arrayBuffer()).equals(body)).toBe(true);
  });

  it("answers 404 for a missing file and for a name that is not a media key, and refuses to write one", async () => {
    expect((await fetch(`${baseUrl}/uploads/project-images/nothing-1.jpg`)).status).toBe(404);
    const odd = await fetch(`${baseUrl}/uploads/project-images/x.html`);
    expect(odd.status).toBe(404);
    expect(odd.headers.get("x-content-type-options")).toBe("nosniff");
    expect((await fetch(`${baseUrl}/uploads/..%2f..%2fetc%2fpasswd`)).status).toBe(404);
    await expect(files.put("../escape.jpg", body, "image/jpeg")).rejects.toThrow(/Invalid storage key/);
  });

  it("maps public URLs back to keys", () => {
    expect(files.keyFromUrl(files.publicUrl(key))).toBe(key);
    expect(files.keyFromUrl("https://example.com/photo.jpg")).toBeNull();
  });
});

describe("S3 objects served straight from the bucket or a CDN", () => {
  it("carry their content type and the immutable cache in the object's own metadata", async () => {
    const server = await startS3Server();
    try {
      const files = createS3Storage(server.config);
      const key = "project-images/0a1b2c3d4e5f6a7b-1763880000000-320.avif";
      await files.put(key, Buffer.from("avif bytes"), "image/avif");
      const head = await files.client.send(new HeadObjectCommand({ Bucket: server.config.bucket, Key: key }));
      expect(head.ContentType).toBe("image/avif");
      expect(head.CacheControl).toBe("public, max-age=31536000, immutable");
    } finally {
      await server.stop();
    }
  });
});

describe("S3 with a public base URL (CDN)", () => {
  it("builds and reads CDN URLs", () => {
    const files = createS3Storage({ bucket: "b", region: "auto", endpoint: "http://127.0.0.1:1", publicUrl: "https://cdn.example.com/m/" });
    const key = "project-images/abc-1.webp";
    expect(files.publicUrl(key)).toBe("https://cdn.example.com/m/project-images/abc-1.webp");
    expect(files.keyFromUrl("https://cdn.example.com/m/project-images/abc-1.webp")).toBe(key);
  });
});
