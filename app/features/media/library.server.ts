/**
 * The media library: every uploaded image once, with its alt text,
 * focal point and size; reusable from any project or article through `ImagePicker`. Content
 * columns (`cms_projects.hero_image`, `cms_projects.images[]`, `insights.hero_image`,
 * `insights.author_image`) store an image's public URL, and an article's image blocks
 * (`insights.content`) its id; an image still named there cannot be deleted.
 */
import { randomBytes } from "node:crypto";
import path from "node:path";
import { arrayOverlaps, desc, eq, ilike, inArray, or, sql } from "drizzle-orm";
import { type Database, db, type Transaction } from "~/db/client.server";
import { containsPattern } from "~/db/sql";
import { cmsProjects, contentTranslations, insights, media, type MediaVariant, sitePages, type TranslationDocument } from "~/db/schema";
import { type AuditActor, recordAudit } from "~/features/audit/audit.server";
import { SITE_PAGE_TITLES } from "~/utils/domain";
import { env } from "~/utils/env.server";
import { ACCEPTED_IMAGE_TYPES, type AcceptedImageType, ImageRejectedError, inspectImage, MAX_UPLOAD_BYTES, processImage, UPLOAD_MESSAGES } from "./pipeline.server";
import { imageIdsOf, type MediaItem } from "./rules";
import { type FileStorage, MEDIA_PREFIX, storage } from "./storage.server";

export type { MediaItem };


type MediaRow = typeof media.$inferSelect;

/** A row as a `MediaItem`, URLs from the given storage. */
export function toMediaItem(row: MediaRow, files: FileStorage = storage()): MediaItem {
  const thumb = row.variants.find((v) => v.format === "webp") ?? null;
  return {
    id: row.id,
    url: files.publicUrl(row.storageKey),
    thumbnailUrl: files.publicUrl(thumb?.key ?? row.storageKey),
    originalName: row.originalName,
    contentType: row.contentType,
    width: row.width,
    height: row.height,
    bytes: row.bytes,
    altText: row.altText,
    focalX: row.focalX,
    focalY: row.focalY,
    placeholder: row.placeholder,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The stored name of an upload: a random part, a timestamp (ms since the epoch)
 * and the original extension, under `project-images/`, e.g. `project-images/9f2c41d07ab3e815-1763880000000.jpg`.
 * The original extension is kept when it names the detected type, else the type's own is used.
 */
export function storedName(originalName: string, type: AcceptedImageType, now = Date.now()): string {
  const ext = path.extname(originalName).slice(1).toLowerCase();
  const allowed: readonly string[] = ACCEPTED_IMAGE_TYPES[type];
  return `${MEDIA_PREFIX}/${randomBytes(8).toString("hex")}-${now}.${allowed.includes(ext) ? ext : allowed[0]}`;
}

/** An upload to add to the library. */
export type NewUpload = {
  bytes: Uint8Array;
  originalName: string;
  altText: string;
  createdBy: AuditActor;
  focalX?: number;
  focalY?: number;
};

/**
 * Checks, processes and stores an image, then records it: the files are written first and the
 * row last, and the files are removed again if the row cannot be written, so a refusal or failure
 * leaves nothing behind. Throws `ImageRejectedError` (400 alt text missing, 413 too large, 415 not
 * a JPEG/PNG/WebP or a polyglot, 422 pixel bomb or damaged file) before anything is stored.
 */
export async function addToLibrary(upload: NewUpload, files: FileStorage = storage()): Promise<MediaItem> {
  if (upload.bytes.byteLength > MAX_UPLOAD_BYTES) throw new ImageRejectedError(UPLOAD_MESSAGES.tooLarge, 413);
  const type = await inspectImage(upload.bytes);
  const altText = upload.altText.trim();
  if (!altText) throw new ImageRejectedError(UPLOAD_MESSAGES.altRequired, 400);
  const processed = await processImage(upload.bytes, type);

  const mainKey = storedName(upload.originalName, type);
  const stem = mainKey.replace(/\.[a-z]+$/, "");
  const variants: MediaVariant[] = processed.variants.map((v) => ({
    key: `${stem}-${v.width}.${v.format}`,
    format: v.format,
    width: v.width,
    height: v.height,
    bytes: v.body.byteLength,
  }));
  const written: string[] = [];
  try {
    await files.put(mainKey, processed.main.body, type);
    written.push(mainKey);
    for (const [i, v] of processed.variants.entries()) {
      await files.put(variants[i]!.key, v.body, `image/${v.format}`);
      written.push(variants[i]!.key);
    }
    const row = await db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(media)
        .values({
          storageKey: mainKey,
          originalName: upload.originalName.slice(0, 255),
          contentType: type,
          width: processed.main.width,
          height: processed.main.height,
          bytes: processed.main.body.byteLength,
          altText,
          focalX: upload.focalX ?? 50,
          focalY: upload.focalY ?? 50,
          variants,
          placeholder: processed.placeholder,
          createdBy: upload.createdBy?.email ?? null,
        })
        .returning();
      await recordAudit(tx, { actor: upload.createdBy, action: "media.uploaded", entityType: "media", entityId: inserted!.id, details: { name: upload.originalName } });
      return inserted!;
    });
    return toMediaItem(row, files);
  } catch (error) {
    await files.delete(written).catch(() => undefined);
    throw error;
  }
}

