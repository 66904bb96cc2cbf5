/**
 * The shared page-URL normalisation, used by the HTML cache and analytics.
 */
import { describe, expect, it } from "vitest";
import { normaliseRequestTarget, pageUrl } from "./page-url";

describe("normaliseRequestTarget", () => {
  it("decodes, removes dot segments, repeated and trailing slashes, and drops an absolute-form origin", () => {
    const path = (target: string) => normaliseRequestTarget(target)?.path;
    expect(path("/")).toBe("/");
    expect(path("/./book-consultation/manage/x")).toBe("/book-consultation/manage/x");
    expect(path("/%62ook-consultation")).toBe("/book-consultation");
    expect(path("/%2e/admin")).toBe("/admin");
    expect(path("/%2E%2E/a/%2e%2e/b")).toBe("/b");
    expect(path("/a/../../b/")).toBe("/b");
    expect(path("//projects///x/")).toBe("/projects/x");
    expect(path("http://evil.example/insights?x=1")).toBe("/insights");
    expect(path("HTTPS://evil.example")).toBe("/");
    expect(path("/a%2Fb")).toBe("/a%2Fb");
    expect(path("/Projects/Mixed-Case")).toBe("/Projects/Mixed-Case");
    expect(path("/about#top")).toBe("/about");
  });

  it("refuses targets that cannot be a page", () => {
    for (const target of ["*", "about", "evil.example:443", "/bad%zz", "/%E0%A4%A"]) expect([target, normaliseRequestTarget(target)]).toEqual([target, null]);
  });
});

describe("pageUrl", () => {
  it("keeps only the parameters the page reads, with accepted values, lower-cased", () => {
    expect(pageUrl("/projects?utm_source=li&category=Commercial&fbclid=1")).toMatchObject({ path: "/projects", search: "?category=commercial", uncachedQuery: false });
    expect(pageUrl("/projects?category=bogus")).toMatchObject({ search: "", uncachedQuery: false });
    expect(pageUrl("/projects?category=all")).toMatchObject({ search: "" });
    expect(pageUrl("/insights?category=commercial&page=2")).toMatchObject({ path: "/insights", search: "" });
    expect(pageUrl("/?gclid=x&trk=y")).toEqual({ path: "/", search: "", uncachedQuery: false, canonicalPath: true });
  });

  it("flags unbounded parameters (search text, preview links) and non-normal paths", () => {
    expect(pageUrl("/projects?q=bridge")).toMatchObject({ uncachedQuery: true });
    expect(pageUrl("/projects?q=")).toMatchObject({ uncachedQuery: true });
    expect(pageUrl("/insights/a?preview=tok")).toMatchObject({ uncachedQuery: true });
    // The site studio's pages take page-draft preview links; a page that reads no
    // preview ignores the parameter like any other.
    expect(pageUrl("/about?preview=tok")).toMatchObject({ uncachedQuery: true });
    expect(pageUrl("/?preview=tok")).toMatchObject({ uncachedQuery: true });
    expect(pageUrl("/services/commercial?preview=tok")).toMatchObject({ uncachedQuery: true });
    expect(pageUrl("/services/humanitarian?preview=tok")).toMatchObject({ uncachedQuery: true });
    expect(pageUrl("/privacy?preview=tok")).toMatchObject({ uncachedQuery: true });
    expect(pageUrl("/terms?preview=tok")).toMatchObject({ uncachedQuery: true });
    expect(pageUrl("/insights?preview=tok")).toMatchObject({ uncachedQuery: false, search: "" });
    expect(pageUrl("/about")).toMatchObject({ canonicalPath: true });
    for (const target of ["/about/", "/./about", "/%61bout", "http://x/about", "//about"]) expect([target, pageUrl(target)?.canonicalPath]).toEqual([target, false]);
    expect(pageUrl("/bad%zz")).toBeNull();
  });
});
