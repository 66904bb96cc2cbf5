import { useState } from "react";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { Input, NativeSelect } from "~/components/ui/input";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { Field } from "~/components/field";
import { TIME_OPTIONS, WEEKDAYS } from "../admin-schema";
import type { AdminSlot } from "../availability.server";
import { formatLongDate, formatTime12, formatTimeRange12 } from "~/utils/format";
import type { FieldErrors } from "~/utils/forms";
import { SubmitButton } from "../../core/components/submit-button";
import { submitWith, useFormSubmission, type Submitter } from "../../core/components/submitter";

function TimeSelect({ name, defaultValue, ...props }: { name: string; defaultValue: string } & React.ComponentProps<"select">) {
  return (
    <NativeSelect name={name} defaultValue={defaultValue} {...props}>
      {TIME_OPTIONS.map((t) => (
        <option key={t} value={t}>
          {formatTime12(t)}
        </option>
      ))}
    </NativeSelect>
  );
}

/** A form-level reason (a broken rule without a field), shown inside the dialog as an alert. */
function FormReason({ submitter, show }: { submitter: Submitter; show: boolean }) {
  const r = submitter.result;
  if (!show || !r || r.ok || !r.description || (r.fieldErrors && Object.keys(r.fieldErrors).length > 0)) return null;
  return (
    <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900">
      {r.description}
    </p>
  );
}

/** Time, places and date fields shared by the single-slot and edit forms. */
function SlotFields({
  today,
  errors,
  slot,
  locked,
}: {
  today: string;
  errors: FieldErrors;
  slot?: AdminSlot;
  /** The slot has bookings: date and times are shown but cannot change. */
  locked?: boolean;
}) {
  return (
    <>
      <Field label="Date" required errors={errors.date} hint={locked ? "This slot has bookings, so its date and times are fixed." : undefined}>
        {(p) => <Input {...p} type="date" name="date" required min={today} defaultValue={slot?.date ?? today} readOnly={locked} className="read-only:bg-muted" />}
      </Field>
      <div className="grid grid-cols-2 gap-3">
        <Field label="Start time" required errors={errors.startTime}>
          {(p) => <TimeSelect {...p} name={locked ? "_startTime" : "startTime"} required defaultValue={slot?.startTime ?? "09:00"} disabled={locked} />}
        </Field>
        <Field label="End time" required errors={errors.endTime}>
          {(p) => <TimeSelect {...p} name={locked ? "_endTime" : "endTime"} required defaultValue={slot?.endTime ?? "10:00"} disabled={locked} />}
        </Field>
      </div>
      {locked && slot ? (
        <>
          <input type="hidden" name="startTime" value={slot.startTime} />
          <input type="hidden" name="endTime" value={slot.endTime} />
        </>
      ) : null}
      <Field label="Maximum bookings" required errors={errors.maxBookings} hint="From 1 to 10 clients in this slot.">
        {(p) => <Input {...p} type="number" name="maxBookings" required min={1} max={10} step={1} defaultValue={slot?.maxBookings ?? 1} />}
      </Field>
    </>
  );
}

/** Start date and End date, from today on; the start defaults to today. */
function DateRangeFields({
  today,
  errors,
  endDefaultValue,
}: {
  today: string;
  errors: FieldErrors;
  endDefaultValue?: string;
}) {
  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
      <Field label="Start date" required errors={errors.startDate}>
        {(p) => <Input {...p} type="date" name="startDate" required min={today} defaultValue={today} />}
      </Field>
      <Field label="End date" required errors={errors.endDate}>
        {(p) => <Input {...p} type="date" name="endDate" required min={today} defaultValue={endDefaultValue} />}
      </Field>
    </div>
  );
}

/** Add Availability: Single Slot and Recurring Slots tabs. */
export function AddAvailabilityDialog({
  open,
  onOpenChange,
  today,
  single,
  recurring,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  today: string;
  single: Submitter;
  recurring: Submitter;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>Add Availability</DialogTitle>
          <DialogDescription>Times are UK time (Europe/London). New slots are open for booking straight away.</DialogDescription>
        </DialogHeader>
        <Tabs defaultValue="single">
          <TabsList className="grid w-full grid-cols-2">
            <TabsTrigger value="single">Single Slot</TabsTrigger>
            <TabsTrigger value="recurring">Recurring Slots</TabsTrigger>
          </TabsList>
          <TabsContent value="single">
            <SingleSlotForm today={today} submitter={single} />
          </TabsContent>
          <TabsContent value="recurring">
            <RecurringForm today={today} submitter={recurring} />
          </TabsContent>
        </Tabs>
      </DialogContent>
    </Dialog>
  );
}

