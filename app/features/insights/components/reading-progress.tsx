/**
 * The reading-progress bar of an article (`shared/spec/public-site.md` section 2 "/insights/{slug}"):
 * fixed at the top of the page, the scroll position as a percentage of the scrollable height,
 * clamped to 0-100 and exposed as a `progressbar`.
 */
import { useEffect, useState } from "react";

/** Percentage scrolled, clamped to 0-100 (0 when the page does not scroll). */
export function scrollPercent(scrollTop: number, scrollHeight: number, viewportHeight: number): number {
  const scrollable = scrollHeight - viewportHeight;
  if (scrollable <= 0) return 0;
  return Math.min(100, Math.max(0, Math.round((scrollTop / scrollable) * 100)));
}

export function ReadingProgress() {
  const [value, setValue] = useState(0);
  useEffect(() => {
    let frame = 0;
    const update = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const doc = document.documentElement;
        setValue(scrollPercent(window.scrollY, doc.scrollHeight, window.innerHeight));
      });
    };
    update();
    window.addEventListener("scroll", update, { passive: true });
    window.addEventListener("resize", update);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener("scroll", update);
      window.removeEventListener("resize", update);
    };
  }, []);
  return (
    <div
      role="progressbar"
      aria-label="Reading progress"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
      className="fixed inset-x-0 top-0 z-[70] h-1 bg-transparent"
    >
      <div className="h-full origin-left bg-primary transition-[width] duration-75" style={{ width: `${value}%` }} />
    </div>
  );
}
