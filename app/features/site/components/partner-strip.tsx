/**
 * The looping strip of placeholder partner logos under 'Trusted by leading organizations
 * worldwide' (home section 1; one loop every 20 s, spec section 9). The list is rendered twice so
 * the CSS marquee (translateX 0 → -50%) loops seamlessly; the copy is hidden from assistive tech.
 * Both copies are in the server HTML (the same few logo files, so no extra requests): adding the
 * copy after hydration cost a synchronous re-render and layout in the page's busiest moment.
 * The animation stops under prefers-reduced-motion (app.css).
 */
import { partners } from "~/content/about";

export function PartnerStrip() {
  const copies = [0, 1];
  return (
    <div className="border-t bg-white py-6">
      <p className="text-center text-xs font-semibold uppercase tracking-[0.2em] text-slate-600">
        Trusted by leading organizations worldwide
      </p>
      <div className="relative mt-5 overflow-hidden [mask-image:linear-gradient(to_right,transparent,black_10%,black_90%,transparent)]">
        <div className="flex w-max animate-marquee hover:[animation-play-state:paused]" data-testid="partner-track">
          {copies.map((copy) => (
            <ul key={copy} className="flex shrink-0 items-center gap-14 pr-14" aria-hidden={copy === 1 ? "true" : undefined}>
              {partners.map((partner) => (
                <li key={partner.name} className="shrink-0">
                  <img
                    src={partner.logo}
                    alt={copy === 1 ? "" : partner.name}
                    width={280}
                    height={60}
                    loading="lazy"
                    decoding="async"
                    className="h-11 w-auto opacity-90"
                  />
                </li>
              ))}
            </ul>
          ))}
        </div>
      </div>
    </div>
  );
}
