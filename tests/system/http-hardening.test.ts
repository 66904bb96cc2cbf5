/**
 * The production server's HTTP hardening (issue 9 items 2, 3, 10): request-body caps and content
 * types answered before React Router, and the security headers on every response, including
 * static files and the headers routes set on documents.
 */
import { readdirSync } from "node:fs";
import { request as httpRequest } from "node:http";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServers, type Cluster } from "./support/servers";

let cluster: Cluster;
let base: string;
let origin: string;

beforeAll(async () => {
  cluster = await startServers(1, { env: { DISABLE_JOBS: "true" } });
  base = cluster.servers[0].base;
  origin = cluster.publicUrl;
});
afterAll(async () => {
  await cluster?.stop();
});

async function count(table: string): Promise<number> {
  const client = new pg.Client({ connectionString: cluster.databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(`select count(*) as n from ${table}`);
    return Number(rows[0].n);
  } finally {
    await client.end();
  }
}

/**
 * Starts a POST that declares a `size`-byte form body (or declares none: chunked), sends its first
 * 64 KB and no more, and resolves with the answer: the server must answer without the rest.
 */
function postLarge(path: string, size: number, chunked: boolean): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      new URL(path, base),
      {
        method: "POST",
        headers: {
          origin,
          "content-type": "application/x-www-form-urlencoded",
          ...(chunked ? { "transfer-encoding": "chunked" } : { "content-length": String(size) }),
        },
      },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (c: string) => (body += c));
        res.on("end", () => {
          req.destroy();
          resolve({ status: res.statusCode ?? 0, body });
        });
      },
    );
    req.on("error", (error) => (req.destroyed ? undefined : reject(error)));
    req.write(Buffer.alloc(64 * 1024, "a"));
  });
}

describe("request bodies", () => {
  it("answers 415 to JSON posted to the public actions, and stores nothing", async () => {
    for (const path of ["/contact", "/book-consultation", "/book-consultation/manage/abc", "/admin/login"]) {
      const response = await fetch(`${base}${path}`, {
        method: "POST",
        headers: { origin, "content-type": "application/json" },
        body: JSON.stringify({ name: "A", email: "a@example.com", message: "hello there, a long enough message" }),
      });
      expect(response.status, path).toBe(415);
      expect(await response.text()).toContain("Unsupported content type");
    }
    expect(await count("enquiries")).toBe(0);
    expect(await count("consultation_bookings")).toBe(0);
  });

  it("answers 415 to text/plain and no content type, 400 to multipart without a boundary", async () => {
    const post = (headers: Record<string, string>, body = "name=x") =>
      fetch(`${base}/contact`, { method: "POST", headers: { origin, ...headers }, body }).then((r) => r.status);
    expect(await post({ "content-type": "text/plain" })).toBe(415);
    expect(await post({}, "")).toBe(415);
    expect(await post({ "content-type": "multipart/form-data" })).toBe(400);
    expect(await post({ "content-type": "no/such;;=" })).toBe(400);
  });

  it("still takes forms on the actions and JSON on better-auth's endpoints", async () => {
    const form = await fetch(`${base}/contact`, {
      method: "POST",
      headers: { origin, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ name: "", email: "not-an-email", message: "short" }),
    });
    expect(form.status).toBe(400);
    expect(await form.text()).toContain("Send Message");

    const auth = await fetch(`${base}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { origin, "content-type": "application/json" },
      body: JSON.stringify({ email: "nobody@example.com", password: "wrong-password-123" }),
    });
    expect(auth.status).toBe(401);
  });

  it("answers 413 to a 30 MB form before reading it, and 411 to a body without a length", async () => {
    const large = await postLarge("/contact", 30 * 1024 * 1024, false);
    expect(large.status).toBe(413);
    expect(large.body).toContain("too large");
    const cms = await postLarge("/admin/cms/blog/create", 600 * 1024, false);
    expect(cms.status).toBe(413);
    const chunked = await postLarge("/book-consultation", 1024 * 1024, true);
    expect(chunked.status).toBe(411);
    expect(await count("enquiries")).toBe(0);
    // The server is still up and serving.
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
  });
});

describe("security headers on every response", () => {
  const assetName = () => readdirSync("build/client/assets").find((f) => f.endsWith(".js"));

  it("static files, assets, uploads and health checks carry them", async () => {
    for (const path of ["/favicon.svg", `/assets/${assetName()}`, "/uploads/missing.png", "/healthz", "/readyz", "/robots.txt"]) {
      const response = await fetch(`${base}${path}`);
      expect(response.headers.get("x-content-type-options"), path).toBe("nosniff");
      expect(response.headers.get("content-security-policy"), path).toMatch(/default-src '(self|none)'/);
      expect(response.headers.get("x-frame-options"), path).toBe("SAMEORIGIN");
      expect(response.headers.get("referrer-policy"), path).toBe("strict-origin-when-cross-origin");
    }
  });

  it("token pages are no-store with no referrer on the document response", async () => {
    for (const path of ["/book-consultation/manage/not-a-real-token", "/admin/set-password?token=not-a-real-token"]) {
      const response = await fetch(`${base}${path}`);
      expect(response.headers.get("cache-control"), path).toBe("private, no-store");
      // helmet's policy comes first; browsers apply the last one listed (Referrer Policy spec).
      expect(response.headers.get("referrer-policy")?.split(",").at(-1)?.trim(), path).toBe("no-referrer");
      expect(response.headers.get("x-content-type-options"), path).toBe("nosniff");
    }
    const contact = await fetch(`${base}/contact`);
    expect(contact.headers.get("cache-control")).toBe("private, no-store");
  });

  it("HSTS is sent by a production server on an https PUBLIC_URL", async () => {
    expect((await fetch(`${base}/favicon.svg`)).headers.get("strict-transport-security")).toBeNull();
    const https = await startServers(1, {
      prepare: false,
      env: { DISABLE_JOBS: "true", PUBLIC_URL: "https://www.meridian-engineering.example" },
    });
    try {
      for (const path of ["/favicon.svg", "/healthz"]) {
        const response = await fetch(`${https.servers[0].base}${path}`);
        expect(response.headers.get("strict-transport-security"), path).toMatch(/max-age=\d+/);
      }
    } finally {
      await https.stop();
    }
  });
});
