/** A section's eyebrow, h2 title and optional lead paragraph, centred or left-aligned. */
import { cn } from "~/utils/cn";

export function SectionHeading({
  id,
  eyebrow,
  title,
  description,
  align = "center",
  inverse = false,
}: {
  id?: string;
  eyebrow?: string;
  title: string;
  description?: string;
  align?: "center" | "left";
  inverse?: boolean;
}) {
  return (
    <div className={cn("max-w-3xl", align === "center" && "mx-auto text-center")}>
      {eyebrow ? (
        <p className={cn("text-sm font-semibold uppercase tracking-[0.2em]", inverse ? "text-teal-300" : "text-primary")}>{eyebrow}</p>
      ) : null}
      <h2 id={id} className={cn("mt-3 text-3xl font-bold tracking-tight sm:text-4xl", inverse ? "text-white" : "text-foreground")}>
        {title}
      </h2>
      {description ? (
        <p className={cn("mt-4 text-lg leading-relaxed", inverse ? "text-slate-200" : "text-slate-600")}>{description}</p>
      ) : null}
    </div>
  );
}
