/**
 * `/metrics` and the request log on a production server: the endpoint refuses a
 * request without the bearer token and serves the loopback port without one; its counters move by
 * exactly the requests made; and the one log line per request carries a request id (also the
 * `X-Request-Id` header), the route id, status and duration, but no e-mail address or token, for
 * a booking, a manage-link visit, a contact form over its limit and a sign-in.
 */
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, startServer, type BenchServer } from "../../bench/lib";
import { postConfirmBooking } from "./support/booking";
import { prepareDatabase, queuedMailText, sealMailBodyForServers, SYSTEM_ADMIN, serverBaseEnv, SYSTEM_FORM_GUARD_MIN_MS, systemDatabaseUrl, waitForFormGuard } from "./support/servers";

const TOKEN = "metrics-token-for-the-system-test-0123456789";
const VISITOR = { name: "Grace Hopper", email: "grace.hopper@example.org" };

let server: BenchServer;
let base: string;
let output = "";
let metricsPort: number;
let pool: pg.Pool;

beforeAll(async () => {
  const url = systemDatabaseUrl();
  await prepareDatabase(url);
  metricsPort = await freePort();
  server = await startServer({
    label: "metrics",
    onOutput: (text) => (output += text),
    env: () => ({
      ...serverBaseEnv(url),
      LOG_LEVEL: "info",
      METRICS_TOKEN: TOKEN,
      METRICS_PORT: String(metricsPort),
      FORM_GUARD_MIN_MS: String(SYSTEM_FORM_GUARD_MIN_MS),
    }),
  });
  base = server.base;
  pool = new pg.Pool({ connectionString: url, max: 1 });
});

afterAll(async () => {
  await pool?.end();
  await server?.stop();
});

const scrape = async () => (await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).text();

/** The value of one sample, e.g. `http_requests_total{route="routes/public/about",method="GET",status="200"}`; 0 when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  for (const line of text.split("\n")) {
    const match = /^([a-z_]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries([...(match[2] ?? "").matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([k, v]) => found[k] === v)) return Number(match[3]);
  }
  return 0;
}

/** The request log lines written so far (JSON lines with msg "request"). */
function requestLines(): Record<string, unknown>[] {
  return output
    .split("\n")
    .filter((l) => l.startsWith("{"))
    .map((l) => JSON.parse(l) as Record<string, unknown>)
    .filter((l) => l.msg === "request" || l.msg === "request failed");
}

describe("/metrics", () => {
  it("is refused without the bearer token, and served on the loopback port without one", async () => {
    const none = await fetch(`${base}/metrics`);
    expect(none.status).toBe(401);
    expect(none.headers.get("www-authenticate")).toContain("Bearer");
    expect(await none.text()).not.toContain("http_requests_total");
    expect((await fetch(`${base}/metrics`, { headers: { authorization: "Bearer wrong-token-wrong-token-wrong" } })).status).toBe(401);

    const loopback = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(loopback.status).toBe(200);
    expect(loopback.headers.get("content-type")).toContain("text/plain");
    const text = await loopback.text();
    for (const name of ["process_cpu_user_seconds_total", "nodejs_eventloop_lag_seconds", "outbox_pending_messages", "db_pool_connections_in_use", "html_cache_bytes"]) {
      expect(text).toContain(`# TYPE ${name}`);
    }
  });

  it("moves the request, cache and outbox figures by exactly what happened", async () => {
    const about = { route: "routes/public/about", method: "GET", status: "200" };
    const before = await scrape();
    // Bodies are read to the end: a request is counted when its response has finished.
    for (let i = 0; i < 3; i++) expect((await fetch(`${base}/about`).then(async (r) => [r.status, await r.text()]))[0]).toBe(200);
    expect((await fetch(`${base}/no-such/page`).then(async (r) => [r.status, await r.text()]))[0]).toBe(404);
    // A single segment matches the home route's `:lang?` but is no language: counted as not found too.
    expect((await fetch(`${base}/no-such-page`).then(async (r) => [r.status, await r.text()]))[0]).toBe(404);
    await pool.query(`insert into email_outbox (kind, "to", subject, body, created_at) values ('system.test', 'x@example.com', 'S', $1, now() - interval '90 seconds')`, [
      await sealMailBodyForServers({ html: "<p>S</p>", text: "S" }),
    ]);
    // The outbox gauges reuse their query's answer for one second (a scrape stays cheap); the
    // `before` scrape may be less than a second old on a quiet machine.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const after = await scrape();

    expect(sample(after, "http_requests_total", about) - sample(before, "http_requests_total", about)).toBe(3);
    expect(sample(after, "http_request_duration_seconds_count", about) - sample(before, "http_request_duration_seconds_count", about)).toBe(3);
    const notFound = { route: "routes/public/not-found", method: "GET", status: "404" };
    expect(sample(after, "http_requests_total", notFound) - sample(before, "http_requests_total", notFound)).toBe(2);
    expect(sample(after, "http_requests_total", { route: "routes/public/home", method: "GET", status: "404" }) - sample(before, "http_requests_total", { route: "routes/public/home", method: "GET", status: "404" })).toBe(0);
    // The first /about rendered and stored the page; the next two were answered from memory.
    expect(sample(after, "html_cache_requests_total", { result: "miss" }) - sample(before, "html_cache_requests_total", { result: "miss" })).toBe(1);
    expect(sample(after, "html_cache_requests_total", { result: "hit" }) - sample(before, "html_cache_requests_total", { result: "hit" })).toBe(2);
    expect(sample(after, "html_cache_bytes")).toBeGreaterThan(sample(before, "html_cache_bytes"));
    expect(sample(after, "outbox_pending_messages")).toBe(1);
    expect(sample(after, "outbox_oldest_pending_age_seconds")).toBeGreaterThanOrEqual(90);
  });
});

