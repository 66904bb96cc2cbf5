/**
 * Hostile calendars: iCalendar that costs far more to expand than to send (a few hundred
 * `FREQ=SECONDLY` events, or 5 MB of them) is parsed on a worker thread within its time and
 * memory budget and refused with the reason, while this thread keeps answering: the CPU time and
 * memory of each read are measured, and so is the lag of a timer that ticks throughout. The same
 * for an event read back from a calendar we write to (at most `MAX_EVENT_BYTES`). An ICS address
 * is downloaded by the worker thread as well, from a server started here: this thread makes no
 * request, and a failed download is worded as the guard words it.
 */
import { subscribe, unsubscribe } from "node:diagnostics_channel";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { threadCpuMs } from "../../../tests/setup/thread-cpu";
import { OutboundError } from "~/utils/public-address.server";
import { CalendarFormatError, CalendarTooLargeError } from "./ical";
import { calendarReadCounts, closeIcsWorkers, expandInWorker, ICS_READ_BUDGET, readEventInWorker, readIcsInWorker, REFUSAL_KEPT_MS } from "./ics-pool.server";
import type { IcsDownload } from "./ics-worker";
import { MAX_CALENDAR_BYTES, READ_TIMEOUT_MS } from "./read.server";
import { MAX_EVENT_BYTES } from "./write.server";

afterAll(closeIcsWorkers);

/** A calendar of `events` VEVENT bodies (lines joined with CRLF). */
const calendar = (events: string[][]) =>
  ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Test//Hostile//EN", ...events.flatMap((e) => ["BEGIN:VEVENT", ...e, "END:VEVENT"]), "END:VCALENDAR", ""].join("\r\n");

/** `n` events starting now, one second long, repeating every second for ever. */
const hostile = (n: number) =>
  calendar(Array.from({ length: n }, (_, i) => [`UID:h${i}@hostile.example`, "DTSTAMP:20261128T000000Z", "DTSTART:20261128T000000Z", "DURATION:PT1S", "RRULE:FREQ=SECONDLY"]));

/**
 * About `bytes` of ordinary half-hour meetings in London time (without a VTIMEZONE) over six years,
 * five behind the window and one in it, as a long-kept calendar's export is.
 */
function ordinary(bytes: number): string {
  const events: string[][] = [];
  for (let i = 0, size = 0; size < bytes; i++) {
    const day = new Date(Date.UTC(2026, 10, 28) + ((i % 2190) - 1825) * 86_400_000).toISOString().slice(0, 10).replace(/-/g, "");
    const hour = String(8 + (i % 9)).padStart(2, "0");
    const event = [`UID:meeting-${i}@example.com`, "DTSTAMP:20261128T000000Z", `DTSTART;TZID=Europe/London:${day}T${hour}0000`, `DTEND;TZID=Europe/London:${day}T${hour}3000`, `SUMMARY:Project meeting ${i} with the client`];
    size += event.join("\r\n").length + 30;
    events.push(event);
  }
  return calendar(events);
}

const window = { start: new Date("2026-11-27T00:00:00Z"), end: new Date("2027-11-30T00:00:00Z") };

/**
 * Runs `read` while a 10 ms timer ticks; the process's CPU time (every thread), its peak resident
 * memory growth (sampled by the timer), this thread's heap growth, the wall time and the timer's
 * worst lag, counting only the part of a late tick the thread spent busy (its processor time
 * meanwhile): on a loaded machine a tick is also late while the thread merely waits for a core.
 */
async function measure<T>(read: () => Promise<T>) {
  global.gc?.();
  const rssBefore = process.memoryUsage.rss();
  const heapBefore = process.memoryUsage().heapUsed;
  let peakRss = rssBefore;
  let worstLag = 0;
  let last = performance.now();
  let lastCpu = threadCpuMs();
  const timer = setInterval(() => {
    const now = performance.now();
    const cpu = threadCpuMs();
    worstLag = Math.max(worstLag, Math.min(now - last - 10, cpu - lastCpu));
    last = now;
    lastCpu = cpu;
    peakRss = Math.max(peakRss, process.memoryUsage.rss());
  }, 10);
  const cpu = process.cpuUsage();
  const started = performance.now();
  const outcome = await read().then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );
  const used = process.cpuUsage(cpu);
  const wallMs = performance.now() - started;
  clearInterval(timer);
  return {
    outcome,
    wallMs,
    cpuMs: (used.user + used.system) / 1000,
    worstLagMs: worstLag,
    rssGrowthMb: (peakRss - rssBefore) / 1e6,
    heapGrowthMb: (process.memoryUsage().heapUsed - heapBefore) / 1e6,
  };
}

