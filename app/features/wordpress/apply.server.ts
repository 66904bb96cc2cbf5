/**
 * Applying a WordPress import: each post and page the dry run creates becomes an article
 * (`insights`), written through the blog's own save path (the form's Zod parse, so the same
 * sanitising and limits as a staff-written post, then `createContent` / `updateContent` with their
 * revisions and audit entries), and every old address of it answers 301 to the article.
 *
 * - Posts keep their status and date (the dry run's rules, `plan.ts`): published at the original
 *   date, scheduled at theirs, the others drafts. Pages become draft articles.
 * - Category: the first of the post's categories that `categories` maps (by WordPress slug or
 *   name) or whose name is an article category, else `defaultCategory`. Tags: the first 30.
 * - Author: the member of staff whose e-mail the export gives the author, else the author's
 *   display name as the byline.
 * - Excerpt: the export's, else the body's first words.
 * - Pictures (`media.server.ts`): every attachment and every image a body names are fetched into
 *   the media library; a body image becomes an image block, the featured image (`_thumbnail_id`)
 *   the cover (hero image). A picture that cannot be fetched is listed, and the body keeps it as a
 *   paragraph linking to its old address (its alt text and caption as the words).
 * - Idempotent: each item is recorded in `wordpress_imports` by GUID and post id with the hash of what was
 *   written. The same item again is unchanged; a changed item updates its article unless staff
 *   edited the article here since (then it is kept, and says so); an article deleted here is not
 *   recreated.
 * - Redirects (301, origin "wordpress"): the item's permalink path, `/?p=<id>` (posts) or
 *   `/?page_id=<id>` (pages), and `/category/<slug>` and `/tag/<slug>` to the insights list.
 */
import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { adminUsers, insights, wordpressImports, type InsightBlock } from "~/db/schema";
import { createContent, updateContent, type CmsActor } from "~/features/cms/content.server";
import type { Publication, SaveIntent } from "~/features/cms/form-values";
import { isSafeHref } from "~/features/insights/blocks";
import { INSIGHT_CATEGORIES, INSIGHT_KIND, type InsightCategory } from "~/features/insights/kind";
import { writeRedirects } from "~/features/redirects/redirects.server";
import { normaliseSource, type RedirectRule } from "~/features/redirects/rules";
import { reloadRedirects } from "~/features/redirects/runtime.server";
import type { FileStorage } from "~/features/media/storage.server";
import { env } from "~/utils/env.server";
import type { ConvertedBlock } from "./html-blocks";
import { createImageFetcher, type FetchedImage, type MediaReport } from "./media.server";
import { parseExport } from "./parse.server";
import type { ItemBody, ParsedItem } from "./parse.worker";
import { importGuid, importSlug } from "./plan";

/** Choices of the person applying: WordPress category (slug or name) → article category, and the default. */
export type ApplyOptions = {
  categories?: Record<string, InsightCategory>;
  defaultCategory?: InsightCategory;
  /** Where pictures are stored (default: the configured storage). */
  files?: FileStorage;
};

/** What happened to one post or page. */
export type AppliedItem = { kind: "post" | "page"; postId: number; title: string; outcome: "created" | "updated" | "unchanged" | "kept" | "failed"; slug: string | null; reason: string | null };

/** The report of an applied import: each item's outcome, the totals, and the redirects written. */
export type ApplyReport = { items: AppliedItem[]; totals: Record<AppliedItem["outcome"], number>; skipped: number; redirects: number; media: MediaReport };

/** The most tags an article keeps (the blog form's limit). */
const MAX_TAGS = 30;
/** Characters of body text an excerpt made from the body keeps. */
const EXCERPT_CHARS = 300;

const plainText = (content: unknown): string =>
  typeof content === "string" ? content : Array.isArray(content) ? content.map((r: { text?: string }) => r.text ?? "").join("") : "";

