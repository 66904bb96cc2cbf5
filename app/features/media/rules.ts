/**
 * The upload rules and messages shared by the browser and the server (5 MB"), and the
 * shape of a library image. Safe for the browser: no server imports.
 */
import type { ActionReply } from "~/utils/forms";

// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE_URL_CHARS = /[\s\u0000-\u001F\u007F-\u00A0\u00AD\u200B-\u200F\u2028-\u202E\u2060-\u2064\uFEFF\\]/;

/**
 * Whether `value` is an image (or video) address the site may store: a site
 * path (`/uploads/a.webp`) or an absolute `http(s)://host/...` address. Refused: protocol-relative
 * addresses and what browsers turn into them (`//host`, `/\host`, `/\t/host`: a browser reads a
 * backslash as a slash and drops tabs and newlines), any backslash, whitespace, control or
 * invisible character anywhere, and every other scheme (`javascript:`, `data:`). Used by the
 * image picker and by the CMS schemas on the server (`~/features/cms/form-values`).
 */
export function isImageUrl(value: string): boolean {
  if (value === "" || UNSAFE_URL_CHARS.test(value)) return false;
  if (value.startsWith("/")) {
    if (value.startsWith("//")) return false;
    const site = "https://site.invalid";
    try {
      return new URL(value, site).origin === site;
    } catch {
      return false;
    }
  }
  try {
    const url = new URL(value);
    return (url.protocol === "https:" || url.protocol === "http:") && /^https?:\/\/[^/]/i.test(value) && url.hostname !== "";
  } catch {
    return false;
  }
}

/** The spec's upload limit: 5 MB, in bytes. */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

/** The upload messages: the spec's fixed wording, and ours for what it does not name. */
export const UPLOAD_MESSAGES = {
  notImage: "Please select an image file",
  tooLarge: "Image must be smaller than 5MB",
  polyglot: "This file contains more than an image (embedded code or a document) and cannot be used",
  tooManyPixels: "The image has too many pixels (at most 40 megapixels)",
  damaged: "The image file is damaged or incomplete",
  altRequired: "Alt text is required: describe the image for people who cannot see it",
} as const;

/** The spec's hint under the file input. */
export const UPLOAD_HINT = "PNG, JPG or WEBP";
/** The `accept` attribute of the file input. */
export const UPLOAD_ACCEPT = "image/png,image/jpeg,image/webp";
/** The spec's preview fallback text. */
export const PREVIEW_FAILED = "Failed to load image";

/**
 * The browser-side check of a chosen file: its declared type must be an image and
 * it must be at most 5 MB. Returns the message to show, or null when the file may be sent (the
 * server then reads the real type from the bytes).
 */
export function checkImageFile(file: { type: string; size: number }): string | null {
  if (!file.type.startsWith("image/")) return UPLOAD_MESSAGES.notImage;
  if (file.size > MAX_UPLOAD_BYTES) return UPLOAD_MESSAGES.tooLarge;
  return null;
}

/**
 * Whether `id` can name a media library image (`media.id`, a UUID, lower or upper case). An
 * article's image block accepts nothing else as its source, so no URL, path, `//host`
 * or `/\host` can reach the page: the renderer draws the library's own files for the id.
 */
export function isMediaId(id: unknown): id is string {
  return typeof id === "string" && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);
}

/**
 * The media library ids an article body's image blocks name (`{ type: "image", mediaId }`, the
 * shape of `InsightBlock` in app/db/schema/content.ts), lower case, in order, without repeats; blocks of
 * other types and ids that are no UUID are passed over.
 */
export function imageIdsOf(blocks: readonly ({ type: string; mediaId?: unknown } | null | undefined)[] | null | undefined): string[] {
  const ids = new Set<string>();
  for (const block of blocks ?? []) if (block && block.type === "image" && isMediaId(block.mediaId)) ids.add(block.mediaId.toLowerCase());
  return [...ids];
}

/** A byte count as people read it: "812 KB", "4.2 MB" (1 KB = 1024 bytes). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** A library image as staff see it. `url` is what content columns store. */
export type MediaItem = {
  id: string;
  url: string;
  /** The smallest WebP variant, for thumbnails. */
  thumbnailUrl: string;
  originalName: string;
  contentType: string;
  width: number;
  height: number;
  /** Bytes of the stored image. */
  bytes: number;
  altText: string;
  /** Focal point (the crop centre) in percent from the left and from the top, 0-100. */
  focalX: number;
  focalY: number;
  placeholder: string;
  /** ISO 8601 instant. */
  createdAt: string;
};

/** The JSON answer of `POST /admin/media/upload`: the new library image, or why it was refused. */
export type UploadResult = ActionReply<{ media: MediaItem }>;

/**
 * A library image ready for a public page (made by `resolveImages` in resolve.server.ts): AVIF and
 * WebP `srcset` strings ("url 320w, url 640w, ..."), the fallback `src` (a WebP), intrinsic size in
 * pixels, the library's alt text, focal point in percent and a blurred data-URL placeholder.
 */
export type ResponsiveImage = {
  src: string;
  avifSrcSet: string;
  webpSrcSet: string;
  width: number;
  height: number;
  alt: string;
  focalX: number;
  focalY: number;
  placeholder: string;
};
