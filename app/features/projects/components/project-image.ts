/**
 * Responsive variants of the bundled demo images. `scripts/generate-content-media.ts` writes each
 * picture at two widths, `name-640.webp` and `name-1280.webp`; content stores the 1280 one. Other
 * URLs (uploads, external) get no srcset.
 */
export function projectImageSrcSet(url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  const m = /^(\/media\/(?:projects|insights)\/[^?#]+)-1280\.webp$/.exec(url);
  if (!m) return undefined;
  return `${m[1]}-640.webp 640w, ${url} 1280w`;
}
