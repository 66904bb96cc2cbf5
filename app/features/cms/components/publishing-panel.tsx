/**
 * The publishing box of a project or post form (save, publish, schedule,
 * preview, unpublish, archive/restore; a scheduled item offers Cancel schedule instead of
 * Unpublish). Create: Save Draft, Publish. Edit: Save Changes (keeps the current state),
 * Update & Publish. Schedule takes a UK date and time. Every button is a
 * submit button of the surrounding form, posting `intent`. Below lg, Save and Publish move to the
 * sticky `PublishBar`, so they are in reach from anywhere in a long form.
 */
import { CalendarClock, CalendarX, Eye, Send } from "lucide-react";
import { useNavigation } from "react-router";
import { Field } from "~/components/field";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { cn } from "~/utils/cn";
import { formatUkDateTime, type PublicationState, toUkDateTimeInput } from "../publication";
import { StateBadge } from "./state-badge";
import type { FieldErrors } from "~/utils/forms";

/** Save and publish, as the submit buttons of the surrounding form (see the module comment). */
function SaveButtons({ mode, className }: { mode: "create" | "edit"; className?: string }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const pending = busy ? String(navigation.formData?.get("intent") ?? "") : "";
  const label = (intent: string, idle: string, active: string) => (pending === intent ? active : idle);
  return (
    <div className={cn("flex flex-wrap gap-2", className)}>
      <Button type="submit" name="intent" value={mode === "create" ? "draft" : "keep"} variant="outline" disabled={busy}>
        {mode === "create" ? label("draft", "Save Draft", "Saving...") : label("keep", "Save Changes", "Saving...")}
      </Button>
      <Button type="submit" name="intent" value="publish" disabled={busy}>
        <Send aria-hidden /> {mode === "create" ? label("publish", "Publish", "Publishing...") : label("publish", "Update & Publish", "Publishing...")}
      </Button>
    </div>
  );
}

/**
 * Save and publish on phones and tablets (below lg, where the publishing panel comes after a form
 * that can be thousands of pixels long): a bar stuck to the foot of the screen, the last element of
 * the form, so it never hides the form's end. `data-publish-bar` gives the page a matching
 * scroll-padding (app.css), so a field focused or scrolled to is never left behind the bar.
 */
export function PublishBar({ mode }: { mode: "create" | "edit" }) {
  return (
    <div
      data-publish-bar
      role="group"
      aria-label="Save and publish"
      className="sticky bottom-0 z-10 -mx-4 border-t bg-background/95 px-4 py-3 shadow-[0_-4px_12px_rgba(0,0,0,0.06)] backdrop-blur sm:-mx-6 sm:px-6 lg:hidden"
    >
      <SaveButtons mode={mode} />
    </div>
  );
}

export function PublishingPanel({
  mode,
  state,
  publishedAt,
  previewUrl,
  publicUrl,
  errors,
  statusActions = true,
  archivable = true,
}: {
  mode: "create" | "edit";
  state?: PublicationState;
  publishedAt?: string | null;
  /** The signed preview link (edit screen of an item that is not public). */
  previewUrl?: string | null;
  /** The public page of a live item. */
  publicUrl?: string | null;
  errors?: FieldErrors;
  /** Unpublish and Archive/Restore; false for a site page, which is always published. */
  statusActions?: boolean;
  /** Archive/Restore among the status actions; false for a translation, which is only published or not. */
  archivable?: boolean;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const pending = busy ? String(navigation.formData?.get("intent") ?? "") : "";
  const label = (intent: string, idle: string, active: string) => (pending === intent ? active : idle);
  return (
    <div className="flex flex-col gap-4">
      {state ? (
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <span className="font-medium">Status:</span> <StateBadge state={state} />
          {state === "scheduled" && publishedAt ? <span>goes live {formatUkDateTime(publishedAt)} (UK time)</span> : null}
          {state === "published" && publishedAt ? <span className="text-muted-foreground">since {formatUkDateTime(publishedAt)}</span> : null}
        </p>
      ) : null}
      {/* Below lg these two are in the sticky PublishBar at the foot of the screen instead. */}
      <SaveButtons mode={mode} className="max-lg:hidden" />
      <div className="flex flex-col gap-2 rounded-md border p-3">
        <Field label="Schedule for (UK time)" errors={errors?.scheduleAt} hint="Published automatically at this date and time (seconds optional), Europe/London.">
          {(control) => (
            <Input {...control} type="datetime-local" step={1} name="scheduleAt" defaultValue={state === "scheduled" && publishedAt ? toUkDateTimeInput(publishedAt) : undefined} />
          )}
        </Field>
        <Button type="submit" name="intent" value="schedule" variant="secondary" className="self-start" disabled={busy}>
          <CalendarClock aria-hidden /> {label("schedule", "Schedule", "Scheduling...")}
        </Button>
      </div>
      {mode === "edit" ? (
        <div className="flex flex-wrap gap-2">
          {previewUrl ? (
            <a href={previewUrl} target="_blank" rel="noreferrer" className="inline-flex items-center gap-1.5 text-sm font-medium text-primary hover:underline">
              <Eye className="size-4" aria-hidden /> Preview<span className="sr-only"> (opens in a new tab, link valid for one hour)</span>
            </a>
          ) : null}
          {publicUrl ? (
            <a href={publicUrl} target="_blank" rel="noreferrer" className="inline-flex items-center gap-1.5 text-sm font-medium text-primary hover:underline">
              <Eye className="size-4" aria-hidden /> View live page<span className="sr-only"> (opens in a new tab)</span>
            </a>
          ) : null}
        </div>
      ) : null}
      {mode === "edit" && state && statusActions && (archivable || state === "published" || state === "scheduled") ? (
        <div className="flex flex-wrap gap-2 border-t pt-3">
          {state === "published" ? (
            <Button type="submit" name="intent" value="unpublish" variant="ghost" size="sm" formNoValidate disabled={busy}>
              Unpublish (back to draft)
            </Button>
          ) : null}
          {state === "scheduled" ? (
            <Button type="submit" name="intent" value="cancel-schedule" variant="ghost" size="sm" formNoValidate disabled={busy}>
              <CalendarX aria-hidden /> Cancel schedule
            </Button>
          ) : null}
          {!archivable ? null : state === "archived" ? (
            <Button type="submit" name="intent" value="restore" variant="ghost" size="sm" formNoValidate disabled={busy}>
              Restore
            </Button>
          ) : (
            <Button type="submit" name="intent" value="archive" variant="ghost" size="sm" formNoValidate disabled={busy}>
              Archive
            </Button>
          )}
        </div>
      ) : null}
    </div>
  );
}
