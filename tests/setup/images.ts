/**
 * Image fixtures for the media tests, made with sharp at test time (no binary files committed):
 * photos with GPS EXIF and an orientation, a real JPEG over 6 MB, a pixel bomb, a truncated JPEG,
 * polyglots, an SVG, a PDF.
 */
import sharp from "sharp";

/** An SVG scene (sky gradient, ground, a few blocks) `width` x `height`, for photo-like test images. */
export function sceneSvg(width: number, height: number): Buffer {
  const blocks = Array.from({ length: 12 }, (_, i) => {
    const w = width / 16;
    const h = (height / 3) * (0.4 + ((i * 37) % 10) / 10);
    return `<rect x="${(i * width) / 12}" y="${height * 0.75 - h}" width="${w}" height="${h}" fill="hsl(${170 + i * 7},40%,${20 + (i % 4) * 8}%)"/>`;
  }).join("");
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#0b3b38"/><stop offset="1" stop-color="#f6d58e"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#s)"/><rect y="${height * 0.75}" width="100%" height="${height * 0.25}" fill="#23302c"/>${blocks}<circle cx="${width * 0.7}" cy="${height * 0.3}" r="${height / 10}" fill="#fff3c4"/></svg>`,
  );
}

/** A photo-like JPEG `width` x `height`, optionally with GPS EXIF and an EXIF orientation. */
export async function photoJpeg(width = 1600, height = 1000, options: { gps?: boolean; orientation?: number; quality?: number } = {}): Promise<Buffer> {
  let image = sharp(sceneSvg(width, height)).jpeg({ quality: options.quality ?? 80 });
  if (options.gps) {
    image = image.withExif({
      IFD0: { Make: "TestCam", Model: "GPS-1", Copyright: "Secret Location Ltd" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "51/1 30/1 2600/100", GPSLongitudeRef: "W", GPSLongitude: "0/1 7/1 3900/100" },
    });
  }
  if (options.orientation) image = image.withMetadata({ orientation: options.orientation });
  return image.toBuffer();
}

/**
 * A real JPEG of at least `minBytes` (default 6 MB): camera-like noise at quality 95, which barely
 * compresses (about 0.9 byte per pixel), grown until it passes the size. Decodes as a valid image.
 */
export async function largeJpeg(minBytes = 6 * 1024 * 1024): Promise<Buffer> {
  let width = Math.ceil(Math.sqrt((minBytes / 0.85) * 1.5));
  for (;;) {
    const height = Math.round(width / 1.5);
    const jpeg = await sharp({ create: { width, height, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 60 } } })
      .jpeg({ quality: 95 })
      .toBuffer();
    if (jpeg.length >= minBytes) return jpeg;
    width = Math.ceil(width * 1.1);
  }
}

/** A small PNG with transparency. */
export async function smallPng(width = 200, height = 120): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 10, g: 120, b: 110, alpha: 0.5 } } }).png().toBuffer();
}

/** A PNG that is small on disk but 64 megapixels decoded (a decompression bomb). */
export async function pixelBombPng(): Promise<Buffer> {
  return sharp({ create: { width: 8000, height: 8000, channels: 3, background: "#ffffff" } }).png({ compressionLevel: 9 }).toBuffer();
}

/** The first half of a real JPEG. */
export async function truncatedJpeg(): Promise<Buffer> {
  const full = await photoJpeg(800, 600);
  return full.subarray(0, Math.floor(full.length / 2));
}

/** A real JPEG with an HTML script appended: a JPEG/HTML polyglot. */
export async function polyglotJpeg(): Promise<Buffer> {
  return Buffer.concat([await photoJpeg(300, 200), Buffer.from("<html><script>alert(document.cookie)</script></html>")]);
}

export const SVG_IMAGE = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');

/** A minimal PDF document (what a person might pick by mistake, or rename to .jpg). */
export const PDF_DOCUMENT = Buffer.from(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
);
