/**
 * Parses an inbound e-mail (postal-mime) on a worker thread, never on the event loop that serves
 * pages: a hostile message of the 25 MB the import accepts (one large HTML or text part) keeps
 * postal-mime busy for seconds and grows the heap by hundreds of MB, measured in
 * `mime-parse.server.test.ts`.
 *
 * Each parse gets its own short-lived worker (`worker_threads`) with a heap limit
 * ({@link PARSE_HEAP_MB}) and a time limit ({@link PARSE_TIMEOUT_MS}); a message over either is
 * refused with a {@link MailParseError} and the worker is ended. The worker hands back the text
 * and HTML cut to {@link MAX_TEXT_CHARS} and {@link MAX_HTML_CHARS} characters, so what the main
 * thread does with them next is bounded too. The worker's code is a short CommonJS script run with `eval`, so it needs no
 * file of its own beside the production bundle; postal-mime is loaded from node_modules.
 */
import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import type PostalMime from "postal-mime";

/** A parsed message, as postal-mime returns it (attachments' content as ArrayBuffer). */
export type ParsedMail = Awaited<ReturnType<typeof PostalMime.parse>>;

/** Longest text body handed back, in characters: what is stored of a message. */
export const MAX_TEXT_CHARS = 100_000;
/** Longest HTML body handed back, in characters; turning it into text on the main thread then takes under 100 ms at worst. */
export const MAX_HTML_CHARS = 200_000;
/** Most time one parse may take, in ms, worker start included. */
export const PARSE_TIMEOUT_MS = 20_000;
/** The worker's heap limit (V8 old generation), in MB. */
export const PARSE_HEAP_MB = 384;

/** A message the parser refused, or that went over the time or memory limit. */
export class MailParseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "MailParseError";
  }
}

const postalMimePath = createRequire(import.meta.url).resolve("postal-mime");

const WORKER_SCRIPT = `
const { parentPort, workerData } = require("node:worker_threads");
const PostalMime = require(workerData.postalMime).default;
const cut = (value, max) => (typeof value === "string" && value.length > max ? value.slice(0, max) : value);
PostalMime.parse(workerData.source, { maxNestingDepth: 50, attachmentEncoding: "arraybuffer" }).then(
  (mail) => {
    mail.text = cut(mail.text, workerData.maxText);
    mail.html = cut(mail.html, workerData.maxHtml);
    parentPort.postMessage({ mail }, mail.attachments.map((a) => a.content).filter((c) => c instanceof ArrayBuffer));
  },
  (error) => parentPort.postMessage({ error: String((error && error.message) || error).slice(0, 200) }),
);
`;

/**
 * Parses `source` (a raw RFC 822 message) off the event loop. Resolves with the parsed message
 * (text and HTML cut to {@link MAX_TEXT_CHARS} and {@link MAX_HTML_CHARS} characters); rejects with a {@link MailParseError}
 * when postal-mime refuses it (e.g. nested deeper than 50 parts, headers over 2 MB) or it takes
 * over {@link PARSE_TIMEOUT_MS} ms or {@link PARSE_HEAP_MB} MB of heap.
 */
export function parseMail(source: Uint8Array): Promise<ParsedMail> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_SCRIPT, {
      eval: true,
      workerData: { source, postalMime: postalMimePath, maxText: MAX_TEXT_CHARS, maxHtml: MAX_HTML_CHARS },
      resourceLimits: { maxOldGenerationSizeMb: PARSE_HEAP_MB, maxYoungGenerationSizeMb: 32 },
      stdout: true,
      stderr: true,
    });
    let settled = false;
    const settle = (error: MailParseError | null, mail?: ParsedMail) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      if (error) reject(error);
      else resolve(mail!);
    };
    const timer = setTimeout(() => settle(new MailParseError("The message took too long to read.")), PARSE_TIMEOUT_MS);
    worker.on("message", (answer: { mail?: ParsedMail; error?: string }) =>
      answer.mail ? settle(null, answer.mail) : settle(new MailParseError(`The message could not be read: ${answer.error ?? "unknown error"}`)),
    );
    worker.on("error", (error: Error & { code?: string }) =>
      settle(new MailParseError(error.code === "ERR_WORKER_OUT_OF_MEMORY" ? "The message needs too much memory to read." : `The message could not be read: ${error.message.slice(0, 200)}`)),
    );
    worker.on("exit", () => settle(new MailParseError("The message could not be read.")));
  });
}
