/**
 * The home hero's rotation: the next of
 * the three server-rendered images becomes `data-active` every 6 seconds (CSS cross-fades), then
 * the first again. The clock starts once the page has loaded (the three eager images included), so
 * no slide fades in before its image is there. Nothing moves under prefers-reduced-motion.
 */

/** Milliseconds each hero image is shown. */
export const HERO_ROTATION_MS = 6000;

/** Next slide index: 0 → 1 → 2 → 0 … */
export function nextHeroIndex(index: number, count: number): number {
  return (index + 1) % count;
}

export function enhanceHero() {
  const hero = document.querySelector<HTMLElement>("[data-hero]");
  if (!hero || window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
  const images = [...hero.querySelectorAll<HTMLImageElement>("img[data-active]")];
  if (images.length < 2) return;
  let index = 0;
  const start = () =>
    window.setInterval(() => {
      index = nextHeroIndex(index, images.length);
      images.forEach((image, i) => (image.dataset.active = i === index ? "true" : "false"));
    }, HERO_ROTATION_MS);
  if (document.readyState === "complete") start();
  else window.addEventListener("load", start, { once: true });
}
