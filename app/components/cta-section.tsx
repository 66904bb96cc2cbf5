/**
 * The closing call to action used at the end of public pages (home, /about, /services and the
 * service pages).
 */
import { ArrowRight } from "lucide-react";
import { Link } from "react-router";

export type CtaLink = { label: string; href: string };

export type CtaSectionProps = {
  title: string;
  description: string;
  primary: CtaLink;
  secondary?: CtaLink;
};

/** A full-width teal band with a heading, a line of text and one or two buttons. */
export function CtaSection({ title, description, primary, secondary }: CtaSectionProps) {
  return (
    <section className="px-4 py-16 sm:px-6 lg:px-8 lg:py-24" aria-labelledby="cta-heading">
      <div className="relative mx-auto max-w-6xl overflow-hidden rounded-3xl bg-ink px-6 py-14 text-center shadow-xl sm:px-12 lg:py-20">
        <div
          aria-hidden="true"
          className="absolute inset-0 opacity-30 [background-image:linear-gradient(rgba(94,234,212,.15)_1px,transparent_1px),linear-gradient(90deg,rgba(94,234,212,.15)_1px,transparent_1px)] [background-size:48px_48px]"
        />
        <div aria-hidden="true" className="absolute -top-32 left-1/2 size-96 -translate-x-1/2 rounded-full bg-teal-500/30 blur-3xl" />
        <div className="relative">
          <h2 id="cta-heading" className="text-3xl font-bold tracking-tight text-white sm:text-4xl lg:text-5xl">
            {title}
          </h2>
          <p className="mx-auto mt-4 max-w-2xl text-base leading-relaxed text-teal-50 sm:text-lg">{description}</p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <Link
              to={primary.href}
              className="inline-flex h-12 items-center justify-center gap-2 rounded-md bg-teal-400 px-6 text-sm font-bold tracking-wide text-ink transition-colors hover:bg-teal-300"
            >
              {primary.label}
              <ArrowRight className="size-4" aria-hidden="true" />
            </Link>
            {secondary ? (
              <Link
                to={secondary.href}
                className="inline-flex h-12 items-center justify-center rounded-md border border-white/40 px-6 text-sm font-bold tracking-wide text-white transition-colors hover:bg-white/10"
              >
                {secondary.label}
              </Link>
            ) : null}
          </div>
        </div>
      </div>
    </section>
  );
}
