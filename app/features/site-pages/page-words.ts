/**
 * The words of a site page, for its translations (ADR 33): which parts of a page's content a
 * translation replaces, read from the page's schema (`.meta()` of ./fields.ts). Words are texts and
 * text areas, an image's alt text, lists of words (paragraphs, countries: one unit each) and
 * rich-text documents. Everything else (pictures, links, figure keys and values, chosen slugs, choices, check
 * boxes) and the shape of the page (how many slides, people, rows) is the English page's. Safe for
 * the browser.
 */
import type { z } from "zod";
import type { TranslationDocument } from "~/db/schema";
import { elementOf, fieldMeta, shapeOf } from "./fields";

type Value = unknown;
const asRecord = (v: Value): Record<string, Value> => (v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, Value>) : {});
const asArray = (v: Value): Value[] => (Array.isArray(v) ? v : []);

/**
 * `english` rebuilt with each of its words replaced by `word(english word, path)`; the path is
 * the field's keys and row indices from the page's top ("team", "people", 0, "bio"). Values that
 * are not words are kept.
 */
export function mapPageWords(schema: z.ZodType, english: Value, word: (value: Value, path: (string | number)[]) => Value, path: (string | number)[] = []): Value {
  const meta = fieldMeta(schema);
  switch (meta?.widget) {
    case "text":
    case "textarea":
      return meta.notWords ? english : word(english, path);
    case "blocks":
      return word(english, path);
    case "image":
      return { ...asRecord(english), alt: word(asRecord(english).alt, [...path, "alt"]) };
    case "list":
      return meta.figureItems || meta.notWords ? english : word(english, path);
    case "rows": {
      const element = elementOf(schema);
      return element ? asArray(english).map((row, i) => mapPageWords(element, row, word, [...path, i])) : english;
    }
    case undefined:
    case "group": {
      const shape = shapeOf(schema);
      if (!shape) return english;
      const record = asRecord(english);
      return Object.fromEntries(Object.entries(shape).map(([key, field]) => [key, mapPageWords(field, record[key], word, [...path, key])]));
    }
    default:
      return english;
  }
}

/** The value at `path` inside `value`, or undefined. */
function at(value: Value, path: readonly (string | number)[]): Value {
  let current = value;
  for (const step of path) {
    if (current === null || typeof current !== "object") return undefined;
    current = (current as Record<string | number, Value>)[step];
  }
  return current;
}

/** True when a translated word holds something a visitor would read (a text or a non-empty list). */
export function isTranslated(value: Value): boolean {
  if (typeof value === "string") return value.trim() !== "";
  return Array.isArray(value) && value.length > 0;
}

/** The empty value of an English word: "" for a text, [] for a list or a document. */
const emptyWord = (english: Value): Value => (Array.isArray(english) ? [] : "");

/**
 * The page a visitor reads in a language: the English `english` content with each word taken from
 * the translation `document` (its `fields` hold the page's sections by name, in the page's shape)
 * when filled, else the English word where staff chose English for that section (`fallback`
 * lists section names), else empty (the page leaves it out or shows it blank).
 */
export function applyPageTranslation<T>(schema: z.ZodType, english: T, document: TranslationDocument): T {
  const fallback = new Set(document.fallback);
  return mapPageWords(schema, english, (value, path) => {
    const translated = at(document.fields, path);
    if (isTranslated(translated)) return translated;
    return fallback.has(String(path[0])) ? value : emptyWord(value);
  }) as T;
}

/** The starting working copy of a new translation: the English page's shape with every word empty. */
export function blankPageWords(schema: z.ZodType, english: Value): Record<string, unknown> {
  return asRecord(mapPageWords(schema, english, emptyWord));
}

/** Every word of `english` in order, for the digest that says a translation is behind English. */
export function pageWords(schema: z.ZodType, english: Value): Value[] {
  const words: Value[] = [];
  mapPageWords(schema, english, (value) => {
    words.push(value ?? null);
    return value;
  });
  return words;
}

/** The page's sections a translation may show in English while empty: the top-level fields by name, with their labels. */
export function pageSections(schema: z.ZodType): { name: string; label: string }[] {
  return Object.entries(shapeOf(schema) ?? {}).map(([name, field]) => ({ name, label: fieldMeta(field)?.label ?? name }));
}
