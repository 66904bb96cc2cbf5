/**
 * The demo pictures as media-library images (the demo media go through the same
 * pipeline): scripts/generate-content-media.ts renders each scene and runs it through
 * `processImage`, writing the files under app/db/seed/media/files/ and their library rows to
 * app/db/seed/media/manifest.json. Seeding copies the files into the configured storage (local
 * disk or S3) and inserts the rows, so demo projects and articles get AVIF/WebP variants,
 * placeholders and alt text like any upload.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Transaction } from "~/db/client.server";
import { media, type MediaVariant } from "~/db/schema";
import { MEDIA_PREFIX, storage } from "~/features/media/storage.server";
import manifest from "./media/manifest.json";

/** One demo library image as written by the media script. */
export type DemoMediaEntry = {
  storageKey: string;
  originalName: string;
  contentType: "image/webp";
  width: number;
  height: number;
  bytes: number;
  altText: string;
  variants: MediaVariant[];
  placeholder: string;
};

/** Folder of the generated demo files, laid out by storage key. */
export const DEMO_MEDIA_DIR = path.resolve("app/db/seed/media/files");

/** The storage key of a demo picture named e.g. "thames-wharf-mixed-use-tower-1" or "author-priya-raman". */
export function demoMediaKey(name: string): string {
  return `${MEDIA_PREFIX}/demo-${name}.webp`;
}

/** The public URL content stores for a demo picture. */
export function demoMediaUrl(name: string): string {
  return storage().publicUrl(demoMediaKey(name));
}

/** Copies the demo files into storage and inserts their library rows (existing keys are kept). */
export async function seedDemoMedia(tx: Transaction): Promise<void> {
  const entries = manifest as DemoMediaEntry[];
  const files = storage();
  for (const entry of entries) {
    for (const key of [entry.storageKey, ...entry.variants.map((v) => v.key)]) {
      const type = key.endsWith(".avif") ? "image/avif" : "image/webp";
      await files.put(key, await readFile(path.join(DEMO_MEDIA_DIR, key)), type);
    }
  }
  if (entries.length > 0) {
    await tx
      .insert(media)
      .values(entries.map((e) => ({ ...e, createdBy: "demo content" })))
      .onConflictDoNothing();
  }
}
