/**
 * Field schemas shared by every form: text without control characters, required and optional
 * text, an e-mail address, a person's name, a phone number and a web address. Each field has one
 * message per rule, in the staff screens' words by default; a form whose spec words a message
 * differently passes its own (the contact form says "Please enter your e-mail address."). Safe
 * for the browser.
 *
 * Control characters: a lone CR in a name became an injected calendar property (`SUMMARY:Fake`)
 * in the staff feed and the invitation's `CN`, and mails greeted with it, so every text field is
 * built on {@link plainText}. Removed: C0 controls and DEL, C1 controls (U+0080–U+009F), a CR (a
 * CRLF becomes LF), the Unicode line and paragraph separators (U+2028, U+2029), and bidirectional
 * embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069), which can make a name or link
 * read differently from what it is. A single-line field turns line breaks and tabs into a space; a
 * multi-line field keeps LF and tab.
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
 * A Zod string with control characters stripped before any other check (chain `.trim()`,
 * `.min()`, `.max()` as usual). `multiline` for free text such as a message; `error` is the message
 * when the value is missing or not a string.
 */
export function plainText(options: { multiline?: boolean; error?: string } = {}) {
  return z.string(options.error ? { error: options.error } : undefined).overwrite((value) => stripControlCharacters(value, options));
}

/** The longest e-mail address accepted anywhere (RFC 5321's path limit). */
export const MAX_EMAIL_LENGTH = 254;
/** The longest person's name accepted by default. */
export const MAX_NAME_LENGTH = 120;
/** The longest phone number accepted by default. */
export const MAX_PHONE_LENGTH = 40;
/** The longest web address accepted by default. */
export const MAX_URL_LENGTH = 300;

/** The default messages of the shared fields (the staff screens' words). */
export const FIELD_MESSAGES = {
  textRequired: "Fill in this field.",
  tooLong: (max: number) => `Use at most ${max} characters.`,
  emailRequired: "Enter an e-mail address.",
  emailInvalid: "Enter a valid e-mail address.",
  nameRequired: "Enter a name.",
  phoneInvalid: "Enter a phone number (digits, spaces, +, -, brackets).",
  urlInvalid: "Enter a web address starting with https:// or http://.",
} as const;

/** Messages of a text field: `required` when missing or empty, `tooLong` over `max`. */
export type TextMessages = { required?: string; tooLong?: string };

/**
 * Required single-line (or `multiline`) text: control characters stripped, trimmed, 1 to `max`
 * characters. Output: the trimmed text.
 */
export function requiredText({ max, multiline = false, required = FIELD_MESSAGES.textRequired, tooLong }: { max: number; multiline?: boolean } & TextMessages) {
  return plainText({ multiline, error: required })
    .trim()
    .min(1, required)
    .max(max, tooLong ?? FIELD_MESSAGES.tooLong(max));
}

/**
 * Optional text: control characters stripped, trimmed, at most `max` characters; missing, null
 * or empty becomes null. Output: `string | null`.
 */
export function optionalText({ max, multiline = false, tooLong }: { max: number; multiline?: boolean; tooLong?: string }) {
  return plainText({ multiline })
    .trim()
    .max(max, tooLong ?? FIELD_MESSAGES.tooLong(max))
    .nullish()
    .transform((v) => (v ? v : null));
}

/**
 * An e-mail address: control characters stripped, trimmed, then `required` when missing or empty
 * (`empty` when only empty, if a form words that differently), `tooLong` over `max`, `invalid`
 * when not an address. `lowercase` for addresses people sign in with. Output: the address.
 */
export function emailAddress({
  required = FIELD_MESSAGES.emailRequired,
  empty = required,
  invalid = FIELD_MESSAGES.emailInvalid,
  tooLong,
  max = MAX_EMAIL_LENGTH,
  lowercase = false,
}: { required?: string; empty?: string; invalid?: string; tooLong?: string; max?: number; lowercase?: boolean } = {}) {
  const text = plainText({ error: required }).trim();
  return (lowercase ? text.toLowerCase() : text)
    .min(1, empty)
    .max(max, tooLong ?? FIELD_MESSAGES.tooLong(max))
    .pipe(z.email({ error: invalid }));
}

/** A person's name: required single-line text, at most `max` (120) characters. */
export function personName({ required = FIELD_MESSAGES.nameRequired, tooLong, max = MAX_NAME_LENGTH }: TextMessages & { max?: number } = {}) {
  return requiredText({ max, required, tooLong });
}

/** The characters a phone number may hold, as people type them. */
const PHONE = /^\+?[0-9 ()\-.]{5,}$/;

/**
 * A phone number as people type it (digits, spaces, `+ - . ( )`, at least five), trimmed, at
 * most `max` (40) characters; `required` when missing or empty, `invalid` for other characters.
 * An optional phone field wraps it: `phoneNumber().or(z.literal(""))`.
 */
export function phoneNumber({
  required = FIELD_MESSAGES.phoneInvalid,
  invalid = FIELD_MESSAGES.phoneInvalid,
  tooLong,
  max = MAX_PHONE_LENGTH,
}: TextMessages & { invalid?: string; max?: number } = {}) {
  return requiredText({ max, required, tooLong }).regex(PHONE, invalid);
}

/**
 * A web address people can follow: `http:` or `https:` with a host name, trimmed, at most `max`
 * (300) characters. Output: the address as typed (trimmed).
 */
export function webAddress({ invalid = FIELD_MESSAGES.urlInvalid, tooLong, max = MAX_URL_LENGTH }: { invalid?: string; tooLong?: string; max?: number } = {}) {
  return plainText({ error: invalid })
    .trim()
    .max(max, tooLong ?? FIELD_MESSAGES.tooLong(max))
    .pipe(z.url({ protocol: /^https?$/, hostname: z.regexes.domain, error: invalid }));
}
