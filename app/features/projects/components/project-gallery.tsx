/**
 * The project gallery (`shared/spec/public-site.md` section 2 "/projects/{slug}"): one large
 * picture with previous and next buttons (wrapping around), an optional caption, and a 4-column
 * thumbnail grid when there is more than one picture. Arrow keys move between pictures when the
 * gallery has focus. Server markup only: each thumbnail carries its picture in `data-*`
 * attributes and `app/enhance/gallery.ts` swaps the large picture. Without JavaScript the first
 * picture and all the thumbnails show.
 */
import { ChevronLeft, ChevronRight } from "lucide-react";
import { projectImageSrcSet } from "./project-image";

export type GalleryImage = { src: string; alt: string; caption?: string | null };

export function ProjectGallery({ images, title = "Project gallery" }: { images: GalleryImage[]; title?: string }) {
  if (images.length === 0) return null;
  const current = images[0]!;
  const many = images.length > 1;

  return (
    <section aria-labelledby="gallery-heading" className="flex flex-col gap-4" data-gallery="">
      <h2 id="gallery-heading" className="text-2xl font-bold tracking-tight">
        {title}
      </h2>
      <figure className="relative overflow-hidden rounded-xl bg-muted">
        <img
          src={current.src}
          srcSet={projectImageSrcSet(current.src)}
          sizes="(min-width: 1024px) 800px, 100vw"
          alt={current.alt}
          width={1280}
          height={800}
          loading="lazy"
          decoding="async"
          data-gallery-image=""
          className="aspect-[16/10] w-full object-cover"
        />
        {many ? (
          <>
            <button
              type="button"
              data-gallery-step="-1"
              aria-label="Previous image"
              className="absolute top-1/2 left-3 grid size-11 -translate-y-1/2 place-items-center rounded-full bg-white/90 text-foreground shadow-md transition hover:bg-white"
            >
              <ChevronLeft aria-hidden className="size-5" />
            </button>
            <button
              type="button"
              data-gallery-step="1"
              aria-label="Next image"
              className="absolute top-1/2 right-3 grid size-11 -translate-y-1/2 place-items-center rounded-full bg-white/90 text-foreground shadow-md transition hover:bg-white"
            >
              <ChevronRight aria-hidden className="size-5" />
            </button>
            <p
              className="absolute right-3 bottom-3 rounded-full bg-black/70 px-3 py-1 text-xs font-semibold text-white tabular-nums"
              aria-live="polite"
              data-gallery-counter=""
            >
              1 / {images.length}
            </p>
          </>
        ) : null}
        <figcaption hidden={!current.caption} data-gallery-caption="" className="border-t bg-white px-4 py-3 text-sm text-muted-foreground">
          {current.caption}
        </figcaption>
      </figure>
      {many ? (
        <ul className="grid grid-cols-4 gap-2 sm:gap-3">
          {images.map((image, i) => (
            <li key={image.src}>
              <button
                type="button"
                aria-label={`Show image ${i + 1} of ${images.length}`}
                aria-pressed={i === 0}
                data-gallery-thumb=""
                data-src={image.src}
                data-srcset={projectImageSrcSet(image.src) ?? ""}
                data-alt={image.alt}
                data-caption={image.caption ?? ""}
                className="block w-full overflow-hidden rounded-lg opacity-70 ring-primary ring-offset-2 transition hover:opacity-100 aria-pressed:opacity-100 aria-pressed:ring-2"
              >
                <img
                  src={projectImageSrcSet(image.src) ? image.src.replace(/-1280\.webp$/, "-640.webp") : image.src}
                  alt=""
                  width={320}
                  height={200}
                  loading="lazy"
                  decoding="async"
                  className="aspect-[16/10] w-full object-cover"
                />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
