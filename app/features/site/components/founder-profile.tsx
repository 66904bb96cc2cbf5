/**
 * A founder on /about: portrait, role, bio,
 * headline claims, expertise list and experience entries. Each entry is a button with
 * aria-expanded that toggles its own details (and media) open or closed, independently of the
 * other entries (`app/enhance/disclosure.ts` on the `data-disclosure` buttons). The server sends
 * every entry open, so without JavaScript all details are there to read; the module
 * collapses them (they are far below the fold, so nothing visible moves).
 */
import { ChevronDown } from "lucide-react";
import type { ImageMap } from "~/features/media/resolve.server";
import type { FigureMap } from "~/features/site-pages/pages.server";
import type { AboutContent } from "~/features/site-pages/schemas";
import { cn } from "~/utils/cn";
import { usePageLanguage } from "~/utils/i18n";
import { m } from "~/utils/paraglide/messages";
import { TEAM_IMAGES } from "./media";
import { SiteImage } from "./site-image";

/** A founder or team member of the About page (edited in Admin > Site > About). */
export type Person = AboutContent["team"]["people"][number];

/**
 * A person's photo: the library picture chosen in Admin > Site, or one of the seed's generated
 * team portraits (800 × 1000 px). `sizes` and `className` fit it to its place on the page.
 */
export function Portrait({ person, images, sizes, className }: { person: Person; images: ImageMap; sizes: string; className: string }) {
  return <SiteImage image={person.photo} images={images} generated={TEAM_IMAGES} sizes={sizes} width={800} height={1000} className={className} />;
}

/** One person: `id` prefixes the element ids; highlights show the company figures they name. */
export function FounderProfile({ person: founder, id, figures, images, reverse = false }: { person: Person; id: string; figures: FigureMap; images: ImageMap; reverse?: boolean }) {
  const locale = { locale: usePageLanguage() };
  return (
    <article aria-labelledby={`${id}-name`} className="grid gap-10 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)] lg:gap-16">
      <div className={cn("lg:sticky lg:top-28 lg:self-start", reverse && "lg:order-last")}>
        <Portrait person={founder} images={images} sizes="(min-width: 1024px) 460px, 100vw" className="aspect-[4/5] w-full rounded-2xl object-cover shadow-xl" />
        {founder.highlights.length ? (
          <dl className="mt-6 grid grid-cols-3 gap-3">
            {founder.highlights.map((h) => (
              <div key={h.label} className="flex flex-col rounded-xl bg-accent px-2 py-3 text-center sm:px-3">
                <dt className="text-xs leading-snug text-accent-foreground">{h.label}</dt>
                <dd className="order-first text-base font-bold text-primary sm:text-xl">
                  <bdi dir="ltr">{figures[h.figure]?.value}</bdi>
                </dd>
              </div>
            ))}
          </dl>
        ) : null}
      </div>

      <div>
        <h3 id={`${id}-name`} className="text-3xl font-bold tracking-tight text-foreground">
          {founder.name}
        </h3>
        <p className="mt-2 font-medium text-primary">{founder.role}</p>
        <p className="mt-5 leading-relaxed text-slate-600">{founder.bio}</p>

        <h4 className="mt-8 text-sm font-semibold uppercase tracking-wider text-foreground">{m.about_founder_expertise({}, locale)}</h4>
        <ul className="mt-3 flex flex-wrap gap-2">
          {founder.expertise.map((item) => (
            <li key={item} className="rounded-full border border-teal-200 bg-accent px-3 py-1.5 text-sm text-accent-foreground">
              {item}
            </li>
          ))}
        </ul>

        <h4 className="mt-8 text-sm font-semibold uppercase tracking-wider text-foreground">{m.about_founder_experience({}, locale)}</h4>
        <ol className="mt-3 space-y-3">
          {founder.experience.map((entry, i) => {
            const panelId = `${id}-exp-${i}`;
            return (
              <li key={`${i}-${entry.title}`} className="rounded-xl border bg-white shadow-sm">
                <button
                  type="button"
                  className="group/toggle flex w-full items-start gap-4 rounded-xl p-5 text-start hover:bg-muted/60"
                  aria-expanded={true}
                  aria-controls={panelId}
                  data-disclosure=""
                >
                  <span className="flex flex-1 flex-col items-start gap-2 sm:flex-row sm:gap-4">
                    <span className="mt-0.5 shrink-0 rounded-md bg-primary px-2 py-1 text-xs font-semibold text-white">{entry.year}</span>
                    <span className="flex-1">
                      <span className="block font-semibold text-foreground">{entry.title}</span>
                      <span className="mt-1 block text-sm text-slate-600">{entry.description}</span>
                    </span>
                  </span>
                  <ChevronDown
                    className="mt-1 size-5 shrink-0 text-slate-500 transition-transform group-aria-expanded/toggle:rotate-180"
                    aria-hidden="true"
                  />
                </button>
                <div id={panelId} className="border-t px-5 pb-5 pt-4">
                  {entry.details ? <p className="text-sm leading-relaxed text-slate-700">{entry.details}</p> : null}
                  {entry.media.length ? (
                    <ul className="mt-4 grid gap-3 sm:grid-cols-2">
                      {entry.media.map((item, n) => (
                        <li key={`${n}-${item.file.src}`}>
                          {item.type === "image" ? (
                            <SiteImage
                              image={item.file}
                              images={images}
                              sizes="(min-width: 640px) 320px, 100vw"
                              width={640}
                              height={360}
                              className="aspect-video w-full rounded-lg object-cover"
                            />
                          ) : (
                            <video
                              src={item.file.src}
                              poster={item.poster || undefined}
                              aria-label={item.file.alt}
                              width={640}
                              height={360}
                              controls
                              muted
                              playsInline
                              preload="none"
                              className="aspect-video w-full rounded-lg bg-ink object-cover"
                            />
                          )}
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </div>
              </li>
            );
          })}
        </ol>
      </div>
    </article>
  );
}