/**
 * The media library's search and filter: `q` matches alt text or file name (a literal,
 * case-insensitive substring); `unused` keeps the images no project or article names (see
 * `findUsages`: hero images, galleries, author images, article image blocks) and no page of the
 * site studio names in its working, published or scheduled version (hero slides,
 * portraits, logos...).
 */
export type LibraryFilters = { q?: string; unused?: boolean };

/** The library images matching `filters` (every image by default), newest first. */
export async function listLibrary(filters: LibraryFilters = {}, files: FileStorage = storage()): Promise<MediaItem[]> {
  const q = filters.q?.trim();
  const rows = await db
    .select()
    .from(media)
    .where(q ? or(ilike(media.altText, containsPattern(q)), ilike(media.originalName, containsPattern(q))) : undefined)
    .orderBy(desc(media.createdAt), desc(media.id));
  if (!filters.unused || rows.length === 0) return rows.map((row) => toMediaItem(row, files));
  const used = await usedImages();
  return rows.filter((row) => !used.ids.has(row.id) && !urlsOf(row, files).some((url) => used.urls.has(url))).map((row) => toMediaItem(row, files));
}

/** The media ids the article body of a translation names in its working, published or scheduled version (ADR 33). */
function translatedBodyIds(row: { draft: TranslationDocument; published: TranslationDocument | null; scheduled: TranslationDocument | null }): string[] {
  return [row.draft, row.published, row.scheduled].flatMap((doc) => {
    const body = doc?.fields.content;
    return Array.isArray(body) ? imageIdsOf(body) : [];
  });
}

/**
 * Every image URL a project or article field names and every address anywhere in a site page's
 * draft, published or scheduled content; and every media id an article body names, in English or
 * in a translation (what `findUsages` reads).
 */
async function usedImages(): Promise<{ urls: Set<string>; ids: Set<string> }> {
  const [projects, articles, pages, translations] = await Promise.all([
    db.select({ heroImage: cmsProjects.heroImage, images: cmsProjects.images }).from(cmsProjects),
    db.select({ heroImage: insights.heroImage, authorImage: insights.authorImage, content: insights.content }).from(insights),
    db.select({ draft: sitePages.draft, published: sitePages.published, scheduled: sitePages.scheduled }).from(sitePages),
    db
      .select({ draft: contentTranslations.draft, published: contentTranslations.published, scheduled: contentTranslations.scheduled })
      .from(contentTranslations)
      .where(eq(contentTranslations.entityType, "insight")),
  ]);
  const urls = new Set<string>();
  const ids = new Set<string>();
  for (const p of projects) for (const url of [p.heroImage, ...(p.images ?? [])]) if (url) urls.add(url);
  for (const a of articles) {
    for (const url of [a.heroImage, a.authorImage]) if (url) urls.add(url);
    for (const id of imageIdsOf(Array.isArray(a.content) ? a.content : [])) ids.add(id);
  }
  for (const page of pages) for (const content of [page.draft, page.published, page.scheduled]) addAddresses(content, urls);
  for (const t of translations) for (const id of translatedBodyIds(t)) ids.add(id);
  return { urls, ids };
}