describe("a hostile calendar is read on a worker thread within its budget", () => {
  it.each([
    ["200 events (19 KB)", hostile(200)],
    ["5 MB of them", hostile(40_000)],
  ])("%s: refused with the reason, the event loop kept answering, CPU and memory bounded", async (_, text) => {
    if (text.length > 1e6) expect(text.length).toBeGreaterThan(4.9e6);
    const m = await measure(() => expandInWorker([text], window));
    expect(m.outcome.ok).toBe(false);
    expect(!m.outcome.ok && m.outcome.error).toBeInstanceOf(CalendarTooLargeError);
    expect(!m.outcome.ok && (m.outcome.error as Error).message).toMatch(/^The calendar is too large to read: /);
    // Run on this thread, 200 such events held it for about 37 s and grew memory by about 0.8 GB.
    expect(m.worstLagMs).toBeLessThan(500);
    expect(m.cpuMs).toBeLessThan(ICS_READ_BUDGET.cpuMs + 2_000);
    expect(m.rssGrowthMb).toBeLessThan(ICS_READ_BUDGET.memoryMb + 200);
    expect(m.heapGrowthMb).toBeLessThan(40);
  }, 60_000);

  it("ends a read at its processor-time budget", async () => {
    const text = ordinary(5e6);
    const m = await measure(() => expandInWorker([text], window, { ...ICS_READ_BUDGET, cpuMs: 500 }));
    expect(!m.outcome.ok && m.outcome.error).toEqual(new CalendarTooLargeError("The calendar is too large to read: reading it took more than 0.5 seconds of processor time."));
    // The parse of 5 MB is not interrupted (about 1 s); the expansion is, within 1,000 steps.
    expect(m.cpuMs).toBeLessThan(2_500);
    expect(m.worstLagMs).toBeLessThan(500);
  }, 60_000);

  it("ends a read at its time budget: the worker is stopped, not left to finish", async () => {
    const text = ordinary(5e6);
    const m = await measure(() => expandInWorker([text], window, { ...ICS_READ_BUDGET, wallMs: 300 }));
    expect(!m.outcome.ok && m.outcome.error).toEqual(new CalendarTooLargeError("The calendar is too large to read: reading it took more than 0.3 seconds."));
    // Answered at the limit (the margin is for a loaded machine), and no more work was done.
    expect(m.wallMs).toBeLessThan(5_000);
    expect(m.cpuMs).toBeLessThan(2_500);
    expect(m.worstLagMs).toBeLessThan(500);
  }, 60_000);

  it("ends a read at its memory budget", async () => {
    const text = ordinary(5e6);
    const m = await measure(() => expandInWorker([text], window, { ...ICS_READ_BUDGET, memoryMb: 16 }));
    expect(!m.outcome.ok && m.outcome.error).toEqual(new CalendarTooLargeError("The calendar is too large to read: reading it needed more than 16 MB of memory."));
    expect(m.worstLagMs).toBeLessThan(500);
  }, 90_000);

  it("reads 5 MB of ordinary meetings within the budget, after the refusals, on a fresh worker", async () => {
    const text = ordinary(5e6);
    const m = await measure(() => expandInWorker([text], window));
    expect(m.outcome.ok ? m.outcome.value.length : m.outcome.error).toBeGreaterThan(1_000);
    expect(m.worstLagMs).toBeLessThan(500);
    expect(m.rssGrowthMb).toBeLessThan(ICS_READ_BUDGET.memoryMb + 200);
  }, 60_000);

  it("takes the body as bytes: moved to the worker and decoded there, a view of a shared buffer copied first", async () => {
    const text = ordinary(3e5);
    const fromText = await expandInWorker([text], window);
    const own = new TextEncoder().encode(text);
    const fromBytes = await expandInWorker([own], window);
    expect(fromBytes).toEqual(fromText);
    // Moved, not copied: the caller's buffer is now the worker's.
    expect(own.byteLength).toBe(0);
    const shared = Buffer.concat([Buffer.from("prefix"), Buffer.from(text)]);
    const view = shared.subarray(6);
    expect(await expandInWorker([view], window)).toEqual(fromText);
    expect(shared.subarray(0, 6).toString()).toBe("prefix");
  }, 60_000);
});

