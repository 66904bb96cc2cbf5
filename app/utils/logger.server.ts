/**
 * The process-wide pino logger: JSON in production and in tests, pretty in development when
 * `pino-pretty` (a development dependency) is installed, JSON otherwise (a `tsx scripts/...` run on
 * a server installed without development dependencies).
 */
import { createRequire } from "node:module";
import pino from "pino";
import { env, isProduction } from "./env.server";

function prettyInstalled(): boolean {
  try {
    createRequire(import.meta.url).resolve("pino-pretty");
    return true;
  } catch {
    return false;
  }
}

export const logger = pino({
  level: env.LOG_LEVEL,
  ...(isProduction || env.NODE_ENV === "test" || !prettyInstalled()
    ? {}
    : { transport: { target: "pino-pretty", options: { colorize: true, ignore: "pid,hostname" } } }),
});
