/**
 * /book-consultation/manage/:token: the visitor's own booking, opened from the link in the
 * confirmation e-mail (`docs/design.md` section 6). Shows the type, the UK date and
 * time and the status, with Reschedule and Cancel booking (behind a confirmation).
 *
 * Reschedule is URL-driven like the wizard, so it works without JavaScript: `?reschedule=1&week=`
 * shows the wizard's week picker, choosing a time adds `&slot=` and shows "Move your
 * consultation?", and Confirm new time posts `intent=reschedule`. A move redirects to `?moved=1`.
 * A wrong token answers 404, a cancelled booking 410, a refused change 409, too many moves (the
 * rate limits of `rescheduleBookingByToken`) 429, each with a clear page; a time that filled
 * meanwhile shows its message above fresh slots.
 */
import { useState } from "react";
import { data, Form, Link, redirect, useNavigation, type ShouldRevalidateFunctionArgs } from "react-router";
import { AlertCircle, ArrowLeft, ArrowRight, CalendarCheck2, CalendarClock, CalendarX2, CheckCircle2, Clock, SearchX, Video } from "lucide-react";
import { Badge } from "~/components/ui/badge";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Spinner } from "~/components/ui/spinner";
import { cancelBookingByToken, getBookingByToken, rescheduleBlocker, rescheduleBookingByToken, rescheduleMessage, type ManagedBooking } from "~/features/consultations/booking-manage.server";
import { LocalTime, useVisitorZone, WeekPicker } from "~/features/consultations/components/week-picker";
import { formatLongDate, formatTime24, formatUkTimeRange, ukZoneLabel } from "~/utils/format";
import { loadWeekSlots, resolveChosenSlot, type WeekSlots } from "~/features/consultations/wizard.server";
import type { AvailableSlot } from "~/features/consultations/slots.server";
import { pageMeta } from "~/features/seo/meta";
import { getSiteSettings } from "~/features/settings/settings.server";
import { useHydrated } from "~/utils/use-hydrated";
import { dataHeaders } from "~/utils/headers";
import { readFormData } from "~/utils/form-data.server";
import { privateHydrateHandle } from "~/utils/page-mode";
import type { Route } from "./+types/manage-booking";

/** Hydrated (ADR "Content pages without React"), and never shown to analytics. */
export const handle = privateHydrateHandle;

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Manage your booking", path: "/book-consultation", noIndex: true });

type View =
  | { kind: "booking"; booking: ManagedBooking; confirming: boolean; moved: boolean }
  | { kind: "reschedule"; booking: ManagedBooking; week: WeekSlots; chosen: AvailableSlot | null; notice: string | null; contactEmail: string }
  | { kind: "cancelled-now"; booking: ManagedBooking }
  | { kind: "not-found" }
  | { kind: "gone"; booking: ManagedBooking | null }
  | { kind: "refused"; booking: ManagedBooking; reason: string };

export const headers = dataHeaders;

/**
 * A token page: never stored by a cache, never indexed, its URL never sent to another site as a
 * referrer. `same-origin`, not `no-referrer`: with `no-referrer` Chromium sends `Origin: null` on
 * a form posted without JavaScript and React Router aborts the action (`docs/stack-notes.md`).
 */
const noStore = { "Cache-Control": "private, no-store", "Referrer-Policy": "same-origin", "X-Robots-Tag": "noindex, nofollow" };

/** The reschedule screen for a week and an optional chosen slot, or the refusal when the booking cannot move. */
async function rescheduleView(
  booking: ManagedBooking,
  { week, slot, notice = null }: { week: string | null; slot: string | null; notice?: string | null },
): Promise<View> {
  const now = new Date();
  const blocked = rescheduleBlocker(booking, now);
  if (blocked === "already_cancelled") return { kind: "gone", booking };
  if (blocked) return { kind: "refused", booking, reason: rescheduleMessage(blocked) };
  const settings = await getSiteSettings();
  const [weekSlots, chosen] = await Promise.all([
    loadWeekSlots(week, { now, settings, withSlots: true }),
    resolveChosenSlot(slot, { now, settings }),
  ]);
  const same = chosen.slot?.id === booking.availabilityId;
  return {
    kind: "reschedule",
    booking,
    week: weekSlots,
    chosen: same ? null : chosen.slot,
    notice: notice ?? (same ? rescheduleMessage("same_slot") : chosen.problem),
    contactEmail: settings.email,
  };
}

