/**
 * Where calendars are parsed and expanded, and ICS addresses downloaded: a worker thread, never
 * the thread that answers requests. iCalendar from outside (an ICS subscription, CalDAV objects)
 * can be written to cost minutes of CPU and gigabytes of memory (a few hundred `FREQ=SECONDLY`
 * events), and even downloading 5 MB of it costs socket reads, buffers and their garbage
 * collection, so each read runs on a piscina worker under a budget:
 *
 * - processor time: the read may use `cpuMs` of the worker thread's CPU time (measured by the
 *   worker itself, on Linux from the thread's own clock), else it is refused;
 * - time: the read must finish within `wallMs` of starting on the worker (whatever it is doing,
 *   a download or a parse), else the worker is terminated;
 * - memory: the worker's heap is capped at `memoryMb` (`resourceLimits.maxOldGenerationSizeMb`);
 *   a read that needs more ends the worker;
 * - work: `ical.ts` refuses a calendar past its step and occurrence limits.
 *
 * A read over budget throws {@link CalendarTooLargeError} with the reason for people; the caller
 * keeps the busy times it had. Reads run one at a time on at most one thread (the others wait, not
 * counted against their budget); the thread ends after a minute idle.
 *
 * A refusal is kept: the worker hashes the documents of each read (SHA-256) before it parses them,
 * and documents refused before are refused again with the same reason, without being parsed, for
 * {@link REFUSAL_KEPT_MS} after the read that refused them (a calendar server sends the same body
 * until the calendar changes; a changed one is read afresh). Kept in this process's memory, for
 * reads of the same window length, budget and own events, at most {@link MAX_KEPT_REFUSALS}.
 * {@link calendarReadCounts} counts the reads (`calendar_reads_total` at `/metrics`).
 */
import pLimit from "p-limit";
import { Piscina } from "piscina";
import { OutboundError } from "~/utils/public-address.server";
import { workerFile } from "~/utils/worker-file.server";
import { CalendarFormatError, CalendarTooLargeError, type BusyInterval, type EventTimes, type OwnEvents, type TimeWindow } from "./ical";
import type { EventOutcome, EventTask, IcsDownload, IcsOutcome, IcsTask } from "./ics-worker";

/** The budget of one read on the worker: its processor time and wall-clock time in ms, its heap in MB. */
export type IcsBudget = { cpuMs: number; wallMs: number; memoryMb: number };

/**
 * The budget of every read: 10 s of processor time, 60 s in all, 128 MB of heap (5 MB of ordinary
 * meetings take about 3 s of CPU here and fit).
 */
export const ICS_READ_BUDGET: IcsBudget = { cpuMs: 10_000, wallMs: 60_000, memoryMb: 128 };

const IDLE_MS = 60_000;

/**
 * How long a refusal stands for documents that have not changed: an hour from the read that
 * refused them. The window moves on with every read, so an unchanged calendar is read again once
 * an hour (its answer may differ by then, as may the machine's load for a refusal by time).
 */
export const REFUSAL_KEPT_MS = 60 * 60_000;
/** Most refusals kept at once; the oldest goes first. */
export const MAX_KEPT_REFUSALS = 100;

const readCounts = { read: 0, refused: 0, unchanged: 0 };

/**
 * How many reads this process has made since it started, by result: `read` (busy intervals
 * found), `refused` (parsed, or pre-checked, and refused, or the worker ended by its budget), and
 * `unchanged` (documents refused before, refused again without being parsed). An ICS address whose
 * download failed (refused by the guard, unreachable, an error status) is none of these.
 */
export function calendarReadCounts(): Readonly<typeof readCounts> {
  return { ...readCounts };
}

/** The refusals kept, by the read's circumstances and the documents' digest (hex; see `documentsDigest`), oldest first. */
const keptRefusals = new Map<string, { error: CalendarFormatError; until: number }>();
const keyOf = (circumstances: string, digest: string) => `${circumstances} ${digest}`;

/** Keeps `error` as the refusal of the documents whose digest the worker wrote into `digest` (if it did). */
function keepRefusal(circumstances: string, digest: Uint8Array, error: CalendarFormatError): void {
  if (digest.every((b) => b === 0)) return;
  const key = keyOf(circumstances, Buffer.from(digest).toString("hex"));
  keptRefusals.delete(key);
  keptRefusals.set(key, { error, until: Date.now() + REFUSAL_KEPT_MS });
  for (const oldest of keptRefusals.keys()) {
    if (keptRefusals.size <= MAX_KEPT_REFUSALS) break;
    keptRefusals.delete(oldest);
  }
}

