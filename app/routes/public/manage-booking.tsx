/**
 * /book-consultation/manage/:token: the visitor's own booking, opened from the link in the
 * confirmation e-mail (`shared/DESIGN.md` section 6). Shows the type, the UK date and time and the
 * status, with a Cancel booking button behind a confirmation. A wrong token answers 404 and an
 * already cancelled booking 410, each with a clear page, never an error page. Works without
 * JavaScript (the confirmation is a second step of the same form).
 */
import { useState } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { CalendarCheck2, CalendarX2, Clock, SearchX } from "lucide-react";
import { Badge } from "~/components/ui/badge";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Spinner } from "~/components/ui/spinner";
import { cancelBookingByToken, getBookingByToken, type ManagedBooking } from "~/features/consultations/bookings.server";
import { formatLongDate, formatTime24, ukZoneLabel } from "~/features/consultations/time";
import { pageMeta } from "~/features/seo/meta";
import type { Route } from "./+types/manage-booking";
import { dataHeaders } from "~/utils/headers";
import { readFormData } from "~/utils/form-data.server";
import { privateHydrateHandle } from "~/utils/page-mode";

/** Hydrated (ADR "Content pages without React"), and never shown to analytics (issue 9 item 6). */
export const handle = privateHydrateHandle;

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Manage your booking", path: "/book-consultation", noIndex: true });

type View =
  | { kind: "booking"; booking: ManagedBooking; confirming: boolean }
  | { kind: "cancelled-now"; booking: ManagedBooking }
  | { kind: "not-found" }
  | { kind: "gone"; booking: ManagedBooking | null }
  | { kind: "not-cancellable"; booking: ManagedBooking; reason: string };

export const headers = dataHeaders;

const noStore = { "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" };

export async function loader({ params }: Route.LoaderArgs) {
  const booking = await getBookingByToken(params.token);
  if (!booking) return data<View>({ kind: "not-found" }, { status: 404, headers: noStore });
  if (booking.status === "cancelled") return data<View>({ kind: "gone", booking }, { status: 410, headers: noStore });
  return data<View>({ kind: "booking", booking, confirming: false }, { headers: noStore });
}

export async function action({ params, request }: Route.ActionArgs) {
  const form = await readFormData(request);
  const intent = form.get("intent");
  const booking = await getBookingByToken(params.token);
  if (!booking) return data<View>({ kind: "not-found" }, { status: 404, headers: noStore });
  if (intent === "ask") {
    if (booking.status === "cancelled") return data<View>({ kind: "gone", booking }, { status: 410, headers: noStore });
    return data<View>({ kind: "booking", booking, confirming: true }, { headers: noStore });
  }
  if (intent !== "cancel") return data<View>({ kind: "booking", booking, confirming: false }, { status: 400, headers: noStore });
  const result = await cancelBookingByToken(params.token);
  if (result.ok) return data<View>({ kind: "cancelled-now", booking: result.booking }, { headers: noStore });
  switch (result.reason) {
    case "not_found":
      return data<View>({ kind: "not-found" }, { status: 404, headers: noStore });
    case "already_cancelled":
      return data<View>({ kind: "gone", booking }, { status: 410, headers: noStore });
    case "started":
      return data<View>(
        { kind: "not-cancellable", booking, reason: "This consultation has already started, so it can no longer be cancelled online." },
        { status: 409, headers: noStore },
      );
    default:
      return data<View>(
        { kind: "not-cancellable", booking, reason: "This booking can no longer be cancelled online. Please contact us if anything has changed." },
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

export default function ManageBooking({ loaderData, actionData }: Route.ComponentProps) {
  const view = (actionData ?? loaderData) as View;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const [asking, setAsking] = useState(false);

  return (
    <div className="bg-muted/60 px-4 py-12 sm:py-20">
      <div className="mx-auto max-w-xl">
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
              <dl className="mt-6 grid gap-4 rounded-xl border bg-accent p-5 text-sm">
                <div>
                  <dt className="text-muted-foreground">Consultation</dt>
                  <dd className="font-semibold">{view.booking.consultationType}</dd>
                </div>
                <div>
                  <dt className="text-muted-foreground">Date</dt>
                  <dd className="font-semibold">{formatLongDate(view.booking.date)}</dd>
                </div>
                <div>
                  <dt className="text-muted-foreground">Time</dt>
                  <dd className="flex items-center gap-1.5 font-semibold">
                    <Clock aria-hidden className="size-4 text-primary" />
                    {formatTime24(view.booking.startTime)} {ukZoneLabel(view.booking.date, view.booking.startTime)}
                    {view.booking.durationMinutes ? `, ${view.booking.durationMinutes} minutes` : null}
                  </dd>
                </div>
                <div>
                  <dt className="text-muted-foreground">Status</dt>
                  <dd className="mt-1">
                    <Badge variant={STATUS_BADGE[view.booking.status]?.variant ?? "grey"}>
                      {STATUS_BADGE[view.booking.status]?.label ?? view.booking.status}
                    </Badge>
                  </dd>
                </div>
              </dl>

              {view.kind === "not-cancellable" ? (
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
                      Can no longer make it? Cancel below and the time will be freed for someone else.
                    </p>
                    <Button type="submit" variant="outline" className="border-destructive/40 text-destructive hover:bg-red-50">
                      Cancel booking
                    </Button>
                  </Form>
                )
              ) : null}
            </>
          )}
          <div className="mt-8 flex flex-wrap gap-3 border-t pt-6">
            <Link to="/book-consultation" className={buttonVariants({ variant: view.kind === "booking" ? "outline" : "default" })}>
              Book a consultation
            </Link>
            <Link to="/" reloadDocument className={buttonVariants({ variant: "ghost" })}>
              Return to Home
            </Link>
          </div>
        </Card>
      </div>
    </div>
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
