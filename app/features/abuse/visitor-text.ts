/**
 * Control characters in visitors' text. A lone CR in a name became an
 * injected calendar property (`SUMMARY:Fake`) in the staff feed and the invitation's `CN`, and
 * mails greeted with it. Every visitor-facing schema builds its text fields with
 * {@link visitorText}, so what is stored is already clean; the calendar builder strips again
 * (`~/features/consultations/ics.ts`), because older rows and staff-typed values reach it too.
 *
 * Removed: C0 controls and DEL, C1 controls (U+0080–U+009F), a CR (a CRLF becomes LF), the Unicode
 * line and paragraph separators (U+2028, U+2029), and bidirectional embeddings, overrides and
 * isolates (U+202A–U+202E, U+2066–U+2069), which can make a name or link read differently from
 * what it is. A single-line field turns line breaks and tabs into a space; a multi-line field
 * keeps LF and tab.
 */
import { z } from "zod";

// Built from code points so the source itself holds no control characters.
const range = (from: number, to: number) => `\\u{${from.toString(16)}}-\\u{${to.toString(16)}}`;
const BIDI_CONTROLS = `${range(0x202a, 0x202e)}${range(0x2066, 0x2069)}`;
/** Everything removed from any field (CR and LF/tab are handled before, per field kind). */
const ALWAYS_REMOVED = new RegExp(`[${range(0x00, 0x08)}${range(0x0b, 0x0c)}${range(0x0e, 0x1f)}\\u{7f}${range(0x80, 0x9f)}${BIDI_CONTROLS}]`, "gu");

/**
 * `text` without control characters (see the module comment). `multiline` keeps LF and tab (a
 * CRLF or a separator becomes LF, a lone CR is removed); otherwise every line break, separator or
 * tab becomes a space.
 */
export function stripControlCharacters(text: string, { multiline = false }: { multiline?: boolean } = {}): string {
  const lines = multiline
    ? text.replace(/\r\n/g, "\n").replace(/\r/g, "").replace(/[\u2028\u2029]/g, "\n")
    : text.replace(/\r\n|[\r\n\t\u2028\u2029]/g, " ");
  return lines.replace(ALWAYS_REMOVED, "");
}

/**
 * A Zod string for a field a visitor types, with control characters stripped before any other
 * check (chain `.trim()`, `.min()`, `.max()` as usual). `multiline` for free text such as a
 * message; `error` is the message when the value is missing or not a string.
 */
export function visitorText(options: { multiline?: boolean; error?: string } = {}) {
  return z.string(options.error ? { error: options.error } : undefined).overwrite((value) => stripControlCharacters(value, options));
}
