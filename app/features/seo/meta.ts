/**
 * Page metadata through one helper: title with the company name appended when
 * missing, description, keywords, absolute canonical URL from PUBLIC_URL, Open Graph and Twitter
 * tags, noindex, article fields, and JSON-LD blocks. The Organization JSON-LD is added to every page.
 *
 * Use in a route: `export const meta: Route.MetaFunction = (args) => pageMeta(args, { title, path })`.
 */
import type { MetaDescriptor } from "react-router";
import type { RootData } from "~/features/site/root-data";
import { m } from "~/utils/paraglide/messages";
import { DEFAULT_LANGUAGE, languageOfPath, localizedPath, ogLocale, pageAlternates, type Language, type PageInLanguage } from "~/utils/i18n";

export type PageMetaInput = {
  /** Page title; the company name is appended when it does not already contain it. */
  title?: string;
  description?: string;
  keywords?: string[];
  /** Share image: absolute URL or a path on this site. */
  image?: string;
  /** Path of this page (e.g. `/projects/thames-tower`), used for og:url and the canonical link. */
  path: string;
  /** Overrides the canonical URL (absolute, or a path on this site). */
  canonical?: string;
  type?: "website" | "article";
  /** With type "article": ISO 8601 instants, author name, section, tags. */
  article?: { publishedTime?: string | null; modifiedTime?: string | null; author?: string | null; section?: string | null; tags?: string[] | null };
  noIndex?: boolean;
  /** Extra structured-data objects (e.g. an Article); each becomes a ld+json block. */
  jsonLd?: Record<string, unknown>[];
  /** The page's language as Open Graph writes it ("fr_FR"); "en_GB" when absent. */
  ogLocale?: string;
  /** The language the page is written in (the default title's words); English when absent. */
  language?: Language;
  /**
   * The same page in every language it exists in (`hreflang` alternates, `x-default` included):
   * the `hreflang` value and the path of each.
   */
  alternates?: { hreflang: string; path: string }[];
};

type MetaArgs = { matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined> };

const DEFAULT_DESCRIPTION =
  "UK structural and humanitarian engineering consultancy: resilient, sustainable buildings and infrastructure for developers, governments and NGOs.";

/** Absolute URL of a path on this site (or the URL itself when already absolute). */
export function absoluteUrl(publicUrl: string, pathOrUrl: string): string {
  if (/^https?:\/\//.test(pathOrUrl)) return pathOrUrl;
  return `${publicUrl.replace(/\/$/, "")}${pathOrUrl.startsWith("/") ? "" : "/"}${pathOrUrl}`;
}

/**
 * The page title with the company name appended unless it already contains it; without a title,
 * the site's default title in `language` ("Meridian Engineering | Structural & Humanitarian
 * Engineering" in English).
 */
export function withCompanyName(title: string | undefined, companyName: string, language: Language = DEFAULT_LANGUAGE): string {
  if (!title) return m.site_default_title({ company: companyName }, { locale: language });
  return title.toLowerCase().includes(companyName.toLowerCase()) ? title : `${title} | ${companyName}`;
}

/** The Organization JSON-LD of the company. */
export function organizationJsonLd(site: RootData["site"]): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: site.companyName,
    url: site.publicUrl,
    logo: absoluteUrl(site.publicUrl, "/favicon.svg"),
    email: site.email,
    telephone: site.phone,
    address: { "@type": "PostalAddress", addressLocality: "London", addressCountry: "GB" },
    sameAs: [site.linkedinUrl],
  };
}

/** Meta descriptors for a page; reads the company identity from the root loader's data. */
export function pageMeta(args: MetaArgs, page: PageMetaInput): MetaDescriptor[] {
  const root = args.matches.find((m) => m?.id === "root")?.loaderData as RootData | undefined;
  const site = root?.site ?? {
    companyName: "Meridian Engineering",
    publicUrl: "http://localhost:3000",
    email: "",
    phone: "",
    location: "",
    linkedinUrl: "",
    analyticsId: "",
    siteVerification: "",
  };
  const title = withCompanyName(page.title, site.companyName, page.language);
  const description = page.description || DEFAULT_DESCRIPTION;
  const url = absoluteUrl(site.publicUrl, page.path);
  const canonical = absoluteUrl(site.publicUrl, page.canonical ?? page.path);
  const image = absoluteUrl(site.publicUrl, page.image ?? "/media/og-default.jpg");
  const type = page.type ?? "website";

  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: canonical },
    { property: "og:site_name", content: site.companyName },
    { property: "og:type", content: type },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { property: "og:locale", content: page.ogLocale ?? "en_GB" },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: image },
  ];
  for (const alternate of page.alternates ?? []) {
    tags.push({ tagName: "link", rel: "alternate", hrefLang: alternate.hreflang, href: absoluteUrl(site.publicUrl, alternate.path) });
  }
  if (page.keywords?.length) tags.push({ name: "keywords", content: page.keywords.join(", ") });
  if (page.noIndex) tags.push({ name: "robots", content: "noindex, nofollow" });
  if (type === "article" && page.article) {
    const a = page.article;
    if (a.publishedTime) tags.push({ property: "article:published_time", content: a.publishedTime });
    if (a.modifiedTime) tags.push({ property: "article:modified_time", content: a.modifiedTime });
    if (a.author) tags.push({ property: "article:author", content: a.author });
    if (a.section) tags.push({ property: "article:section", content: a.section });
    for (const tag of a.tags ?? []) tags.push({ property: "article:tag", content: tag });
  }
  for (const block of [organizationJsonLd(site), ...(page.jsonLd ?? [])]) tags.push({ "script:ld+json": block });
  return tags;
}

/** Words of a page's head in `options.locale` (a catalogue message that takes no inputs, or one written for the page). */
export type PageWords = (inputs: Record<string, never>, options: { locale: Language }) => string;

/** A public page's head, stated once for every language it is published in. */
export type LocalizedPageMetaInput = Omit<PageMetaInput, "title" | "description" | "path" | "ogLocale" | "alternates"> & {
  title?: PageWords;
  description?: PageWords;
  /** The page's path in English (`/services`); another language's address has its prefix (`/fr/services`). */
  path: string;
  /** The page in every language it is published in (`hreflang` alternates); empty for none. */
  pageLanguages: readonly PageInLanguage[];
};

/**
 * Meta descriptors for a public page in the language of the address asked for (`/fr/...` French,
 * else English): its title (or the site's default title) and description in that language, its path with that language's
 * prefix, `og:locale` for a language other than English, and the `hreflang` alternates.
 */
export function localizedPageMeta(args: MetaArgs & { location: { pathname: string } }, { title, description, path, pageLanguages, ...page }: LocalizedPageMetaInput): MetaDescriptor[] {
  const { language } = languageOfPath(args.location.pathname);
  const locale = { locale: language };
  return pageMeta(args, {
    ...page,
    title: title?.({}, locale),
    description: description?.({}, locale),
    path: localizedPath(path, language),
    language,
    ...(language === DEFAULT_LANGUAGE ? {} : { ogLocale: ogLocale(language) }),
    alternates: pageAlternates(pageLanguages),
  });
}
