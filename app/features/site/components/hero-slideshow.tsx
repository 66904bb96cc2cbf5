/**
 * The home hero's background (`shared/spec/public-site.md` home section 1 and section 9): three
 * images cross-fading in order every 6 seconds, then repeating. All three are in the server HTML
 * (the first with fetchpriority="high" as the page's largest paint, the others low priority), so
 * they are loaded before their turn. No rotation under prefers-reduced-motion.
 */
import { useEffect, useState } from "react";
import { cn } from "~/utils/cn";
import { HERO_WIDTHS, srcSetFor } from "./media";

/** Milliseconds each hero image is shown (spec section 9). */
export const HERO_ROTATION_MS = 6000;

export const heroImages = [
  { base: "/media/hero/hero-1", alt: "" },
  { base: "/media/hero/hero-2", alt: "" },
  { base: "/media/hero/hero-3", alt: "" },
];

/** Next slide index: 0 → 1 → 2 → 0 … */
export function nextHeroIndex(index: number, count = heroImages.length): number {
  return (index + 1) % count;
}

export function HeroSlideshow() {
  const [index, setIndex] = useState(0);

  useEffect(() => {
    if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    const timer = window.setInterval(() => setIndex((i) => nextHeroIndex(i)), HERO_ROTATION_MS);
    return () => window.clearInterval(timer);
  }, []);

  return (
    <div className="absolute inset-0" aria-hidden="true" data-hero-index={index}>
      {heroImages.map((image, i) => (
        <img
          key={image.base}
          src={`${image.base}-1280.webp`}
          srcSet={srcSetFor(image.base, HERO_WIDTHS)}
          sizes="100vw"
          width={1920}
          height={1080}
          alt={image.alt}
          fetchPriority={i === 0 ? "high" : "low"}
          loading="eager"
          decoding={i === 0 ? "sync" : "async"}
          data-active={i === index ? "true" : "false"}
          className={cn(
            "absolute inset-0 size-full object-cover transition-opacity duration-[1500ms] ease-in-out",
            i === index ? "opacity-100" : "opacity-0",
          )}
        />
      ))}
      <div className="absolute inset-0 bg-gradient-to-r from-ink/90 via-ink/70 to-ink/30" />
      <div className="absolute inset-0 bg-gradient-to-t from-ink/80 via-transparent to-transparent" />
    </div>
  );
}
