/**
 * A CMS image on a public page: a `<picture>` with AVIF
 * and WebP sources (`srcset` + `sizes`), intrinsic width and height (no layout shift), the focal
 * point as `object-position`, a blurred placeholder behind it, lazy unless `priority` (the page's
 * largest image, which also gets `fetchpriority="high"`). A URL that is not a library image (typed
 * in by staff, or a bundled file) is drawn as a plain `<img>`.
 */
import type { ResponsiveImage } from "../rules";

export type PictureProps = {
  /** The resolved library image, or the stored URL when it is not one. */
  image: ResponsiveImage | string;
  /** Alt text; defaults to the library's. Pass "" for a decorative image. */
  alt?: string;
  /** The `sizes` attribute: how wide the image is drawn at each viewport width. */
  sizes: string;
  /** The page's largest image: eager, `fetchpriority="high"`. */
  priority?: boolean;
  /** Classes of the `<img>` (size, object-fit, position). */
  className?: string;
  /** Fallback intrinsic size for URLs that are not library images. */
  width?: number;
  height?: number;
  /** `data-active` of the `<img>` (the home hero's rotating slides, `app/enhance/hero.ts`). */
  active?: boolean;
  /** The `<img>` starts `hidden` (a lazy image is then not fetched until shown: the hero's later slides). */
  hidden?: boolean;
};

export function Picture({ image, alt, sizes, priority = false, className, width, height, active, hidden }: PictureProps) {
  const dataActive = active === undefined ? undefined : String(active);
  const loading = priority ? "eager" : "lazy";
  const fetchPriority = priority ? "high" : undefined;
  if (typeof image === "string") {
    return <img src={image} alt={alt ?? ""} width={width} height={height} loading={loading} fetchPriority={fetchPriority} decoding="async" hidden={hidden} className={className} data-active={dataActive} />;
  }
  return (
    <picture>
      <source type="image/avif" srcSet={image.avifSrcSet} sizes={sizes} />
      <source type="image/webp" srcSet={image.webpSrcSet} sizes={sizes} />
      <img
        src={image.src}
        alt={alt ?? image.alt}
        width={image.width}
        height={image.height}
        loading={loading}
        fetchPriority={fetchPriority}
        decoding={priority ? "sync" : "async"}
        hidden={hidden}
        className={className}
        data-active={dataActive}
        style={{
          objectPosition: `${image.focalX}% ${image.focalY}%`,
          backgroundImage: `url(${image.placeholder})`,
          backgroundSize: "cover",
          backgroundPosition: `${image.focalX}% ${image.focalY}%`,
        }}
      />
    </picture>
  );
}
