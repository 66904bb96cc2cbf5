/**
 * An image a page of the site studio shows (issue 16): a media-library image is drawn with its
 * responsive AVIF/WebP variants and focal point (`Picture`); a generated placeholder of the seed
 * (`/media/.../{name}-{width}.webp`) with its `srcset` of `widths`; any other address as is.
 * The alt text is the page's own (required when publishing).
 */
import type { ImageMap } from "~/features/media/resolve.server";
import { Picture } from "~/features/media/components/picture";
import type { ImageValue } from "~/features/site-pages/fields";
import { srcSetFor } from "./media";

const GENERATED = /^(\/media\/[\w/-]+)-(\d+)\.webp$/;

export function SiteImage({
  image,
  images,
  widths,
  sizes,
  width,
  height,
  className,
}: {
  image: ImageValue;
  images: ImageMap;
  /** Widths the generated placeholder exists in. */
  widths: number[];
  sizes: string;
  width: number;
  height: number;
  className?: string;
}) {
  const library = images[image.src];
  if (library) return <Picture image={library} alt={image.alt} sizes={sizes} className={className} />;
  const generated = widths.length ? GENERATED.exec(image.src) : null;
  return (
    <img
      src={image.src}
      srcSet={generated ? srcSetFor(generated[1]!, widths) : undefined}
      sizes={generated ? sizes : undefined}
      width={width}
      height={height}
      alt={image.alt}
      loading="lazy"
      decoding="async"
      className={className}
    />
  );
}
