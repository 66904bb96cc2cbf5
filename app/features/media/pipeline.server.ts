/**
 * The image pipeline of the media library (`docs/design.md` section 7): whatever the browser
 * claims, the bytes decide.
 *
 * 1. `inspectImage`: the type is read from the bytes with file-type (JPEG, PNG, WebP only; SVG,
 *    HTML, PDF and unknown bytes are refused), and an image that also carries markup or a PDF
 *    (a polyglot) is refused.
 * 2. `processImage`: sharp decodes with a pixel limit (decompression bombs refused) and
 *    `failOn: "error"` (truncated or corrupt files refused), applies the EXIF orientation, and
 *    re-encodes, so EXIF, GPS and any other metadata are gone from every file written. It makes the
 *    stored image (at most 2560 px on its longer side), AVIF and WebP variants at `VARIANT_WIDTHS`
 *    (never enlarged) and a tiny blurred placeholder.
 *
 * Refusals throw `ImageRejectedError` with the message a person sees and an HTTP status.
 */
import { fileTypeFromBuffer } from "file-type";
import pLimit from "p-limit";
import sharp, { type OutputInfo } from "sharp";
import { MAX_UPLOAD_BYTES, UPLOAD_MESSAGES } from "./rules";

export { MAX_UPLOAD_BYTES, UPLOAD_MESSAGES };

/** The largest decoded image accepted, in pixels (a 24-megapixel camera photo passes). */
export const MAX_INPUT_PIXELS = 40_000_000;
/** The longer side of the stored image, in pixels. */
export const MAX_STORED_SIDE = 2560;
/** Widths of the responsive variants, in pixels; only those not wider than the image are made. */
export const VARIANT_WIDTHS = [320, 640, 960, 1280, 1920] as const;

/** The accepted types and the file extensions each may keep. */
export const ACCEPTED_IMAGE_TYPES = {
  "image/jpeg": ["jpg", "jpeg"],
  "image/png": ["png"],
  "image/webp": ["webp"],
} as const;

export type AcceptedImageType = keyof typeof ACCEPTED_IMAGE_TYPES;

/** A refused upload: `message` is shown to the person, `status` is the HTTP status to answer. */
export class ImageRejectedError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 413 | 415 | 422,
  ) {
    super(message);
    this.name = "ImageRejectedError";
  }
}

/** Markup, script or a PDF inside image bytes: the signs of a polyglot file. */
const EMBEDDED_CODE = /<\s*(?:script|html|svg|iframe|object|embed|body)\b|<\?php|%PDF-/i;

/**
 * The accepted type of `bytes`, read from the bytes themselves.
 * Throws `ImageRejectedError` 415 'Please select an image file' for anything but JPEG, PNG or WebP
 * (SVG is text: file-type does not detect it, and unknown bytes are refused), and 415 for an image
 * that also contains markup, script or a PDF.
 */
export async function inspectImage(bytes: Uint8Array): Promise<AcceptedImageType> {
  const detected = await fileTypeFromBuffer(bytes);
  if (!detected || !(detected.mime in ACCEPTED_IMAGE_TYPES)) {
    throw new ImageRejectedError(UPLOAD_MESSAGES.notImage, 415);
  }
  if (EMBEDDED_CODE.test(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("latin1"))) {
    throw new ImageRejectedError(UPLOAD_MESSAGES.polyglot, 415);
  }
  return detected.mime as AcceptedImageType;
}

/** One encoded output of the pipeline. */
export type EncodedImage = { format: "avif" | "webp"; width: number; height: number; body: Buffer };

/** What `processImage` makes; dimensions in pixels after the orientation was applied. */
export type ProcessedImage = {
  /** The stored image, re-encoded in the upload's own type, without metadata. */
  main: { body: Buffer; width: number; height: number; contentType: AcceptedImageType };
  /** AVIF and WebP at each width of `variantWidths(main.width)`, narrowest first. */
  variants: EncodedImage[];
  /** A `data:image/webp;base64,...` URL of a 16 px wide blurred copy (a few hundred bytes). */
  placeholder: string;
};

/** The variant widths for an image `width` pixels wide: `VARIANT_WIDTHS` below it, plus its own (capped). */
export function variantWidths(width: number): number[] {
  const largest = Math.min(width, VARIANT_WIDTHS[VARIANT_WIDTHS.length - 1]);
  return [...new Set([...VARIANT_WIDTHS.filter((w) => w < largest), largest])];
}

/**
 * One image is processed at a time per process: sharp runs on libuv's thread pool, which also
 * serves zlib (response compression) and file reads, so parallel uploads would stall every page.
 * Others wait in this queue (memory stays bounded to one decoded image).
 */
const processing = pLimit(1);

/**
 * Decodes, orients, strips and re-encodes an image whose type `inspectImage` accepted (queued:
 * one at a time per process). Throws `ImageRejectedError` 422 for a decompression bomb (over
 * `MAX_INPUT_PIXELS`) or a truncated or corrupt file. Nothing is written anywhere: the caller
 * stores the result.
 */
export function processImage(bytes: Uint8Array, type: AcceptedImageType): Promise<ProcessedImage> {
  return processing(() => encodeAll(bytes, type));
}

async function encodeAll(bytes: Uint8Array, type: AcceptedImageType): Promise<ProcessedImage> {
  let raw: { data: Buffer; info: OutputInfo };
  try {
    raw = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error", sequentialRead: true })
      .rotate()
      .resize({ width: MAX_STORED_SIDE, height: MAX_STORED_SIDE, fit: "inside", withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (/pixel limit/i.test(message)) throw new ImageRejectedError(UPLOAD_MESSAGES.tooManyPixels, 422);
    throw new ImageRejectedError(UPLOAD_MESSAGES.damaged, 422);
  }
  const { width, height, channels } = raw.info;
  const decoded = () => sharp(raw.data, { raw: { width, height, channels } });

  const encodeMain = decoded();
  const mainBody = await (type === "image/jpeg"
    ? encodeMain.jpeg({ quality: 85, mozjpeg: true })
    : type === "image/png"
      ? encodeMain.png({ compressionLevel: 9 })
      : encodeMain.webp({ quality: 85 })
  ).toBuffer();

  const variants: EncodedImage[] = [];
  for (const w of variantWidths(width)) {
    const h = Math.max(1, Math.round((height * w) / width));
    const resized = await decoded().resize({ width: w, height: h, fit: "fill" }).raw().toBuffer();
    const scaled = () => sharp(resized, { raw: { width: w, height: h, channels } });
    variants.push({ format: "avif", width: w, height: h, body: await scaled().avif({ quality: 55, effort: 3 }).toBuffer() });
    variants.push({ format: "webp", width: w, height: h, body: await scaled().webp({ quality: 75 }).toBuffer() });
  }

  const tiny = await decoded().resize({ width: 16 }).blur(1).webp({ quality: 40 }).toBuffer();
  return {
    main: { body: mainBody, width, height, contentType: type },
    variants,
    placeholder: `data:image/webp;base64,${tiny.toString("base64")}`,
  };
}
