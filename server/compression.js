// The `compression` middleware with its "drain" listeners kept on one emitter of our own.
//
// `compression` replaces `res.on` so that a "drain" listener is added to its gzip or brotli stream,
// but not `res.removeListener`/`res.off`, nor what `res.once` uses to remove its wrapper: every
// listener added to wait for "drain" stays on the stream for the rest of the response. React
// Router's `writeReadableStreamToWritable` waits for "drain" with `once` after every write the
// stream refuses, so a document streamed to a slow reader, brotli being the slowest encoder, piled
// up eleven and more listeners and Node printed "MaxListenersExceededWarning: Possible
// EventEmitter memory leak detected. 11 drain listeners added to [BrotliCompress]".
// (The library's issue: "drain" event listener leak, expressjs/compression #135 and #152.)
//
// Here, once `compression` has set up the response, "drain" listeners added through any of the
// response's listener methods go to an emitter of the response's own, which `compression`'s stream
// (or the response itself when nothing is compressed) feeds through one listener. Removing a
// listener then removes it, and `once` works.
import { EventEmitter } from "node:events";
import compression from "compression";

/** Listener methods of a response that take an event name first. */
const METHODS = ["on", "addListener", "prependListener", "once", "prependOnceListener", "off", "removeListener"];

/**
 * `compression(options)` (same options), after which "drain" listeners of the response are added
 * and removed correctly (see above). Express middleware: `app.use(compressionKeepingDrainListeners())`.
 * @param {import("compression").CompressionOptions} [options]
 * @returns {(req: import("node:http").IncomingMessage, res: import("node:http").ServerResponse, next: (error?: unknown) => void) => void}
 */
export function compressionKeepingDrainListeners(options) {
  const compress = compression(options);
  return (req, res, next) => {
    compress(req, res, (error) => {
      if (error === undefined) keepDrainListeners(res);
      next(error);
    });
  };
}

/**
 * Routes the "drain" listeners of `res` through an emitter of its own, fed by one listener added
 * with the response's current `on` (the compression stream's, when there is one).
 * @param {import("node:http").ServerResponse} res
 */
export function keepDrainListeners(res) {
  /** @type {EventEmitter | null} */
  let drain = null;
  const feed = res.on;
  for (const name of METHODS) {
    const original = res[name];
    res[name] = function (type, listener) {
      if (type !== "drain") return original.call(this, type, listener);
      if (drain === null) {
        const emitter = (drain = new EventEmitter());
        feed.call(res, "drain", () => emitter.emit("drain"));
      }
      drain[name]("drain", listener);
      return this;
    };
  }
}
