import { ExternalLink } from "lucide-react";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { Input, NativeSelect, Textarea } from "~/components/ui/input";
import { Field } from "~/components/field";
import { BOOKING_STATUSES } from "~/utils/domain";
import type { AdminBooking, SlotCompanion } from "../admin-bookings.server";
import type { EngineerOption } from "../../engineers/index.server";
import type { HandChangedEvent } from "~/features/calendars/event-writes.server";
import { formatLongDate, formatTimeRange12, formatUkDateTime12, formatUkWeekdayTime12 } from "~/utils/format";
import { m } from "~/utils/paraglide/messages";
import { DEFAULT_LANGUAGE, staffLanguageName } from "~/utils/i18n";
import { BookingAnswers } from "../../questions/components/booking-answers";
import { humanise, STATUS_META } from "./admin-format";
import { SubmitButton } from "../../core/components/submit-button";
import { useFormSubmission, type Submitter } from "../../core/components/submitter";

/**
 * A booking as the screen receives it (dates may arrive as strings), with the other bookings
 * holding a place in its slot, the engineers free to take it instead of its current one
 * (`withReassignOptions`) and its events changed by hand in an engineer's calendar
 * (`withCalendarChanges`).
 */
export type BookingView = Omit<AdminBooking, "createdAt"> & {
  createdAt: Date | string;
  slotCompanions: SlotCompanion[];
  reassignTo: EngineerOption[];
  calendarChanges: HandChangedEvent[];
};

function InfoRow({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid grid-cols-[8.5rem_1fr] gap-3 py-1.5 text-sm max-sm:grid-cols-1 max-sm:gap-0.5">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words text-foreground">{children}</dd>
    </div>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="rounded-lg border bg-muted/40 p-4">
      <h3 className="mb-2 text-sm font-semibold tracking-wide text-foreground uppercase">{title}</h3>
      {children}
    </section>
  );
}

/**
 * The booking detail dialog: client info, consultation details (with the other bookings in the same
 * slot), status management (status, meeting link, admin notes, Update Booking, Join Meeting) and
 * created time.
 */
