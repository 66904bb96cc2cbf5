/**
 * The home hero's background (`shared/spec/public-site.md` home section 1 and section 9): three
 * images cross-fading in order every 6 seconds, then repeating. All three are in the server HTML
 * (the first with fetchpriority="high" as the page's largest paint, the others low priority), so
 * they are loaded before their turn. No rotation under prefers-reduced-motion. Server markup only:
 * `app/enhance/hero.ts` moves `data-active` every 6 seconds; CSS does the cross-fade.
 */
import { HERO_WIDTHS, srcSetFor } from "./media";

export const heroImages = [
  { base: "/media/hero/hero-1", alt: "" },
  { base: "/media/hero/hero-2", alt: "" },
  { base: "/media/hero/hero-3", alt: "" },
];

export function HeroSlideshow() {
  return (
    <div className="absolute inset-0" aria-hidden="true" data-hero="">
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
          data-active={i === 0 ? "true" : "false"}
          className="absolute inset-0 size-full object-cover opacity-0 transition-opacity duration-[1500ms] ease-in-out data-[active=true]:opacity-100"
        />
      ))}
      <div className="absolute inset-0 bg-gradient-to-r from-ink/90 via-ink/70 to-ink/30" />
      <div className="absolute inset-0 bg-gradient-to-t from-ink/80 via-transparent to-transparent" />
    </div>
  );
}
