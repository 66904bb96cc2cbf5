/**
 * An add/remove list (tags, team members, awards; entries added by Enter or a plus button,
 * each removable). Each entry posts as a repeated hidden field
 * `name`; entries are trimmed and repeats ignored here and again on the server.
 */
import { Plus, X } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";

export function ListEditor({
  name,
  label,
  itemLabel,
  defaultValue,
  placeholder,
  errors,
}: {
  name: string;
  label: string;
  /** What one entry is called, for the buttons' accessible names ("tag", "award"). */
  itemLabel: string;
  defaultValue?: readonly string[] | null;
  placeholder?: string;
  errors?: string[];
}) {
  const id = useId();
  const [items, setItems] = useState<string[]>(() => [...(defaultValue ?? [])]);
  const [draft, setDraft] = useState("");
  const add = () => {
    const value = draft.trim();
    if (value && !items.includes(value)) setItems([...items, value]);
    setDraft("");
  };
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex gap-2">
        <Input
          id={id}
          value={draft}
          placeholder={placeholder}
          aria-invalid={errors?.length ? true : undefined}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              e.preventDefault();
              add();
            }
          }}
        />
        <Button type="button" variant="outline" size="icon" onClick={add} aria-label={`Add ${itemLabel}`}>
          <Plus aria-hidden />
        </Button>
      </div>
      {items.length ? (
        <ul className="flex flex-wrap gap-2" aria-label={`${label} added`}>
          {items.map((item) => (
            <li key={item} className="flex max-w-full items-center gap-1 rounded-full bg-accent py-1 pr-1 pl-3 text-sm text-accent-foreground">
              <span className="truncate">{item}</span>
              <input type="hidden" name={name} value={item} />
              <button
                type="button"
                className="rounded-full p-1 hover:bg-background focus-visible:outline-2 focus-visible:outline-ring"
                aria-label={`Remove ${itemLabel} ${item}`}
                onClick={() => setItems(items.filter((i) => i !== item))}
              >
                <X className="size-3.5" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {errors?.length ? <p className="text-sm text-destructive">{errors.join(" ")}</p> : null}
    </div>
  );
}
