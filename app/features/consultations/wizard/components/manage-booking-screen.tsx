/**
 * The visitor's manage page (/book-consultation/manage/:token): the booking's type, UK date and
 * time and status, with Reschedule and Cancel booking (behind a confirmation), or the page for a
 * wrong link, a cancelled booking or a refused change. The view comes from
 * `manage-page.server.ts`. Rendered on the server only (the public site is sent without React):
 * every control is a plain form or link. Reschedule is URL-driven like the wizard:
 * `?reschedule=1&week=` shows the wizard's week picker, choosing a time adds `&slot=` and shows
 * "Move your consultation?", and Confirm new time posts `intent=reschedule`; Cancel booking posts
 * `intent=ask` for the question, whose Yes posts `intent=cancel`. The booking enhancement
 * (`app/enhance/booking.ts`) keeps Continue disabled until a time is chosen, stops a second press
 * of a button that posts, and moves the focus to the question or the new step's heading.
 */
import { AlertCircle, ArrowLeft, ArrowRight, CalendarCheck2, CalendarClock, CalendarX2, CheckCircle2, Clock, SearchX, Video } from "lucide-react";
import { Badge } from "~/components/ui/badge";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { formatLongDate, formatTime24 } from "~/utils/format";
import { languageInfo, localizedPath, usePageLanguage, type Language } from "~/utils/i18n";
import { m } from "~/utils/paraglide/messages";
import type { ManagedBooking } from "../booking-manage.server";
import type { ManageView } from "../manage-page.server";
import { describeWhenIn, minutesIn, ukZone } from "../../core/words";
import { BOOKING_PATH } from "./booking-wizard-screen";
import { LocalTime, WeekPicker } from "../../core/components/week-picker";

/** A booking status's badge: its name in `language` and its colour. */
function statusBadge(status: string, language: Language): { label: string; variant: "green" | "red" | "blue" | "grey" | "purple" | "yellow" } {
  const locale = { locale: language };
  switch (status) {
    case "pending":
      return { label: m.manage_status_pending({}, locale), variant: "yellow" };
    case "confirmed":
      return { label: m.manage_status_confirmed({}, locale), variant: "green" };
    case "completed":
      return { label: m.manage_status_completed({}, locale), variant: "blue" };
    case "cancelled":
      return { label: m.manage_status_cancelled({}, locale), variant: "red" };
    case "no_show":
      return { label: m.manage_status_no_show({}, locale), variant: "grey" };
    case "rescheduled":
      return { label: m.manage_status_rescheduled({}, locale), variant: "purple" };
    default:
      return { label: status, variant: "grey" };
  }
}

