import { describe, expect, it } from "vitest";
import { navHref } from "./nav";

describe("navHref", () => {
  it("keeps English links English", () => {
    expect(navHref("/projects", "en", { pathname: "/projects/x" })).toBe("/projects");
    expect(navHref("/book-consultation", "en")).toBe("/book-consultation");
  });

  it("sends a translated page's links to that language where the page exists in it", () => {
    expect(navHref("/book-consultation", "fr")).toBe("/fr/book-consultation");
    // From the list or one of its items, which exist in French only where the French list does.
    expect(navHref("/projects", "fr", { pathname: "/projects" })).toBe("/fr/projects");
    expect(navHref("/insights", "ar", { pathname: "/insights/madaris" })).toBe("/ar/insights");
    // Elsewhere the list may not exist in the language: English.
    expect(navHref("/projects", "fr", { pathname: "/book-consultation" })).toBe("/projects");
    expect(navHref("/insights", "fr", { pathname: "/projects/pont" })).toBe("/insights");
    expect(navHref("/about", "fr", { pathname: "/projects" })).toBe("/about");
  });
});
