import { describe, expect, it } from "vitest";
import { redactUrls } from "./log-redaction";

/** A log line as pino writes it, with `text` in its message and in an error's stack. */
const line = (text: string) => `${JSON.stringify({ level: 50, msg: text, err: { message: text, stack: `Error: ${text}\n    at handler (file:///app/build/server/index.js:12:3)` } })}\n`;

describe("redactUrls", () => {
  // Every kind of URL of the site that carries a secret in its query or path.
  const cases: [string, string, string][] = [
    ["set-password link", "OPTIONS /admin/set-password?token=SECRET-set", "OPTIONS /admin/set-password?[redacted]"],
    ["e-mail change confirmation", "http://127.0.0.1:3000/admin/confirm-email?token=SECRET-confirm", "http://127.0.0.1:3000/admin/confirm-email?[redacted]"],
    ["better-auth verification", "/api/auth/verify-email?token=SECRET-verify&callbackURL=%2Fadmin", "/api/auth/verify-email?[redacted]"],
    ["better-auth reset callback", "/api/auth/reset-password/SECRET-reset?callbackURL=%2Fadmin%2Fset-password", "/api/auth/reset-password/:token?[redacted]"],
    ["page draft preview", 'You made a POST request to "/?preview=SECRET-preview" but did not provide an `action`', 'You made a POST request to "/?[redacted]" but did not provide an `action`'],
    ["article draft preview", "/insights/a-draft?preview=SECRET-article", "/insights/a-draft?[redacted]"],
    ["manage-booking link", "GET http://site.example/book-consultation/manage/SECRET-manage", "GET http://site.example/book-consultation/manage/:token"],
    ["manage-booking data request", "/book-consultation/manage/SECRET-data.data?_routes=routes%2Fpublic%2Fmanage-booking", "/book-consultation/manage/:token?[redacted]"],
    ["calendar feed", "/admin/calendar/SECRET-feed.ics", "/admin/calendar/:token"],
    ["route manifest", "/__manifest?paths=%2Fbook-consultation%2Fmanage%2FSECRET-manifest&version=abc", "/__manifest?[redacted]"],
    ["a query without a value", "/about?SECRET-bare", "/about?[redacted]"],
  ];

  it.each(cases)("removes the secret of a %s from every field of the line", (_kind, text, expected) => {
    const redacted = redactUrls(line(text));
    expect(redacted).not.toContain("SECRET");
    expect(JSON.parse(redacted)).toMatchObject({ msg: expected, err: { message: expected } });
    expect(redacted.endsWith("\n")).toBe(true);
  });

  it("leaves text without a URL secret as it is", () => {
    for (const text of ['Why? Because "it failed"?', "request", "unhandled error in a loader or action", "a (?:regex) in a message", "/insights/embodied-carbon-in-structural-frames"]) {
      const written = line(text);
      expect(redactUrls(written)).toBe(written);
    }
  });
});
