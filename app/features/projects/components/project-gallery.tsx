/**
 * The project gallery: one large
 * picture with previous and next buttons (wrapping around), an optional caption, and a 4-column
 * thumbnail grid when there is more than one picture. Arrow keys move between pictures when the
 * gallery has focus. Server markup only: every large picture is in the HTML (lazy, all but the
 * first `hidden`, so none loads before it is shown) and `app/enhance/gallery.ts` switches between
 * them. Without JavaScript the first picture shows, the previous and next buttons stay
 * hidden, and each thumbnail is a link to its full-size picture; the module turns the links into
 * the thumbnail buttons (`data-gallery-thumb` holds the button's label). Only on content pages,
 * which React never hydrates, since the module replaces those nodes.
 */
import { ChevronLeft, ChevronRight } from "lucide-react";
import { Picture } from "~/features/media/components/picture";
import type { ResponsiveImage } from "~/features/media/rules";
import type { Language } from "~/utils/i18n";
import { m } from "~/utils/paraglide/messages";

/** A gallery picture: its stored URL, alt text, optional caption and library image (absent for other URLs). */
export type GalleryImage = { src: string; alt: string; caption?: string | null; picture?: ResponsiveImage };

/** The gallery of `images`, its words in the page's `language`. */
export function ProjectGallery({ images, language }: { images: GalleryImage[]; language: Language }) {
  if (images.length === 0) return null;
  const many = images.length > 1;
  const locale = { locale: language };
  const total = String(images.length);

  return (
    <section aria-labelledby="gallery-heading" className="flex flex-col gap-4" data-gallery="">
      <h2 id="gallery-heading" className="text-2xl font-bold tracking-tight">
        {m.gallery_title({}, locale)}
      </h2>
      <figure className="relative overflow-hidden rounded-xl bg-muted">
        {images.map((image, i) => (
          <div key={image.src} hidden={i !== 0} data-gallery-slide="" data-caption={image.caption ?? ""}>
            <Picture
              image={image.picture ?? image.src}
              alt={image.alt}
              sizes="(min-width: 1280px) 800px, (min-width: 1024px) calc(100vw - 480px), 100vw"
              width={1280}
              height={800}
              className="aspect-[16/10] w-full object-cover"
            />
          </div>
        ))}
        {many ? (
          <>
            <StepButton step={-1} label={m.gallery_previous({}, locale)} />
            <StepButton step={1} label={m.gallery_next({}, locale)} />
            <p
              className="absolute end-3 bottom-3 rounded-full bg-black/70 px-3 py-1 text-xs font-semibold text-white tabular-nums"
              aria-live="polite"
              dir="ltr"
              data-gallery-counter=""
            >
              1 / {images.length}
            </p>
          </>
        ) : null}
        <figcaption hidden={!images[0]!.caption} data-gallery-caption="" className="border-t bg-white px-4 py-3 text-sm text-muted-foreground">
          {images[0]!.caption}
        </figcaption>
      </figure>
      {many ? (
        <ul className="grid grid-cols-4 gap-2 sm:gap-3">
          {images.map((image, i) => (
            <li key={image.src}>
              <a
                href={image.picture?.src ?? image.src}
                aria-label={m.gallery_open({ n: String(i + 1), total }, locale)}
                data-gallery-thumb={m.gallery_show({ n: String(i + 1), total }, locale)}
                className="block w-full overflow-hidden rounded-lg opacity-70 ring-primary ring-offset-2 transition hover:opacity-100 aria-pressed:opacity-100 aria-pressed:ring-2"
              >
                <Picture
                  image={image.picture ?? image.src}
                  alt=""
                  sizes="(min-width: 1024px) 200px, 25vw"
                  width={320}
                  height={200}
                  className="aspect-[16/10] w-full object-cover"
                />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/** The previous (-1) or next (1) button over the large picture (at the reading start and end), shown by the gallery module. */
function StepButton({ step, label }: { step: -1 | 1; label: string }) {
  const Icon = step < 0 ? ChevronLeft : ChevronRight;
  return (
    <button
      type="button"
      hidden
      data-gallery-step={String(step)}
      aria-label={label}
      className={`absolute top-1/2 ${step < 0 ? "start-3" : "end-3"} grid size-11 -translate-y-1/2 place-items-center rounded-full bg-white/90 text-foreground shadow-md transition hover:bg-white`}
    >
      <Icon aria-hidden className="size-5 rtl:-scale-x-100" />
    </button>
  );
}
