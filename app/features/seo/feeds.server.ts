/**
 * sitemap.xml, robots.txt and the RSS 2.0 feed of insights (`docs/design.md` section 6:
 * "sitemap.xml, robots.txt and an RSS feed of insights exist"). Absolute URLs come from PUBLIC_URL;
 * only published projects and articles are listed.
 */
import { listInsightsForFeed, listPublishedInsightSlugs } from "~/features/insights/insights.server";
import { listPublishedProjectSlugs } from "~/features/projects/projects.server";
import { getSiteSettings } from "~/features/settings/settings.server";
import { categoryIn } from "~/features/insights/components/article-screen";
import { listInsightsInLanguage, listPagesFrom } from "~/features/translations/lists.server";
import { liveTranslationSlugs, publicPathOf } from "~/features/translations/translations.server";
import type { TranslatableKind } from "~/features/translations/fields";
import { isTranslatedPath } from "~/content/nav";
import { DEFAULT_LANGUAGE, languageAlternates, languageInfo, localizedPath, pageAlternates, type Language, type PageInLanguage } from "~/utils/i18n";
import { m } from "~/utils/paraglide/messages";
import { absoluteUrl } from "./meta";
import { sitePageLanguages, TRANSLATABLE_SITE_PAGES } from "~/features/site-pages/pages.server";

/** Escapes text for XML element content and attribute values. */
export function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!);
}

/** Public pages of the site map, with their change frequency. */
export const STATIC_PUBLIC_PATHS: { path: string; changefreq: string; priority: string }[] = [
  { path: "/", changefreq: "weekly", priority: "1.0" },
  { path: "/about", changefreq: "monthly", priority: "0.8" },
  { path: "/services", changefreq: "monthly", priority: "0.8" },
  { path: "/services/commercial", changefreq: "monthly", priority: "0.8" },
  { path: "/services/humanitarian", changefreq: "monthly", priority: "0.8" },
  { path: "/projects", changefreq: "weekly", priority: "0.9" },
  { path: "/insights", changefreq: "weekly", priority: "0.9" },
  { path: "/contact", changefreq: "yearly", priority: "0.7" },
  { path: "/book-consultation", changefreq: "monthly", priority: "0.8" },
  { path: "/privacy", changefreq: "yearly", priority: "0.2" },
  { path: "/terms", changefreq: "yearly", priority: "0.2" },
];

const day = (d: Date) => d.toISOString().slice(0, 10);

/**
 * The sitemap XML: every public page plus each published project and article with its lastmod
 * (YYYY-MM-DD, UTC). A page that exists in other languages (the booking wizard; a project or an
 * article published in an offered language, at its translated address; the projects and insights
 * lists in each offered language with at least one item published in it; a site page in each
 * offered language it is published in) is listed once per language, each entry naming all of them
 * and `x-default` as `xhtml:link` alternates.
 */
