import type { ReactNode } from "react";
import { Link } from "react-router";
import { cn } from "~/utils/cn";

/**
 * A link drawn as the public site's solid teal button, 48 px tall, for the one thing a section
 * asks the visitor to do next ("More about us", "Return to Home"). `children` are its words and
 * icon, in reading order; `className` places it (margins).
 */
export function PrimaryLink({ to, className, children }: { to: string; className?: string; children: ReactNode }) {
  return (
    <Link to={to} className={cn("inline-flex h-12 items-center gap-2 rounded-md bg-primary px-6 font-semibold text-white hover:bg-teal-800", className)}>
      {children}
    </Link>
  );
}
