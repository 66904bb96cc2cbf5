/**
 * The tasks a calendar worker thread runs (`ics-pool.server.ts` starts them through piscina): the
 * iCalendar texts of one read turned into busy intervals by `busyIntervalsFromIcs` (the default
 * task), and one event read back from a calendar by `eventTimesFromIcs` (`readEvent`). It runs on its
 * own thread, so a calendar that takes long to parse or expand never holds up the pages visitors
 * load; the pool bounds its time and memory. An ICS address is downloaded here too, through the
 * SSRF guard (`guardedRequest`), so the calling thread never handles its body (up to 5 MB of
 * socket reads, buffers to join and collect). A read first hashes its documents here (SHA-256, for
 * the pool's kept refusals), so the calling thread never does. The production build bundles this
 * file on its own as `build/server/ics-worker.js` (vite.config.ts); development and Vitest load it
 * through tsx (`ics-worker.dev.mjs`).
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { setPriority } from "node:os";
import { guardedRequest, OutboundError } from "~/utils/public-address.server";
import { busyIntervalsFromIcs, CalendarFormatError, CalendarTooLargeError, eventTimesFromIcs, type OwnEvents } from "./ical";
import { statusMessage } from "./status-message";

/**
 * The worker thread's nice value: below the thread that answers requests, so on a busy machine a
 * long read takes spare processor time rather than visitors'. On Linux a thread's nice value is
 * its own (`setPriority` sets the calling thread's); elsewhere it would be the whole process's, so
 * it is left alone there.
 */
export const WORKER_NICE = 10;
if (process.platform === "linux") setPriority(WORKER_NICE);

/**
 * An ICS address to download on this thread with one guarded GET (`guardedRequest`): the address,
 * the request's headers, and the guard's settings: `allowPrivate` (the caller's
 * `CALENDAR_ALLOW_PRIVATE`), the largest body in bytes and the longest the request may take, every
 * redirect included, in ms.
 */
export type IcsDownload = { url: string; headers: Record<string, string>; allowPrivate: boolean; maxBytes: number; timeoutMs: number };

/**
 * One read: its iCalendar documents (text, or UTF-8 bytes moved here from the calling thread so
 * that it neither decodes nor copies them), or an ICS address to download them from
 * (`download`, one document: the body); the window as epoch milliseconds (half-open), the
 * processor time the parse may take on this thread, in milliseconds, and the UIDs of our own
 * booking events (not busy). `unchanged`: the digests (see {@link documentsDigest}) of documents
 * refused before whose refusal still stands for this read; `digest`: 32 bytes shared with the
 * calling thread, where this thread writes the documents' digest before reading them, so that the
 * caller has it even when the read ends the thread.
 */
export type IcsTask = ({ documents: (string | Uint8Array)[] } | { download: IcsDownload }) & {
  start: number;
  end: number;
  cpuMs: number;
  ours: OwnEvents | null;
  unchanged: string[];
  digest: SharedArrayBuffer;
};

/**
 * The SHA-256 of a read's documents, in order, each with its kind and length before it (so that
 * no two different lists share one): 32 bytes.
 */
function documentsDigest(documents: (string | Uint8Array)[]): Buffer {
  const hash = createHash("sha256");
  for (const d of documents) hash.update(`${typeof d === "string" ? "s" : "b"}${d.length}:`).update(d);
  return hash.digest();
}

/**
 * The processor time this thread has used, in ms: its own user and system time from Linux's
 * `/proc/thread-self/stat` (10 ms steps); elsewhere, the time since `since` (Node 20 has no
 * per-thread CPU clock), which is never less than the processor time.
 */
