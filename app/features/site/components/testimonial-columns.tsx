/**
 * Nine testimonials in three auto-scrolling columns (home section 8; 15, 19 and 17 second loops,
 * spec section 9). The second and third columns are hidden on smaller screens. Each column's list
 * is rendered twice for a seamless CSS loop; the copy is hidden from assistive tech. Pure CSS, no
 * script. Motion stops under prefers-reduced-motion (app.css) and pauses on hover. The quotes are
 * edited in Admin > Site > Testimonials (issue 16); a photo replaces the initials when set.
 */
import type { ImageMap } from "~/features/media/resolve.server";
import type { TestimonialsContent } from "~/features/site-pages/schemas";
import { cn } from "~/utils/cn";
import { SiteImage } from "./site-image";

/** One testimonial as staff publish it. */
export type Testimonial = TestimonialsContent["testimonials"][number];

/** Loop duration of each column in seconds (spec section 9). */
export const TESTIMONIAL_DURATIONS = [15, 19, 17] as const;

function initials(name: string) {
  return name
    .replace(/^Dr\.?\s+/, "")
    .split(/\s+/)
    .map((part) => part[0])
    .slice(0, 2)
    .join("");
}

function Quote({ testimonial, images }: { testimonial: Testimonial; images: ImageMap }) {
  return (
    // min-w-0 and overflow-wrap: a long unbroken name or word wraps inside its card instead of running across the next column.
    <figure className="min-w-0 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm [overflow-wrap:anywhere]">
      <blockquote className="text-[0.95rem] leading-relaxed text-slate-700">“{testimonial.text}”</blockquote>
      <figcaption className="mt-5 flex items-center gap-3">
        {testimonial.photo.src ? (
          <SiteImage image={{ ...testimonial.photo, alt: "" }} images={images} sizes="40px" width={40} height={40} className="size-10 shrink-0 rounded-full object-cover" />
        ) : (
          <span aria-hidden="true" className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary-soft text-sm font-bold text-accent-foreground">
            {initials(testimonial.name)}
          </span>
        )}
        <span className="flex min-w-0 flex-col">
          <span className="text-sm font-semibold text-foreground">{testimonial.name}</span>
          <span className="text-sm text-slate-600">{[testimonial.role, testimonial.organisation].filter(Boolean).join(", ")}</span>
        </span>
      </figcaption>
    </figure>
  );
}

export function TestimonialColumns({ testimonials, images }: { testimonials: Testimonial[]; images: ImageMap }) {
  const columns = [testimonials.slice(0, 3), testimonials.slice(3, 6), testimonials.slice(6, 9)];
  const copies = [0, 1];
  return (
    <div
      className="grid max-h-[44rem] grid-cols-1 gap-6 overflow-hidden [mask-image:linear-gradient(to_bottom,transparent,black_12%,black_88%,transparent)] md:grid-cols-2 lg:grid-cols-3">
      {columns.map((column, i) => (
        <div
          key={i}
          data-testid="testimonial-column"
          className={cn("min-w-0", i === 1 && "hidden md:block", i === 2 && "hidden lg:block")}
        >
          <div
            className="flex animate-scroll-up flex-col hover:[animation-play-state:paused]"
            // The theme's --animate-scroll-up resolves its duration at :root, so set it here directly.
            style={{ animationDuration: `${TESTIMONIAL_DURATIONS[i]}s` }}
          >
            {copies.map((copy) => (
              <div key={copy} className="flex flex-col gap-6 pb-6" aria-hidden={copy === 1 ? "true" : undefined}>
                {column.map((t, j) => (
                  <Quote key={`${j}-${t.name}`} testimonial={t} images={images} />
                ))}
              </div>
            ))}
          </div>
        </div>
      ))}
    </div>
  );
}
