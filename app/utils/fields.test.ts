/**
 * The shared field schemas: one message per rule by default, a form's own words when given.
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { emailAddress, optionalText, personName, phoneNumber, requiredText, webAddress } from "./fields";

const messages = (schema: z.ZodType, value: unknown) => {
  const parsed = schema.safeParse(value);
  return parsed.success ? [] : parsed.error.issues.map((i) => i.message);
};

describe("text fields", () => {
  it("requiredText strips control characters, trims, and refuses empty or long text", () => {
    const field = requiredText({ max: 5, required: "Please enter your message." });
    expect(field.parse(" a\rb\u202e ")).toBe("a b");
    expect(messages(field, "  ")).toEqual(["Please enter your message."]);
    expect(messages(field, undefined)).toEqual(["Please enter your message."]);
    expect(messages(field, "123456")).toEqual(["Use at most 5 characters."]);
  });

  it("optionalText makes missing or empty text null", () => {
    const field = optionalText({ max: 10, tooLong: "Too long." });
    expect(field.parse(undefined)).toBeNull();
    expect(field.parse(null)).toBeNull();
    expect(field.parse("  ")).toBeNull();
    expect(field.parse(" Acme ")).toBe("Acme");
    expect(messages(field, "x".repeat(11))).toEqual(["Too long."]);
    expect(optionalText({ max: 10, multiline: true }).parse("a\r\nb")).toBe("a\nb");
  });

  it("personName has the staff default and a form's own words", () => {
    expect(messages(personName(), "")).toEqual(["Enter a name."]);
    expect(messages(personName({ required: "Enter your name." }), undefined)).toEqual(["Enter your name."]);
    expect(messages(personName(), "x".repeat(121))).toEqual(["Use at most 120 characters."]);
  });
});

describe("emailAddress", () => {
  it("accepts and trims an address, lowercasing sign-in addresses", () => {
    expect(emailAddress().parse(" Ann@Example.com ")).toBe("Ann@Example.com");
    expect(emailAddress({ lowercase: true }).parse(" Ann@Example.com ")).toBe("ann@example.com");
  });

  it("says missing, empty, too long and invalid in the default or the given words", () => {
    expect(messages(emailAddress(), undefined)).toEqual(["Enter an e-mail address."]);
    expect(messages(emailAddress(), "ann@")).toEqual(["Enter a valid e-mail address."]);
    expect(messages(emailAddress({ empty: "Enter a valid e-mail address." }), "")).toEqual(["Enter a valid e-mail address."]);
    const visitor = emailAddress({
      required: "Please enter your e-mail address.",
      invalid: "Please enter a valid e-mail address, like name@example.com.",
      tooLong: "This e-mail address is too long.",
    });
    expect(messages(visitor, " ")).toEqual(["Please enter your e-mail address."]);
    expect(messages(visitor, "nope")).toEqual(["Please enter a valid e-mail address, like name@example.com."]);
    expect(messages(visitor, `${"a".repeat(250)}@example.com`)).toEqual(["This e-mail address is too long."]);
  });
});

describe("phoneNumber and webAddress", () => {
  it("phoneNumber takes what people type and refuses letters", () => {
    expect(phoneNumber().parse(" +44 (0)20 7946-0000 ")).toBe("+44 (0)20 7946-0000");
    expect(messages(phoneNumber(), "call me")).toEqual(["Enter a phone number (digits, spaces, +, -, brackets)."]);
    expect(messages(phoneNumber({ invalid: "Bad phone." }), "12")).toEqual(["Bad phone."]);
  });

  it("webAddress takes http(s) addresses with a host name only", () => {
    expect(webAddress().parse(" https://www.linkedin.com/company/x ")).toBe("https://www.linkedin.com/company/x");
    for (const bad of ["javascript:alert(1)", "ftp://example.com", "https://", "not a url"]) {
      expect(messages(webAddress({ invalid: "Enter a link." }), bad)).toEqual(["Enter a link."]);
    }
  });
});