describe("a refused calendar sent again unchanged is not read again", () => {
  afterEach(() => vi.useRealTimers());

  /** The pool's reads by result since `before` (its counts then). */
  const readsSince = (before: ReturnType<typeof calendarReadCounts>) => {
    const now = calendarReadCounts();
    return { read: now.read - before.read, refused: now.refused - before.refused, unchanged: now.unchanged - before.unchanged };
  };
  /** 300 `FREQ=SECONDLY` events, as bytes (as an ICS body arrives), stamped `stamp`. */
  const body = (stamp: string) => new TextEncoder().encode(hostile(300).replace("DTSTAMP:20261128T000000Z", `DTSTAMP:${stamp}`));
  const TOO_MANY = new CalendarTooLargeError("The calendar is too large to read: it has more than 20,000 events in the period we read.");

  it("refuses the same bytes again with the same reason without the worker reading them; changed bytes, another window or an hour later are read", async () => {
    const before = calendarReadCounts();
    await expect(expandInWorker([body("20261128T000000Z")], window)).rejects.toEqual(TOO_MANY);
    await expect(expandInWorker([body("20261128T000000Z")], window)).rejects.toEqual(TOO_MANY);
    await expect(expandInWorker([body("20261128T000000Z")], window)).rejects.toEqual(TOO_MANY);
    expect(readsSince(before)).toEqual({ read: 0, refused: 1, unchanged: 2 });
    // A calendar server that stamps its export anew: the bytes changed, so they are read.
    await expect(expandInWorker([body("20261128T000001Z")], window)).rejects.toEqual(TOO_MANY);
    expect(readsSince(before)).toEqual({ read: 0, refused: 2, unchanged: 2 });
    // A read of a longer window is another question.
    await expect(expandInWorker([body("20261128T000000Z")], { ...window, end: new Date(window.end.getTime() + 86_400_000) })).rejects.toEqual(TOO_MANY);
    expect(readsSince(before)).toEqual({ read: 0, refused: 3, unchanged: 2 });
    // The refusal stands for an hour from the read that made it.
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + REFUSAL_KEPT_MS + 1_000 });
    await expect(expandInWorker([body("20261128T000000Z")], window)).rejects.toEqual(TOO_MANY);
    await expect(expandInWorker([body("20261128T000000Z")], window)).rejects.toEqual(TOO_MANY);
    expect(readsSince(before)).toEqual({ read: 0, refused: 4, unchanged: 3 });
  }, 60_000);

  it("keeps a refusal that ended the worker (its memory budget), and reads an accepted calendar every time", async () => {
    const text = ordinary(5e6);
    const before = calendarReadCounts();
    const tight = { ...ICS_READ_BUDGET, memoryMb: 16 };
    const tooBig = new CalendarTooLargeError("The calendar is too large to read: reading it needed more than 16 MB of memory.");
    await expect(expandInWorker([new TextEncoder().encode(text)], window, tight)).rejects.toEqual(tooBig);
    await expect(expandInWorker([new TextEncoder().encode(text)], window, tight)).rejects.toEqual(tooBig);
    expect(readsSince(before)).toEqual({ read: 0, refused: 1, unchanged: 1 });
    const small = ordinary(5e5);
    expect((await expandInWorker([small], window)).length).toBeGreaterThan(10);
    expect((await expandInWorker([small], window)).length).toBeGreaterThan(10);
    expect(readsSince(before)).toEqual({ read: 2, refused: 1, unchanged: 1 });
  }, 60_000);
});

