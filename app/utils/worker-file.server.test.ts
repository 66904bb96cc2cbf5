/**
 * A worker's module is the build's bundle beside the server's entry or one folder up from a
 * chunk, else the development shim; with neither, the error names where it looked.
 */
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { workerFile } from "./worker-file.server";

let dir = "";
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "worker-file-"));
  await mkdir(path.join(dir, "server", "assets"), { recursive: true });
  await writeFile(path.join(dir, "server", "wxr-worker.js"), "export default () => 1;\n");
  await writeFile(path.join(dir, "dev.mjs"), "export default () => 1;\n");
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe("workerFile", () => {
  const shim = () => pathToFileURL(path.join(dir, "dev.mjs"));
  it("finds the built worker beside the entry and one folder up from a chunk", () => {
    expect(workerFile(pathToFileURL(path.join(dir, "server", "index.js")).href, "wxr-worker", shim())).toBe(path.join(dir, "server", "wxr-worker.js"));
    expect(workerFile(pathToFileURL(path.join(dir, "server", "assets", "chunk.js")).href, "wxr-worker", shim())).toBe(path.join(dir, "server", "wxr-worker.js"));
  });
  it("falls back to the development shim, and names the paths when there is neither", () => {
    expect(workerFile(pathToFileURL(path.join(dir, "server", "index.js")).href, "ics-worker", shim())).toBe(path.join(dir, "dev.mjs"));
    expect(() => workerFile(pathToFileURL(path.join(dir, "server", "index.js")).href, "ics-worker", pathToFileURL(path.join(dir, "missing.mjs")))).toThrow(/ics-worker is missing .*missing\.mjs/);
  });
});
