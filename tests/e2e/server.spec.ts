import { expect, test } from "@playwright/test";

test("health and readiness probes answer without caching", async ({ request }) => {
  const health = await request.get("/healthz");
  expect(health.status()).toBe(200);
  expect(await health.json()).toEqual({ status: "ok" });
  const ready = await request.get("/readyz");
  expect(ready.status()).toBe(200);
  expect(await ready.json()).toEqual({ status: "ready", database: true });
  expect(ready.headers()["cache-control"]).toBe("no-store");
});

test("pages carry the security headers: a nonce CSP and strict-origin-when-cross-origin", async ({ page }) => {
  const blocked: string[] = [];
  page.on("console", (message) => {
    if (message.text().includes("Content Security Policy")) blocked.push(message.text());
  });
  // A hydrated page: the staff portal's sign-in (public pages carry no inline script at all).
  const response = await page.goto("/admin/login", { waitUntil: "networkidle" });
  const headers = response!.headers();
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  const csp = headers["content-security-policy"];
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
  expect(nonce).toBeTruthy();
  // The server-rendered inline scripts carry a nonce, the browser blocked nothing, and the page hydrated.
  const html = await (await page.request.get("/admin/login")).text();
  expect(html).toMatch(/<script nonce="[^"]+"/);
  expect(blocked).toEqual([]);
  await expect(page.getByRole("button", { name: "Sign In" })).toBeVisible();
});

test("hashed assets are cached immutably for a year", async ({ request }) => {
  // The server-rendered HTML, not the live DOM: lazily loaded chunks add their own links later.
  const html = await (await request.get("/admin/login")).text();
  const asset = /<link rel="modulepreload"[^>]*href="([^"]+)"/.exec(html)?.[1];
  expect(asset).toMatch(/^\/assets\//);
  const response = await request.get(asset!);
  expect(response.headers()["cache-control"]).toContain("immutable");
  expect(response.headers()["cache-control"]).toContain("max-age=31536000");
});
