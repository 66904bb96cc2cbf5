/**
 * The consultation types screen of the site studio (/admin/site/consultation-types): what visitors
 * choose in step 1 of the booking wizard, in order. Every change is a plain form post to the route.
 */
import { AlertTriangle } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, useNavigation } from "react-router";
import { ConfirmDelete } from "~/components/confirm-dialog";
import { Field } from "~/components/field";
import { AdminPageHeader } from "~/components/admin-page-header";
import { StudioAddSection, StudioList, StudioListItem } from "~/components/studio-list";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Input, NativeSelect, Textarea } from "~/components/ui/input";
import { toast } from "~/components/ui/toast";
import type { FieldErrors } from "~/utils/forms";
import { deactivationConsequence, TYPE_DURATION_OPTIONS, type ConsultationTypeReply } from "../types-admin";
import type { AdminConsultationType } from "../types-admin.server";

/**
 * A type's fields. Unticking Active on a type with upcoming bookings shows at once what happens to
 * them and asks for a tick to confirm (the server asks the same without JavaScript).
 */
function TypeFields({ type, errors }: { type?: AdminConsultationType; errors?: FieldErrors }) {
  const confirming = Boolean(errors?.confirmDeactivate);
  const [active, setActive] = useState(confirming ? false : (type?.isActive ?? true));
  const warn = Boolean(type?.isActive && !active && type.upcoming > 0);
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field label="Name" required errors={errors?.name}>
        {(control) => <Input {...control} name="name" defaultValue={type?.name} maxLength={80} required />}
      </Field>
      <Field label="Duration" required errors={errors?.durationMinutes}>
        {(control) => (
          <NativeSelect {...control} name="durationMinutes" defaultValue={String(type?.durationMinutes ?? 30)}>
            {TYPE_DURATION_OPTIONS.map((m) => (
              <option key={m} value={m}>
                {m} minutes
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>
      <Field label="Description" className="sm:col-span-2" errors={errors?.description}>
        {(control) => <Textarea {...control} name="description" rows={2} defaultValue={type?.description ?? ""} maxLength={500} />}
      </Field>
      <fieldset className="grid gap-4 rounded-md border p-3 sm:col-span-2 sm:grid-cols-2">
        <legend className="px-1 text-sm font-medium">Rules once engineers are set up</legend>
        <Field label="Buffer before (minutes)" errors={errors?.bufferBeforeMinutes} hint="Free time kept before each one, 0 to 120.">
          {(control) => <Input {...control} name="bufferBeforeMinutes" type="number" inputMode="numeric" min={0} max={120} defaultValue={type?.bufferBeforeMinutes ?? 0} />}
        </Field>
        <Field label="Buffer after (minutes)" errors={errors?.bufferAfterMinutes} hint="Free time kept after each one, 0 to 120.">
          {(control) => <Input {...control} name="bufferAfterMinutes" type="number" inputMode="numeric" min={0} max={120} defaultValue={type?.bufferAfterMinutes ?? 0} />}
        </Field>
        <Field label="Minimum notice (hours)" errors={errors?.minimumNoticeHours} hint="Not offered sooner than this; the site's own notice still applies.">
          {(control) => <Input {...control} name="minimumNoticeHours" type="number" inputMode="numeric" min={0} max={336} defaultValue={type?.minimumNoticeHours ?? 12} />}
        </Field>
        <Field label="Booking horizon (days)" errors={errors?.horizonDays} hint="Not offered further ahead than this.">
          {(control) => <Input {...control} name="horizonDays" type="number" inputMode="numeric" min={1} max={365} defaultValue={type?.horizonDays ?? 60} />}
        </Field>
        <Field label="Most a day per engineer" errors={errors?.maxPerEngineerPerDay} hint="Consultations of any type one engineer takes a day; empty for no limit." className="sm:col-span-2">
          {(control) => <Input {...control} name="maxPerEngineerPerDay" type="number" inputMode="numeric" min={1} max={24} defaultValue={type?.maxPerEngineerPerDay ?? ""} />}
        </Field>
      </fieldset>
      <label className="flex items-center gap-2 text-sm font-medium sm:col-span-2">
        <input type="checkbox" name="isActive" checked={active} onChange={(event) => setActive(event.currentTarget.checked)} className="size-4 accent-primary" />
        Active (offered in the booking wizard)
      </label>
      {warn && type ? (
        <div role="alert" className="flex gap-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 sm:col-span-2">
          <AlertTriangle className="mt-0.5 size-5 shrink-0" aria-hidden />
          <div className="min-w-0 space-y-2">
            <p>{errors?.confirmDeactivate?.[0] ?? deactivationConsequence(type.upcoming)}</p>
            <label className="flex items-start gap-2 font-medium">
              <input type="checkbox" name="confirmDeactivate" className="mt-0.5 size-4 shrink-0 accent-primary" />
              Deactivate it: the upcoming bookings stay as they are
            </label>
          </div>
        </div>
      ) : null}
    </div>
  );
}

/** Shows the toast of an action reply once per reply: its message, and on failure why. */
function useReplyToast(result: ConsultationTypeReply | undefined) {
  useEffect(() => {
    if (!result) return;
    if (result.ok) toast.success(result.message, { id: `consultation-types-${result.intent}-${Date.now()}` });
    else toast.error(result.message, { id: `consultation-types-error-${result.intent}-${Date.now()}`, description: result.description });
  }, [result]);
}

/**
 * Admin > Site > Consultation types: every type in the wizard's order with its bookings, move up
 * and down, edit (the form whose post failed opens with its field errors), delete when unused,
 * and the form to add one. `result` is the last post's reply.
 */
export function ConsultationTypesScreen({ types, result }: { types: AdminConsultationType[]; result: ConsultationTypeReply | undefined }) {
  useReplyToast(result);
  const busy = useNavigation().state !== "idle";
  const errorsFor = (id: string | undefined) => (result && !result.ok && result.id === id ? result.fieldErrors : undefined);
  return (
    <>
      <AdminPageHeader title="Consultation types" description="What visitors choose in step 1 of the booking wizard, in this order; the first is preselected." />
      <StudioList label="Consultation types" empty="No consultation types yet: add the first below.">
        {types.map((type, i) => (
          <StudioListItem
            key={type.id}
            recordId={type.id}
            name={type.name}
            first={i === 0}
            last={i === types.length - 1}
            busy={busy}
            summary={
              <>
                <h2 className="flex flex-wrap items-center gap-2 font-semibold">
                  {type.name}
                  <Badge variant={type.isActive ? "green" : "grey"}>{type.isActive ? "Active" : "Inactive"}</Badge>
                </h2>
                <p className="text-sm text-muted-foreground">
                  {type.durationMinutes} minutes · {type.bookings === 1 ? "1 booking" : `${type.bookings} bookings`}
                  {type.upcoming > 0 ? `, ${type.upcoming} upcoming` : ""}
                </p>
                {type.description ? <p className="mt-1 text-sm">{type.description}</p> : null}
                <Link to={`/admin/site/consultation-types/${type.id}/questions`} className="mt-2 inline-block text-sm font-medium text-primary underline underline-offset-2">
                  Questions asked of {type.name}
                </Link>
              </>
            }
            editLabel={`Edit ${type.name}`}
            editOpen={Boolean(errorsFor(type.id))}
            fields={<TypeFields type={type} errors={errorsFor(type.id)} />}
            actions={
              <>
                {/* A long type name wraps inside the card (unwrapped, it would stick out past the edge of a 390 px phone). */}
                <Button type="submit" name="intent" value="update" disabled={busy} className="h-auto min-h-10 max-w-full shrink whitespace-normal py-2 text-left">
                  Save {type.name}
                </Button>
                {type.bookings > 0 ? (
                  <p className="self-center text-sm text-muted-foreground">Used by bookings: deactivate it instead of deleting.</p>
                ) : (
                  <ConfirmDelete id={type.id} title={`Delete "${type.name}"?`} description="Visitors can no longer choose it. This cannot be undone." disabled={busy} />
                )}
              </>
            }
          />
        ))}
      </StudioList>
      <StudioAddSection
        id="add-type"
        title="Add a consultation type"
        submitLabel="Add type"
        busy={busy}
        formKey={result?.ok && result.intent === "create" ? `added-${types.length}` : "add"}
        fields={<TypeFields errors={errorsFor(undefined)} />}
      />
    </>
  );
}
