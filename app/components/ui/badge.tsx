import { cva, type VariantProps } from "class-variance-authority";
import { cn } from "~/utils/cn";

export const badgeVariants = cva(
  "inline-flex items-center gap-1 rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap",
  {
    variants: {
      variant: {
        default: "border-transparent bg-primary text-primary-foreground",
        secondary: "border-transparent bg-secondary text-secondary-foreground",
        outline: "text-foreground",
        soft: "border-transparent bg-primary-soft text-accent-foreground",
        green: "border-transparent bg-green-100 text-green-800",
        red: "border-transparent bg-red-100 text-red-800",
        blue: "border-transparent bg-blue-100 text-blue-800",
        grey: "border-transparent bg-slate-200 text-slate-800",
        purple: "border-transparent bg-purple-100 text-purple-800",
        yellow: "border-transparent bg-yellow-100 text-yellow-900",
        orange: "border-transparent bg-orange-100 text-orange-900",
      },
    },
    defaultVariants: { variant: "default" },
  },
);

export function Badge({
  className,
  variant,
  ...props
}: React.ComponentProps<"span"> & VariantProps<typeof badgeVariants>) {
  return <span className={cn(badgeVariants({ variant }), className)} {...props} />;
}
