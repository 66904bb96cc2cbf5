import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DEFAULT_LANGUAGE, LANGUAGES, languageAlternates, languageInfo, languageOfPath, localizedPath, routeLanguage } from "./i18n";

const MESSAGES = path.resolve(__dirname, "../../messages");
/** Every catalogue file, by language code, as its keys. */
const catalogues = Object.fromEntries(
  readdirSync(MESSAGES)
    .filter((file) => file.endsWith(".json"))
    .map((file) => [path.basename(file, ".json"), Object.keys(JSON.parse(readFileSync(path.join(MESSAGES, file), "utf8")) as object).filter((key) => key !== "$schema")]),
);

describe("the catalogues", () => {
  it("each hold exactly the keys of en.json, so no language misses a word or carries a stray one", () => {
    const english = catalogues.en!;
    expect(english.length).toBeGreaterThan(100);
    for (const [language, keys] of Object.entries(catalogues)) {
      expect({ language, missing: english.filter((key) => !keys.includes(key)) }).toEqual({ language, missing: [] });
      expect({ language, extra: keys.filter((key) => !english.includes(key)) }).toEqual({ language, extra: [] });
    }
  });

  it("are the languages the product ships: one catalogue a language of the inlang project, English first", () => {
    expect(Object.keys(catalogues).sort()).toEqual([...LANGUAGES].sort());
    expect(LANGUAGES[0]).toBe("en");
    expect(LANGUAGES).toEqual(["en", "fr", "pt", "ar"]);
  });

  it("name each language in itself, with its direction, <html lang> and Intl locale", () => {
    expect(languageInfo("en")).toEqual({ code: "en", name: "English", dir: "ltr", htmlLang: "en-GB", intl: "en-GB" });
    expect(languageInfo("fr")).toMatchObject({ name: "Français", dir: "ltr", htmlLang: "fr" });
    expect(languageInfo("pt")).toMatchObject({ name: "Português", dir: "ltr", htmlLang: "pt" });
    expect(languageInfo("ar")).toMatchObject({ name: "العربية", dir: "rtl", htmlLang: "ar" });
    // Arabic dates keep Western digits, like the times beside them.
    expect(new Intl.DateTimeFormat(languageInfo("ar").intl, { year: "numeric", timeZone: "UTC" }).format(new Date("2030-01-10"))).toBe("2030");
  });
});

describe("a path's language", () => {
  it("reads the prefix of a shipped language, and leaves every other path English as it stands", () => {
    expect(languageOfPath("/fr/book-consultation")).toEqual({ language: "fr", path: "/book-consultation" });
    expect(languageOfPath("/ar/book-consultation/manage/abc")).toEqual({ language: "ar", path: "/book-consultation/manage/abc" });
    expect(languageOfPath("/pt")).toEqual({ language: "pt", path: "/" });
    expect(languageOfPath("/book-consultation")).toEqual({ language: "en", path: "/book-consultation" });
    expect(languageOfPath("/en/book-consultation")).toEqual({ language: "en", path: "/en/book-consultation" });
    expect(languageOfPath("/de/book-consultation")).toEqual({ language: "en", path: "/de/book-consultation" });
    expect(languageOfPath("/francais")).toEqual({ language: "en", path: "/francais" });
    expect(languageOfPath("/")).toEqual({ language: "en", path: "/" });
  });

  it("builds the same page in another language, English without a prefix", () => {
    expect(localizedPath("/book-consultation?step=2", "fr")).toBe("/fr/book-consultation?step=2");
    expect(localizedPath("/book-consultation", DEFAULT_LANGUAGE)).toBe("/book-consultation");
    expect(localizedPath("/", "ar")).toBe("/ar");
    for (const language of LANGUAGES) expect(languageOfPath(localizedPath("/book-consultation/manage/t", language))).toEqual({ language, path: "/book-consultation/manage/t" });
  });

  it("is a page only in an offered language: no prefix is English, English's own prefix and unoffered languages are none", () => {
    expect(routeLanguage(undefined, [])).toBe("en");
    expect(routeLanguage("fr", ["en", "fr"])).toBe("fr");
    expect(routeLanguage("pt", ["en", "fr"])).toBeNull();
    expect(routeLanguage("en", ["en", "fr"])).toBeNull();
    expect(routeLanguage("de", ["en", "de"])).toBeNull();
  });

  it("lists a page's alternates in every offered language, with x-default at the English address", () => {
    expect(languageAlternates("/book-consultation", ["en", "ar"])).toEqual([
      { hreflang: "en-GB", path: "/book-consultation" },
      { hreflang: "ar", path: "/ar/book-consultation" },
      { hreflang: "x-default", path: "/book-consultation" },
    ]);
  });
});
