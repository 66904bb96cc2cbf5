/**
 * Every 429 carries Retry-After: the server-wide middleware adds the wait to a 429 that has none
 * and keeps one a handler set; other answers are untouched. Checked over a real HTTP server.
 */
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HOUR_MS, secondsUntilWindowEnds } from "~/features/abuse/limits.server";
import { retryAfterOnEvery429 } from "../../server/retry-after";

describe("Retry-After on every 429", () => {
  let base = "";
  let close = () => {};
  beforeAll(async () => {
    const app = express();
    app.use(retryAfterOnEvery429(() => 1234));
    app.get("/limited", (_req, res) => void res.status(429).send("Too many"));
    app.get("/limited-own", (_req, res) => void res.status(429).set("Retry-After", "30").send("Too many"));
    app.get("/limited-head", (_req, res) => {
      res.writeHead(429, { "Content-Type": "text/plain" });
      res.end("Too many");
    });
    app.get("/fine", (_req, res) => void res.send("ok"));
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => {
      server.closeAllConnections();
      server.close();
    };
  });
  afterAll(() => close());

  it("adds the wait to a 429 that has none, however its headers are written", async () => {
    expect((await fetch(`${base}/limited`)).headers.get("retry-after")).toBe("1234");
    expect((await fetch(`${base}/limited-head`)).headers.get("retry-after")).toBe("1234");
  });

  it("keeps the wait a handler set itself, and leaves other answers alone", async () => {
    expect((await fetch(`${base}/limited-own`)).headers.get("retry-after")).toBe("30");
    const fine = await fetch(`${base}/fine`);
    expect(fine.status).toBe(200);
    expect(fine.headers.get("retry-after")).toBeNull();
  });

  it("counts the seconds to the end of the fixed hour window", () => {
    expect(secondsUntilWindowEnds(HOUR_MS, new Date("2026-11-28T12:59:30.000Z"))).toBe(30);
    expect(secondsUntilWindowEnds(HOUR_MS, new Date("2026-11-28T12:00:00.000Z"))).toBe(3600);
    expect(secondsUntilWindowEnds(HOUR_MS, new Date("2026-11-28T12:59:59.900Z"))).toBe(1);
  });
});
