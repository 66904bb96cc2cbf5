import { describe, expect, it } from "vitest";
import { navHref } from "./nav";

describe("navHref", () => {
  it("keeps English links English", () => {
    expect(navHref("/projects", "en", { published: ["/projects"] })).toBe("/projects");
    expect(navHref("/", "en")).toBe("/");
    expect(navHref("/book-consultation", "en")).toBe("/book-consultation");
  });

  it("sends a translated page's links to that language where the page exists in it", () => {
    expect(navHref("/book-consultation", "fr")).toBe("/fr/book-consultation");
    // The home page, a site page or a list the root data names as existing in the language.
    const published = ["/", "/about", "/projects", "/insights"];
    expect(navHref("/", "fr", { published })).toBe("/fr");
    expect(navHref("/about", "ar", { published })).toBe("/ar/about");
    expect(navHref("/projects", "fr", { published })).toBe("/fr/projects");
    expect(navHref("/insights", "ar", { published })).toBe("/ar/insights");
  });

  it("keeps a link English where the page does not exist in the language", () => {
    expect(navHref("/", "pt")).toBe("/");
    expect(navHref("/projects", "fr", { published: ["/", "/about"] })).toBe("/projects");
    expect(navHref("/services", "fr", { published: ["/"] })).toBe("/services");
  });
});
