/**
 * The article's reading-progress bar (`[data-reading-progress]`, a `progressbar`): the scroll
 * position as a percentage of the scrollable height, clamped to 0-100, on every scroll and resize.
 */

/** Percentage scrolled, clamped to 0-100 (0 when the page does not scroll). */
export function scrollPercent(scrollTop: number, scrollHeight: number, viewportHeight: number): number {
  const scrollable = scrollHeight - viewportHeight;
  if (scrollable <= 0) return 0;
  return Math.min(100, Math.max(0, Math.round((scrollTop / scrollable) * 100)));
}

export function enhanceReadingProgress() {
  const bar = document.querySelector<HTMLElement>("[data-reading-progress]");
  const fill = bar?.firstElementChild as HTMLElement | null | undefined;
  if (!bar || !fill) return;
  let frame = 0;
  const update = () => {
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(() => {
      const value = scrollPercent(window.scrollY, document.documentElement.scrollHeight, window.innerHeight);
      bar.setAttribute("aria-valuenow", String(value));
      fill.style.width = `${value}%`;
    });
  };
  update();
  window.addEventListener("scroll", update, { passive: true });
  window.addEventListener("resize", update);
}
