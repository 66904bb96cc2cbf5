/**
 * The process-wide pino logger: JSON in production and in tests, pretty in development when
 * `pino-pretty` (a development dependency) is installed, JSON otherwise (a `tsx scripts/...` run on
 * a server installed without development dependencies).
 *
 * In production the lines are gathered in memory (`LineBuffer`) and handed to pino's asynchronous
 * destination (sonic-boom) in blocks of about LOG_BLOCK_CHARS, and at the latest every
 * LOG_FLUSH_MS; sonic-boom writes each block with one `fs.write` off the request. A synchronous
 * write per line was a large share of an HTML-cache hit's cost, and so was letting sonic-boom
 * gather the lines itself: it appends each line to a string and measures that whole string's
 * UTF-8 length again for every line. The buffer is written out synchronously when the process
 * exits (an `exit` listener, so a crash through an uncaught exception loses nothing either) and by
 * `flushLogSync` at shutdown; only a SIGKILL can lose at most the last LOG_FLUSH_MS of lines.
 *
 * Every line passes through `redactUrls` (`~/utils/log-redaction`) as it is written: no line of
 * any level holds a query string or a token path segment, whatever a message or an error says.
 */
import { createRequire } from "node:module";
import pino from "pino";
import { env, isProduction } from "./env.server";
import { redactUrls } from "./log-redaction";

/** Characters gathered before a write (about 100 request lines). */
const LOG_BLOCK_CHARS = 16 * 1024;
/** The longest a line waits in the buffer, in ms. */
const LOG_FLUSH_MS = 250;

/** Something pino can write lines to. */
type LineSink = { write(line: string): void; flushSync(): void };

/**
 * Lines kept in an array and handed to `sink` joined, once they reach LOG_BLOCK_CHARS characters
 * or LOG_FLUSH_MS after the first of them (pino's destination API: `write` of one finished line).
 */
class LineBuffer {
  private lines: string[] = [];
  private length = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly sink: LineSink) {}

  write(line: string): void {
    this.lines.push(line);
    this.length += line.length;
    if (this.length >= LOG_BLOCK_CHARS) this.flush();
    else if (!this.timer) {
      this.timer = setTimeout(() => this.flush(), LOG_FLUSH_MS);
      this.timer.unref();
    }
  }

  /** Hands the gathered lines to the sink (which writes them asynchronously). */
  flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.lines.length === 0) return;
    const block = this.lines.join("");
    this.lines = [];
    this.length = 0;
    this.sink.write(block);
  }

  /** Hands the gathered lines to the sink and writes everything it holds now, synchronously. */
  flushSync(): void {
    this.flush();
    this.sink.flushSync();
  }
}

function prettyInstalled(): boolean {
  try {
    createRequire(import.meta.url).resolve("pino-pretty");
    return true;
  } catch {
    return false;
  }
}

/** Production: lines gathered here, written by sonic-boom asynchronously (minLength 0: each block at once). */
const buffered = isProduction ? new LineBuffer(pino.destination({ dest: 1, sync: false, minLength: 0 })) : undefined;

const destination =
  buffered ?? (env.NODE_ENV === "test" || !prettyInstalled() ? pino.destination({ dest: 1, sync: true }) : undefined);

export const logger = destination
  ? pino({ level: env.LOG_LEVEL, hooks: { streamWrite: redactUrls } }, destination)
  : pino({
      level: env.LOG_LEVEL,
      hooks: { streamWrite: redactUrls },
      transport: { target: "pino-pretty", options: { colorize: true, ignore: "pid,hostname" } },
    });

/** Writes every buffered line now, synchronously (graceful shutdown, before the process exits). */
export function flushLogSync(): void {
  try {
    buffered?.flushSync();
  } catch {
    // The destination is not open yet (nothing was written) or already closed.
  }
}

// Any exit, an uncaught exception's included: the lines still in memory are written first.
if (buffered) process.on("exit", flushLogSync);