function threadCpuMs(since: number): number {
  try {
    const stat = readFileSync("/proc/thread-self/stat", "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return performance.now() - since;
  }
}

/**
 * What a read found: the busy intervals (epoch milliseconds, half-open, merged, sorted), or why
 * the texts were refused (`format`: not iCalendar; `too-large`: past the read's limits), with a
 * message for people, or that they are ones refused before (`unchanged`: their digest is one of
 * the task's, and they were not read), or why the address could not be downloaded
 * (`download`: the guard's `OutboundError`, its kind and message, or the server's error status
 * worded by `statusMessage`). Plain data, as it crosses threads.
 */
export type IcsOutcome =
  | { ok: true; busy: { start: number; end: number }[] }
  | { ok: false; refusal: "format" | "too-large"; message: string }
  | { ok: false; refusal: "unchanged" }
  | { ok: false; refusal: "download"; kind: OutboundError["kind"]; message: string };

/**
 * The body of `download` (see {@link IcsDownload}), or why it could not be had: the guard's
 * refusal or failure (address, scheme, size, time, network), or a status other than 2xx. Throws
 * only for an unexpected failure.
 */
async function downloadBody({ url, headers, ...options }: IcsDownload): Promise<Uint8Array | Extract<IcsOutcome, { refusal: "download" }>> {
  try {
    const answer = await guardedRequest(url, { headers }, options);
    if (answer.status < 200 || answer.status > 299) return { ok: false, refusal: "download", kind: "failed", message: statusMessage(answer.status, "ics") };
    return answer.body ?? new Uint8Array();
  } catch (error) {
    if (error instanceof OutboundError) return { ok: false, refusal: "download", kind: error.kind, message: error.message };
    throw error;
  }
}

/**
 * Reads `task` (see {@link IcsOutcome}): downloads its address first when it has one, then writes
 * the documents' digest to `task.digest` and answers `unchanged` without reading them when it is
 * one of `task.unchanged`; else expands them, refusing them as too large once the parse has used
 * `cpuMs` of this thread's processor time (the download does not count). Throws only for an
 * unexpected failure.
 */
export default async function expandCalendar(task: IcsTask): Promise<IcsOutcome> {
  let documents: (string | Uint8Array)[];
  if ("download" in task) {
    const body = await downloadBody(task.download);
    if (!(body instanceof Uint8Array)) return body;
    documents = [body];
  } else {
    documents = task.documents;
  }
  const digest = documentsDigest(documents);
  new Uint8Array(task.digest).set(digest);
  if (task.unchanged.includes(digest.toString("hex"))) return { ok: false, refusal: "unchanged" };
  const started = performance.now();
  const cpuAtStart = threadCpuMs(started);
  const checkpoint = () => {
    if (threadCpuMs(started) - cpuAtStart > task.cpuMs) {
      throw new CalendarTooLargeError(`The calendar is too large to read: reading it took more than ${task.cpuMs / 1000} seconds of processor time.`);
    }
  };
  try {
    const decoder = new TextDecoder("utf-8");
    const texts = documents.map((d) => (typeof d === "string" ? d : decoder.decode(d)));
    const busy = busyIntervalsFromIcs(texts, { start: new Date(task.start), end: new Date(task.end) }, checkpoint, task.ours);
    return { ok: true, busy: busy.map((b) => ({ start: b.start.getTime(), end: b.end.getTime() })) };
  } catch (error) {
    if (error instanceof CalendarTooLargeError) return { ok: false, refusal: "too-large", message: error.message };
    if (error instanceof CalendarFormatError) return { ok: false, refusal: "format", message: error.message };
    throw error;
  }
}

/** One event to read back: a calendar object's iCalendar text and the UID of its event. */
export type EventTask = { text: string; uid: string };

/**
 * What reading one event found: its times (epoch milliseconds, half-open) and STATUS, null when
 * the object holds no such event, or a refusal (not iCalendar) with a message for people.
 */
export type EventOutcome = { ok: true; event: { start: number; end: number; status: string } | null } | { ok: false; message: string };

/** Reads the event `task.uid` of `task.text` (see {@link EventOutcome}); throws only for an unexpected failure. */
export function readEvent(task: EventTask): EventOutcome {
  try {
    const event = eventTimesFromIcs(task.text, task.uid);
    return { ok: true, event: event && { start: event.start.getTime(), end: event.end.getTime(), status: event.status } };
  } catch (error) {
    if (error instanceof CalendarFormatError) return { ok: false, message: error.message };
    throw error;
  }
}