const statusOf = (view: View) =>
  view.kind === "not-found" ? 404 : view.kind === "gone" ? 410 : view.kind === "refused" ? 409 : 200;

/**
 * After a cancellation the action's answer is the page to show ("Your booking has been
 * cancelled"); loading the page again would only answer 410 for the now cancelled booking, which
 * the browser reports as a failed request. Every other submission reloads as usual.
 */
export function shouldRevalidate({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if ((actionResult as View | undefined)?.kind === "cancelled-now") return false;
  return defaultShouldRevalidate;
}

export async function loader({ params, request }: Route.LoaderArgs) {
  const booking = await getBookingByToken(params.token);
  if (!booking) return data<View>({ kind: "not-found" }, { status: 404, headers: noStore });
  if (booking.status === "cancelled") return data<View>({ kind: "gone", booking }, { status: 410, headers: noStore });
  const search = new URL(request.url).searchParams;
  if (search.get("reschedule") === "1") {
    const view = await rescheduleView(booking, { week: search.get("week"), slot: search.get("slot") });
    return data<View>(view, { status: statusOf(view), headers: noStore });
  }
  return data<View>({ kind: "booking", booking, confirming: false, moved: search.get("moved") === "1" }, { headers: noStore });
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const form = await readFormData(request);
  const intent = form.get("intent");
  const booking = await getBookingByToken(params.token);
  if (!booking) return data<View>({ kind: "not-found" }, { status: 404, headers: noStore });

  if (intent === "reschedule") {
    const slotId = String(form.get("slotId") ?? "");
    const week = typeof form.get("week") === "string" ? String(form.get("week")) : null;
    const result = await rescheduleBookingByToken(params.token, slotId, { clientIp: context.clientIp });
    if (result.ok) return redirect(`/book-consultation/manage/${params.token}?moved=1`, { headers: noStore });
    if (result.reason === "not_found") return data<View>({ kind: "not-found" }, { status: 404, headers: noStore });
    if (result.reason === "already_cancelled") return data<View>({ kind: "gone", booking }, { status: 410, headers: noStore });
    if (result.reason === "started" || result.reason === "not_reschedulable") {
      return data<View>({ kind: "refused", booking, reason: result.message }, { status: 409, headers: noStore });
    }
    if (result.reason === "reschedule_client_limit" || result.reason === "reschedule_booking_limit") {
      return data<View>({ kind: "refused", booking, reason: result.message }, { status: 429, headers: noStore });
    }
    // The chosen time cannot be taken (full meanwhile, no longer offered...): fresh slots and why.
    const view = await rescheduleView(booking, { week, slot: null, notice: result.message });
    return data<View>(view, { status: 409, headers: noStore });
  }

  if (intent === "ask") {
    if (booking.status === "cancelled") return data<View>({ kind: "gone", booking }, { status: 410, headers: noStore });
    return data<View>({ kind: "booking", booking, confirming: true, moved: false }, { headers: noStore });
  }
  if (intent !== "cancel") {
    return data<View>({ kind: "booking", booking, confirming: false, moved: false }, { status: 400, headers: noStore });
  }
  const result = await cancelBookingByToken(params.token);
  if (result.ok) return data<View>({ kind: "cancelled-now", booking: result.booking }, { headers: noStore });
  switch (result.reason) {
    case "not_found":
      return data<View>({ kind: "not-found" }, { status: 404, headers: noStore });
    case "already_cancelled":
      return data<View>({ kind: "gone", booking }, { status: 410, headers: noStore });
    case "started":
      return data<View>(
        { kind: "refused", booking, reason: "This consultation has already started, so it can no longer be cancelled online." },
        { status: 409, headers: noStore },
      );
    default:
      return data<View>(
        { kind: "refused", booking, reason: "This booking can no longer be cancelled online. Please contact us if anything has changed." },
        { status: 409, headers: noStore },
      );
  }
}

const STATUS_BADGE: Record<string, { label: string; variant: "green" | "red" | "blue" | "grey" | "purple" | "yellow" }> = {
  pending: { label: "Pending confirmation", variant: "yellow" },
  confirmed: { label: "Confirmed", variant: "green" },
  completed: { label: "Completed", variant: "blue" },
  cancelled: { label: "Cancelled", variant: "red" },
  no_show: { label: "Missed", variant: "grey" },
  rescheduled: { label: "Being rescheduled", variant: "purple" },
};

/** "Thursday, 10 January 2030 at 09:00 UK time (GMT)". */
const when = (date: string, startTime: string) => `${formatLongDate(date)} at ${formatTime24(startTime)} ${ukZoneLabel(date, startTime)}`;

export default function ManageBooking({ loaderData, actionData }: Route.ComponentProps) {
  const view = (actionData ?? loaderData) as View;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const [asking, setAsking] = useState(false);

  return (
    <div className="bg-muted/60 px-4 py-12 sm:py-20">
      <div className={view.kind === "reschedule" ? "mx-auto max-w-4xl" : "mx-auto max-w-xl"}>
        <Card className="p-6 sm:p-8">
          {view.kind === "not-found" ? (
            <Message icon={<SearchX aria-hidden className="size-7" />} title="We couldn't find this booking">
              The link may be incomplete or out of date. Please check the link in your confirmation email, or contact us
              and we will help.
            </Message>
          ) : view.kind === "gone" ? (
            <Message icon={<CalendarX2 aria-hidden className="size-7" />} title="This booking has been cancelled">
              This consultation was cancelled and its time has been released. You are welcome to book another time.
            </Message>
          ) : view.kind === "cancelled-now" ? (
            <Message icon={<CalendarX2 aria-hidden className="size-7" />} title="Your booking has been cancelled">
              Your {view.booking.consultationType} on {formatLongDate(view.booking.date)} at{" "}
              {formatTime24(view.booking.startTime)} is cancelled. We have sent you an email confirming this, with a calendar
              update that removes it.
            </Message>
          ) : view.kind === "reschedule" ? (
            <Reschedule view={view} busy={busy} />
          ) : (
            <>
              <div className="flex items-center gap-3">
                <span className="flex size-12 items-center justify-center rounded-full bg-primary-soft text-primary">
                  <CalendarCheck2 aria-hidden className="size-6" />
                </span>
                <div>
                  <h1 className="text-2xl font-bold tracking-tight">Your consultation</h1>
                  <p className="text-sm text-muted-foreground">Booked by {view.booking.name}</p>
                </div>
              </div>
              {view.kind === "booking" && view.moved ? (
                <div role="status" className="mt-6 flex items-start gap-3 rounded-lg border border-primary/30 bg-accent p-4 text-sm">
                  <CheckCircle2 aria-hidden className="mt-0.5 size-4 shrink-0 text-primary" />
                  <p>
                    <span className="font-semibold">Your consultation has been moved.</span> We have emailed you an updated
                    calendar invitation. We will confirm the new time and send you the meeting link.
                  </p>
                </div>
              ) : null}
              <BookingDetails booking={view.booking} />

              {view.kind === "refused" ? (
                <p role="alert" className="mt-6 rounded-lg border border-destructive/30 bg-red-50 p-4 text-sm text-destructive">
                  {view.reason}
                </p>
              ) : view.booking.status === "pending" || view.booking.status === "confirmed" ? (
                view.confirming || asking ? (
                  <div role="alertdialog" aria-labelledby="cancel-q" aria-describedby="cancel-d" className="mt-6 rounded-xl border border-destructive/30 bg-red-50 p-5">
                    <h2 id="cancel-q" className="font-semibold text-destructive">
                      Cancel this consultation?
                    </h2>
                    <p id="cancel-d" className="mt-1 text-sm text-foreground">
                      The time will be released for someone else. This cannot be undone, but you can always book again.
                    </p>
                    <div className="mt-4 flex flex-col gap-3 sm:flex-row">
                      <Form method="post">
                        <input type="hidden" name="intent" value="cancel" />
                        <Button type="submit" variant="destructive" className="w-full sm:w-auto" disabled={busy}>
                          {busy ? <Spinner /> : null}
                          Yes, cancel booking
                        </Button>
                      </Form>
                      {asking ? (
                        <Button type="button" variant="outline" onClick={() => setAsking(false)}>
                          Keep booking
                        </Button>
                      ) : (
                        <Link to="." className={buttonVariants({ variant: "outline" })}>
                          Keep booking
                        </Link>
                      )}
                    </div>
                  </div>
                ) : (
                  <Form
                    method="post"
                    className="mt-6"
                    onSubmit={(e) => {
                      e.preventDefault();
                      setAsking(true);
                    }}
                  >
                    <input type="hidden" name="intent" value="ask" />
                    <p className="mb-4 text-sm text-muted-foreground">
                      Need another time? Reschedule to any free time. Can no longer make it? Cancel and the time will be freed
                      for someone else.
                    </p>
                    <div className="flex flex-col gap-3 sm:flex-row">
                      <Link to="?reschedule=1" className={buttonVariants({ variant: "default" })}>
                        <CalendarClock aria-hidden />
                        Reschedule
                      </Link>
                      <Button type="submit" variant="outline" className="border-destructive/40 text-destructive hover:bg-red-50">
                        Cancel booking
                      </Button>
                    </div>
                  </Form>
                )
              ) : null}
            </>
          )}
          {view.kind === "reschedule" ? null : (
            <div className="mt-8 flex flex-wrap gap-3 border-t pt-6">
              <Link to="/book-consultation" className={buttonVariants({ variant: view.kind === "booking" ? "outline" : "default" })}>
                Book a consultation
              </Link>
              <Link to="/" reloadDocument className={buttonVariants({ variant: "ghost" })}>
                Return to Home
              </Link>
            </div>
          )}
        </Card>
      </div>
    </div>
  );
}

/**
 * The booking's type, date, time (from its start to its own end) and status, and the meeting link
 * once staff have confirmed the booking with one.
 */
function BookingDetails({ booking }: { booking: ManagedBooking }) {
  return (
    <dl className="mt-6 grid gap-4 rounded-xl border bg-accent p-5 text-sm">
      <div>
        <dt className="text-muted-foreground">Consultation</dt>
        <dd className="font-semibold">{booking.consultationType}</dd>
      </div>
      <div>
        <dt className="text-muted-foreground">Date</dt>
        <dd className="font-semibold">{formatLongDate(booking.date)}</dd>
      </div>
      <div>
        <dt className="text-muted-foreground">Time</dt>
        <dd className="flex items-center gap-1.5 font-semibold">
          <Clock aria-hidden className="size-4 text-primary" />
          {formatUkTimeRange(booking.date, booking.startTime, booking.endTime)}
          {booking.durationMinutes ? `, ${booking.durationMinutes} minutes` : null}
        </dd>
      </div>
      {booking.meetingLink ? (
        <div>
          <dt className="text-muted-foreground">Meeting link</dt>
          <dd className="mt-1">
            <a
              href={booking.meetingLink}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-1.5 font-semibold break-all text-primary underline underline-offset-4 hover:text-primary/80"
            >
              <Video aria-hidden className="size-4 shrink-0" />
              {booking.meetingLink}
            </a>
          </dd>
        </div>
      ) : null}
      <div>
        <dt className="text-muted-foreground">Status</dt>
        <dd className="mt-1">
          <Badge variant={STATUS_BADGE[booking.status]?.variant ?? "grey"}>{STATUS_BADGE[booking.status]?.label ?? booking.status}</Badge>
        </dd>
      </div>
    </dl>
  );
}

/** Choose a new time (the wizard's week picker), then confirm the move. */
function Reschedule({ view, busy }: { view: Extract<View, { kind: "reschedule" }>; busy: boolean }) {
  const zone = useVisitorZone();
  const hydrated = useHydrated();
  const [slotId, setSlotId] = useState<string | null>(null);
  const { booking, week, chosen } = view;
  const weekHref = (w: string) => `?reschedule=1&week=${w}`;

  return (
    <>
      <h1 className="text-2xl font-bold tracking-tight">{chosen ? "Move your consultation?" : "Choose a new time"}</h1>
      <p className="mt-2 text-sm text-muted-foreground">
        Your {booking.consultationType} is booked for {when(booking.date, booking.startTime)}. Times are UK time, 24-hour.
      </p>
      {view.notice ? (
        <div role="alert" className="mt-4 flex items-start gap-3 rounded-lg border border-destructive/30 bg-red-50 p-4 text-sm text-destructive">
          <AlertCircle aria-hidden className="mt-0.5 size-4 shrink-0" />
          <p>{view.notice}</p>
        </div>
      ) : null}

      {chosen ? (
        <div className="mt-6">
          <dl className="grid gap-4 rounded-xl border bg-accent p-5 text-sm sm:grid-cols-2">
            <div>
              <dt className="text-muted-foreground">From</dt>
              <dd className="font-semibold line-through decoration-muted-foreground/60">{when(booking.date, booking.startTime)}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">To</dt>
              <dd className="font-semibold">
                {when(chosen.date, chosen.start_time)}
                <LocalTime date={chosen.date} time={chosen.start_time} zone={zone} className="font-normal" />
              </dd>
            </div>
          </dl>
          <p className="mt-4 text-sm text-muted-foreground">
            Your current time will be released. The booking will wait for our confirmation again, and we will email you an
            updated calendar invitation.
          </p>
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
            <Link to={weekHref(week.weekStart)} className={buttonVariants({ variant: "outline", size: "lg" })}>
              <ArrowLeft aria-hidden />
              Choose another time
            </Link>
            <Form method="post">
              <input type="hidden" name="intent" value="reschedule" />
              <input type="hidden" name="slotId" value={chosen.id} />
              <input type="hidden" name="week" value={week.weekStart} />
              <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={busy}>
                {busy ? <Spinner /> : null}
                Confirm new time
              </Button>
            </Form>
          </div>
        </div>
      ) : (
        <Form method="get" className="mt-6">
          <input type="hidden" name="reschedule" value="1" />
          <input type="hidden" name="week" value={week.weekStart} />
          <WeekPicker
            monthYear={week.monthYear}
            previousHref={week.previousWeek && weekHref(week.previousWeek)}
            nextHref={week.nextWeek && weekHref(week.nextWeek)}
            slots={week.slots.filter((s) => s.id !== booking.availabilityId)}
            slotsError={week.slotsError}
            selected={slotId}
            onSelect={setSlotId}
            zone={zone}
            contactEmail={view.contactEmail}
          />
          <div className="mt-8 flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
            <Link to="." className={buttonVariants({ variant: "outline", size: "lg" })}>
              <ArrowLeft aria-hidden />
              Keep current time
            </Link>
            <Button type="submit" size="lg" disabled={(hydrated && !slotId) || busy}>
              Continue
              {busy ? <Spinner /> : <ArrowRight aria-hidden />}
            </Button>
          </div>
        </Form>
      )}
    </>
  );
}

function Message({ icon, title, children }: { icon: React.ReactNode; title: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-col items-center text-center">
      <span className="mb-4 flex size-14 items-center justify-center rounded-full bg-muted text-muted-foreground">{icon}</span>
      <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
      <p className="mt-3 text-muted-foreground">{children}</p>
    </div>
  );
}