export async function buildSitemapXml(publicUrl: string): Promise<string> {
  const [projects, articles, settings] = await Promise.all([listPublishedProjectSlugs(), listPublishedInsightSlugs(), getSiteSettings()]);
  const [projectTranslations, articleTranslations] = await Promise.all([
    liveTranslationSlugs("project", projects.map((p) => p.id)),
    liveTranslationSlugs("insight", articles.map((a) => a.id)),
  ]);
  const newest = (rows: { updatedAt: Date }[]) => rows.reduce<Date | null>((m, r) => (!m || r.updatedAt > m ? r.updatedAt : m), null);
  const listLastmod: Record<string, Date | null> = {
    "/projects": newest(projects),
    "/insights": newest(articles),
    "/": newest([...projects, ...articles]),
  };
  const entry = (path: string, lastmod: Date | null, changefreq: string, priority: string, alternates: string[] = []) =>
    `  <url>\n    <loc>${escapeXml(absoluteUrl(publicUrl, path))}</loc>\n` +
    alternates.join("") +
    (lastmod ? `    <lastmod>${day(lastmod)}</lastmod>\n` : "") +
    `    <changefreq>${changefreq}</changefreq>\n    <priority>${priority}</priority>\n  </url>`;
  /** Every offered language's entry of a translated page, each listing all of them as alternates. */
  const translated = (p: (typeof STATIC_PUBLIC_PATHS)[number]) => {
    const links = languageAlternates(p.path, settings.offeredLanguages).map(link);
    const languages = settings.offeredLanguages as Language[];
    return languages.map((code) => entry(localizedPath(p.path, code), listLastmod[p.path] ?? null, p.changefreq, p.priority, links));
  };
  const link = (a: { hreflang: string; path: string }) =>
    `    <xhtml:link rel="alternate" hreflang="${escapeXml(a.hreflang)}" href="${escapeXml(absoluteUrl(publicUrl, a.path))}"/>\n`;
  /** A project's or an article's entry in English and in each offered language it is published in, naming one another. */
  const item = (kind: TranslatableKind, row: { id: string; slug: string; updatedAt: Date }, translated: Map<string, { language: Language; slug: string; updatedAt: Date }[]>) => {
    const others = (translated.get(row.id) ?? []).filter((t) => settings.offeredLanguages.includes(t.language));
    const pages: (PageInLanguage & { updatedAt: Date })[] = [
      { language: DEFAULT_LANGUAGE, path: publicPathOf(kind, row.slug), updatedAt: row.updatedAt },
      ...others.map((t) => ({ language: t.language, path: localizedPath(publicPathOf(kind, t.slug), t.language), updatedAt: t.updatedAt })),
    ];
    const links = pageAlternates(pages).map(link);
    return pages.map((p) => entry(p.path, p.updatedAt, "monthly", "0.7", links));
  };
  /** The fixed pages that exist in some languages only: the lists, and the site pages published in other languages. */
  const inSomeLanguages = new Map<string, PageInLanguage[]>([
    ["/projects", listPagesFrom("project", projectTranslations, settings.offeredLanguages)],
    ["/insights", listPagesFrom("insight", articleTranslations, settings.offeredLanguages)],
    ...(await Promise.all(TRANSLATABLE_SITE_PAGES.map(async (page) => [page.path, await sitePageLanguages(page.key, page.path, settings.offeredLanguages)] as const))),
  ]);
  /** Such a page's entry in each language it exists in, naming one another (English only: no alternates). */
  const inLanguages = (p: (typeof STATIC_PUBLIC_PATHS)[number], pages: PageInLanguage[]) => {
    const links = pageAlternates(pages).map(link);
    return pages.map((page) => entry(page.path, listLastmod[p.path] ?? null, p.changefreq, p.priority, links));
  };
  const urls = [
    ...STATIC_PUBLIC_PATHS.flatMap((p) =>
      inSomeLanguages.has(p.path)
        ? inLanguages(p, inSomeLanguages.get(p.path)!)
        : isTranslatedPath(p.path) && settings.offeredLanguages.length > 1
          ? translated(p)
          : [entry(p.path, listLastmod[p.path] ?? null, p.changefreq, p.priority)],
    ),
    ...projects.flatMap((p) => item("project", p, projectTranslations)),
    ...articles.flatMap((a) => item("insight", a, articleTranslations)),
  ];
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join("\n")}\n</urlset>\n`;
}

/**
 * The paths of every page a visitor can open at `now` (what a redirect must not hide): the fixed
 * public pages in English and under each offered language's prefix, and each published project
 * and article at its English and translated addresses. Over-counts a fixed page not yet published
 * in a language, which only makes redirects more careful.
 */
export async function livePagePaths(now: Date = new Date()): Promise<string[]> {
  const [projects, articles, settings] = await Promise.all([listPublishedProjectSlugs(now), listPublishedInsightSlugs(now), getSiteSettings()]);
  const [projectTranslations, articleTranslations] = await Promise.all([
    liveTranslationSlugs("project", projects.map((p) => p.id), now),
    liveTranslationSlugs("insight", articles.map((a) => a.id), now),
  ]);
  const others = (settings.offeredLanguages as Language[]).filter((code) => code !== DEFAULT_LANGUAGE);
  const items = (kind: TranslatableKind, rows: { id: string; slug: string }[], translated: Map<string, { language: Language; slug: string }[]>) =>
    rows.flatMap((row) => [publicPathOf(kind, row.slug), ...(translated.get(row.id) ?? []).map((t) => localizedPath(publicPathOf(kind, t.slug), t.language))]);
  return [
    ...STATIC_PUBLIC_PATHS.flatMap((p) => [p.path, ...others.map((code) => localizedPath(p.path, code))]),
    ...items("project", projects, projectTranslations),
    ...items("insight", articles, articleTranslations),
  ];
}

/** robots.txt: everything allowed except the admin portal, with the sitemap's absolute URL. */
export function buildRobotsTxt(publicUrl: string): string {
  return `User-agent: *\nAllow: /\nDisallow: /admin\nDisallow: /api/\n\nSitemap: ${absoluteUrl(publicUrl, "/sitemap.xml")}\n`;
}

/**
 * RSS 2.0 feed of the newest published insights (at most 50), dates in RFC 822. In another
 * `language` (`/fr/insights/rss.xml`), the articles published in it with their translated words,
 * addresses and categories, the channel's words from the catalogue; null when none is (no feed).
 */
export async function buildInsightsRss(publicUrl: string, language: Language = DEFAULT_LANGUAGE): Promise<string | null> {
  const [found, settings] = await Promise.all([
    language === DEFAULT_LANGUAGE ? listInsightsForFeed(50) : listInsightsInLanguage(language).then((list) => list?.slice(0, 50).map((item) => ({ ...item, summary: null })) ?? null),
    getSiteSettings(),
  ]);
  if (!found) return null;
  const items = found;
  const locale = { locale: language };
  const link = absoluteUrl(publicUrl, localizedPath("/insights", language));
  const self = absoluteUrl(publicUrl, localizedPath("/insights/rss.xml", language));
  const newest = items.find((i) => i.publishedDate)?.publishedDate;
  const body = items
    .map((item) => {
      const url = absoluteUrl(publicUrl, localizedPath(`/insights/${encodeURIComponent(item.slug)}`, language));
      const description = item.excerpt || item.summary || "";
      return [
        "    <item>",
        `      <title>${escapeXml(item.title)}</title>`,
        `      <link>${escapeXml(url)}</link>`,
        `      <guid isPermaLink="true">${escapeXml(url)}</guid>`,
        `      <description>${escapeXml(description)}</description>`,
        `      <category>${escapeXml(categoryIn(item.category, language))}</category>`,
        `      <dc:creator>${escapeXml(item.authorName)}</dc:creator>`,
        item.publishedDate ? `      <pubDate>${new Date(item.publishedDate).toUTCString()}</pubDate>` : null,
        `      <enclosure url="${escapeXml(absoluteUrl(publicUrl, item.heroImage))}" type="image/webp" length="0"/>`,
        "    </item>",
      ]
        .filter(Boolean)
        .join("\n");
    })
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">
  <channel>
    <title>${escapeXml(`${m.insights_list_heading({}, locale)} | ${settings.companyName}`)}</title>
    <link>${escapeXml(link)}</link>
    <description>${escapeXml(m.insights_rss_description({ company: settings.companyName }, locale))}</description>
    <language>${language === DEFAULT_LANGUAGE ? "en-gb" : languageInfo(language).htmlLang.toLowerCase()}</language>
    <atom:link href="${escapeXml(self)}" rel="self" type="application/rss+xml"/>
${newest ? `    <lastBuildDate>${new Date(newest).toUTCString()}</lastBuildDate>\n` : ""}${body}
  </channel>
</rss>
`;
}
