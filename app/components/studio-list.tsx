/**
 * A list of records staff keep in order with plain form posts (the site studio's consultation
 * types, a type's questions): each record's summary with Move up and Move down, its edit form
 * folded under it, and a section below the list to add one. Every form posts to the page's own
 * route: a record's forms carry its `id` and the pressed button's `intent` (`up`, `down`, or the
 * edit form's own buttons'); the add form posts `intent=create`.
 */
import { ArrowDown, ArrowUp, Plus } from "lucide-react";
import { Children } from "react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";

/** The ordered list named `label`, its records' `StudioListItem`s as children; `empty` is shown while there are none. */
export function StudioList({ label, empty, children }: { label: string; empty: string; children: React.ReactNode }) {
  return (
    <ol className="flex flex-col gap-3" aria-label={label}>
      {Children.count(children) === 0 ? <li className="rounded-lg border border-dashed p-6 text-center text-muted-foreground">{empty}</li> : null}
      {children}
    </ol>
  );
}

/**
 * One record of a `StudioList`: `summary` beside the buttons moving it up and down (named "Move
 * `name` up" and "Move `name` down"; the first cannot go up, the last down), then the edit form
 * under `editLabel`, open when `editOpen` (its post failed), with `fields` and then `actions` (its
 * submit buttons). Buttons are disabled while `busy`. Other props go on the list item.
 */
export function StudioListItem({
  recordId,
  name,
  first,
  last,
  busy,
  summary,
  editLabel,
  editOpen,
  fields,
  actions,
  ...item
}: {
  recordId: string;
  name: string;
  first: boolean;
  last: boolean;
  busy: boolean;
  summary: React.ReactNode;
  editLabel: string;
  editOpen: boolean;
  fields: React.ReactNode;
  actions: React.ReactNode;
} & Omit<React.ComponentProps<"li">, "children" | "className">) {
  return (
    <li className="rounded-lg border bg-card p-4 shadow-sm" {...item}>
      <div className="flex items-start gap-3">
        <div className="min-w-0 flex-1">{summary}</div>
        <Form method="post" className="flex shrink-0 gap-1">
          <input type="hidden" name="id" value={recordId} />
          <Button type="submit" name="intent" value="up" variant="ghost" size="icon" disabled={busy || first} aria-label={`Move ${name} up`}>
            <ArrowUp aria-hidden />
          </Button>
          <Button type="submit" name="intent" value="down" variant="ghost" size="icon" disabled={busy || last} aria-label={`Move ${name} down`}>
            <ArrowDown aria-hidden />
          </Button>
        </Form>
      </div>
      <details className="mt-3" open={editOpen}>
        <summary className="cursor-pointer text-sm font-medium text-primary">{editLabel}</summary>
        <Form method="post" className="mt-3 flex flex-col gap-4">
          <input type="hidden" name="id" value={recordId} />
          {fields}
          <div className="flex flex-wrap gap-2">{actions}</div>
        </Form>
      </details>
    </li>
  );
}

/**
 * The section under a `StudioList` that adds a record: `title` as its heading (`id` links the two),
 * and a form of `fields` with the submit button "`submitLabel`", or `closed` instead of the form
 * when no record may be added. `formKey` changes once a record is added, to empty the form.
 */
export function StudioAddSection({
  id,
  title,
  submitLabel,
  busy,
  formKey,
  fields,
  closed,
}: {
  id: string;
  title: string;
  submitLabel: string;
  busy: boolean;
  formKey: string;
  fields: React.ReactNode;
  closed?: React.ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="mt-8 rounded-lg border bg-card p-4 shadow-sm">
      <h2 id={id} className="mb-4 text-lg font-semibold">
        {title}
      </h2>
      {closed ?? (
        <Form method="post" className="flex flex-col gap-4" key={formKey}>
          {fields}
          <Button type="submit" name="intent" value="create" className="self-start" disabled={busy}>
            <Plus aria-hidden /> {submitLabel}
          </Button>
        </Form>
      )}
    </section>
  );
}
