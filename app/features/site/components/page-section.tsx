/**
 * A full-width band of a public page: the section's background (`tone`), the page's side and
 * vertical padding, and the centred 80rem column its content sits in. Name the section by its
 * heading (`labelledBy`, the heading's id) or, without a visible heading, by `label`.
 */
import { cn } from "~/utils/cn";

const tones = {
  plain: "",
  muted: "bg-muted/60",
  ink: "bg-ink text-white",
} as const;

export function PageSection({
  labelledBy,
  label,
  tone = "plain",
  className,
  containerClassName,
  children,
}: {
  labelledBy?: string;
  label?: string;
  tone?: keyof typeof tones;
  /** Added to the section, e.g. `content-visibility` for a band below the fold. */
  className?: string;
  /** Added to the centred column, e.g. a grid. */
  containerClassName?: string;
  children: React.ReactNode;
}) {
  return (
    <section aria-labelledby={labelledBy} aria-label={label} className={cn(tones[tone], "px-4 py-20 sm:px-6 lg:px-8 lg:py-28", className)}>
      <div className={cn("mx-auto max-w-7xl", containerClassName)}>{children}</div>
    </section>
  );
}