describe("an event read back from a calendar is read on the worker thread", () => {
  it("finds our event among the largest object we read of hostile ones, without expanding them, the event loop kept answering", async () => {
    const ours = ["UID:booking-1@localhost", "DTSTAMP:20261128T000000Z", "DTSTART;TZID=Europe/London:20261203T150000", "DTEND;TZID=Europe/London:20261203T160000", "STATUS:CONFIRMED"];
    const events: string[][] = [];
    for (let size = 500; size < MAX_EVENT_BYTES - 500; size += 115) events.push([`UID:h${events.length}@hostile.example`, "DTSTART:20261128T000000Z", "DURATION:PT1S", "RRULE:FREQ=SECONDLY"]);
    const text = calendar([...events, ours]);
    expect(text.length).toBeGreaterThan(MAX_EVENT_BYTES * 0.9);
    expect(text.length).toBeLessThanOrEqual(MAX_EVENT_BYTES);
    const m = await measure(() => readEventInWorker(text, "booking-1@localhost"));
    expect(m.outcome.ok && m.outcome.value).toEqual({ start: new Date("2026-12-03T15:00:00Z"), end: new Date("2026-12-03T16:00:00Z"), status: "CONFIRMED" });
    expect(m.cpuMs).toBeLessThan(3_000);
    expect(m.worstLagMs).toBeLessThan(500);
    expect(m.heapGrowthMb).toBeLessThan(40);
  }, 60_000);

  it("answers null for an object without our event and refuses what is not iCalendar", async () => {
    expect(await readEventInWorker(hostile(3), "booking-1@localhost")).toBeNull();
    await expect(readEventInWorker("<!doctype html><title>Sign in</title>", "booking-1@localhost")).rejects.toBeInstanceOf(CalendarFormatError);
  });
});

