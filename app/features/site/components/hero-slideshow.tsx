/**
 * The home hero's background: the Home
 * page's slides (1 to 5) cross-fading in order every 6 seconds, then repeating. All are in the
 * server HTML. The first is the page's largest paint: eager, fetchpriority="high", decoded
 * synchronously. The others are `hidden` and `loading="lazy"`, so the browser does not fetch them
 * while the page loads (a lazy image that is not rendered waits): they took bandwidth from the
 * stylesheet and the first image on a slow connection. `app/enhance/hero.ts` shows them once the
 * page has loaded (still transparent, so nothing moves or changes), which fetches them well before
 * their turn, and then moves `data-active` every 6 seconds; CSS does the cross-fade. Without
 * JavaScript or under prefers-reduced-motion there is no rotation, and the others are never fetched.
 * A media-library image is drawn with its AVIF/WebP variants and focal point; a generated
 * placeholder of the seed with its `srcset`.
 */
import type { ImageMap } from "~/features/media/resolve.server";
import { Picture } from "~/features/media/components/picture";
import type { ImageValue } from "~/features/site-pages/fields";
import { HERO_WIDTHS, srcSetFor } from "./media";

const GENERATED_HERO = /^(\/media\/hero\/[\w-]+)-(?:640|1280|1920)\.webp$/;
const SLIDE_CLASS = "absolute inset-0 size-full object-cover opacity-0 transition-opacity duration-[1500ms] ease-in-out data-[active=true]:opacity-100";

export function HeroSlideshow({ slides, images }: { slides: { image: ImageValue }[]; images: ImageMap }) {
  return (
    <div className="absolute inset-0" data-hero="">
      {slides.map(({ image }, i) => {
        const library = images[image.src];
        if (library) return <Picture key={`${i}-${image.src}`} image={library} alt={image.alt} sizes="100vw" priority={i === 0} active={i === 0} hidden={i !== 0} className={SLIDE_CLASS} />;
        const base = GENERATED_HERO.exec(image.src)?.[1];
        return (
          <img
            key={`${i}-${image.src}`}
            src={image.src}
            srcSet={base ? srcSetFor(base, HERO_WIDTHS) : undefined}
            sizes={base ? "100vw" : undefined}
            width={1920}
            height={1080}
            alt={image.alt}
            fetchPriority={i === 0 ? "high" : "low"}
            loading={i === 0 ? "eager" : "lazy"}
            decoding={i === 0 ? "sync" : "async"}
            hidden={i !== 0}
            data-active={i === 0 ? "true" : "false"}
            className={SLIDE_CLASS}
          />
        );
      })}
      <div aria-hidden="true" className="absolute inset-0 bg-gradient-to-r from-ink/90 via-ink/70 to-ink/30" />
      <div aria-hidden="true" className="absolute inset-0 bg-gradient-to-t from-ink/80 via-transparent to-transparent" />
    </div>
  );
}
