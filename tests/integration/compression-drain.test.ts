/**
 * The compression middleware of `server.js` under a burst of streamed documents read slowly: React
 * Router's `writeReadableStreamToWritable` waits for "drain" after every refused write, and no
 * "drain" listener may stay behind on the brotli (or gzip) stream: no MaxListenersExceededWarning.
 */
import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { writeReadableStreamToWritable } from "@react-router/node";
import express from "express";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { compressionKeepingDrainListeners } from "../../server/compression.js";

/** A document of `chunks` pieces of incompressible-ish HTML, streamed as React Router streams one. */
function documentStream(chunks: number): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent++ === chunks) return controller.close();
      const text = Array.from({ length: 400 }, () => Math.random().toString(36).slice(2)).join(" ");
      controller.enqueue(new TextEncoder().encode(`<p>${text}</p>`));
    },
  });
}

let server: Server;
let base: string;
const warnings: Error[] = [];
const onWarning = (warning: Error) => warnings.push(warning);

beforeEach(async () => {
  warnings.length = 0;
  process.on("warning", onWarning);
  const app = express();
  app.use(compressionKeepingDrainListeners());
  app.get("/document", (_req, res) => {
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    void writeReadableStreamToWritable(documentStream(120), res);
  });
  server = createServer(app).listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(async () => {
  process.off("warning", onWarning);
  await new Promise((resolve) => server.close(resolve));
});

/** GETs the document, reading it slowly (a pause after each chunk); resolves with its encoding and compressed size. */
function readSlowly(encoding: string): Promise<{ status: number; encoding: string | undefined; bytes: number }> {
  return new Promise((resolve, reject) => {
    request(`${base}/document`, { headers: { "accept-encoding": encoding } }, (res) => {
      let bytes = 0;
      res.on("data", (chunk: Buffer) => {
        bytes += chunk.length;
        res.pause();
        setTimeout(() => res.resume(), 2);
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, encoding: res.headers["content-encoding"], bytes }));
      res.on("error", reject);
    })
      .on("error", reject)
      .end();
  });
}

describe("compression of streamed documents", () => {
  it.each(["br", "gzip"])("sends a burst of slowly read %s documents whole, leaving no drain listener behind", async (encoding) => {
    const answers = await Promise.all(Array.from({ length: 8 }, () => readSlowly(encoding)));
    for (const answer of answers) {
      expect(answer).toMatchObject({ status: 200, encoding });
      expect(answer.bytes).toBeGreaterThan(100_000);
    }
    // Warnings are emitted on the next tick.
    await new Promise((resolve) => setImmediate(resolve));
    expect(warnings.map((w) => `${w.name}: ${w.message}`).filter((w) => w.includes("MaxListenersExceededWarning"))).toEqual([]);
  });
});
