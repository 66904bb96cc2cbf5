/**
 * A path of this site made safe to send in a `Location` header: every character outside printable
 * ASCII (controls, spaces, non-Latin-1 or any other non-ASCII character) is percent-encoded as its
 * UTF-8 bytes (`/a\u0001b` -> `/a%01b`, `/admin/\u0100` -> `/admin/%C4%80`); `%` and everything
 * else printable stay as they are, so an already encoded path is unchanged. A header value with
 * such characters makes the Fetch `Headers` throw ("Cannot convert argument to a ByteString"),
 * which would be a 500. A lone surrogate becomes U+FFFD's bytes.
 */
export function encodeForLocation(path: string): string {
  return path.replace(/[^\x21-\x7e]/gu, (char) =>
    Array.from(new TextEncoder().encode(char), (byte) => `%${byte.toString(16).toUpperCase().padStart(2, "0")}`).join(""),
  );
}
