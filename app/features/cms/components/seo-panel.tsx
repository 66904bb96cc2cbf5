/**
 * SEO title and description with length counters and a search-result preview. Empty
 * fields fall back to the item's title and summary on the public page, as the preview shows.
 */
import { useState } from "react";
import { Field } from "~/components/field";
import { Input, Textarea } from "~/components/ui/input";
import { cn } from "~/utils/cn";
import type { FieldErrors } from "~/utils/forms";

/** Lengths search engines show before cutting off, in characters. */
export const SEO_TITLE_LIMIT = 60;
export const SEO_DESCRIPTION_LIMIT = 160;

function Counter({ length, limit }: { length: number; limit: number }) {
  return (
    <span className={cn("text-xs tabular-nums", length > limit ? "font-semibold text-destructive" : "text-muted-foreground")} aria-live="polite">
      {length} / {limit} characters{length > limit ? ": may be cut off in search results" : ""}
    </span>
  );
}

export function SeoPanel({
  defaultTitle,
  defaultDescription,
  fallbackTitle,
  fallbackDescription,
  url,
  errors,
}: {
  defaultTitle: string | null;
  defaultDescription: string | null;
  fallbackTitle: string;
  fallbackDescription: string;
  /** The public address shown in the preview. */
  url: string;
  errors?: FieldErrors;
}) {
  const [title, setTitle] = useState(defaultTitle ?? "");
  const [description, setDescription] = useState(defaultDescription ?? "");
  const shownTitle = title.trim() || fallbackTitle || "Page title";
  const shownDescription = description.trim() || fallbackDescription;
  return (
    <div className="flex flex-col gap-4">
      <Field label="SEO Title" errors={errors?.seoTitle}>
        {(control) => (
          <div className="flex flex-col gap-1">
            <Input {...control} name="seoTitle" value={title} onChange={(e) => setTitle(e.target.value)} />
            <Counter length={title.trim().length} limit={SEO_TITLE_LIMIT} />
          </div>
        )}
      </Field>
      <Field label="SEO Description" errors={errors?.seoDescription}>
        {(control) => (
          <div className="flex flex-col gap-1">
            <Textarea {...control} name="seoDescription" rows={3} value={description} onChange={(e) => setDescription(e.target.value)} />
            <Counter length={description.trim().length} limit={SEO_DESCRIPTION_LIMIT} />
          </div>
        )}
      </Field>
      <figure className="rounded-md border bg-background p-4">
        <figcaption className="mb-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase">Search result preview</figcaption>
        <p className="truncate text-sm text-slate-700">{url}</p>
        <p className="truncate text-lg text-blue-800">{shownTitle.length > SEO_TITLE_LIMIT ? `${shownTitle.slice(0, SEO_TITLE_LIMIT - 1)}…` : shownTitle}</p>
        <p className="line-clamp-2 text-sm text-slate-700">
          {shownDescription.length > SEO_DESCRIPTION_LIMIT ? `${shownDescription.slice(0, SEO_DESCRIPTION_LIMIT - 1)}…` : shownDescription || "No description yet."}
        </p>
      </figure>
    </div>
  );
}
