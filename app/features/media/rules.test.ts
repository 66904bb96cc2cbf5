/** `isImageUrl`: which image and video addresses the CMS may store. */
import { describe, expect, it } from "vitest";
import { isImageUrl } from "./rules";

describe("isImageUrl", () => {
  it("takes site paths and absolute http(s) addresses", () => {
    for (const ok of ["/uploads/a.webp", "/media/hero-1.jpg?v=2", "https://cdn.example.com/a.jpg", "http://example.org/b.png"]) {
      expect(isImageUrl(ok), ok).toBe(true);
    }
  });

  it("refuses protocol-relative addresses and the backslash, whitespace and control tricks browsers turn into them", () => {
    for (const bad of [
      "//evil.example/a.png", "/\\evil.example/a.png", "\\\\evil.example/a.png", "/\\/evil.example", "\\/evil.example",
      "/\t/evil.example", "/\n/evil.example", "/\r/evil.example", " //evil.example", "/uploads/a\\b.png",
      "https:\\\\evil.example/a.png", "https:/\\evil.example", "https:evil.example", "https:///a.png", "/uploads/\u202ea.png",
      "/\u0000/evil.example", "\u200b//evil.example", "javascript:alert(1)", "data:image/png;base64,AAAA", "evil.example/a.png", "",
    ]) {
      expect(isImageUrl(bad), JSON.stringify(bad)).toBe(false);
    }
  });
});