/** An image's address as written in a body, made absolute against the site's address; null when it is none. */
function absoluteAddress(src: string, site: string): string | null {
  try {
    const url = new URL(src, site || undefined);
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * The body as article blocks: an image whose address `pictures` found in the library becomes an
 * image block; any other stays a paragraph linking to its old address (or its words).
 */
function articleBlocks(blocks: readonly ConvertedBlock[], pictures: ReadonlyMap<string, FetchedImage | null>, site: string): InsightBlock[] {
  return blocks.map((block): InsightBlock => {
    if (block.type !== "wp-image") return block;
    const address = absoluteAddress(block.src, site);
    const picture = address ? pictures.get(address) : null;
    const words = [block.alt || "Image", block.caption !== block.alt ? block.caption : undefined].filter(Boolean).join(": ");
    if (picture) return { type: "image", mediaId: picture.id, alt: (block.alt || block.caption || words).slice(0, 500), ...(block.caption ? { caption: block.caption.slice(0, 500) } : {}) };
    return { type: "paragraph", content: address && isSafeHref(address) ? [{ text: words, href: address }] : words };
  });
}

/** The first EXCERPT_CHARS characters of the body's text, cut at a word. */
function excerptOf(blocks: readonly InsightBlock[], title: string): string {
  const text = blocks.map((b) => ("content" in b ? plainText(b.content) : "items" in b ? b.items.map(plainText).join(" ") : "")).join(" ").replace(/\s+/g, " ").trim();
  if (!text) return title;
  return text.length <= EXCERPT_CHARS ? text : `${text.slice(0, EXCERPT_CHARS).replace(/\s+\S*$/, "")}…`;
}

/** The blog form an item would be posted as (the fields `INSIGHT_KIND` reads). */
function formOf(item: ParsedItem & { body: ItemBody }, category: InsightCategory, authorName: string, blocks: InsightBlock[], cover: string | null): FormData {
  const excerpt = item.body.excerpt.replace(/<[^>]*>/g, " ").replace(/\s+/g, " ").trim() || excerptOf(blocks, item.title);
  const form = new FormData();
  form.set("title", item.title.trim() || `WordPress ${item.kind} ${item.postId}`);
  form.set("excerpt", excerpt.slice(0, 1_000));
  form.set("summary", excerpt.slice(0, 1_000));
  form.set("authorName", authorName.slice(0, 200));
  form.set("category", category);
  for (const tag of item.body.tags.slice(0, MAX_TAGS)) form.append("tags", tag.name.slice(0, 60));
  form.set("content", JSON.stringify(blocks));
  if (cover) form.set("heroImage", cover);
  return form;
}

/** The article's publication from the plan: published or scheduled at the export's date, else a draft. */
function publicationOf(item: ParsedItem): { intent: SaveIntent; publication: Publication } {
  if ((item.status === "published" || item.status === "scheduled") && item.publishedAt) return { intent: "schedule", publication: { intent: "schedule", at: new Date(item.publishedAt) } };
  return { intent: "draft", publication: { intent: "draft" } };
}

/** The path of an old address, or null when it cannot be a redirect's source. */
function oldPath(address: string): string | null {
  const normalised = normaliseSource(address);
  return "source" in normalised ? normalised.source : null;
}

/**
 * Applies the import of the export at `file` (a path on this machine) as `actor`, at `now`.
 * Returns `{ ok: false, message }` for a file the dry run refuses; an item the blog form refuses
 * (a body over the limits, ...) is reported "failed" with the form's messages and the import goes
 * on. Reloads the redirects once written.
 */
export async function applyImport(file: string, actor: CmsActor, options: ApplyOptions = {}, now: Date = new Date()): Promise<{ ok: true; report: ApplyReport } | { ok: false; message: string }> {
  const parsed = await parseExport(file, { bodies: true });
  if (!parsed.ok) return parsed;
  const staff = await db.select({ name: adminUsers.name, email: adminUsers.email }).from(adminUsers);
  const staffByEmail = new Map(staff.map((s) => [s.email.toLowerCase(), s.name]));
  const authorByLogin = new Map(parsed.channel.authors.map((a) => [a.login, staffByEmail.get(a.email.toLowerCase()) ?? (a.displayName || a.login)]));
  const articleCategory = new Map(INSIGHT_CATEGORIES.map((c) => [c.toLowerCase(), c]));
  const chosen = new Map(Object.entries(options.categories ?? {}).map(([k, v]) => [k.toLowerCase(), v]));
  const categoryOf = (body: ItemBody): InsightCategory => {
    for (const term of body.categories) {
      const match = chosen.get(term.slug.toLowerCase()) ?? chosen.get(term.name.toLowerCase()) ?? articleCategory.get(term.name.toLowerCase());
      if (match) return match;
    }
    return options.defaultCategory ?? INSIGHT_CATEGORIES[0];
  };

  const site = parsed.channel.baseSiteUrl || parsed.channel.link;
  const fetcher = createImageFetcher(actor, { allowPrivate: env.WORDPRESS_ALLOW_PRIVATE, files: options.files });
  const attachments = new Map<number, { url: string; title: string }>();
  const pictures = new Map<string, FetchedImage | null>();
  for (const item of parsed.items) {
    const address = item.attachmentUrl ? absoluteAddress(item.attachmentUrl, site) : null;
    if (!address) continue;
    attachments.set(item.postId, { url: address, title: item.title });
    pictures.set(address, await fetcher.get(address, item.title));
  }

  const items: AppliedItem[] = [];
  const rules = new Map<string, Omit<RedirectRule, "id">>();
  const redirect = (source: string | null, target: string) => {
    if (source && source !== "/" && source !== target) rules.set(source, { source, target, statusCode: 301 });
  };
  let skipped = 0;
  for (const item of parsed.items) {
    if (!item.body || (item.kind !== "post" && item.kind !== "page")) {
      skipped++;
      continue;
    }
    const withBody = item as ParsedItem & { body: ItemBody };
    const kind = item.kind;
    const { intent, publication } = publicationOf(item);
    for (const block of item.body.blocks) {
      if (block.type !== "wp-image") continue;
      const address = absoluteAddress(block.src, site);
      if (address && !pictures.has(address)) pictures.set(address, await fetcher.get(address, block.alt || block.caption || ""));
    }
    const thumbnail = item.body.thumbnailId === null ? undefined : attachments.get(item.body.thumbnailId);
    const cover = thumbnail ? (pictures.get(thumbnail.url)?.url ?? null) : null;
    const blocks = articleBlocks(item.body.blocks, pictures, site);
    const form = formOf(withBody, categoryOf(item.body), authorByLogin.get(item.body.creator) ?? item.body.creator, blocks, cover);
    const valid = INSIGHT_KIND.parse(form, intent);
    if (!valid.ok) {
      items.push({ kind, postId: item.postId, title: item.title, outcome: "failed", slug: null, reason: Object.values(valid.errors).flat().join(" ") });
      continue;
    }
    const hash = createHash("sha256").update(JSON.stringify([valid.values, publication])).digest("hex");
    const guid = importGuid(item);
    const recordKey = and(eq(wordpressImports.guid, guid), eq(wordpressImports.postId, item.postId));
    const [record] = await db.select().from(wordpressImports).where(recordKey);
    let slug: string;
    let outcome: AppliedItem["outcome"];
    let reason: string | null = null;
    if (!record) {
      const created = await createContent("insight", actor, valid.values, publication, now, importSlug(item));
      await db.insert(wordpressImports).values({ guid, postId: item.postId, kind, targetId: created.id, contentHash: hash, targetVersion: created.version, createdAt: now, updatedAt: now });
      slug = created.slug;
      outcome = "created";
    } else {
      const [article] = await db.select({ slug: insights.slug, version: insights.version }).from(insights).where(eq(insights.id, record.targetId));
      if (!article) {
        items.push({ kind, postId: item.postId, title: item.title, outcome: "kept", slug: null, reason: "its article was deleted here: not recreated" });
        continue;
      }
      slug = article.slug;
      if (record.contentHash === hash) outcome = "unchanged";
      else if (article.version !== record.targetVersion) {
        outcome = "kept";
        reason = "changed in the export, but edited here since the last import: kept as edited here";
      } else {
        const updated = await updateContent("insight", actor, record.targetId, article.version, valid.values, publication, now);
        if (!updated.ok) {
          outcome = "kept";
          reason = "edited here while importing: kept as edited here";
        } else {
          await db.update(wordpressImports).set({ contentHash: hash, targetVersion: updated.version, updatedAt: now }).where(recordKey);
          outcome = "updated";
        }
      }
    }
    items.push({ kind, postId: item.postId, title: item.title, outcome, slug, reason });
    const target = INSIGHT_KIND.paths.public(slug);
    redirect(oldPath(item.body.link), target);
    redirect(kind === "post" ? `/?p=${item.postId}` : `/?page_id=${item.postId}`, target);
  }
  for (const term of parsed.channel.categories) redirect(oldPath(`/category/${term.slug}/`), "/insights");
  for (const term of parsed.channel.tags) redirect(oldPath(`/tag/${term.slug}/`), "/insights");
  await db.transaction((tx) => writeRedirects(tx, [...rules.values()], "wordpress"));
  await reloadRedirects();
  const totals = { created: 0, updated: 0, unchanged: 0, kept: 0, failed: 0 };
  for (const i of items) totals[i.outcome]++;
  return { ok: true, report: { items, totals, skipped, redirects: rules.size, media: fetcher.report } };
}

/** The applied import as lines of text for the command line: totals, then each item not simply created or unchanged. */
export function describeApplied(report: ApplyReport): string[] {
  const t = report.totals;
  const m = report.media;
  const lines = [
    `${t.created} created, ${t.updated} updated, ${t.unchanged} unchanged, ${t.kept} kept as edited here, ${t.failed} refused; ${report.skipped} items skipped; ${report.redirects} redirects written`,
    `Pictures: ${m.fetched} fetched into the media library, ${m.reused} already there, ${m.failed.length} could not be fetched (kept as links)`,
    ...m.failed.map((f) => `  not fetched  ${f.url}: ${f.reason}`),
  ];
  for (const item of report.items) {
    if (item.outcome === "updated") lines.push(`  updated  ${item.kind} #${item.postId} "${item.title}" → /insights/${item.slug}`);
    else if (item.reason) lines.push(`  ${item.outcome}  ${item.kind} #${item.postId} "${item.title}": ${item.reason}`);
  }
  return lines;
}