export function BookingDialog({
  booking,
  engineers,
  onOpenChange,
  submitter,
}: {
  booking: BookingView | null;
  /** Every engineer (empty while none is set up): the dialog names a booking's engineer once there is one. */
  engineers: EngineerOption[];
  onOpenChange: (open: boolean) => void;
  submitter: Submitter;
}) {
  return (
    <Dialog open={booking !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        {booking ? <BookingDetail booking={booking} engineers={engineers} submitter={submitter} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function BookingDetail({ booking, engineers, submitter }: { booking: BookingView; engineers: EngineerOption[]; submitter: Submitter }) {
  const { errors, onSubmit } = useFormSubmission(submitter);
  const holds = booking.status === "pending" || booking.status === "confirmed";
  const meta = STATUS_META[booking.status];
  const StatusIcon = meta.icon;
  return (
    <>
      <DialogHeader>
        <DialogTitle>Booking #{booking.id.slice(0, 8)}</DialogTitle>
        <DialogDescription>
          {booking.name} · {formatLongDate(booking.date)}
        </DialogDescription>
      </DialogHeader>

      <Section title="Client information">
        <dl>
          <InfoRow label="Full name">{booking.name}</InfoRow>
          <InfoRow label="Email">
            <a className="text-primary underline-offset-4 hover:underline" href={`mailto:${booking.email}`}>
              {booking.email}
            </a>{" "}
            <a className="text-sm text-primary underline underline-offset-2" href={`/admin/contact?email=${encodeURIComponent(booking.email)}`}>
              Everything from this person
            </a>
          </InfoRow>
          <InfoRow label="Phone">{booking.phone || "Not provided"}</InfoRow>
          <InfoRow label="Company">{booking.companyName || "Not provided"}</InfoRow>
          {booking.language !== DEFAULT_LANGUAGE ? <InfoRow label="Visitor's language">{staffLanguageName(booking.language)}</InfoRow> : null}
        </dl>
      </Section>

      <Section title="Consultation details">
        <dl>
          <InfoRow label="Date">{formatLongDate(booking.date)}</InfoRow>
          <InfoRow label="Time">{formatTimeRange12(booking.startTime, booking.endTime)} (UK time)</InfoRow>
          <InfoRow label="Type">{booking.consultationType}</InfoRow>
          {booking.engineerId || engineers.length > 0 ? <InfoRow label="Engineer">{booking.engineerName ?? "Nobody yet"}</InfoRow> : null}
          {booking.calendarChanges.length > 0 ? (
            <InfoRow label="In the calendar">
              <ul className="flex flex-col gap-1">
                {booking.calendarChanges.map((c) => (
                  <li key={`${c.owner}-${c.calendarStart}`} className="text-amber-900">
                    {c.bookingStart === null
                      ? m.calendar_hand_booking_left({ owner: c.owner, calendar: c.calendarStart ? formatUkWeekdayTime12(c.calendarStart) : "" })
                      : c.calendarStart === null
                        ? m.calendar_hand_booking_deleted({ owner: c.owner })
                        : m.calendar_hand_booking_moved({ owner: c.owner, calendar: formatUkWeekdayTime12(c.calendarStart), booking_time: formatUkWeekdayTime12(c.bookingStart) })}
                  </li>
                ))}
              </ul>
            </InfoRow>
          ) : null}
          <InfoRow label="Same slot">
            {booking.slotCompanions.length === 0 ? (
              "No other bookings"
            ) : (
              <ul className="flex flex-col gap-1">
                {booking.slotCompanions.map((c) => (
                  <li key={c.id} className="flex flex-wrap items-center gap-2">
                    <span>{c.name}</span>
                    <Badge variant={STATUS_META[c.status].badge}>{STATUS_META[c.status].label}</Badge>
                  </li>
                ))}
              </ul>
            )}
          </InfoRow>
          {booking.projectType ? <InfoRow label="Project type">{humanise(booking.projectType)}</InfoRow> : null}
          {booking.projectDescription ? (
            <InfoRow label="Project description">
              <span className="whitespace-pre-line">{booking.projectDescription}</span>
            </InfoRow>
          ) : null}
          {booking.budgetRange ? <InfoRow label="Budget range">{humanise(booking.budgetRange)}</InfoRow> : null}
          {booking.timeline ? <InfoRow label="Timeline">{humanise(booking.timeline)}</InfoRow> : null}
          {booking.specialRequirements ? (
            <InfoRow label="Special requirements">
              <span className="whitespace-pre-line">{booking.specialRequirements}</span>
            </InfoRow>
          ) : null}
        </dl>
      </Section>

      {booking.answers.length > 0 ? (
        <Section title="Answers">
          <BookingAnswers answers={booking.answers} row={InfoRow} />
        </Section>
      ) : null}

      {holds && (booking.engineerId || booking.reassignTo.length > 0) ? (
        <Section title="Engineer">
          {booking.reassignTo.length === 0 ? (
            <p className="text-sm text-muted-foreground">Nobody else who takes this consultation type is free at its time.</p>
          ) : (
            <form method="post" className="flex flex-col gap-3 sm:flex-row sm:items-end" onSubmit={onSubmit}>
              <input type="hidden" name="intent" value="reassign-booking" />
              <input type="hidden" name="id" value={booking.id} />
              <Field label="Give this booking to" errors={errors.engineerId} hint="Only people who take this type and are free at its time are listed; both engineers are told by e-mail." className="flex-1">
                {(p) => (
                  <NativeSelect {...p} name="engineerId" defaultValue="">
                    <option value="">Choose an engineer</option>
                    {booking.reassignTo.map((e) => (
                      <option key={e.id} value={e.id}>
                        {e.name}
                      </option>
                    ))}
                  </NativeSelect>
                )}
              </Field>
              <SubmitButton pending={submitter.pending}>
                Reassign
              </SubmitButton>
            </form>
          )}
        </Section>
      ) : null}

      <Section title="Status management">
        <div className="mb-3 flex items-center gap-2 text-sm">
          <span className="text-muted-foreground">Current status:</span>
          <Badge variant={meta.badge}>
            <StatusIcon className="size-3.5" aria-hidden />
            {meta.label}
          </Badge>
        </div>
        {/* noValidate: the server checks the meeting link and its message shows under the field. */}
        <form method="post" className="grid gap-4" onSubmit={onSubmit} noValidate>
          <input type="hidden" name="intent" value="update-booking" />
          <input type="hidden" name="id" value={booking.id} />
          <Field label="Update status" errors={errors.status}>
            {(p) => (
              <NativeSelect {...p} name="status" defaultValue={booking.status}>
                {BOOKING_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {STATUS_META[s].label}
                  </option>
                ))}
              </NativeSelect>
            )}
          </Field>
          <Field label="Meeting link" errors={errors.meetingLink} hint="Teams, Zoom or Meet link; sent to the client when the booking is confirmed.">
            {(p) => (
              <Input {...p} type="url" name="meetingLink" defaultValue={booking.meetingLink ?? ""} placeholder="https://" inputMode="url" />
            )}
          </Field>
          <Field label="Admin notes" errors={errors.meetingNotes}>
            {(p) => <Textarea {...p} name="meetingNotes" rows={3} defaultValue={booking.meetingNotes ?? ""} />}
          </Field>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center sm:justify-between">
            {booking.meetingLink ? (
              <Button asChild variant="outline">
                <a href={booking.meetingLink} target="_blank" rel="noopener noreferrer">
                  <ExternalLink aria-hidden />
                  Join Meeting
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              </Button>
            ) : (
              <span />
            )}
            <SubmitButton pending={submitter.pending}>Update Booking</SubmitButton>
          </div>
        </form>
      </Section>

      <p className="text-xs text-muted-foreground">Created {formatUkDateTime12(booking.createdAt)}</p>
    </>
  );
}
