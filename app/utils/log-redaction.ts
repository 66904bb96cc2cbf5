/**
 * What a log line may not hold: a query string or a token path segment. Reset and invitation links
 * (`/admin/set-password?token=`, `/admin/confirm-email?token=`, `/api/auth/verify-email?token=`,
 * `/api/auth/reset-password/<token>`), draft previews (`?preview=`), manage-booking links
 * (`/book-consultation/manage/<token>`) and calendar feeds (`/admin/calendar/<token>`) carry
 * secrets in the URL, and URLs reach log lines through error messages and stacks written by code
 * we do not own (React Router's "You made a POST request to ..." errors, fetch failures).
 *
 * `redactUrls` is pino's `streamWrite` hook (`~/utils/logger.server`): it rewrites each finished
 * JSON line, so every field of every level is covered, including an error's message and stack.
 */

/** Path prefixes whose next segment is a secret token. */
export const TOKEN_PATH_PREFIXES = ["/book-consultation/manage/", "/admin/calendar/", "/api/auth/reset-password/"] as const;

/** Shown instead of a token path segment. */
export const REDACTED_SEGMENT = ":token";
/** Shown instead of a query string (after its `?`). */
export const REDACTED_QUERY = "[redacted]";

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");

/**
 * A query string: a `?` right after a URL or path character (a letter, digit, `/`, `.`, `%`, `-`,
 * `_`), up to the next blank, quote, angle bracket or backslash (the end of a JSON string or of an
 * escaped line break in a stack). A question mark ending a sentence ("Why?") is followed by a blank
 * or a quote and stays. Or: a token path segment, up to the next `/`, `?`, blank or quote.
 */
const SECRET_IN_URL = new RegExp(
  `(?<=[\\w/.%-])\\?[^\\s"'<>\\\\\`]+|(${TOKEN_PATH_PREFIXES.map(escape).join("|")})[^/?\\s"'<>\\\\\`]+`,
  "g",
);

/**
 * `text` with every query string replaced by `?[redacted]` and every token path segment by
 * `:token`, e.g. `OPTIONS /admin/set-password?token=abc` becomes `OPTIONS /admin/set-password?[redacted]`
 * and `/book-consultation/manage/abc.data` becomes `/book-consultation/manage/:token`. Text without
 * either is returned as it is (the same string).
 */
export function redactUrls(text: string): string {
  // Most lines (every request line) hold neither: a plain search is far cheaper than the pattern.
  if (!text.includes("?") && !TOKEN_PATH_PREFIXES.some((prefix) => text.includes(prefix))) return text;
  return text.replace(SECRET_IN_URL, (_match, prefix: string | undefined) => (prefix ? prefix + REDACTED_SEGMENT : `?${REDACTED_QUERY}`));
}
