/**
 * The shared page-URL normalisation, used by the HTML cache and analytics.
 */
import { describe, expect, it } from "vitest";
import { canonicalPageLocation, normaliseRequestTarget, pageUrl, withoutTracking } from "./page-url";

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
    // A list in a language reads the same parameters as the English list.
    expect(pageUrl("/fr/projects?utm_source=li&category=Humanitarian")).toMatchObject({ path: "/fr/projects", search: "?category=humanitarian", uncachedQuery: false });
    expect(pageUrl("/ar/projects?q=جسر")).toMatchObject({ uncachedQuery: true });
    expect(pageUrl("/insights?category=commercial&page=2")).toMatchObject({ path: "/insights", search: "" });
    expect(pageUrl("/?gclid=x&trk=y")).toEqual({ path: "/", search: "", uncachedQuery: false, canonicalPath: true, storable: true });
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
    // A translation's preview link under a language prefix is never stored either.
    expect(pageUrl("/fr/privacy?preview=tok")).toMatchObject({ uncachedQuery: true });
    expect(pageUrl("/ar/terms?preview=tok")).toMatchObject({ uncachedQuery: true });
    expect(pageUrl("/insights?preview=tok")).toMatchObject({ uncachedQuery: false, search: "" });
    expect(pageUrl("/about")).toMatchObject({ canonicalPath: true });
    for (const target of ["/about/", "/./about", "/%61bout", "http://x/about", "//about"]) expect([target, pageUrl(target)?.canonicalPath]).toEqual([target, false]);
    expect(pageUrl("/bad%zz")).toBeNull();
  });
});

describe("withoutTracking", () => {
  it("drops campaign and click ids and keeps every other parameter", () => {
    expect(withoutTracking("?utm_source=li&category=commercial&fbclid=1&gclid=2")).toBe("?category=commercial");
    expect(withoutTracking("?utm_campaign=x")).toBe("");
    expect(withoutTracking("")).toBe("");
  });
});

describe("canonicalPageLocation", () => {
  it("sends a public page written another way to its one address, query string kept", () => {
    for (const [target, location] of [
      ["/About", "/about"],
      ["/ABOUT", "/about"],
      ["/%61bout", "/about"],
      ["/about/", "/about"],
      ["//about", "/about"],
      ["/./about", "/about"],
      ["/Projects/Thames-Wharf?category=x&utm_source=y", "/projects/thames-wharf?category=x&utm_source=y"],
      ["/Services/Commercial", "/services/commercial"],
      ["/INSIGHTS/", "/insights"],
      ["/About?q=\u00e9", "/about?q=%C3%A9"],
      // The same rule under every language prefix.
      ["/fr/About", "/fr/about"],
      ["/fr/ABOUT", "/fr/about"],
      ["/fr/%61bout", "/fr/about"],
      ["/fr/about/", "/fr/about"],
      ["/ar/Contact", "/ar/contact"],
      ["/%66r/about", "/fr/about"],
      ["/FR", "/fr"],
      ["/fr/", "/fr"],
      ["/pt/Services/Commercial", "/pt/services/commercial"],
      ["/ar/Book-Consultation?step=2", "/ar/book-consultation?step=2"],
      ["/fr/Projects/Pont-Neuf", "/fr/projects/pont-neuf"],
      ["/fr//privacy", "/fr/privacy"],
    ]) {
      expect([target, canonicalPageLocation(target!)]).toEqual([target, location]);
    }
  });

  it("leaves canonical pages, token paths, files, the portal and React Router's requests alone", () => {
    for (const target of [
      "/",
      "/about",
      "/projects?category=commercial",
      "/book-consultation/manage/AbC-dEf",
      "/Book-Consultation/manage/AbC",
      "/insights/rss.xml",
      "/Admin/Login",
      "/assets/Root-ABC.js",
      "/About.data",
      "/__manifest?paths=%2FAbout",
      "/uploads/Photo.jpg",
      "/no-such/Page",
      "/fr",
      "/fr/about",
      "/ar/book-consultation/manage/AbC",
      "/fr/Book-Consultation/manage/AbC",
      "/fr/insights/rss.xml",
      "/en/About",
      "/xx/About",
    ]) {
      expect([target, canonicalPageLocation(target)]).toEqual([target, null]);
    }
  });
});