function SingleSlotForm({ today, submitter }: { today: string; submitter: Submitter }) {
  const { submitted, errors, onSubmit } = useFormSubmission(submitter);
  return (
    <form method="post" className="grid gap-4" onSubmit={onSubmit}>
      <input type="hidden" name="intent" value="create-slot" />
      <SlotFields today={today} errors={errors} />
      <FormReason submitter={submitter} show={submitted} />
      <DialogFooter>
        <SubmitButton pending={submitter.pending}>Create Slot</SubmitButton>
      </DialogFooter>
    </form>
  );
}

const dayLabel = (d: string) => d.charAt(0).toUpperCase() + d.slice(1);

function RecurringForm({ today, submitter }: { today: string; submitter: Submitter }) {
  const { submitted, errors, onSubmit } = useFormSubmission(submitter);
  const [days, setDays] = useState<string[]>([]);
  const r = submitter.result;
  return (
    <form method="post" className="grid gap-4" onSubmit={onSubmit}>
      <input type="hidden" name="intent" value="create-recurring" />
      <DateRangeFields today={today} errors={errors} />
      <fieldset className="grid gap-2" aria-describedby={errors.daysOfWeek ? "recurring-days-error" : undefined}>
        <legend className="mb-2 text-sm font-medium">
          Days of the week<span aria-hidden className="text-destructive"> *</span>
        </legend>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          {WEEKDAYS.map((d) => (
            <label
              key={d}
              className="flex cursor-pointer items-center gap-2 rounded-md border px-3 py-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-accent has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring"
            >
              <input
                type="checkbox"
                name="daysOfWeek"
                value={d}
                className="size-4 accent-[var(--color-primary)]"
                checked={days.includes(d)}
                onChange={(e) => setDays((cur) => (e.target.checked ? [...cur, d] : cur.filter((x) => x !== d)))}
              />
              {dayLabel(d)}
            </label>
          ))}
        </div>
        {errors.daysOfWeek ? (
          <p id="recurring-days-error" className="text-sm text-destructive">
            {errors.daysOfWeek[0]}
          </p>
        ) : null}
      </fieldset>
      <div className="grid grid-cols-2 gap-3">
        <Field label="Start time" required errors={errors.startTime}>
          {(p) => <TimeSelect {...p} name="startTime" required defaultValue="09:00" />}
        </Field>
        <Field label="End time" required errors={errors.endTime}>
          {(p) => <TimeSelect {...p} name="endTime" required defaultValue="10:00" />}
        </Field>
      </div>
      <Field label="Maximum bookings" required errors={errors.maxBookings} hint="From 1 to 10 clients in each slot.">
        {(p) => <Input {...p} type="number" name="maxBookings" required min={1} max={10} step={1} defaultValue={1} />}
      </Field>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" name="skipBankHolidays" defaultChecked className="size-4 accent-[var(--color-primary)]" />
        Skip UK bank holidays (England and Wales)
      </label>
      {submitted && r && r.ok && r.intent === "create-recurring" ? (
        <p role="status" className="rounded-md bg-accent px-3 py-2 text-sm text-accent-foreground">
          {r.message}
          {r.description ? `. ${r.description}` : ""}
        </p>
      ) : null}
      <FormReason submitter={submitter} show={submitted} />
      <DialogFooter>
        {days.length === 0 ? <p className="text-sm text-muted-foreground sm:mr-auto sm:self-center">Choose at least one day.</p> : null}
        <SubmitButton pending={submitter.pending} disabled={days.length === 0}>
          Create Slots
        </SubmitButton>
      </DialogFooter>
    </form>
  );
}

