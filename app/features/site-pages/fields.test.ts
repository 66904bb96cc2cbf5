import { describe, expect, it } from "vitest";
import { isSafeLink } from "./fields";

describe("isSafeLink", () => {
  it("accepts https addresses and site paths", () => {
    for (const link of ["https://example.com/a", "/contact", "/projects?category=commercial", "/privacy#cookies"]) expect([link, isSafeLink(link)]).toEqual([link, true]);
  });

  it("refuses other schemes, protocol-relative addresses and paths a browser reads as another site", () => {
    for (const link of ["http://example.com", "javascript:alert(1)", "//evil.example/x", "/\\evil.example/x", "/a\\b", "/a b", "data:text/html,x"]) {
      expect([link, isSafeLink(link)]).toEqual([link, false]);
    }
  });
});
