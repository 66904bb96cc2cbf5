/**
 * The production server's HTTP hardening: request-body caps and content
 * types answered before React Router, and the security headers on every response, including
 * static files and the headers routes set on documents. A malformed Host header is a
 * 400 without an error log; with TRUST_PROXY=false a spoofed X-Forwarded-For does not
 * change the client's rate-limit bucket.
 */
import { readdirSync } from "node:fs";
import { request as httpRequest } from "node:http";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServers, type Cluster } from "./support/servers";

let cluster: Cluster;
let base: string;
let origin: string;
/** Everything the cluster's server wrote to stdout and stderr (its JSON log lines, any stack trace). */
let output = "";

beforeAll(async () => {
  cluster = await startServers(1, { env: { DISABLE_JOBS: "true", LOG_LEVEL: "info" }, onOutput: (text) => (output += text) });
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

  it("token pages are no-store with no referrer to other sites on the document response", async () => {
    // The manage page uses `same-origin`: its forms must post without JavaScript, and `no-referrer`
    // makes Chromium send `Origin: null` there (`docs/stack-notes.md`).
    const policies = { "/book-consultation/manage/not-a-real-token": "same-origin", "/admin/set-password?token=not-a-real-token": "no-referrer" };
    for (const [path, policy] of Object.entries(policies)) {
      const response = await fetch(`${base}${path}`);
      expect(response.headers.get("cache-control"), path).toBe("private, no-store");
      // helmet's policy comes first; browsers apply the last one listed (Referrer Policy spec).
      expect(response.headers.get("referrer-policy")?.split(",").at(-1)?.trim(), path).toBe(policy);
      expect(response.headers.get("x-content-type-options"), path).toBe("nosniff");
    }
    const contact = await fetch(`${base}/contact`);
    expect(contact.headers.get("cache-control")).toBe("private, no-store");
  });

  it("HSTS is sent by a production server on an https PUBLIC_URL", async () => {
    expect((await fetch(`${base}/favicon.svg`)).headers.get("strict-transport-security")).toBeNull();
    const https = await startServers(1, {
      prepare: false,
      // A public deployment refuses the test-only form-guard minimum, so this server runs without it.
      env: { DISABLE_JOBS: "true", PUBLIC_URL: "https://www.meridian-engineering.example", FORM_GUARD_MIN_MS: "" },
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

/**
 * Sends one request with exactly the headers given (no Host of Node's own: `setHost: false`) and
 * resolves with its status and body.
 */
function rawRequest(target: string, path: string, method: string, headers: Record<string, string>, body?: string): Promise<{ status: number; body: string }> {
  const url = new URL(target);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: url.hostname, port: url.port, path, method, headers, setHost: false }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (c: string) => (text += c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

/** The server's log lines at level error or above (pino: 50 and 60), and any stack trace line. */
const errorsIn = (text: string) => text.split("\n").filter((line) => /"level":(?:5|6)0\b/.test(line) || /^\s+at\s|Error:/.test(line));

describe("malformed Host headers", () => {
  it("answer 400 before React Router on every route, with no error logged", async () => {
    const host = new URL(base).host;
    await fetch(`${base}/`); // the page is in the HTML cache: a hit must not bypass the check
    const logged = output.length;
    const paths = ["/", "/", "/projects?utm_source=x", "/contact", "/book-consultation", "/admin/login", "/insights/no-such-post", "/favicon.svg", "/healthz", "/no-such-page"];
    for (const bad of ["bad host", "[::", "evil.example:99999", "a/b", "evil.example:0", "x@evil.example", "[::1]x"]) {
      for (const path of paths) {
        const answer = await rawRequest(base, path, "GET", { host: bad });
        expect(answer.status, `${bad} ${path}`).toBe(400);
        expect(answer.body).toContain("Host header is malformed");
      }
      const post = await rawRequest(base, "/contact", "POST", { host: bad, origin, "content-type": "application/x-www-form-urlencoded" }, "name=A");
      expect(post.status, `${bad} POST`).toBe(400);
      // Behind the trusted proxy (TRUST_PROXY=loopback), the forwarded host and protocol count too.
      expect((await rawRequest(base, "/", "GET", { host, "x-forwarded-host": bad })).status, `forwarded ${bad}`).toBe(400);
    }
    expect((await rawRequest(base, "/", "GET", { host, "x-forwarded-proto": "bad proto" })).status).toBe(400);
    // Well-formed hosts still work: a name with a port, an IPv6 literal, a forwarded host.
    for (const good of [host, "localhost:80", "[::1]:3000", "www.meridian-engineering.example"]) {
      expect((await rawRequest(base, "/healthz", "GET", { host: good })).status, good).toBe(200);
    }
    expect((await rawRequest(base, "/", "GET", { host, "x-forwarded-host": "www.meridian-engineering.example", "x-forwarded-proto": "https" })).status).toBe(200);
    await new Promise((r) => setTimeout(r, 300)); // the last log lines reach the pipe
    const lines = output.slice(logged);
    expect(lines).toContain('"status":400');
    expect(errorsIn(lines)).toEqual([]);
    expect(await count("enquiries")).toBe(0);
  });
});

describe("X-Forwarded-For from a direct client", () => {
  /** Asks for a reset link for a new address each time (so only the per-client limit can trip), with the given X-Forwarded-For. */
  const askReset = (target: string, n: number, forwardedFor: string) =>
    fetch(`${target}/admin/forgot-password`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: target, "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": forwardedFor },
      body: new URLSearchParams({ email: `spoof-${n}-${target.length}@example.com` }),
    }).then((r) => r.status);
  const limit = 10; // RESET_LIMITS.perClient.max

  it("with TRUST_PROXY=false a spoofed header does not move the client to another bucket", async () => {
    const direct = await startServers(1, { prepare: false, env: { DISABLE_JOBS: "true", TRUST_PROXY: "false" } });
    try {
      const target = direct.servers[0].base;
      const statuses: number[] = [];
      for (let n = 0; n < limit + 3; n++) statuses.push(await askReset(target, n, `203.0.113.${n + 1}`));
      expect(statuses.slice(0, limit).every((s) => s < 400), statuses.join(",")).toBe(true);
      expect(statuses.slice(limit)).toEqual([429, 429, 429]);
    } finally {
      await direct.stop();
    }
  });

  it("behind a trusted proxy (loopback) the forwarded address is the bucket", async () => {
    const statuses: number[] = [];
    for (let n = 0; n < limit + 3; n++) statuses.push(await askReset(base, n, `198.51.100.${n + 1}`));
    expect(statuses.every((s) => s < 400), statuses.join(",")).toBe(true);
  });
});

describe("a flood of password attempts", () => {
  const attempt = (forwardedFor: string) =>
    fetch(`${base}/admin/set-password?token=x`, {
      method: "POST",
      redirect: "manual",
      headers: { origin, "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": forwardedFor },
      body: new URLSearchParams({ token: "x", password: "1".repeat(128), confirmPassword: "1".repeat(128) }),
    });
  const limit = 30; // PASSWORD_ATTEMPT_LIMITS.perClient.max

  it("is answered before React Router once the client is refused, after a pause, and leaves other clients alone", async () => {
    const flooder = "192.0.2.77";
    for (let n = 0; n < limit; n++) expect((await attempt(flooder)).status).toBe(400);
    // The action refuses the first attempt over the limit (the page with its message)...
    const first = await attempt(flooder);
    expect(first.status).toBe(429);
    expect(await first.text()).toContain("Set your password");
    // ...and the server answers the rest itself: the small page, Retry-After, a pause of a second.
    const started = Date.now();
    const rest = await attempt(flooder);
    const page = await rest.text();
    expect(rest.status).toBe(429);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(Number(rest.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(rest.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(rest.headers.get("x-content-type-options")).toBe("nosniff");
    expect(page).toContain("<title>Too many attempts | Meridian Engineering</title>");
    expect(page).toMatch(/Too many attempts\. Please try again in \d+ minutes?\./);
    expect(page).not.toContain("<script");
    // Another client's attempt still reaches the action.
    expect((await attempt("192.0.2.78")).status).toBe(400);
  });
});

describe("a flood of sign-in attempts", () => {
  const signIn = (forwardedFor: string) =>
    fetch(`${base}/admin/login`, {
      method: "POST",
      redirect: "manual",
      headers: { origin, "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": forwardedFor },
      body: new URLSearchParams({ email: "nobody@system.test", password: "not-the-password-1" }),
    });
  const limit = 10; // SIGN_IN_RATE_LIMIT.max a minute

  it("answers 429 with Retry-After, then the small page to a client already over the limit", async () => {
    const flooder = "192.0.2.91";
    for (let n = 0; n < limit; n++) expect((await signIn(flooder)).status).toBe(401);
    // better-auth refuses the first attempt over the limit: the login page with its message, and Retry-After.
    const first = await signIn(flooder);
    expect(first.status).toBe(429);
    expect(Number(first.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(first.headers.get("retry-after"))).toBeLessThanOrEqual(60);
    expect(await first.text()).toContain("Too many sign-in attempts");
    // The rest is answered by the server itself: the small page (not the whole login page), Retry-After.
    const rest = await signIn(flooder);
    const page = await rest.text();
    expect(rest.status).toBe(429);
    expect(Number(rest.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(page).toContain("<title>Too many attempts | Meridian Engineering</title>");
    expect(page).not.toContain("<script");
    expect(Buffer.byteLength(page)).toBeLessThan(4_000);
    // The JSON sign-in endpoint's 429 carries the standard header too.
    const api = await fetch(`${base}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { origin, "content-type": "application/json", "x-forwarded-for": flooder },
      body: JSON.stringify({ email: "nobody@system.test", password: "not-the-password-1" }),
    });
    expect(api.status).toBe(429);
    expect(Number(api.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another client still reaches the form.
    expect((await signIn("192.0.2.92")).status).toBe(401);
  });
});
