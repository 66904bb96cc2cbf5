/**
 * The process-wide pino logger: JSON in production and in tests, pretty in development when
 * `pino-pretty` (a development dependency) is installed, JSON otherwise (a `tsx scripts/...` run on
 * a server installed without development dependencies).
 *
 * In production the lines go to standard output through pino's asynchronous destination: they are
 * gathered in memory and written in blocks of about LOG_BUFFER_BYTES, and at the latest every
 * LOG_FLUSH_MS. A synchronous write per line was a large share of an HTML-cache hit's cost. The
 * buffer is written out synchronously when the process exits (pino registers that on `exit`, so a
 * crash through an uncaught exception loses nothing either) and by `flushLogSync` at shutdown; only
 * a SIGKILL can lose at most the last LOG_FLUSH_MS of lines.
 *
 * Every line passes through `redactUrls` (`~/utils/log-redaction`) as it is written: no line of
 * any level holds a query string or a token path segment, whatever a message or an error says.
 */
import { createRequire } from "node:module";
import pino from "pino";
import { env, isProduction } from "./env.server";
import { redactUrls } from "./log-redaction";

/** Bytes gathered before a write (about 40 request lines). */
const LOG_BUFFER_BYTES = 8 * 1024;
/** The longest a line waits in the buffer, in ms. */
const LOG_FLUSH_MS = 250;

function prettyInstalled(): boolean {
  try {
    createRequire(import.meta.url).resolve("pino-pretty");
    return true;
  } catch {
    return false;
  }
}

const destination =
  isProduction || env.NODE_ENV === "test" || !prettyInstalled()
    ? pino.destination({ dest: 1, sync: !isProduction, minLength: isProduction ? LOG_BUFFER_BYTES : 0, periodicFlush: isProduction ? LOG_FLUSH_MS : 0 })
    : undefined;

export const logger = destination
  ? pino({ level: env.LOG_LEVEL, hooks: { streamWrite: redactUrls } }, destination)
  : pino({
      level: env.LOG_LEVEL,
      hooks: { streamWrite: redactUrls },
      transport: { target: "pino-pretty", options: { colorize: true, ignore: "pid,hostname" } },
    });

/** Writes every buffered line now, synchronously (graceful shutdown, before the process exits). */
export function flushLogSync(): void {
  if (!destination) return;
  try {
    destination.flushSync();
  } catch {
    // Not open yet or closed: nothing was buffered, or pino's exit hook writes it.
  }
}