/** Edit Slot: date, times, maximum, read-only current bookings, availability switch. */
export function EditSlotDialog({
  slot,
  onOpenChange,
  today,
  submitter,
}: {
  slot: AdminSlot | null;
  onOpenChange: (open: boolean) => void;
  today: string;
  submitter: Submitter;
}) {
  return (
    <Dialog open={slot !== null} onOpenChange={onOpenChange}>
      <DialogContent>
        {slot ? <EditSlotForm slot={slot} today={today} submitter={submitter} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function EditSlotForm({ slot, today, submitter }: { slot: AdminSlot; today: string; submitter: Submitter }) {
  const { submitted, errors, onSubmit } = useFormSubmission(submitter);
  const [available, setAvailable] = useState(slot.isAvailable);
  return (
    <>
      <DialogHeader>
        <DialogTitle>Edit Slot</DialogTitle>
        <DialogDescription>
          {formatLongDate(slot.date)}, {formatTimeRange12(slot.startTime, slot.endTime)}
        </DialogDescription>
      </DialogHeader>
      <form method="post" className="grid gap-4" onSubmit={onSubmit}>
        <input type="hidden" name="intent" value="update-slot" />
        <input type="hidden" name="id" value={slot.id} />
        <SlotFields today={today} errors={errors} slot={slot} locked={slot.bookingCount > 0} />
        <p className="rounded-md bg-muted px-3 py-2 text-sm">
          Current bookings: <strong>{slot.currentBookings}</strong>
        </p>
        <label className="flex items-center justify-between gap-4 rounded-md border px-3 py-2.5 text-sm font-medium">
          Available for booking
          <input
            type="checkbox"
            role="switch"
            name="isAvailable"
            checked={available}
            aria-checked={available}
            onChange={(e) => setAvailable(e.target.checked)}
            className="relative h-6 w-11 shrink-0 cursor-pointer appearance-none rounded-full bg-slate-400 transition-colors before:absolute before:top-0.5 before:left-0.5 before:size-5 before:rounded-full before:bg-white before:shadow before:transition-transform checked:bg-primary checked:before:translate-x-5 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          />
        </label>
        <FormReason submitter={submitter} show={submitted} />
        <DialogFooter>
          <SubmitButton pending={submitter.pending}>Save Changes</SubmitButton>
        </DialogFooter>
      </form>
    </>
  );
}

/** Delete Slot confirmation (the exact question). */
export function DeleteSlotDialog({
  slot,
  onOpenChange,
  submitter,
}: {
  slot: AdminSlot | null;
  onOpenChange: (open: boolean) => void;
  submitter: Submitter;
}) {
  return (
    <ConfirmDialog
      open={slot !== null}
      onOpenChange={onOpenChange}
      title="Delete Slot"
      description="Are you sure you want to delete this availability slot?"
      confirm={
        slot ? (
          <form method="post" onSubmit={submitWith(submitter)}>
            <input type="hidden" name="intent" value="delete-slot" />
            <input type="hidden" name="id" value={slot.id} />
            <SubmitButton pending={submitter.pending} variant="destructive">
              Delete
            </SubmitButton>
          </form>
        ) : null
      }
    >
      {slot ? (
        <>
          <p className="text-sm">
            {formatLongDate(slot.date)}, {formatTimeRange12(slot.startTime, slot.endTime)}
          </p>
          {slot.bookingCount > 0 ? (
            <p className="rounded-md border border-yellow-300 bg-yellow-50 px-3 py-2 text-sm text-yellow-950">
              This slot has {slot.bookingCount} booking{slot.bookingCount === 1 ? "" : "s"}. A slot with bookings cannot be deleted until they are cancelled or moved; you can mark it unavailable instead.
            </p>
          ) : null}
        </>
      ) : null}
    </ConfirmDialog>
  );
}

/** Close dates: every slot in a date range becomes unavailable (`docs/design.md` section 6). */
export function CloseDatesDialog({
  open,
  onOpenChange,
  today,
  submitter,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  today: string;
  submitter: Submitter;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <CloseDatesForm today={today} submitter={submitter} />
      </DialogContent>
    </Dialog>
  );
}

function CloseDatesForm({ today, submitter }: { today: string; submitter: Submitter }) {
  const { submitted, errors, onSubmit } = useFormSubmission(submitter);
  return (
    <>
      <DialogHeader>
        <DialogTitle>Close dates</DialogTitle>
        <DialogDescription>
          Every slot from the start date to the end date becomes unavailable, for a holiday or an office closure. Bookings already made are kept.
        </DialogDescription>
      </DialogHeader>
      <form method="post" className="grid gap-4" onSubmit={onSubmit}>
        <input type="hidden" name="intent" value="close-dates" />
        <DateRangeFields today={today} errors={errors} endDefaultValue={today} />
        <FormReason submitter={submitter} show={submitted} />
        <DialogFooter>
          <SubmitButton pending={submitter.pending}>Close dates</SubmitButton>
        </DialogFooter>
      </form>
    </>
  );
}
