/**
 * The redirect hook as `server.js` runs it, before the HTML cache and Express, on a real HTTP
 * server: a redirect added in the portal answers 301 with its Location at once (query parameter
 * sources included, though `/` is a live page), 302 is not cached, 410 answers a small page, other
 * methods and addresses go on, and each use is counted.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { redirects } from "~/db/schema";
import { createRedirect } from "~/features/redirects/redirects.server";
import { countRedirectHit, findRedirect, flushRedirectCounts } from "~/features/redirects/runtime.server";
import { createRedirectResponder } from "../../server/redirects";
import { setupTestDatabase } from "../setup/database";

setupTestDatabase();

const actor = { userId: "u-1", email: "boss@staff.test" };
let server: http.Server;
let base = "";

beforeAll(async () => {
  const responder = createRedirectResponder({ find: findRedirect, onHit: countRedirectHit });
  server = http.createServer((req, res) => {
    if (!responder(req, res, "req-1")) res.writeHead(200, { "Content-Type": "text/plain" }).end("the page");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("the redirect hook", () => {
  it("answers 301, 302 and 410 from memory and counts each use; everything else goes on", async () => {
    await createRedirect(actor, { source: "/?p=1241", target: "/insights/markup", statusCode: 301 });
    await createRedirect(actor, { source: "/2013/01/11/markup-html-tags-and-formatting/", target: "/insights/markup", statusCode: 301 });
    await createRedirect(actor, { source: "/sale", target: "https://shop.example/sale", statusCode: 302 });
    await createRedirect(actor, { source: "/old-team", target: "", statusCode: 410 });

    const get = (path: string, method = "GET") => fetch(`${base}${path}`, { redirect: "manual", method });
    const permanent = await get("/?p=1241&utm_source=linkedin");
    expect(permanent.status).toBe(301);
    expect(permanent.headers.get("location")).toBe("/insights/markup");
    expect(permanent.headers.get("cache-control")).toBe("public, max-age=3600");
    expect(permanent.headers.get("x-request-id")).toBe("req-1");
    expect((await get("/2013/01/11/markup-html-tags-and-formatting/")).headers.get("location")).toBe("/insights/markup");
    expect((await get("/2013/01/11/markup-html-tags-and-formatting", "HEAD")).status).toBe(301);

    const temporary = await get("/sale");
    expect([temporary.status, temporary.headers.get("location"), temporary.headers.get("cache-control")]).toEqual([302, "https://shop.example/sale", "no-store"]);
    const gone = await get("/old-team");
    expect(gone.status).toBe(410);
    expect(await gone.text()).toContain("This page has been removed.");

    expect(await (await get("/")).text()).toBe("the page");
    expect(await (await get("/?p=9")).text()).toBe("the page");
    expect((await get("/sale", "POST")).status).toBe(200);

    await flushRedirectCounts();
    const [row] = await db.select().from(redirects).where(eq(redirects.source, "/2013/01/11/markup-html-tags-and-formatting"));
    expect(row?.hits).toBe(2);
  });
});
