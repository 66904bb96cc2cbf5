/**
 * The banner at the top of a content page: a dark teal band with a background photograph
 * (decorative: empty alt), an eyebrow, the page's h1 and a lead paragraph. The image is eager with
 * high priority because it is usually the page's largest paint: a media-library image with its
 * AVIF/WebP variants and focal point, a generated placeholder (`/media/hero/...-1280.webp`) with
 * its `srcset`, any other address as is.
 */
import type { ImageMap } from "~/features/media/resolve.server";
import { Picture } from "~/features/media/components/picture";
import { HERO_WIDTHS, srcSetFor } from "./media";

const GENERATED = /^(\/media\/hero\/[\w-]+)-(?:640|1280|1920)\.webp$/;
const IMAGE_CLASS = "absolute inset-0 -z-10 size-full object-cover opacity-60";

export function PageHero({
  eyebrow,
  title,
  description,
  image,
  images = {},
  children,
}: {
  eyebrow: string;
  title: string;
  description: string;
  /** The stored address of the background image (a library image or a generated placeholder). */
  image?: string;
  /** The library images of the page, resolved by its loader. */
  images?: ImageMap;
  children?: React.ReactNode;
}) {
  return (
    <section className="relative isolate overflow-hidden bg-ink">
      {image ? <HeroImage src={image} images={images} /> : null}
      <div aria-hidden="true" className="absolute inset-0 -z-10 bg-gradient-to-r from-ink via-ink/85 to-ink/40" />
      <div className="mx-auto max-w-7xl px-4 py-20 sm:px-6 lg:px-8 lg:py-28">
        <div className="max-w-3xl">
          <p className="text-sm font-semibold uppercase tracking-[0.2em] text-teal-300">{eyebrow}</p>
          <h1 className="mt-4 text-4xl font-bold tracking-tight text-white sm:text-5xl">{title}</h1>
          <p className="mt-6 text-lg leading-relaxed text-slate-200">{description}</p>
          {children}
        </div>
      </div>
    </section>
  );
}

function HeroImage({ src, images }: { src: string; images: ImageMap }) {
  const library = images[src];
  if (library) return <Picture image={library} alt="" sizes="100vw" priority className={IMAGE_CLASS} />;
  const base = GENERATED.exec(src)?.[1];
  return (
    <img
      src={src}
      srcSet={base ? srcSetFor(base, HERO_WIDTHS) : undefined}
      sizes={base ? "100vw" : undefined}
      width={1920}
      height={1080}
      alt=""
      fetchPriority="high"
      className={IMAGE_CLASS}
    />
  );
}
