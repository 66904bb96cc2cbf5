/**
 * The pictures of a WordPress import: each attachment and each image a body names is fetched
 * from its address through `guardedFetch` (https and public addresses only unless
 * `WORDPRESS_ALLOW_PRIVATE`, at most MAX_UPLOAD_BYTES, MEDIA_TIMEOUT_MS each) and added to the media
 * library by `addToLibrary` (the same checks, variants and storage as an upload). Each address is
 * fetched once per import and recorded in `wordpress_imports` (kind "media", the address as its
 * GUID, post id 0), so a later import reuses the picture instead of fetching it again. An address
 * that cannot be fetched or is not an accepted image is listed with the reason; the import goes on.
 * An import applied a batch at a time makes a fetcher per batch: it hands on the addresses that
 * failed (not tried again) and the instant it began (pictures recorded since are its own, not
 * counted as reused).
 */
import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { media, wordpressImports } from "~/db/schema";
import type { AuditActor } from "~/features/audit/audit.server";
import { addToLibrary, toMediaItem } from "~/features/media/library.server";
import { ImageRejectedError } from "~/features/media/pipeline.server";
import { MAX_UPLOAD_BYTES } from "~/features/media/rules";
import { storage, type FileStorage } from "~/features/media/storage.server";
import { guardedFetch, OutboundError } from "~/utils/public-address.server";

/** The longest one picture may take to download (ms). */
export const MEDIA_TIMEOUT_MS = 20_000;

/** A picture in the library: its id (for body image blocks) and its address (for a cover). */
export type FetchedImage = { id: string; url: string };

/** What the pictures of an import came to: fetched now, reused from an earlier import, and those that failed with the reason. */
export type MediaReport = { fetched: number; reused: number; failed: { url: string; reason: string }[] };

/** What a fetcher starts from: what its import did before this batch (nothing for a whole import). */
export type FetcherOptions = {
  allowPrivate: boolean;
  files?: FileStorage;
  /** Addresses an earlier batch of this import could not fetch: not tried again. */
  failed?: readonly { url: string; reason: string }[];
  /** When the import began: a picture recorded since was fetched by this import, not reused (default: now). */
  since?: Date;
};

/**
 * A fetcher for one import: `get(address, alt)` resolves to the picture in the library, or null
 * when it cannot be had (listed in `report.failed`, unless `options.failed` listed it already).
 * `address` must be absolute; `alt` is the alt text the library keeps (the file name when empty).
 */
export function createImageFetcher(actor: AuditActor, options: FetcherOptions) {
  const files = options.files ?? storage();
  const since = options.since ?? new Date();
  const report: MediaReport = { fetched: 0, reused: 0, failed: [] };
  const seen = new Map<string, Promise<FetchedImage | null>>((options.failed ?? []).map((f) => [f.url, Promise.resolve(null)]));

  async function load(address: string, alt: string): Promise<FetchedImage | null> {
    const key = and(eq(wordpressImports.guid, address), eq(wordpressImports.postId, 0));
    const [record] = await db.select({ targetId: wordpressImports.targetId, createdAt: wordpressImports.createdAt }).from(wordpressImports).where(key);
    if (record) {
      const [row] = await db.select().from(media).where(eq(media.id, record.targetId));
      if (row) {
        if (record.createdAt < since) report.reused++;
        return { id: row.id, url: toMediaItem(row, files).url };
      }
      await db.delete(wordpressImports).where(key);
    }
    try {
      const response = await guardedFetch(address, undefined, { allowPrivate: options.allowPrivate, maxBytes: MAX_UPLOAD_BYTES, timeoutMs: MEDIA_TIMEOUT_MS });
      if (!response.ok) throw new OutboundError(`The server answered ${response.status}.`, "failed");
      const bytes = new Uint8Array(await response.arrayBuffer());
      const name = decodeURIComponent(new URL(address).pathname.split("/").pop() || "image").slice(0, 200);
      const item = await addToLibrary({ bytes, originalName: name, altText: alt.trim() || name, createdBy: actor }, files);
      await db.insert(wordpressImports).values({ guid: address, postId: 0, kind: "media", targetId: item.id, contentHash: createHash("sha256").update(bytes).digest("hex"), targetVersion: 1 });
      report.fetched++;
      return { id: item.id, url: item.url };
    } catch (error) {
      if (!(error instanceof OutboundError || error instanceof ImageRejectedError || error instanceof TypeError || error instanceof URIError)) throw error;
      report.failed.push({ url: address, reason: error.message });
      return null;
    }
  }

  return {
    report,
    get(address: string, alt: string): Promise<FetchedImage | null> {
      let pending = seen.get(address);
      if (!pending) {
        pending = load(address, alt);
        seen.set(address, pending);
      }
      return pending;
    },
  };
}