/** Adds to `into` every string in `value` (walked through arrays and objects) that is an address: a site path or an http(s) URL. */
function addAddresses(value: unknown, into: Set<string>): void {
  if (typeof value === "string") {
    if (/^(?:\/[^/]|https?:\/\/)/.test(value)) into.add(value);
  } else if (Array.isArray(value)) {
    for (const item of value) addAddresses(item, into);
  } else if (value && typeof value === "object") {
    for (const item of Object.values(value)) addAddresses(item, into);
  }
}

/** Which of `ids` (media library ids) name no library image; each returned once, lower case. */
export async function missingMediaIds(ids: readonly string[]): Promise<string[]> {
  const wanted = [...new Set(ids.map((id) => id.toLowerCase()))];
  if (wanted.length === 0) return [];
  const found = await db.select({ id: media.id }).from(media).where(inArray(media.id, wanted));
  const known = new Set(found.map((row) => row.id));
  return wanted.filter((id) => !known.has(id));
}

/** Where an image is used: the project, article or site page and the field naming it ("content" for a page). */
export type MediaUsage = {
  kind: "project" | "insight" | "page";
  id: string;
  title: string;
  field: "hero image" | "gallery" | "author image" | "article body" | "translated article body" | "content";
};

/**
 * Every project and article field that names one of `urls` (hero image, gallery, author image),
 * every article whose body, in English or in a translation, has an image block of the library
 * image `mediaId` (when given), and every site page whose draft, published or scheduled content
 * names one of `urls`.
 */
export async function findUsages(urls: readonly string[], executor: Database | Transaction = db, mediaId?: string): Promise<MediaUsage[]> {
  if (urls.length === 0 && !mediaId) return [];
  const list = [...urls];
  // jsonb containment: a body holding an image block of this id (works on PostgreSQL and PGlite).
  const inBody = mediaId ? sql`${insights.content} @> ${JSON.stringify([{ type: "image", mediaId }])}::jsonb` : sql`false`;
  // One query after another: inside a transaction they share one connection, which runs one
  // statement at a time (node-postgres deprecates queueing a second on a busy client).
  const projects = await executor
    .select({ id: cmsProjects.id, title: cmsProjects.title, heroImage: cmsProjects.heroImage, images: cmsProjects.images })
    .from(cmsProjects)
    .where(or(inArray(cmsProjects.heroImage, list), arrayOverlaps(cmsProjects.images, list)));
  const articles = await executor
    .select({ id: insights.id, title: insights.title, heroImage: insights.heroImage, authorImage: insights.authorImage, content: insights.content })
    .from(insights)
    .where(or(inArray(insights.heroImage, list), inArray(insights.authorImage, list), inBody));
  const pages = await executor.select({ id: sitePages.id, key: sitePages.key, draft: sitePages.draft, published: sitePages.published, scheduled: sitePages.scheduled }).from(sitePages);
  const translations = mediaId
    ? await executor
        .select({ id: insights.id, title: insights.title, draft: contentTranslations.draft, published: contentTranslations.published, scheduled: contentTranslations.scheduled })
        .from(contentTranslations)
        .innerJoin(insights, eq(insights.id, contentTranslations.entityId))
        .where(eq(contentTranslations.entityType, "insight"))
    : [];
  const usages: MediaUsage[] = [];
  for (const p of projects) {
    if (p.heroImage && list.includes(p.heroImage)) usages.push({ kind: "project", id: p.id, title: p.title, field: "hero image" });
    if ((p.images ?? []).some((u) => list.includes(u))) usages.push({ kind: "project", id: p.id, title: p.title, field: "gallery" });
  }
  for (const a of articles) {
    if (a.heroImage && list.includes(a.heroImage)) usages.push({ kind: "insight", id: a.id, title: a.title, field: "hero image" });
    if (a.authorImage && list.includes(a.authorImage)) usages.push({ kind: "insight", id: a.id, title: a.title, field: "author image" });
    if (mediaId && imageIdsOf(Array.isArray(a.content) ? a.content : []).includes(mediaId)) usages.push({ kind: "insight", id: a.id, title: a.title, field: "article body" });
  }
  for (const t of translations) {
    if (mediaId && translatedBodyIds(t).includes(mediaId)) usages.push({ kind: "insight", id: t.id, title: t.title, field: "translated article body" });
  }
  for (const page of pages) {
    const named = new Set<string>();
    for (const content of [page.draft, page.published, page.scheduled]) addAddresses(content, named);
    if (list.some((url) => named.has(url))) usages.push({ kind: "page", id: page.id, title: SITE_PAGE_TITLES[page.key] ?? page.key, field: "content" });
  }
  return usages;
}

