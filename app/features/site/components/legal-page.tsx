/**
 * Layout of /privacy and /terms: a light banner with the title and last-updated date, a table of
 * contents, and readable prose sections (anchors on each h2). The staff-written documents (Admin >
 * Site > Privacy and terms) are split into sections at their level-2 headings. In another language
 * (`/fr/privacy`) the frame's words are the catalogue's and the documents are the translation's.
 */
import type { InsightBlock } from "~/db/schema";
import { inlineText } from "~/features/insights/blocks";
import { ArticleBlocks } from "~/features/insights/components/article-blocks";
import { localizedPageMeta, type PageWords } from "~/features/seo/meta";
import { usePageLanguage, type PageInLanguage } from "~/utils/i18n";
import { m } from "~/utils/paraglide/messages";
import { notFoundMeta } from "./not-found-screen";

/** One numbered section: its anchor, its title (in the table of contents too) and its body. */
export type LegalSection = { id: string; title: string; body: React.ReactNode };

const anchorOf = (title: string) =>
  title
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "") || "section";

/**
 * A block document as sections: each level-2 heading starts one (its text the title, an anchor
 * made from it, `-2`, `-3`... when two would be the same, or one of `taken`); `lead` is what comes
 * before the first heading. Bodies are drawn by the article renderer.
 */
export function documentSections(blocks: readonly InsightBlock[], taken: Set<string> = new Set()): { lead: InsightBlock[]; sections: LegalSection[] } {
  const lead: InsightBlock[] = [];
  const parts: { title: string; blocks: InsightBlock[] }[] = [];
  for (const block of blocks) {
    if (block.type === "heading" && block.level === 2 && inlineText(block.content).trim()) parts.push({ title: inlineText(block.content).trim(), blocks: [] });
    else (parts.at(-1)?.blocks ?? lead).push(block);
  }
  const sections = parts.map(({ title, blocks: body }) => {
    const base = anchorOf(title);
    let id = base;
    for (let n = 2; taken.has(id); n++) id = `${base}-${n}`;
    taken.add(id);
    return {
      id,
      title,
      body: (
        <div className="mt-4">
          <ArticleBlocks blocks={body} />
        </div>
      ),
    };
  });
  return { lead, sections };
}

/** Prose written in code (the privacy policy's sections from the settings): spaced paragraphs, bulleted lists, underlined links. */
export function LegalProse({ children }: { children: React.ReactNode }) {
  return <div className="text-lg [&_a]:font-medium [&_a]:text-primary [&_a]:underline [&_a]:underline-offset-2 [&_li]:mt-2 [&_p]:mt-4 [&_p]:leading-8 [&_ul]:mt-4 [&_ul]:list-disc [&_ul]:ps-6">{children}</div>;
}

/** The legal page's frame in the page's language (the banner's and the contents' words from the catalogue). */
export function LegalPage({ title, updated, intro, lead, sections }: { title: string; updated: string; intro: string; lead: InsightBlock[]; sections: LegalSection[] }) {
  const locale = { locale: usePageLanguage() };
  return (
    <>
      <section className="border-b bg-accent px-4 py-16 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-6xl">
          <p className="text-sm font-semibold uppercase tracking-[0.2em] text-primary">{m.legal_eyebrow({}, locale)}</p>
          <h1 className="mt-3 text-4xl font-bold tracking-tight text-foreground sm:text-5xl">{title}</h1>
          <p className="mt-4 text-sm text-slate-600">{m.legal_updated({ date: updated }, locale)}</p>
        </div>
      </section>
      <div className="mx-auto grid max-w-6xl gap-12 px-4 py-16 sm:px-6 lg:grid-cols-[16rem_1fr] lg:px-8">
        <nav aria-label={m.legal_contents({}, locale)} className="lg:sticky lg:top-28 lg:self-start">
          <h2 className="text-sm font-semibold uppercase tracking-wider text-foreground">{m.legal_contents({}, locale)}</h2>
          <ol className="mt-4 space-y-2 text-sm">
            {sections.map((section, i) => (
              <li key={section.id}>
                <a href={`#${section.id}`} className="text-slate-600 hover:text-primary">
                  {i + 1}. {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="max-w-3xl min-w-0 space-y-10 text-slate-700">
          <div className="flex flex-col gap-6 text-lg">
            <p>{intro}</p>
            {lead.length ? <ArticleBlocks blocks={lead} /> : null}
          </div>
          {sections.map((section, i) => (
            <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`} className="scroll-mt-28">
              <h2 id={`${section.id}-title`} className="text-2xl font-bold text-foreground">
                {i + 1}. {section.title}
              </h2>
              {section.body}
            </section>
          ))}
        </div>
      </div>
    </>
  );
}

/**
 * The head of the legal page at English `path` in the language of the address: its `title` and
 * `description` from the catalogue, its address in that language, noindex on a preview, and the
 * `hreflang` alternates of the languages it is published in; the 404's head when not found.
 */
export function legalPageMeta(
  args: Parameters<typeof notFoundMeta>[0] & { loaderData?: { found: boolean; preview: boolean; pageLanguages: PageInLanguage[] } },
  path: "/privacy" | "/terms",
  title: PageWords,
  description: PageWords,
) {
  if (!args.loaderData?.found) return notFoundMeta(args);
  return localizedPageMeta(args, { title, description, path, noIndex: args.loaderData.preview, pageLanguages: args.loaderData.pageLanguages });
}
