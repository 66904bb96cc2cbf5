import { Label as LabelPrimitive } from "radix-ui";
import { cn } from "~/utils/cn";

export function Label({ className, ...props }: React.ComponentProps<typeof LabelPrimitive.Root>) {
  return (
    <LabelPrimitive.Root
      className={cn("text-sm font-medium leading-none text-foreground peer-disabled:opacity-70", className)}
      {...props}
    />
  );
}
