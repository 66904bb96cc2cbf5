import { describe, expect, it } from "vitest";
import { containsPattern, isUniqueViolation } from "./sql";

describe("containsPattern", () => {
  it("escapes the LIKE wildcards and the escape character so text matches literally", () => {
    expect(containsPattern("50%_a\\b")).toBe("%50\\%\\_a\\\\b%");
    expect(containsPattern("steel")).toBe("%steel%");
  });
});

describe("isUniqueViolation", () => {
  it("finds SQLSTATE 23505 on the error or on any error in its cause chain", () => {
    expect(isUniqueViolation({ code: "23505" })).toBe(true);
    expect(isUniqueViolation(new Error("wrapped", { cause: { code: "23505" } }))).toBe(true);
    expect(isUniqueViolation(new Error("other", { cause: { code: "23503" } }))).toBe(false);
    expect(isUniqueViolation(undefined)).toBe(false);
  });
});