/** The URLs content may store for a library image: its public URL, and that URL made absolute. */
function urlsOf(row: MediaRow, files: FileStorage): string[] {
  const url = files.publicUrl(row.storageKey);
  return url.startsWith("/") ? [url, `${new URL(env.PUBLIC_URL).origin}${url}`] : [url];
}

/** Outcome of `updateMediaDetails` and `deleteMedia`. */
export type MediaChangeResult = { ok: true } | { ok: false; status: 400 | 404 | 409; message: string; usages?: MediaUsage[] };

/**
 * Sets an image's alt text (required, trimmed) and focal point (percent from the left and top,
 * integers 0-100). Answers 400 for an empty alt text or a focal point out of range, 404 for an
 * unknown id. Audited.
 */
export async function updateMediaDetails(
  id: string,
  changes: { altText: string; focalX: number; focalY: number },
  actor: AuditActor,
): Promise<MediaChangeResult> {
  const altText = changes.altText.trim();
  if (!altText) return { ok: false, status: 400, message: UPLOAD_MESSAGES.altRequired };
  const inRange = (n: number) => Number.isInteger(n) && n >= 0 && n <= 100;
  if (!inRange(changes.focalX) || !inRange(changes.focalY)) return { ok: false, status: 400, message: "The focal point must be inside the image." };
  return db.transaction(async (tx) => {
    const updated = await tx.update(media).set({ altText, focalX: changes.focalX, focalY: changes.focalY }).where(eq(media.id, id)).returning({ id: media.id });
    if (updated.length === 0) return { ok: false, status: 404, message: "This image no longer exists." } as const;
    await recordAudit(tx, { actor, action: "media.updated", entityType: "media", entityId: id, details: { altText, focalX: changes.focalX, focalY: changes.focalY } });
    return { ok: true } as const;
  });
}

/**
 * Deletes an image and its files, unless a project or article still uses it: then answers 409
 * with the places it is used (so staff can change them first). 404 for an unknown id. The row is
 * deleted before the files, so a visitor never meets a row whose files are gone.
 */
export async function deleteMedia(id: string, actor: AuditActor, files: FileStorage = storage()): Promise<MediaChangeResult> {
  const result = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(media).where(eq(media.id, id)).for("update");
    if (!row) return { ok: false, status: 404, message: "This image no longer exists." } as const;
    const usages = await findUsages(urlsOf(row, files), tx, row.id);
    if (usages.length > 0) {
      return { ok: false, status: 409, message: `This image is still used by ${describeUsages(usages)}. Choose another image there first.`, usages } as const;
    }
    await tx.delete(media).where(eq(media.id, id));
    await recordAudit(tx, { actor, action: "media.deleted", entityType: "media", entityId: id, details: { name: row.originalName } });
    return { ok: true, keys: [row.storageKey, ...row.variants.map((v) => v.key)] } as const;
  });
  if (!result.ok) return result;
  await files.delete(result.keys);
  return { ok: true };
}

/** "the project 'X' (hero image) and the article 'Y' (author image)". */
export function describeUsages(usages: readonly MediaUsage[]): string {
  const parts = usages.map((u) => (u.kind === "page" ? `the site page '${u.title}'` : `the ${u.kind === "project" ? "project" : "article"} '${u.title}' (${u.field})`));
  return parts.length <= 1 ? (parts[0] ?? "") : `${parts.slice(0, -1).join(", ")} and ${parts[parts.length - 1]}`;
}
