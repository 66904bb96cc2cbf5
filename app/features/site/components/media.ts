/**
 * Helpers for the generated placeholder media (scripts/generate-site-media.ts): files are named
 * `${base}-${width}.webp`.
 */

/** `srcset` for a generated image base path and its widths, e.g. "/media/hero/hero-1-640.webp 640w, ...". */
export function srcSetFor(base: string, widths: number[]): string {
  return widths.map((w) => `${base}-${w}.webp ${w}w`).join(", ");
}

/** Widths written for each kind of generated image. */
export const HERO_WIDTHS = [640, 1280, 1920];
export const TEAM_WIDTHS = [400, 800];

/** The founders' and team's generated portraits (4:5), for `SiteImage`. */
export const TEAM_IMAGES = { folder: "/media/team/", widths: TEAM_WIDTHS };

/** The generated landscape placeholders (16:9, the hero's) at the widths a picture beside text needs, for `SiteImage`. */
export const BESIDE_TEXT_IMAGES = { folder: "/media/hero/", widths: [640, 1280] };

/**
 * A 16:9 picture beside text: half the page on desktop (600 CSS px), the full width on phones
 * (the home page's about block, each service pillar). Spread into `SiteImage`.
 */
export const BESIDE_TEXT_PICTURE = { sizes: "(min-width: 1024px) 600px, 100vw", width: 1280, height: 720 };
