import { describe, expect, it } from "vitest";
import { demoPageTranslations } from "~/db/seed/page-translations";
import { SITE_PAGE_SEED } from "./defaults";
import { applyPageTranslation, blankPageWords, pageWords } from "./page-words";
import { pageSchema } from "./schemas";

const about = pageSchema("about", "draft");
const frenchAbout = demoPageTranslations.find((t) => t.key === "about" && t.language === "fr")!.document;

describe("a site page's translation", () => {
  it("takes each translated word, keeps the English pictures, figures and rows, and passes the page's publish schema", () => {
    const shown = applyPageTranslation(about, SITE_PAGE_SEED.about, frenchAbout);
    expect(shown.story.title).toBe("Une ingénierie qui protège les personnes et les lieux dont elles dépendent");
    expect(shown.story.figures).toEqual(SITE_PAGE_SEED.about.story.figures);
    expect(shown.team.people[0]!.photo).toEqual({ src: SITE_PAGE_SEED.about.team.people[0]!.photo.src, alt: "Portrait de Daniel Mensah" });
    expect(shown.team.people[0]!.highlights[0]!.figure).toBe(SITE_PAGE_SEED.about.team.people[0]!.highlights[0]!.figure);
    expect(shown.countries.list).toContain("Royaume-Uni");
    const parsed = pageSchema("about", "publish").safeParse(shown);
    expect(parsed.success ? [] : parsed.error.issues).toEqual([]);
    for (const t of demoPageTranslations) {
      const result = pageSchema(t.key, "publish").safeParse(applyPageTranslation(pageSchema(t.key, "draft"), SITE_PAGE_SEED[t.key], t.document));
      expect(result.success ? [] : result.error.issues, `${t.key} ${t.language}`).toEqual([]);
    }
  });

  it("translates a figure's label only: its key and value stay the English page's, so every page's references still hold", () => {
    const figures = pageSchema("figures", "draft");
    const words = pageWords(figures, SITE_PAGE_SEED.figures);
    expect(words).toContain("Years of expertise");
    expect(words).not.toContain("years-of-expertise");
    expect(words).not.toContain("10+");
    // A translation that left a key or a value empty, or changed it, still shows the English ones.
    const document = { fallback: [], fields: { figures: SITE_PAGE_SEED.figures.figures.map((f) => ({ ...f, key: "", value: "dix", label: `FR ${f.label}` })) } };
    const shown = applyPageTranslation(figures, SITE_PAGE_SEED.figures, document);
    expect(shown.figures[0]).toEqual({ ...SITE_PAGE_SEED.figures.figures[0]!, label: "FR Years of expertise" });
    expect((blankPageWords(figures, SITE_PAGE_SEED.figures) as typeof SITE_PAGE_SEED.figures).figures[0]).toEqual({ ...SITE_PAGE_SEED.figures.figures[0]!, label: "" });
    const french = demoPageTranslations.find((t) => t.key === "figures" && t.language === "fr")!.document;
    expect(applyPageTranslation(figures, SITE_PAGE_SEED.figures, french).figures.map((f) => `${f.value} ${f.label}`).slice(0, 3)).toEqual(["10+ Années d’expérience", "95% Clients satisfaits", "20+ Pays"]);
  });

  it("shows English for an empty word only in a section staff chose, and leaves it empty elsewhere", () => {
    const fields = { ...frenchAbout.fields, values: { ...(frenchAbout.fields.values as object), title: "" } };
    expect(applyPageTranslation(about, SITE_PAGE_SEED.about, { fields, fallback: [] }).values.title).toBe("");
    expect(applyPageTranslation(about, SITE_PAGE_SEED.about, { fields, fallback: ["values"] }).values.title).toBe("What we stand for");
    expect(applyPageTranslation(about, SITE_PAGE_SEED.about, { fields, fallback: ["values"] }).story.title).toBe(
      "Une ingénierie qui protège les personnes et les lieux dont elles dépendent",
    );
  });

  it("starts a new translation from the English shape with every word empty, and reads the English words for the digest", () => {
    const blank = blankPageWords(pageSchema("home", "draft"), SITE_PAGE_SEED.home) as typeof SITE_PAGE_SEED.home;
    expect(blank.hero.headline).toBe("");
    expect(blank.hero.slides[0]!.image).toEqual({ src: SITE_PAGE_SEED.home.hero.slides[0]!.image.src, alt: "" });
    expect(blank.services.cards[0]!.href).toBe("/services/commercial");
    expect(blank.projects.show).toBe("latest");
    expect(pageWords(pageSchema("home", "draft"), SITE_PAGE_SEED.home)).toContain("Building a resilient, sustainable future");
    expect(pageWords(pageSchema("home", "draft"), SITE_PAGE_SEED.home)).not.toContain("/services/commercial");
  });
});
