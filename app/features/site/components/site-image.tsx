/**
 * An image a page of the site studio shows: a media-library image is drawn with its
 * responsive AVIF/WebP variants and focal point (`Picture`); a generated placeholder of the seed
 * in `generated.folder` (`{folder}{name}-{width}.webp`) with its `srcset` of `generated.widths`;
 * any other address as is.
 * The alt text is the page's own (required when publishing).
 */
import type { ImageMap } from "~/features/media/resolve.server";
import { Picture } from "~/features/media/components/picture";
import type { ImageValue } from "~/features/site-pages/fields";
import { srcSetFor } from "./media";

const GENERATED = /^(\/media\/[\w/-]+)-(\d+)\.webp$/;

/** Where the seed's generated placeholders of one kind live, and the widths each was written in. */
export type GeneratedImages = { folder: string; widths: number[] };

export function SiteImage({
  image,
  images,
  generated,
  sizes,
  width,
  height,
  className,
}: {
  image: ImageValue;
  images: ImageMap;
  /** The seed's placeholders this image may be one of (they get a `srcset`). */
  generated?: GeneratedImages;
  sizes: string;
  width: number;
  height: number;
  className?: string;
}) {
  const library = images[image.src];
  if (library) return <Picture image={library} alt={image.alt} sizes={sizes} className={className} />;
  const match = GENERATED.exec(image.src);
  const base = generated && match && match[1]!.startsWith(generated.folder) && generated.widths.includes(Number(match[2])) ? match[1]! : null;
  return (
    <img
      src={image.src}
      srcSet={base ? srcSetFor(base, generated!.widths) : undefined}
      sizes={base ? sizes : undefined}
      width={width}
      height={height}
      alt={image.alt}
      loading="lazy"
      decoding="async"
      className={className}
    />
  );
}