/** The manage page for `view` (the action's answer, else the loader's); `pagePath` is its own address, without a query. */
export function ManageBookingScreen({ view, pagePath }: { view: ManageView; pagePath: string }) {
  const language = usePageLanguage();
  const locale = { locale: language };

  return (
    <div className="bg-muted/60 px-4 py-12 sm:py-20">
      <div className={view.kind === "reschedule" ? "mx-auto max-w-4xl" : "mx-auto max-w-xl"}>
        <Card className="p-6 sm:p-8">
          {view.kind === "not-found" ? (
            <Message icon={<SearchX aria-hidden className="size-7" />} title={m.manage_not_found_title({}, locale)}>
              {m.manage_not_found_body({}, locale)}
            </Message>
          ) : view.kind === "gone" ? (
            <Message icon={<CalendarX2 aria-hidden className="size-7" />} title={m.manage_gone_title({}, locale)}>
              {m.manage_gone_body({}, locale)}
            </Message>
          ) : view.kind === "cancelled-now" ? (
            <Message icon={<CalendarX2 aria-hidden className="size-7" />} title={m.manage_cancelled_title({}, locale)}>
              {m.manage_cancelled_body(
                {
                  type: view.booking.consultationType,
                  date: formatLongDate(view.booking.date, languageInfo(language).intl),
                  time: formatTime24(view.booking.startTime),
                },
                locale,
              )}
            </Message>
          ) : view.kind === "reschedule" ? (
            <Reschedule view={view} pagePath={pagePath} />
          ) : (
            <>
              <div className="flex items-center gap-3">
                <span className="flex size-12 items-center justify-center rounded-full bg-primary-soft text-primary">
                  <CalendarCheck2 aria-hidden className="size-6" />
                </span>
                <div>
                  <h1 className="text-2xl font-bold tracking-tight">{m.manage_heading({}, locale)}</h1>
                  <p className="text-sm text-muted-foreground">{m.manage_booked_by({ name: view.booking.name }, locale)}</p>
                </div>
              </div>
              {view.kind === "booking" && view.moved ? (
                <div role="status" className="mt-6 flex items-start gap-3 rounded-lg border border-primary/30 bg-accent p-4 text-sm">
                  <CheckCircle2 aria-hidden className="mt-0.5 size-4 shrink-0 text-primary" />
                  <p>
                    <span className="font-semibold">{m.manage_moved_lead({}, locale)}</span> {m.manage_moved_body({}, locale)}
                  </p>
                </div>
              ) : null}
              <BookingDetails booking={view.booking} />

              {view.kind === "refused" ? (
                <p role="alert" className="mt-6 rounded-lg border border-destructive/30 bg-red-50 p-4 text-sm text-destructive">
                  {view.reason}
                </p>
              ) : view.booking.status === "pending" || view.booking.status === "confirmed" ? (
                view.confirming ? (
                  <div role="alertdialog" aria-labelledby="cancel-q" aria-describedby="cancel-d" className="mt-6 rounded-xl border border-destructive/30 bg-red-50 p-5">
                    <h2 id="cancel-q" tabIndex={-1} data-focus-on-load="" className="font-semibold text-destructive outline-none">
                      {m.manage_cancel_question({}, locale)}
                    </h2>
                    <p id="cancel-d" className="mt-1 text-sm text-foreground">
                      {m.manage_cancel_detail({}, locale)}
                    </p>
                    <div className="mt-4 flex flex-col gap-3 sm:flex-row">
                      <form method="post" data-submit-once="">
                        <input type="hidden" name="intent" value="cancel" />
                        <Button type="submit" variant="destructive" className="w-full sm:w-auto">
                          {m.manage_cancel_yes({}, locale)}
                        </Button>
                      </form>
                      <a href={pagePath} className={buttonVariants({ variant: "outline" })}>
                        {m.manage_keep({}, locale)}
                      </a>
                    </div>
                  </div>
                ) : (
                  <form method="post" className="mt-6">
                    <input type="hidden" name="intent" value="ask" />
                    <p className="mb-4 text-sm text-muted-foreground">{m.manage_options({}, locale)}</p>
                    <div className="flex flex-col gap-3 sm:flex-row">
                      <a href={`${pagePath}?reschedule=1`} className={buttonVariants({ variant: "default" })}>
                        <CalendarClock aria-hidden />
                        {m.manage_reschedule({}, locale)}
                      </a>
                      <Button type="submit" variant="outline" className="border-destructive/40 text-destructive hover:bg-red-50">
                        {m.manage_cancel({}, locale)}
                      </Button>
                    </div>
                  </form>
                )
              ) : null}
            </>
          )}
          {view.kind === "reschedule" ? null : (
            <div className="mt-8 flex flex-wrap gap-3 border-t pt-6">
              <a href={localizedPath(BOOKING_PATH, language)} className={buttonVariants({ variant: view.kind === "booking" ? "outline" : "default" })}>
                {m.manage_book({}, locale)}
              </a>
              <a href="/" className={buttonVariants({ variant: "ghost" })}>
                {m.wizard_return_home({}, locale)}
              </a>
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
  const language = usePageLanguage();
  const locale = { locale: language };
  const badge = statusBadge(booking.status, language);
  return (
    <dl className="mt-6 grid gap-4 rounded-xl border bg-accent p-5 text-sm">
      <div>
        <dt className="text-muted-foreground">{m.summary_consultation({}, locale)}</dt>
        <dd className="font-semibold">{booking.consultationType}</dd>
      </div>
      <div>
        <dt className="text-muted-foreground">{m.summary_date({}, locale)}</dt>
        <dd className="font-semibold">{formatLongDate(booking.date, languageInfo(language).intl)}</dd>
      </div>
      <div>
        <dt className="text-muted-foreground">{m.summary_time({}, locale)}</dt>
        <dd className="flex items-center gap-1.5 font-semibold">
          <Clock aria-hidden className="size-4 text-primary" />
          <span>
            <bdi dir="ltr">
              {formatTime24(booking.startTime)}–{formatTime24(booking.endTime)}
            </bdi>{" "}
            {ukZone(language, booking.date, booking.startTime)}
            {booking.durationMinutes ? `, ${minutesIn(language, booking.durationMinutes)}` : null}
          </span>
        </dd>
      </div>
      {booking.meetingLink ? (
        <div>
          <dt className="text-muted-foreground">{m.manage_meeting_link({}, locale)}</dt>
          <dd className="mt-1">
            <a
              href={booking.meetingLink}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-1.5 font-semibold break-all text-primary underline underline-offset-4 hover:text-primary/80"
              dir="ltr"
            >
              <Video aria-hidden className="size-4 shrink-0" />
              {booking.meetingLink}
            </a>
          </dd>
        </div>
      ) : null}
      <div>
        <dt className="text-muted-foreground">{m.manage_status({}, locale)}</dt>
        <dd className="mt-1">
          <Badge variant={badge.variant}>{badge.label}</Badge>
        </dd>
      </div>
    </dl>
  );
}

/** Choose a new time (the wizard's week picker), then confirm the move. */
function Reschedule({ view, pagePath }: { view: Extract<ManageView, { kind: "reschedule" }>; pagePath: string }) {
  const language = usePageLanguage();
  const locale = { locale: language };
  const when = (date: string, time: string) => describeWhenIn(language, date, time);
  const { booking, week, chosen } = view;
  const weekHref = (w: string) => `${pagePath}?reschedule=1&week=${w}`;

  return (
    <>
      <h1 tabIndex={-1} data-focus-on-load="" className="text-2xl font-bold tracking-tight outline-none">{chosen ? m.manage_move_question({}, locale) : m.manage_choose_new({}, locale)}</h1>
      <p className="mt-2 text-sm text-muted-foreground">
        {m.manage_booked_for({ type: booking.consultationType, when: when(booking.date, booking.startTime) }, locale)}
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
              <dt className="text-muted-foreground">{m.manage_from({}, locale)}</dt>
              <dd className="font-semibold line-through decoration-muted-foreground/60">{when(booking.date, booking.startTime)}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">{m.manage_to({}, locale)}</dt>
              <dd className="font-semibold">
                {when(chosen.date, chosen.start_time)}
                <LocalTime date={chosen.date} time={chosen.start_time} className="font-normal" />
              </dd>
            </div>
          </dl>
          <p className="mt-4 text-sm text-muted-foreground">{m.manage_release_note({}, locale)}</p>
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
            <a href={weekHref(week.weekStart)} className={buttonVariants({ variant: "outline", size: "lg" })}>
              <ArrowLeft aria-hidden className="rtl:-scale-x-100" />
              {m.manage_choose_another({}, locale)}
            </a>
            <form method="post" data-submit-once="">
              <input type="hidden" name="intent" value="reschedule" />
              <input type="hidden" name="slotId" value={chosen.id} />
              <input type="hidden" name="week" value={week.weekStart} />
              <Button type="submit" size="lg" className="w-full sm:w-auto">
                {m.manage_confirm_new({}, locale)}
              </Button>
            </form>
          </div>
        </div>
      ) : (
        <form method="get" action={pagePath} className="mt-6" data-needs-choice="slot">
          <input type="hidden" name="reschedule" value="1" />
          <input type="hidden" name="week" value={week.weekStart} />
          <WeekPicker
            monthYear={week.monthYear}
            previousHref={week.previousWeek && weekHref(week.previousWeek)}
            nextHref={week.nextWeek && weekHref(week.nextWeek)}
            slots={week.slots.filter((s) => s.id !== booking.availabilityId)}
            slotsError={week.slotsError}
            selected={null}
            contactEmail={view.contactEmail}
          />
          <div className="mt-8 flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
            <a href={pagePath} className={buttonVariants({ variant: "outline", size: "lg" })}>
              <ArrowLeft aria-hidden className="rtl:-scale-x-100" />
              {m.manage_keep_time({}, locale)}
            </a>
            <Button type="submit" size="lg">
              {m.wizard_continue({}, locale)}
              <ArrowRight aria-hidden className="rtl:-scale-x-100" />
            </Button>
          </div>
        </form>
      )}
    </>
  );
}

/** A page of one message: an icon, a heading and a sentence. */
function Message({ icon, title, children }: { icon: React.ReactNode; title: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-col items-center text-center">
      <span className="mb-4 flex size-14 items-center justify-center rounded-full bg-muted text-muted-foreground">{icon}</span>
      <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
      <p className="mt-3 text-muted-foreground">{children}</p>
    </div>
  );
}
