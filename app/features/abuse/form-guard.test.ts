import { describe, expect, it } from "vitest";
import { checkFormGuard, checkFormToken, FORM_TOKEN_FIELD, HONEYPOT_FIELD, issueFormToken, MIN_SUBMIT_MS } from "./form-guard.server";

const renderedAt = new Date("2025-03-05T12:00:00Z");
const after = (ms: number) => new Date(renderedAt.getTime() + ms);

describe("form guard", () => {
  it("refuses a genuine token submitted sooner than three seconds after render, and only then", () => {
    const token = issueFormToken(renderedAt);
    expect(MIN_SUBMIT_MS).toBe(3_000);
    expect(checkFormToken(token, after(MIN_SUBMIT_MS - 1))).toBe("too_fast");
    expect(checkFormToken(token, after(MIN_SUBMIT_MS))).toBeNull();
  });

  it("takes a smaller minimum when given one (FORM_GUARD_MIN_MS of a browser-test server)", () => {
    const token = issueFormToken(renderedAt);
    expect(checkFormToken(token, after(300), 250)).toBeNull();
    expect(checkFormToken(token, after(200), 250)).toBe("too_fast");
  });

  it("refuses forged, malformed and future tokens, and a filled honeypot", () => {
    const [ts, signature] = issueFormToken(renderedAt).split(".") as [string, string];
    expect(checkFormToken(`${Number(ts) - 10_000}.${signature}`, after(60_000))).toBe("invalid_token");
    expect(checkFormToken("not-a-token", after(60_000))).toBe("invalid_token");
    expect(checkFormToken(undefined, after(60_000))).toBe("invalid_token");
    expect(checkFormToken(issueFormToken(after(120_000)), renderedAt)).toBe("invalid_token");
    const fields = { [FORM_TOKEN_FIELD]: issueFormToken(renderedAt), [HONEYPOT_FIELD]: "http://spam.example" };
    expect(checkFormGuard(fields, after(60_000))).toBe("honeypot");
    expect(checkFormGuard({ ...fields, [HONEYPOT_FIELD]: "" }, after(60_000))).toBeNull();
  });
});