describe("the request log", () => {
  it("has one line per request with its id, route, status and duration, and no e-mail address or token", async () => {
    // A booking through the wizard (as a browser without JavaScript), then its manage link.
    const type = await pool.query<{ id: string }>(`insert into consultation_types (name, description, duration_minutes) values ('Log Test', 'Log test', 30) returning id`);
    const date = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(new Date(Date.now() + 5 * 86_400_000));
    const slot = await pool.query<{ id: string }>(`insert into consultation_availability (date, start_time, end_time, max_bookings) values ($1, '10:00', '11:00', 2) returning id`, [date]);
    const [typeId, slotId] = [type.rows[0]!.id, slot.rows[0]!.id];
    const details = await (await fetch(`${base}/book-consultation?step=3&type=${typeId}&slot=${slotId}`)).text();
    const formToken = /name="formToken" value="([^"]+)"/.exec(details)?.[1];
    expect(formToken).toBeTruthy();
    const contact = await (await fetch(`${base}/contact`)).text();
    const contactToken = /name="formToken"[^>]*value="([^"]+)"/.exec(contact)?.[1];
    await waitForFormGuard();

    const booked = await postConfirmBooking(base, { typeId, slotId, formToken: formToken! }, VISITOR, "A mezzanine floor in a warehouse.");
    expect(booked.status).toBe(302);
    const confirmation = await pool.query<{ body: string }>(`select body from email_outbox where "to" = $1 and kind = 'booking.confirmation'`, [VISITOR.email]);
    const manageUrl = /https?:\/\/\S+\/book-consultation\/manage\/[^\s)>\]]+/.exec(await queuedMailText(confirmation.rows[0]!.body))?.[0];
    expect(manageUrl).toBeTruthy();
    const manageToken = manageUrl!.split("/manage/")[1]!;
    const manage = await fetch(new URL(new URL(manageUrl!).pathname, base));
    expect(manage.status).toBe(200);

    // Six enquiries from one client: the sixth is over the per-client limit.
    const refusedBefore = sample(await scrape(), "rate_limit_refusals_total", { limit: "enquiryPerClient" });
    for (let n = 0; n < 6; n++) {
      await fetch(`${base}/contact`, {
        method: "POST",
        redirect: "manual",
        headers: { origin: base, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ name: VISITOR.name, email: VISITOR.email, projectType: "General Enquiry", message: `Enquiry ${n} about a survey of our warehouse roof.`, formToken: contactToken!, website: "" }),
      });
    }
    expect(sample(await scrape(), "rate_limit_refusals_total", { limit: "enquiryPerClient" }) - refusedBefore).toBe(1);

    const signIn = await fetch(`${base}/admin/login`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: base, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: SYSTEM_ADMIN.email, password: SYSTEM_ADMIN.password, redirectTo: "/admin/dashboard" }),
    });
    expect(signIn.status).toBe(302);
    // The log is buffered: its lines reach stdout within a quarter of a second.
    await expect.poll(() => output.includes(signIn.headers.get("x-request-id")!), { timeout: 5_000 }).toBe(true);

    const lines = requestLines();
    const lineOf = (response: Response) => lines.find((l) => l.requestId === response.headers.get("x-request-id"));
    expect(booked.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(lineOf(booked)).toMatchObject({ route: "routes/public/book-consultation", method: "POST", status: 302, level: 30 });
    expect(lineOf(manage)).toMatchObject({ route: "routes/public/manage-booking", method: "GET", status: 200 });
    expect(lineOf(signIn)).toMatchObject({ route: "routes/admin/login", method: "POST", status: 302 });
    expect(typeof lineOf(signIn)!.durationMs).toBe("number");
    expect(new Set(lines.map((l) => l.requestId)).size).toBe(lines.length);

    const requestLog = lines.map((l) => JSON.stringify(l)).join("\n");
    expect(requestLog).not.toMatch(/[\w.+-]+@[\w-]+\.[\w.]+/); // no e-mail address at all
    for (const secret of [manageToken, formToken!, SYSTEM_ADMIN.password, "step=4"]) expect(requestLog).not.toContain(secret);
    // Nor anywhere else in the server's output.
    for (const secret of [VISITOR.email, manageToken, SYSTEM_ADMIN.password]) expect(output).not.toContain(secret);
  });
});
