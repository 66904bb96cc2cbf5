/**
 * From stored image URLs to what a public page needs to draw them: for each
 * URL of a library image, its AVIF and WebP `srcset`s, intrinsic width and
 * height, alt text, focal point and blurred placeholder. One query per page: a loader collects
 * every URL it will show and calls `resolveImages` once.
 */
import { inArray } from "drizzle-orm";
import { db } from "~/db/client.server";
import { media } from "~/db/schema";
import { isMediaId, type ResponsiveImage } from "./rules";
import { type FileStorage, storage } from "./storage.server";

/** Images by the URL content stores (or by media id); URLs that are not library images are absent. */
export type ImageMap = Record<string, ResponsiveImage>;

/**
 * Resolves `urls` (nulls, blanks and duplicates ignored) to their library images in one query.
 * URLs of other sites, or of files not in the library, are left out: pages draw them as a plain
 * `<img>`. Never throws for an unknown URL.
 */
export async function resolveImages(urls: Iterable<string | null | undefined>): Promise<ImageMap> {
  const files = storage();
  const keys = new Map<string, string>();
  for (const url of urls) {
    if (!url) continue;
    const key = files.keyFromUrl(url);
    if (key) keys.set(url, key);
  }
  if (keys.size === 0) return {};
  const rows = await db.select().from(media).where(inArray(media.storageKey, [...new Set(keys.values())]));
  const byKey = new Map(rows.map((row) => [row.storageKey, row]));
  const images: ImageMap = {};
  for (const [url, key] of keys) {
    const row = byKey.get(key);
    if (row) images[url] = responsiveImage(row, files);
  }
  return images;
}

/**
 * Resolves media library ids (an article's image blocks) to their images in one query,
 * keyed by id. Ids of deleted images are absent; never throws for one that is not a UUID.
 */
export async function resolveMediaIds(ids: readonly string[]): Promise<ImageMap> {
  const valid = [...new Set(ids.filter(isMediaId).map((id) => id.toLowerCase()))];
  if (valid.length === 0) return {};
  const files = storage();
  const rows = await db.select().from(media).where(inArray(media.id, valid));
  return Object.fromEntries(rows.map((row) => [row.id, responsiveImage(row, files)]));
}

/** A library row as a public page draws it: srcsets per format, a WebP fallback of about 960 px. */
function responsiveImage(row: typeof media.$inferSelect, files: FileStorage): ResponsiveImage {
  const srcset = (format: "avif" | "webp") =>
    row.variants
      .filter((v) => v.format === format)
      .sort((a, b) => a.width - b.width)
      .map((v) => `${files.publicUrl(v.key)} ${v.width}w`)
      .join(", ");
  const webps = row.variants.filter((v) => v.format === "webp").sort((a, b) => a.width - b.width);
  const fallback = webps.find((v) => v.width >= 960) ?? webps[webps.length - 1];
  return {
    src: fallback ? files.publicUrl(fallback.key) : files.publicUrl(row.storageKey),
    avifSrcSet: srcset("avif"),
    webpSrcSet: srcset("webp"),
    width: row.width,
    height: row.height,
    alt: row.altText,
    focalX: row.focalX,
    focalY: row.focalY,
    placeholder: row.placeholder,
  };
}
