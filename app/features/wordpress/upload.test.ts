/**
 * Receiving an export when this server's disk fails: the error is the server's (rethrown for a
 * 500), not "The upload could not be read." (a 400 that would blame the file), and nothing is left
 * in the exports folder.
 */
import { Writable } from "node:stream";
import { mkdir, readdir, rm } from "node:fs/promises";
import { afterAll, describe, expect, it, vi } from "vitest";

const DATA_DIR = vi.hoisted(() => {
  const dir = `${process.env.TMPDIR ?? "/tmp"}/wxr-upload-${process.pid}-${Date.now()}`;
  process.env.DATA_DIR = dir;
  return dir;
});

// A disk that fills up at the first write: the write stream fails as Node reports ENOSPC.
vi.mock("node:fs", async (original) => {
  const fs = await original<typeof import("node:fs")>();
  const createWriteStream = ((file: string) => {
    fs.closeSync(fs.openSync(file, "wx", 0o600));
    return new Writable({
      write(_chunk, _encoding, callback) {
        callback(Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC", errno: -28, syscall: "write" }));
      },
    });
  }) as unknown as typeof fs.createWriteStream;
  return { ...fs, default: { ...fs, createWriteStream }, createWriteStream };
});

import { ExportUploadError, exportsDir, receiveExport } from "./upload.server";

afterAll(() => rm(DATA_DIR, { recursive: true, force: true }));

describe("receiveExport on a full disk", () => {
  it("rethrows the disk's error rather than blaming the upload, and deletes the partial file", async () => {
    await mkdir(DATA_DIR, { recursive: true });
    const form = new FormData();
    form.set("file", new Blob(["<rss version=\"2.0\"></rss>"]), "export.xml");
    const request = new Request("http://localhost/admin/site/wordpress", { method: "POST", body: form });
    const error = await receiveExport(request).then(
      () => null,
      (thrown: unknown) => thrown,
    );
    expect(error).not.toBeInstanceOf(ExportUploadError);
    expect(error).toMatchObject({ code: "ENOSPC", syscall: "write" });
    expect(await readdir(exportsDir())).toEqual([]);
  });
});
