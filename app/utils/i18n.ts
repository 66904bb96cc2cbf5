/**
 * The languages the product ships and how a path names one. English is the base language and
 * keeps the site's addresses (`/book-consultation`); every other language lives under its own
 * prefix (`/fr/book-consultation`, `/ar/book-consultation/manage/…`). The list is the inlang
 * project's `locales` (`project.inlang/settings.json`), one catalogue per language in `messages/`
 * (compiled by Paraglide into `app/utils/paraglide/`); each catalogue names its own language
 * (`language_name`), writing direction (`language_direction`) and `Intl` locale
 * (`language_intl`), so adding a language is a catalogue file and its line in the settings.
 * Which shipped languages the site offers is a site setting (`offeredLanguages`).
 *
 * Browser-safe: the wizard, the manage page, the header and the root document all read it.
 */
import { useLocation } from "react-router";
import { m } from "./paraglide/messages";
import { baseLocale, isLocale, locales } from "./paraglide/runtime";

/** A language the product ships: `"en"`, `"fr"`, `"pt"`, `"ar"` (the inlang project's locales). */
export type Language = (typeof locales)[number];

/** The base language: English, served without a prefix. */
export const DEFAULT_LANGUAGE: Language = baseLocale;

/** Every shipped language, the default first, in the inlang project's order. */
export const LANGUAGES: readonly Language[] = locales;

/** True when `value` is a shipped language code. */
export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && isLocale(value);
}

/**
 * A stored language code (a booking's, an enquiry's, a waiting-list entry's) as the language its
 * mail is written in: the code when the product still ships it, else English.
 */
export function storedLanguage(code: string): Language {
  return isLanguage(code) ? code : DEFAULT_LANGUAGE;
}

/** What the product knows of one language, from its own catalogue. */
export type LanguageInfo = {
  code: Language;
  /** The language's name in itself ("Français", "العربية"), for the switcher. */
  name: string;
  /** Writing direction of the page (`<html dir>`). */
  dir: "ltr" | "rtl";
  /** The `<html lang>` value ("en-GB" for English, as the spec has it). */
  htmlLang: string;
  /** The `Intl` locale for dates and times in this language ("ar-u-nu-latn": Western digits). */
  intl: string;
};

/** The language's name, direction, `<html lang>` and `Intl` locale, read from its catalogue. */
export function languageInfo(code: Language): LanguageInfo {
  return {
    code,
    name: m.language_name({}, { locale: code }),
    dir: m.language_direction({}, { locale: code }) === "rtl" ? "rtl" : "ltr",
    htmlLang: m.language_tag({}, { locale: code }),
    intl: m.language_intl({}, { locale: code }),
  };
}

/**
 * A language as staff, who read English, are told it: its English name and its own
 * ("French (Français)"). A code that is no longer shipped is named in English only, or shown as it is.
 */
export function staffLanguageName(code: string): string {
  const english = new Intl.DisplayNames(["en"], { type: "language" }).of(code) ?? code;
  return isLanguage(code) && code !== DEFAULT_LANGUAGE ? `${english} (${languageInfo(code).name})` : english;
}

/**
 * A path's language and the path without its prefix: `/fr/book-consultation` is French
 * `/book-consultation`; a path without a shipped language's prefix (or with the base language's,
 * which is never used) is English as it stands. Only the first segment counts.
 */
export function languageOfPath(pathname: string): { language: Language; path: string } {
  const match = /^\/([^/]+)(\/.*)?$/.exec(pathname);
  const first = match?.[1];
  if (first && first !== DEFAULT_LANGUAGE && isLanguage(first)) return { language: first, path: match[2] ?? "/" };
  return { language: DEFAULT_LANGUAGE, path: pathname };
}

/**
 * `path` (an English address, starting with "/", with or without a query) in `language`:
 * unchanged for English, else under the language's prefix (`/fr/book-consultation?step=2`).
 */
export function localizedPath(path: string, language: Language): string {
  if (language === DEFAULT_LANGUAGE) return path;
  return path === "/" ? `/${language}` : `/${language}${path}`;
}

/**
 * The language a route's optional `:lang` parameter names when the site offers it: the default
 * language without a parameter, null for anything else (a language not shipped or not offered,
 * or the default's own prefix), which the route answers 404.
 */
export function routeLanguage(param: string | undefined, offered: readonly string[]): Language | null {
  if (param === undefined) return DEFAULT_LANGUAGE;
  if (param === DEFAULT_LANGUAGE || !isLanguage(param) || !offered.includes(param)) return null;
  return param;
}

/**
 * The `hreflang` alternates of a page that exists in every language of `offered` (a list of
 * codes): one per language at its own path, and `x-default` at the English one.
 */
export function languageAlternates(path: string, offered: readonly string[]): { hreflang: string; path: string }[] {
  const shown = LANGUAGES.filter((code) => offered.includes(code));
  return [
    ...shown.map((code) => ({ hreflang: languageInfo(code).htmlLang, path: localizedPath(path, code) })),
    { hreflang: "x-default", path },
  ];
}

/** A page in one language: the language and the page's address in it (its own translated slug where it has one). */
export type PageInLanguage = { language: Language; path: string };

/**
 * The `hreflang` alternates of a page that exists in the languages of `pages` (English first),
 * with `x-default` at the English page; none when the page exists in one language only.
 */
export function pageAlternates(pages: readonly PageInLanguage[]): { hreflang: string; path: string }[] {
  const english = pages.find((p) => p.language === DEFAULT_LANGUAGE);
  if (pages.length < 2 || !english) return [];
  const ordered = LANGUAGES.flatMap((code) => pages.filter((p) => p.language === code));
  return [...ordered.map((p) => ({ hreflang: languageInfo(p.language).htmlLang, path: p.path })), { hreflang: "x-default", path: english.path }];
}

/**
 * The `dir` of content that may be English on a page in `language` (a list or a field shown as
 * staff wrote it in English): "auto" off the English pages, so such text reads in its own
 * direction inside a right-to-left page; nothing on English pages, which stay as they were.
 */
export function contentDir(language: Language): "auto" | undefined {
  return language === DEFAULT_LANGUAGE ? undefined : "auto";
}

/** Open Graph's locale for `language` ("fr-FR" becomes "fr_FR"; "en" is the site's "en_GB"). */
export function ogLocale(language: Language): string {
  const tag = languageInfo(language).intl.split("-u-")[0]!;
  return tag.replace("-", "_");
}

/** The language of the page being shown, from its path (server and browser alike). */
export function usePageLanguage(): Language {
  return languageOfPath(useLocation().pathname).language;
}
