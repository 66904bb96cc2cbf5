/**
 * The banner at the top of a fixed-content page: a dark teal band with a placeholder photograph,
 * an eyebrow, the page's h1 and a lead paragraph. The image is eager with high priority because it
 * is usually the page's largest paint.
 */
import { srcSetFor } from "./media";

export function PageHero({
  eyebrow,
  title,
  description,
  image,
  children,
}: {
  eyebrow: string;
  title: string;
  description: string;
  /** Base path of a generated 16:9 image with 640/1280/1920 widths. */
  image?: string;
  children?: React.ReactNode;
}) {
  return (
    <section className="relative isolate overflow-hidden bg-ink">
      {image ? (
        <img
          src={`${image}-1280.webp`}
          srcSet={srcSetFor(image, [640, 1280, 1920])}
          sizes="100vw"
          width={1920}
          height={1080}
          alt=""
          fetchPriority="high"
          className="absolute inset-0 -z-10 size-full object-cover opacity-60"
        />
      ) : null}
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
