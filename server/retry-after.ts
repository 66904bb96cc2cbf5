import type { ServerResponse } from "node:http";
import type { RequestHandler } from "express";

/**
 * Express middleware that makes every 429 answer carry `Retry-After`. A handler that knows its
 * wait (sign-in, set-password, password reset) sets the header itself and it is kept; any other
 * 429 (the booking, enquiry, reschedule and calendar-feed limits, better-auth's own) gets
 * `secondsToWait()` in whole seconds, asked for when the headers are written.
 */
export function retryAfterOnEvery429(secondsToWait: () => number): RequestHandler {
  return (_req, res, next) => {
    const writeHead = res.writeHead;
    res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
      const status = typeof args[0] === "number" ? args[0] : res.statusCode;
      if (status === 429 && !res.hasHeader("retry-after")) res.setHeader("Retry-After", String(secondsToWait()));
      return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args);
    } as typeof res.writeHead;
    next();
  };
}
