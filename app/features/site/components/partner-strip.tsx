/**
 * The looping strip of partner logos under its heading (one loop every 20 s), from the Home page:
 * each logo with its alt text, linked when the partner has a link. The list is rendered twice so
 * the CSS marquee (translateX 0 → -50%) loops seamlessly; the copy is hidden from assistive tech
 * and keyboard. Both copies are in the server HTML (the same few logo files, so no extra requests):
 * adding the copy after hydration cost a synchronous re-render and layout in the page's busiest
 * moment. The animation stops under prefers-reduced-motion (app.css).
 */
import type { HomeContent } from "~/features/site-pages/schemas";

export function PartnerStrip({ heading, partners }: HomeContent["partners"]) {
  const copies = [0, 1];
  return (
    <div className="border-t bg-white py-6">
      <p className="text-center text-xs font-semibold uppercase tracking-[0.2em] text-slate-600">{heading}</p>
      <div className="relative mt-5 overflow-hidden [mask-image:linear-gradient(to_right,transparent,black_10%,black_90%,transparent)]">
        <div className="flex w-max animate-marquee hover:[animation-play-state:paused]" data-testid="partner-track">
          {copies.map((copy) => (
            <ul key={copy} className="flex shrink-0 items-center gap-14 pe-14" aria-hidden={copy === 1 ? "true" : undefined}>
              {partners.map((partner, i) => {
                const logo = (
                  <img
                    src={partner.logo.src}
                    alt={copy === 1 ? "" : partner.logo.alt || partner.name}
                    width={280}
                    height={60}
                    loading="lazy"
                    decoding="async"
                    className="h-11 w-auto opacity-90"
                  />
                );
                return (
                  <li key={`${i}-${partner.name}`} className="shrink-0">
                    {partner.url ? (
                      <a href={partner.url} tabIndex={copy === 1 ? -1 : undefined} rel={partner.url.startsWith("/") ? undefined : "noopener"}>
                        {logo}
                      </a>
                    ) : (
                      logo
                    )}
                  </li>
                );
              })}
            </ul>
          ))}
        </div>
      </div>
    </div>
  );
}
