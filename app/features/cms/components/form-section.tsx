import { Card } from "~/components/ui/card";

/** A titled card grouping the fields of a project or post form. */
export function FormSection({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card className="flex flex-col gap-4 p-5">
      <h2 className="text-lg font-semibold">{title}</h2>
      {children}
    </Card>
  );
}
