/**
 * The home hero's rotation: the next of
 * the server-rendered images becomes `data-active` every 6 seconds (CSS cross-fades), then
 * the first again. Only the first image loads with the page; the others are `hidden` lazy images
 * (`HeroSlideshow`), shown (still transparent) once the page has loaded, which fetches them. The
 * clock starts then, and a slide whose image has not arrived yet waits for the next turn, so none
 * fades in empty. Nothing moves, and nothing more is fetched, under prefers-reduced-motion.
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
  const start = () => {
    for (const image of images) image.hidden = false;
    window.setInterval(() => {
      const next = nextHeroIndex(index, images.length);
      if (!images[next]!.complete) return;
      index = next;
      images.forEach((image, i) => (image.dataset.active = i === index ? "true" : "false"));
    }, HERO_ROTATION_MS);
  };
  if (document.readyState === "complete") start();
  else window.addEventListener("load", start, { once: true });
}