/** The refusals that still stand for reads in `circumstances`, by digest; drops the ones run out. */
function standingRefusals(circumstances: string): Map<string, CalendarFormatError> {
  const now = Date.now();
  const standing = new Map<string, CalendarFormatError>();
  for (const [key, { error, until }] of keptRefusals) {
    if (until <= now) keptRefusals.delete(key);
    else if (key.startsWith(`${circumstances} `)) standing.set(key.slice(circumstances.length + 1), error);
  }
  return standing;
}

/** One pool per heap cap (resource limits are the pool's); in practice only {@link ICS_READ_BUDGET}'s. */
const pools = new Map<number, Piscina<IcsTask | EventTask, IcsOutcome | EventOutcome>>();
const oneAtATime = pLimit(1);

function poolFor(memoryMb: number): Piscina<IcsTask | EventTask, IcsOutcome | EventOutcome> {
  let pool = pools.get(memoryMb);
  if (!pool) {
    pool = new Piscina<IcsTask | EventTask, IcsOutcome | EventOutcome>({
      filename: workerFile(import.meta.url, "ics-worker", new URL("./ics-worker.dev.mjs", import.meta.url)),
      minThreads: 0,
      maxThreads: 1,
      idleTimeout: IDLE_MS,
      resourceLimits: { maxOldGenerationSizeMb: memoryMb, maxYoungGenerationSizeMb: Math.min(32, Math.max(4, Math.floor(memoryMb / 4))) },
    });
    pools.set(memoryMb, pool);
  }
  return pool;
}

/**
 * The busy intervals of the iCalendar `documents` within `window` (instants, half-open, merged,
 * sorted; see `busyIntervalsFromIcs`; `ours` not busy), computed on a worker thread within `budget`. A document is
 * text or UTF-8 bytes; bytes are moved to the worker, not copied (the caller must not use them
 * again), so a 5 MB body costs this thread neither a decode nor a copy. Throws
 * {@link CalendarFormatError} when a text is not iCalendar, {@link CalendarTooLargeError} when the
 * read goes over its processor time, time, memory or work limits (the message says which), and any other error
 * for a failure of the worker itself. Documents refused within {@link REFUSAL_KEPT_MS} are refused
 * again with the same error, unread.
 */
export async function expandInWorker(documents: (string | Uint8Array)[], window: TimeWindow, budget: IcsBudget = ICS_READ_BUDGET, ours: OwnEvents | null = null): Promise<BusyInterval[]> {
  if (documents.length === 0) return [];
  // Only bytes that are the whole of their buffer move; a view of a shared buffer is copied first.
  const owned = documents.map((d) => (typeof d === "string" || (d.byteOffset === 0 && d.byteLength === d.buffer.byteLength) ? d : new Uint8Array(d)));
  const transferList = owned.filter((d): d is Uint8Array => typeof d !== "string").map((d) => d.buffer as ArrayBuffer);
  return readInWorker({ documents: owned }, transferList, window, budget, ours);
}

/**
 * The busy intervals within `window` (as {@link expandInWorker}'s) of the ICS calendar at
 * `download.url`, downloaded by the worker thread itself with one guarded GET (`guardedRequest`:
 * the SSRF guard's address, scheme and redirect rules, `download.maxBytes` and
 * `download.timeoutMs`), so this thread sends the address and receives the intervals, never the
 * body. The download is part of the read's `budget.wallMs`, not of its processor time. Throws
 * `OutboundError` (`app/utils/public-address.server.ts`) with the guard's message for people when
 * the address is refused or the server is unreachable, too slow or sends too much, and with
 * `statusMessage`'s for a status other than 2xx; otherwise as {@link expandInWorker}, the kept
 * refusals included (a body refused within {@link REFUSAL_KEPT_MS} is refused again unparsed).
 */
export async function readIcsInWorker(download: IcsDownload, window: TimeWindow, budget: IcsBudget = ICS_READ_BUDGET, ours: OwnEvents | null = null): Promise<BusyInterval[]> {
  return readInWorker({ download }, [], window, budget, ours);
}

