import type { MetaDescriptor } from "react-router";
import { describe, expect, it } from "vitest";
import { meta as homeMeta } from "~/routes/public/home";
import { meta as aboutMeta } from "~/routes/public/about";

/** What the home and about routes' meta functions receive on `pathname`, as React Router passes it. */
function args(pathname: string, loaderData: unknown) {
  const lang = pathname.split("/")[1] || undefined;
  return {
    location: { pathname, search: "", hash: "", state: null, key: "k" },
    params: lang ? { lang } : {},
    loaderData,
    data: loaderData,
    matches: [{ id: "root", pathname: "/", params: {}, meta: [], loaderData: { site: { companyName: "Meridian Engineering", publicUrl: "https://example.org" } } }],
    error: undefined,
  } as never;
}

const titleOf = (tags: MetaDescriptor[]) => tags.find((t): t is { title: string } => "title" in t)?.title;
const ogTitleOf = (tags: MetaDescriptor[]) => (tags.find((t) => "property" in t && t.property === "og:title") as { content: string } | undefined)?.content;

describe("the home page's title", () => {
  const home = { page: { countries: { value: "20+" } }, preview: false, pageLanguages: [] };

  it("is the site's default title in the language of the address, the company name kept", () => {
    const titles = ["/", "/fr", "/ar", "/pt"].map((path) => titleOf(homeMeta(args(path, home))));
    expect(titles).toEqual([
      "Meridian Engineering | Structural & Humanitarian Engineering",
      "Meridian Engineering | Ingénierie structurelle et humanitaire",
      "Meridian Engineering | الهندسة الإنشائية والإنسانية",
      "Meridian Engineering | Engenharia estrutural e humanitária",
    ]);
    expect(ogTitleOf(homeMeta(args("/fr", home)))).toBe("Meridian Engineering | Ingénierie structurelle et humanitaire");
  });

  it("matches the about page, whose title was already in the language", () => {
    const about = { about: { story: { intro: "Qui nous sommes." } }, preview: false, pageLanguages: [] };
    expect(titleOf(aboutMeta(args("/fr/about", about)))).toBe("À propos de nous | Meridian Engineering");
  });
});
