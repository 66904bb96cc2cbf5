/**
 * Request-body rules for every action, applied once in Express before React Router: per route a
 * largest body and the content types accepted. A request breaking them is answered here, before a
 * byte of its body is read:
 *
 * - a body larger than the route's cap (by its `Content-Length`): 413 at once. Node's HTTP parser
 *   never delivers more than `Content-Length` bytes, so a body under the cap cannot grow past it
 *   while it streams. The unread rest is discarded as it arrives (never buffered), so the client
 *   can read the answer, for at most `LINGER_MS`, then the connection is cut;
 * - a body without a length (`Transfer-Encoding: chunked`): 411, since its size cannot be checked
 *   before reading (browsers and better-auth's client always send a length);
 * - a content type the route does not parse (e.g. JSON posted to `/contact`): 415;
 * - `multipart/form-data` without a boundary, or an unparsable `Content-Type`: 400.
 *
 * GET, HEAD and OPTIONS carry no body the app reads and are not checked.
 */
import contentType from "content-type";
import type { RequestHandler } from "express";

/** What a route accepts: the largest body in bytes and the media types (lower case, no parameters). */
export type BodyPolicy = { maxBytes: number; mediaTypes: readonly string[] };

const KB = 1024;
const MB = 1024 * KB;
const FORMS = ["application/x-www-form-urlencoded", "multipart/form-data"] as const;

/**
 * The rules, first match wins, by path prefix (`.data` requests of React Router's single fetch
 * share their page's rule). Forms: 64 KB fits the longest public message (5,000 characters of
 * percent-encoded non-Latin text is about 45 KB).
 */
export const BODY_POLICIES: readonly { prefix: string; policy: BodyPolicy }[] = [
  // better-auth's client posts JSON.
  { prefix: "/api/auth/", policy: { maxBytes: 16 * KB, mediaTypes: ["application/json", ...FORMS] } },
  // Contract 3: 5 MB files plus the multipart envelope.
  { prefix: "/admin/media/upload", policy: { maxBytes: 6 * MB, mediaTypes: ["multipart/form-data"] } },
  // Article and project editors post long bodies of text.
  { prefix: "/admin/cms/", policy: { maxBytes: 512 * KB, mediaTypes: FORMS } },
  // A WordPress export (100 MB at most, streamed to disk) and the import's forms.
  { prefix: "/admin/site/wordpress", policy: { maxBytes: 100 * MB + 64 * KB, mediaTypes: FORMS } },
  // A CSV file of redirects (5,000 rows at most).
  { prefix: "/admin/site/redirects", policy: { maxBytes: 2 * MB, mediaTypes: FORMS } },
];

/** Every other action: booking, contact, manage booking, sign-in and the admin forms. */
export const DEFAULT_BODY_POLICY: BodyPolicy = { maxBytes: 64 * KB, mediaTypes: FORMS };

/** The rule for a request path (without query string). */
export function bodyPolicyFor(pathname: string): BodyPolicy {
  return BODY_POLICIES.find((rule) => pathname.startsWith(rule.prefix))?.policy ?? DEFAULT_BODY_POLICY;
}

const BODYLESS_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** How long the unread body of a refused request may keep arriving (and be discarded), in ms. */
export const LINGER_MS = 5_000;

/** Why a request's body is refused: the status to answer and a short plain-text message. */
export type BodyRefusal = { status: 400 | 411 | 413 | 415; message: string };

/**
 * Checks a request's method, path and body headers against `bodyPolicyFor(path)` without reading
 * the body. Returns null when the body may be read, otherwise the refusal.
 */
export function checkRequestBody(
  method: string,
  pathname: string,
  headers: { contentLength?: string | null; transferEncoding?: string | null; contentType?: string | null },
): BodyRefusal | null {
  if (BODYLESS_METHODS.has(method.toUpperCase())) return null;
  const policy = bodyPolicyFor(pathname);
  const unsupported: BodyRefusal = { status: 415, message: `Unsupported content type: send ${policy.mediaTypes.join(" or ")}.` };
  if (headers.contentLength == null) {
    if (headers.transferEncoding != null) return { status: 411, message: "A Content-Length header is required." };
  } else if (Number(headers.contentLength) > policy.maxBytes) {
    return { status: 413, message: `The request body is too large (at most ${Math.floor(policy.maxBytes / KB)} KB here).` };
  }
  if (!headers.contentType) return unsupported;
  let parsed: contentType.ParsedMediaType;
  try {
    parsed = contentType.parse(headers.contentType);
  } catch {
    return { status: 400, message: "The Content-Type header is malformed." };
  }
  if (!policy.mediaTypes.includes(parsed.type)) return unsupported;
  if (parsed.type === "multipart/form-data" && !parsed.parameters.boundary) {
    return { status: 400, message: "A multipart/form-data body needs a boundary." };
  }
  return null;
}

/** Express middleware answering the refusals of `checkRequestBody` before anything reads the body. */
export function requestBodyRules(): RequestHandler {
  return (req, res, next) => {
    const refusal = checkRequestBody(req.method, req.path, {
      contentLength: req.headers["content-length"],
      transferEncoding: req.headers["transfer-encoding"],
      contentType: req.headers["content-type"],
    });
    if (!refusal) return next();
    // Node discards the unread body after the answer (so the client sees it rather than a
    // reset mid-upload); a body still arriving after LINGER_MS has its connection cut.
    res.once("finish", () => {
      if (req.complete) return;
      const cut = setTimeout(() => req.socket.destroy(), LINGER_MS).unref();
      req.once("end", () => clearTimeout(cut));
    });
    res.set("Cache-Control", "no-store").status(refusal.status).type("text/plain").send(refusal.message);
  };
}
