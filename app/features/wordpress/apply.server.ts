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
 * - In steps: `applySteps` applies the next units from a saved state (the background job of the
 *   portal's import, `runs.server.ts`, a window and a time budget at a time); `applyImport` applies
 *   all of them at once (the command line). Both are the same code.
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

/**
 * Choices of the person applying: WordPress category (slug or name) → article category, the
 * default category, and WordPress author (login) → member of staff (their user id) or null (the
 * author's name kept as the byline). An author not listed maps to the member of staff with their
 * e-mail, else the byline.
 */
export type ImportMapping = {
  categories?: Record<string, InsightCategory>;
  defaultCategory?: InsightCategory;
  authors?: Record<string, string | null>;
};

/** The mapping, and where pictures are stored (default: the configured storage). */
export type ApplyOptions = ImportMapping & { files?: FileStorage };

/** What happened to one post or page; `articleId` is the article it became (null when failed or deleted here). */
export type AppliedItem = { kind: "post" | "page"; postId: number; title: string; outcome: "created" | "updated" | "unchanged" | "kept" | "failed"; slug: string | null; articleId: string | null; reason: string | null };

/** The report of an applied import: each item's outcome, the totals, and the redirects written. */
export type ApplyReport = { items: AppliedItem[]; totals: Record<AppliedItem["outcome"], number>; skipped: number; redirects: number; media: MediaReport };

/**
 * How far an import has got: `done` units of its total (the posts and pages it writes, in the
 * file's order, then the attachments), the report so far, and when it began (pictures the
 * library recorded since are its own).
 */
export type ApplyState = { done: number; report: ApplyReport; since: Date };

/** The state of an import not begun, at `since`. */
export function initialApplyState(since: Date): ApplyState {
  return { done: 0, since, report: { items: [], totals: { created: 0, updated: 0, unchanged: 0, kept: 0, failed: 0 }, skipped: 0, redirects: 0, media: { fetched: 0, reused: 0, failed: [] } } };
}

/** Limits of one call of `applySteps`: most posts and pages read with bodies, a time to stop by, the units between progress reports. */
export type StepLimits = {
  /** Most posts and pages whose bodies are read (and written) in this call (default: all). */
  window?: number;
  /** Epoch ms: no new batch starts after it (default: none). */
  deadline?: number;
  /** Units between two calls of `onBatch` (default 10). */
  batch?: number;
  /** Called after each batch with the state and the total, and the redirects of the batch written. */
  onBatch?: (state: ApplyState, total: number) => Promise<void>;
};

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
 * Applies part of the import of the export at `file` (a path on this machine) as `actor`, at
 * `now`, from `state` on: the next units (posts and pages in the file's order, then the
 * attachments) within `limits`, recording each batch's redirects and calling `limits.onBatch`
 * after it. Returns the new state, the total of units and whether the import is finished (then
 * the category and tag archives' redirects are written too), or `{ ok: false, message }` for a
 * file the dry run refuses. An item the blog form refuses (a body over the limits, ...) is
 * reported "failed" with the form's messages and the import goes on. Every unit is idempotent
 * (matched by GUID and post id), so a part applied twice (a worker stopped mid-batch) writes
 * nothing new. Reloads the redirects once written.
 */
export async function applySteps(
  file: string,
  actor: CmsActor,
  options: ApplyOptions,
  state: ApplyState,
  limits: StepLimits = {},
  now: Date = new Date(),
): Promise<{ ok: true; state: ApplyState; total: number; finished: boolean } | { ok: false; message: string }> {
  const window = limits.window ?? Number.MAX_SAFE_INTEGER;
  const parsed = await parseExport(file, { bodies: { from: state.done, to: state.done + window } });
  if (!parsed.ok) return parsed;
  const staff = await db.select({ userId: adminUsers.userId, name: adminUsers.name, email: adminUsers.email }).from(adminUsers);
  const staffByEmail = new Map(staff.map((s) => [s.email.toLowerCase(), s.name]));
  const staffById = new Map(staff.map((s) => [s.userId, s.name]));
  const authorByLogin = new Map(
    parsed.channel.authors.map((a) => {
      const byline = a.displayName || a.login;
      const chosen = options.authors?.[a.login];
      if (chosen === null) return [a.login, byline];
      return [a.login, (chosen !== undefined ? staffById.get(chosen) : undefined) ?? staffByEmail.get(a.email.toLowerCase()) ?? byline];
    }),
  );
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
  const fetcher = createImageFetcher(actor, { allowPrivate: env.WORDPRESS_ALLOW_PRIVATE, files: options.files, failed: state.report.media.failed, since: state.since });
  const attachments = new Map<number, { url: string; title: string }>();
  const titles = new Map<string, string>();
  for (const item of parsed.items) {
    const address = item.attachmentUrl ? absoluteAddress(item.attachmentUrl, site) : null;
    if (!address) continue;
    attachments.set(item.postId, { url: address, title: item.title });
    titles.set(address, item.title);
  }
  const imported = parsed.items.filter((item) => item.status !== null && (item.kind === "post" || item.kind === "page"));
  const units: ({ post: ParsedItem } | { picture: { url: string; title: string } })[] = [...imported.map((post) => ({ post })), ...[...attachments.values()].map((picture) => ({ picture }))];
  const total = units.length;
  const report: ApplyReport = structuredClone(state.report);
  report.skipped = parsed.items.length - imported.length;
  const mediaBefore = { fetched: report.media.fetched, reused: report.media.reused };
  let done = state.done;
  const rules = new Map<string, Omit<RedirectRule, "id">>();
  const redirect = (source: string | null, target: string) => {
    if (source && source !== "/" && source !== target) rules.set(source, { source, target, statusCode: 301 });
  };
  const flush = async () => {
    if (rules.size > 0) await db.transaction((tx) => writeRedirects(tx, [...rules.values()], "wordpress"));
    report.redirects += rules.size;
    rules.clear();
    report.media = { fetched: mediaBefore.fetched + fetcher.report.fetched, reused: mediaBefore.reused + fetcher.report.reused, failed: [...state.report.media.failed, ...fetcher.report.failed] };
    report.totals = { created: 0, updated: 0, unchanged: 0, kept: 0, failed: 0 };
    for (const i of report.items) report.totals[i.outcome]++;
    await limits.onBatch?.({ done, report, since: state.since }, total);
  };

  const batch = limits.batch ?? 10;
  let inBatch = 0;
  while (done < total && done < state.done + window && (limits.deadline === undefined || Date.now() < limits.deadline || inBatch > 0)) {
    const unit = units[done]!;
    if ("picture" in unit) await fetcher.get(unit.picture.url, unit.picture.title);
    else {
      const applied = await applyItem(unit.post, { actor, now, site, fetcher, attachments, titles, categoryOf, authorByLogin });
      report.items.push(applied);
      if (applied.slug !== null && applied.outcome !== "failed") {
        const target = INSIGHT_KIND.paths.public(applied.slug);
        redirect(oldPath(unit.post.body!.link), target);
        redirect(unit.post.kind === "post" ? `/?p=${unit.post.postId}` : `/?page_id=${unit.post.postId}`, target);
      }
    }
    done++;
    if (++inBatch >= batch) {
      await flush();
      inBatch = 0;
    }
  }
  const finished = done >= total;
  if (finished) {
    for (const term of parsed.channel.categories) redirect(oldPath(`/category/${term.slug}/`), "/insights");
    for (const term of parsed.channel.tags) redirect(oldPath(`/tag/${term.slug}/`), "/insights");
  }
  if (inBatch > 0 || rules.size > 0 || done === state.done) await flush();
  await reloadRedirects();
  return { ok: true, state: { done, report, since: state.since }, total, finished };
}

/** What `applyItem` needs from its import: who, when, the old site's address, the pictures and the mappings. */
type ItemContext = {
  actor: CmsActor;
  now: Date;
  site: string;
  fetcher: ReturnType<typeof createImageFetcher>;
  attachments: ReadonlyMap<number, { url: string; title: string }>;
  /** Each attachment's title by its address: the alt text of a picture whose body gives none. */
  titles: ReadonlyMap<string, string>;
  categoryOf: (body: ItemBody) => InsightCategory;
  authorByLogin: ReadonlyMap<string, string>;
};

/** Writes one post or page (with its body) as an article, or finds it unchanged, kept or refused. */
async function applyItem(item: ParsedItem, context: ItemContext): Promise<AppliedItem> {
  const { actor, now, site, fetcher } = context;
  const withBody = item as ParsedItem & { body: ItemBody };
  const kind = item.kind as "post" | "page";
  const { intent, publication } = publicationOf(item);
  const pictures = new Map<string, FetchedImage | null>();
  for (const block of withBody.body.blocks) {
    if (block.type !== "wp-image") continue;
    const address = absoluteAddress(block.src, site);
    if (address && !pictures.has(address)) pictures.set(address, await fetcher.get(address, block.alt || block.caption || context.titles.get(address) || ""));
  }
  const thumbnail = withBody.body.thumbnailId === null ? undefined : context.attachments.get(withBody.body.thumbnailId);
  const cover = thumbnail ? ((await fetcher.get(thumbnail.url, thumbnail.title))?.url ?? null) : null;
  const blocks = articleBlocks(withBody.body.blocks, pictures, site);
  const form = formOf(withBody, context.categoryOf(withBody.body), context.authorByLogin.get(withBody.body.creator) ?? withBody.body.creator, blocks, cover);
  const valid = INSIGHT_KIND.parse(form, intent);
  const base = { kind, postId: item.postId, title: item.title };
  if (!valid.ok) return { ...base, outcome: "failed", slug: null, articleId: null, reason: Object.values(valid.errors).flat().join(" ") };
  const hash = createHash("sha256").update(JSON.stringify([valid.values, publication])).digest("hex");
  const guid = importGuid(item);
  const recordKey = and(eq(wordpressImports.guid, guid), eq(wordpressImports.postId, item.postId));
  const [record] = await db.select().from(wordpressImports).where(recordKey);
  if (!record) {
    const created = await createContent("insight", actor, valid.values, publication, now, importSlug(item));
    await db.insert(wordpressImports).values({ guid, postId: item.postId, kind, targetId: created.id, contentHash: hash, targetVersion: created.version, createdAt: now, updatedAt: now });
    return { ...base, outcome: "created", slug: created.slug, articleId: created.id, reason: null };
  }
  const [article] = await db.select({ slug: insights.slug, version: insights.version }).from(insights).where(eq(insights.id, record.targetId));
  if (!article) return { ...base, outcome: "kept", slug: null, articleId: null, reason: "its article was deleted here: not recreated" };
  const found = { ...base, slug: article.slug, articleId: record.targetId };
  if (record.contentHash === hash) return { ...found, outcome: "unchanged", reason: null };
  if (article.version !== record.targetVersion) return { ...found, outcome: "kept", reason: "changed in the export, but edited here since the last import: kept as edited here" };
  const updated = await updateContent("insight", actor, record.targetId, article.version, valid.values, publication, now);
  if (!updated.ok) return { ...found, outcome: "kept", reason: "edited here while importing: kept as edited here" };
  await db.update(wordpressImports).set({ contentHash: hash, targetVersion: updated.version, updatedAt: now }).where(recordKey);
  return { ...found, outcome: "updated", reason: null };
}

/**
 * Applies the whole import of the export at `file` as `actor`, at `now` (the command line): one
 * `applySteps` over every unit. Returns the report, or `{ ok: false, message }` for a file the dry
 * run refuses.
 */
export async function applyImport(file: string, actor: CmsActor, options: ApplyOptions = {}, now: Date = new Date()): Promise<{ ok: true; report: ApplyReport } | { ok: false; message: string }> {
  const result = await applySteps(file, actor, options, initialApplyState(new Date()), {}, now);
  return result.ok ? { ok: true, report: result.state.report } : result;
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