describe("an ICS address is downloaded on the worker thread", () => {
  /** What the server started here answers at each path; `hits` counts the requests it took. */
  const bodies = new Map<string, { status: number; body: string | Buffer; chunked?: boolean }>();
  let hits = 0;
  let server: Server;
  let base = "";
  beforeAll(async () => {
    server = createServer((req, res) => {
      hits++;
      const path = req.url ?? "";
      if (path === "/silent") return; // never answers
      if (path === "/moved") return void res.writeHead(302, { location: "/ordinary.ics" }).end();
      const answer = bodies.get(path) ?? { status: 404, body: "" };
      if (!answer.chunked) return void res.writeHead(answer.status, { "content-type": "text/calendar" }).end(answer.body);
      // No Content-Length: the size is only known while reading.
      res.writeHead(answer.status, { "content-type": "text/calendar" });
      const bytes = Buffer.from(answer.body);
      for (let i = 0; i < bytes.length; i += 64 * 1024) res.write(bytes.subarray(i, i + 64 * 1024));
      res.end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    bodies.set("/ordinary.ics", { status: 200, body: ordinary(5e5) });
    bodies.set("/hostile.ics", { status: 200, body: hostile(301) });
    bodies.set("/login", { status: 200, body: "<!doctype html><title>Sign in</title>" });
    bodies.set("/private.ics", { status: 401, body: "" });
    bodies.set("/broken.ics", { status: 503, body: "" });
    bodies.set("/huge.ics", { status: 200, body: Buffer.alloc(MAX_CALENDAR_BYTES + 1, "a") });
    bodies.set("/huge-chunked.ics", { status: 200, body: Buffer.alloc(MAX_CALENDAR_BYTES + 1, "a"), chunked: true });
  });
  afterAll(() => new Promise((resolve) => server.closeAllConnections() ?? server.close(resolve)));

  /** The download of `path` on the server started here, as the calendar read asks it (private addresses allowed). */
  const address = (path: string, more: Partial<IcsDownload> = {}): IcsDownload => ({
    url: `${base}${path}`,
    headers: { accept: "text/calendar" },
    allowPrivate: true,
    maxBytes: MAX_CALENDAR_BYTES,
    timeoutMs: READ_TIMEOUT_MS,
    ...more,
  });

  it("reads the calendar at an address, following a redirect, and this thread makes no HTTP request", async () => {
    const requestsHere: string[] = [];
    const onRequest = (message: unknown) => requestsHere.push((message as { request: { path: string } }).request.path);
    subscribe("http.client.request.start", onRequest);
    try {
      const hitsBefore = hits;
      const fromText = await expandInWorker([ordinary(5e5)], window);
      const downloaded = await readIcsInWorker(address("/ordinary.ics"), window);
      expect(downloaded).toEqual(fromText);
      expect(fromText.length).toBeGreaterThan(10);
      expect(await readIcsInWorker(address("/moved"), window)).toEqual(fromText);
      // The server took the three requests; none of them was made from this thread.
      expect(hits - hitsBefore).toBe(3);
      expect(requestsHere).toEqual([]);
    } finally {
      unsubscribe("http.client.request.start", onRequest);
    }
  }, 60_000);

  it("words a failed download as the guard and the status do, and counts it as no read", async () => {
    const before = calendarReadCounts();
    await expect(readIcsInWorker(address("/broken.ics"), window)).rejects.toEqual(new OutboundError("The calendar server had a problem (HTTP 503). We will try again.", "failed"));
    await expect(readIcsInWorker(address("/private.ics"), window)).rejects.toThrow("The calendar address needs a sign-in or was turned off; copy the private address again.");
    await expect(readIcsInWorker(address("/gone.ics"), window)).rejects.toThrow("No calendar was found at that address.");
    await expect(readIcsInWorker(address("/huge.ics"), window)).rejects.toEqual(new OutboundError("The server sent more than 5 MB.", "failed"));
    await expect(readIcsInWorker(address("/huge-chunked.ics"), window)).rejects.toEqual(new OutboundError("The server sent more than 5 MB.", "failed"));
    await expect(readIcsInWorker(address("/silent", { timeoutMs: 300 }), window)).rejects.toEqual(new OutboundError("The server took too long to answer.", "failed"));
    // The guard's address rules apply on the worker as on this thread.
    await expect(readIcsInWorker(address("/ordinary.ics", { allowPrivate: false }), window)).rejects.toEqual(new OutboundError("Use an https:// address.", "refused"));
    await expect(readIcsInWorker(address("/ordinary.ics", { allowPrivate: false, url: `https://127.0.0.1:1/ordinary.ics` }), window)).rejects.toEqual(new OutboundError("That address is on a private network.", "refused"));
    await expect(readIcsInWorker(address("/ordinary.ics", { allowPrivate: false, url: "https://localhost/cal.ics" }), window)).rejects.toEqual(new OutboundError("That address is on a private network.", "refused"));
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    await expect(readIcsInWorker(address("/", { url: `http://127.0.0.1:${closedPort}/cal.ics` }), window)).rejects.toEqual(new OutboundError("The server refused the connection.", "failed"));
    expect(calendarReadCounts()).toEqual(before);
    // What is not a calendar is refused by the parse, as it was.
    await expect(readIcsInWorker(address("/login"), window)).rejects.toEqual(new CalendarFormatError("The address did not return a calendar (iCalendar data)."));
  }, 60_000);

  it("keeps the refusal of a downloaded body: the same bytes are not parsed again", async () => {
    const before = calendarReadCounts();
    const TOO_MANY = new CalendarTooLargeError("The calendar is too large to read: it has more than 20,000 events in the period we read.");
    await expect(readIcsInWorker(address("/hostile.ics"), window)).rejects.toEqual(TOO_MANY);
    await expect(readIcsInWorker(address("/hostile.ics"), window)).rejects.toEqual(TOO_MANY);
    expect(calendarReadCounts()).toEqual({ ...before, refused: before.refused + 1, unchanged: before.unchanged + 1 });
    // The same bytes handed over by this thread share the digest.
    await expect(expandInWorker([new TextEncoder().encode(hostile(301))], window)).rejects.toEqual(TOO_MANY);
    expect(calendarReadCounts()).toEqual({ ...before, refused: before.refused + 1, unchanged: before.unchanged + 2 });
  }, 60_000);
});
