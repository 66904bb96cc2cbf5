/** The process-wide pino logger: JSON in production, pretty in development. */
import pino from "pino";
import { env, isProduction } from "./env.server";

export const logger = pino({
  level: env.LOG_LEVEL,
  ...(isProduction || env.NODE_ENV === "test"
    ? {}
    : { transport: { target: "pino-pretty", options: { colorize: true, ignore: "pid,hostname" } } }),
});