/** One read on the worker: its documents or address, the buffers moved with them, the rest as {@link expandInWorker}. */
async function readInWorker(source: { documents: (string | Uint8Array)[] } | { download: IcsDownload }, transferList: ArrayBuffer[], window: TimeWindow, budget: IcsBudget, ours: OwnEvents | null): Promise<BusyInterval[]> {
  // What else a refusal depends on: the window's length (not its start, which moves with every
  // read), the budget and our own events.
  const circumstances = JSON.stringify([window.end.getTime() - window.start.getTime(), budget, ours]);
  const digest = new Uint8Array(new SharedArrayBuffer(32));
  const refused = (error: CalendarFormatError) => {
    keepRefusal(circumstances, digest, error);
    readCounts.refused++;
    return error;
  };
  let standing = new Map<string, CalendarFormatError>();
  const outcome = await oneAtATime(async () => {
    try {
      standing = standingRefusals(circumstances);
      const task: IcsTask = { ...source, start: window.start.getTime(), end: window.end.getTime(), cpuMs: budget.cpuMs, ours, unchanged: [...standing.keys()], digest: digest.buffer as SharedArrayBuffer };
      return (await poolFor(budget.memoryMb).run(task, { signal: AbortSignal.timeout(budget.wallMs), transferList })) as IcsOutcome;
    } catch (error) {
      if (error instanceof Error && (error.name === "AbortError" || error.name === "TimeoutError")) {
        throw refused(new CalendarTooLargeError(`The calendar is too large to read: reading it took more than ${budget.wallMs / 1000} seconds.`));
      }
      if (error instanceof Error && "code" in error && error.code === "ERR_WORKER_OUT_OF_MEMORY") {
        throw refused(new CalendarTooLargeError(`The calendar is too large to read: reading it needed more than ${budget.memoryMb} MB of memory.`));
      }
      throw error;
    }
  });
  if (!outcome.ok && outcome.refusal === "download") throw new OutboundError(outcome.message, outcome.kind);
  if (!outcome.ok && outcome.refusal === "unchanged") {
    readCounts.unchanged++;
    throw standing.get(Buffer.from(digest).toString("hex"))!;
  }
  if (!outcome.ok) throw refused(outcome.refusal === "too-large" ? new CalendarTooLargeError(outcome.message) : new CalendarFormatError(outcome.message));
  readCounts.read++;
  return outcome.busy.map((b) => ({ start: new Date(b.start), end: new Date(b.end) }));
}

/** The budget of reading back one event we wrote: 10 s in all (an object is at most a few hundred KB). */
export const EVENT_READ_BUDGET: IcsBudget = { cpuMs: 10_000, wallMs: 10_000, memoryMb: ICS_READ_BUDGET.memoryMb };

/**
 * The times and STATUS of the event `uid` in the calendar object `text` (see `eventTimesFromIcs`),
 * read on the calendar worker thread within {@link EVENT_READ_BUDGET} (in turn with the reads);
 * null when the object holds no such event. Throws {@link CalendarFormatError} when the text is not
 * iCalendar and {@link CalendarTooLargeError} when reading it takes too long or too much memory.
 */
export async function readEventInWorker(text: string, uid: string): Promise<EventTimes | null> {
  const budget = EVENT_READ_BUDGET;
  const outcome = await oneAtATime(async () => {
    try {
      return (await poolFor(budget.memoryMb).run({ text, uid }, { name: "readEvent", signal: AbortSignal.timeout(budget.wallMs) })) as EventOutcome;
    } catch (error) {
      if (error instanceof Error && (error.name === "AbortError" || error.name === "TimeoutError" || ("code" in error && error.code === "ERR_WORKER_OUT_OF_MEMORY"))) {
        throw new CalendarTooLargeError("The event in the calendar is too large to read.");
      }
      throw error;
    }
  });
  if (!outcome.ok) throw new CalendarFormatError(outcome.message);
  return outcome.event && { start: new Date(outcome.event.start), end: new Date(outcome.event.end), status: outcome.event.status };
}

/** Stops the worker threads (server shutdown, the end of a test file); a later read starts them again. */
export async function closeIcsWorkers(): Promise<void> {
  const all = [...pools.values()];
  pools.clear();
  await Promise.all(all.map((pool) => pool.destroy()));
}
