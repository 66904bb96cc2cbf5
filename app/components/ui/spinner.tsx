import { Loader2 } from "lucide-react";
import { cn } from "~/utils/cn";

/** A loading indicator with a text for screen readers (and optionally on screen). */
export function Spinner({ label = "Loading...", showLabel = false, className }: { label?: string; showLabel?: boolean; className?: string }) {
  return (
    <div role="status" className={cn("flex items-center justify-center gap-2 text-muted-foreground", className)}>
      <Loader2 className="size-6 animate-spin text-primary" aria-hidden />
      <span className={showLabel ? "" : "sr-only"}>{label}</span>
    </div>
  );
}
