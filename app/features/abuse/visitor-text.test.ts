/**
 * Control characters in visitors' text: stripped at every visitor-facing
 * schema through the shared `visitorText` helper.
 */
import { describe, expect, it } from "vitest";
import { BookingDetailsSchema } from "~/features/consultations/core/index.server";
import { EnquirySchema } from "~/features/enquiries/schema";
import { plainText as visitorText, stripControlCharacters } from "~/utils/fields";

const INJECTED = "Ann\rSUMMARY:Fake\u0085\u2028LOCATION:https://phish.example\u202e\u2066\u0000\u001b[31m\u007f";

describe("stripControlCharacters", () => {
  it("removes C0, C1, DEL and bidi controls; a single line turns breaks, separators and tabs into spaces", () => {
    expect(stripControlCharacters(INJECTED)).toBe("Ann SUMMARY:Fake LOCATION:https://phish.example[31m");
    expect(stripControlCharacters("a\r\nb\tc\nd\u2029e")).toBe("a b c d e");
  });

  it("keeps LF and tab in multi-line text; CRLF becomes LF and a lone CR goes", () => {
    expect(stripControlCharacters("one\r\ntwo\rthree\n\tfour\u2028five\u0007", { multiline: true })).toBe("one\ntwothree\n\tfour\nfive");
  });

  it("leaves ordinary text, accents and emoji alone", () => {
    const text = "Zoë O'Brien-Łukasz, Ünïcode Ltd 🏗️ (über) — “quoted”";
    expect(stripControlCharacters(text)).toBe(text);
  });

  it("runs before the other checks of the schema it builds", () => {
    expect(visitorText().trim().min(1).safeParse("\r\u202e ").success).toBe(false);
    expect(visitorText().trim().parse(" \u0000Ann\r")).toBe("Ann");
  });
});

describe("visitor-facing schemas", () => {
  it("store the enquiry's name, company and e-mail on one line, and its message without CRs", () => {
    const parsed = EnquirySchema.parse({
      name: INJECTED,
      email: "ann@example.com\r",
      company: "Evil\rLtd\u202e",
      projectType: "General Enquiry",
      message: "Hello\r\nthere\rBCC: x@example.com",
    });
    expect(parsed).toMatchObject({
      name: "Ann SUMMARY:Fake LOCATION:https://phish.example[31m",
      email: "ann@example.com",
      company: "Evil Ltd",
      message: "Hello\nthereBCC: x@example.com",
    });
    expect(EnquirySchema.safeParse({ name: "\r\n", email: "a@b.co", projectType: "General Enquiry", message: "x" }).success).toBe(false);
  });

  it("store the booking's name, company, phone and free text without control characters", () => {
    const parsed = BookingDetailsSchema.parse({
      name: "Ann\rSUMMARY:Fake",
      email: "ann@example.com",
      phone: "+44\u0000 20",
      companyName: "Co\r\nLOCATION:x",
      projectDescription: "Line one\r\nLine two\u202e",
      specialRequirements: "\u0007",
    });
    expect(parsed).toMatchObject({
      name: "Ann SUMMARY:Fake",
      phone: "+44 20",
      companyName: "Co LOCATION:x",
      projectDescription: "Line one\nLine two",
      specialRequirements: null,
    });
  });
});
