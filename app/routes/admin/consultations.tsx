import { withCalendarChanges } from "~/features/calendars/event-writes.server";
import { useFetcher, useSearchParams, useSubmit } from "react-router";
import { auditActor, requireAdmin } from "~/features/auth/guard.server";
import { MANAGER_ROLES } from "~/features/auth/roles";
import { logger } from "~/utils/logger.server";
import {
  CONSULTATION_INTENTS,
  type ConsultationActionResult,
  type ConsultationIntent,
  FAILURE_MESSAGES,
} from "~/features/consultations/core/admin-actions";
import { bookingUpdateSchema, reassignSchema, getBooking, listBookings, withSlotCompanions, reassignBooking, updateBookingByAdmin, withReassignOptions } from "~/features/consultations/bookings/index.server";
import { closeDatesSchema, editSlotSchema, recurringSlotsSchema, singleSlotSchema } from "~/features/consultations/availability/admin-schema";
import { parseBookingListParams } from "~/features/consultations/bookings/admin-booking-list";
import { closeDateRange, createRecurringSlots, createSlot, deleteSlot, getConsultationStats, listUpcomingSlots, SlotNotFoundError, SlotRuleError, updateSlot } from "~/features/consultations/availability/index.server";
import { BookingError } from "~/features/consultations/core/index.server";
import { listEngineers } from "~/features/consultations/engineers/index.server";
import { londonToday } from "~/utils/time";
import { ConsultationsScreen, type ConsultationsTab } from "~/features/consultations/bookings/components/consultations-screen";
import type { Submitter } from "~/features/consultations/core/components/submitter";
import { pageMeta } from "~/features/seo/meta";
import type { Route } from "./+types/consultations";
import { readFormData } from "~/utils/form-data.server";
import { accept, parseSubmission, refuse, refusedFields, refuseInvalid, type FailedSubmission, type ParseOptions } from "~/utils/forms";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Consultations", path: "/admin/consultations", noIndex: true });

const PAGE_SIZE = 20;

/**
 * Consultation management: the five stats, one page of bookings for `?q=&status=&when=&sort=&page=`
 * (when: all, upcoming or past; sort: newest booked first by default, or by meeting date) each with
 * the other bookings of its slot and the engineers free to take it instead, upcoming slots, the tab in `?tab=` (bookings or availability),
 * and the booking `?booking=<id>` opens in its detail dialog (the link in the staff calendar feed),
 * null when there is none. Managers only (super_admin, admin).
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request, MANAGER_ROLES);
  const url = new URL(request.url);
  const tab: ConsultationsTab = url.searchParams.get("tab") === "availability" ? "availability" : "bookings";
  const q = (url.searchParams.get("q") ?? "").slice(0, 200);
  const status = url.searchParams.get("status") ?? "all";
  const page = Math.max(1, Math.min(10_000, Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1));
  const { sort, when } = parseBookingListParams(url.searchParams);
  const now = new Date();
  const [stats, list, slots, opened, engineers] = await Promise.all([
    getConsultationStats(now),
    listBookings({ q, status, when, sort, page, limit: PAGE_SIZE, now }),
    listUpcomingSlots(now),
    getBooking(url.searchParams.get("booking") ?? ""),
    listEngineers(),
  ]);
  const [bookings, openedWithCompanions] = await Promise.all([
    withSlotCompanions(list.bookings).then(withReassignOptions).then(withCalendarChanges),
    opened ? withSlotCompanions([opened]).then(withReassignOptions).then(withCalendarChanges).then(([o]) => o ?? null) : Promise.resolve(null),
  ]);
  return {
    stats,
    bookings,
    total: list.total,
    page,
    pageSize: PAGE_SIZE,
    slots,
    today: londonToday(now),
    filters: { q, status, tab, sort, when },
    opened: openedWithCompanions,
    engineers,
  };
}

/** How the screen's forms are read: the recurring form's weekdays are always a list. */
const FORM_READING: ParseOptions = { lists: ["daysOfWeek"] };

/**
 * The screen's changes, posted as form data with `intent`:
 * `update-booking` (id, status, meetingLink, meetingNotes), `create-slot`, `create-recurring`,
 * `update-slot` (id, ...), `delete-slot` (id), `close-dates` (startDate, endDate).
 * Answers 400 with field errors for invalid input, 409 for a broken rule (slot with bookings,
 * duplicate start, full slot) and 404 for a record that no longer exists, each with the spec's
 * failure message and the specific reason. Every change is audited by the domain function.
 */
export async function action({ request }: Route.ActionArgs) {
  const session = await requireAdmin(request, MANAGER_ROLES);
  const actor = auditActor(session);
  const formData = await readFormData(request);
  const raw = String(formData.get("intent") ?? "");
  if (!(CONSULTATION_INTENTS as readonly string[]).includes(raw)) {
    return refuse<ConsultationActionResult>(400, { intent: null, message: "Unknown action.", description: "Refresh the page and try again." });
  }
  const intent = raw as ConsultationIntent;
  const today = londonToday(new Date());
  const invalid = (submission: FailedSubmission) =>
    refuseInvalid<ConsultationActionResult>(submission, { intent, message: FAILURE_MESSAGES[intent], description: submission.message });
  const done = (message: string, description?: string) => accept<ConsultationActionResult>({ intent, message, description });

  try {
    switch (intent) {
      case "update-booking": {
        const parsed = parseSubmission(bookingUpdateSchema, formData, FORM_READING);
        if (!parsed.ok) return invalid(parsed);
        const { id, ...update } = parsed.values;
        await updateBookingByAdmin(actor, id, update);
        return done("Booking updated");
      }
      case "reassign-booking": {
        const parsed = parseSubmission(reassignSchema, formData);
        if (!parsed.ok) return invalid(parsed);
        const updated = await reassignBooking(actor, parsed.values.id, parsed.values.engineerId);
        return done("Booking reassigned", updated.engineerId ? undefined : "Nobody takes it now.");
      }
      case "create-slot": {
        const parsed = parseSubmission(singleSlotSchema(today), formData, FORM_READING);
        if (!parsed.ok) return invalid(parsed);
        await createSlot(actor, parsed.values);
        return done("Availability slot created");
      }
      case "create-recurring": {
        const parsed = parseSubmission(recurringSlotsSchema(today), formData, FORM_READING);
        if (!parsed.ok) return invalid(parsed);
        const r = await createRecurringSlots(actor, parsed.values);
        const detail = [
          r.skipped ? `${r.skipped} already existed` : null,
          r.skippedBankHolidays ? `${r.skippedBankHolidays} bank ${r.skippedBankHolidays === 1 ? "holiday" : "holidays"} left out` : null,
        ]
          .filter(Boolean)
          .join("; ");
        return done(`Created ${r.created} ${r.created === 1 ? "slot" : "slots"}, skipped ${r.skipped}`, detail || undefined);
      }
      case "update-slot": {
        const parsed = parseSubmission(editSlotSchema(today), formData, FORM_READING);
        if (!parsed.ok) return invalid(parsed);
        const { id, ...update } = parsed.values;
        await updateSlot(actor, id, update);
        return done("Availability slot updated");
      }
      case "delete-slot": {
        const id = formData.get("id");
        if (typeof id !== "string" || !/^[0-9a-f-]{36}$/i.test(id)) return invalid(refusedFields({ id: ["Unknown slot"] }));
        await deleteSlot(actor, id);
        return done("Availability slot deleted");
      }
      case "close-dates": {
        const parsed = parseSubmission(closeDatesSchema, formData, FORM_READING);
        if (!parsed.ok) return invalid(parsed);
        const closed = await closeDateRange(actor, parsed.values);
        return done(closed === 0 ? "No open slots in those dates" : `Closed ${closed} ${closed === 1 ? "slot" : "slots"}`);
      }
    }
  } catch (error) {
    const message = FAILURE_MESSAGES[intent];
    if (error instanceof SlotRuleError) {
      const fieldErrors = error.field ? { [error.field]: [error.message] } : undefined;
      return refuse<ConsultationActionResult>(409, { intent, message, description: error.message, fieldErrors });
    }
    if (error instanceof SlotNotFoundError) return refuse<ConsultationActionResult>(404, { intent, message, description: error.message });
    if (error instanceof BookingError) return refuse<ConsultationActionResult>(error.status, { intent, message, description: error.message });
    logger.error({ err: error, intent }, "consultations action failed");
    return refuse<ConsultationActionResult>(500, { intent, message });
  }
}

/** A `useFetcher` for one form of the screen, as the screen's `Submitter`. */
function useSubmitter(key: string): Submitter {
  const fetcher = useFetcher<ConsultationActionResult>({ key: `consultations-${key}` });
  return {
    submit: (form) => fetcher.submit(form, { method: "post" }),
    pending: fetcher.state !== "idle",
    result: fetcher.data,
  };
}

export default function ConsultationsRoute({ loaderData, actionData }: Route.ComponentProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const submit = useSubmit();
  const submitters = {
    booking: useSubmitter("booking"),
    single: useSubmitter("single"),
    recurring: useSubmitter("recurring"),
    edit: useSubmitter("edit"),
    remove: useSubmitter("remove"),
    close: useSubmitter("close"),
  };
  return (
    <ConsultationsScreen
      {...loaderData}
      actionData={actionData}
      submitters={submitters}
      onTabChange={(tab) =>
        setSearchParams(
          (prev) => {
            const next = new URLSearchParams(prev);
            if (tab === "bookings") next.delete("tab");
            else next.set("tab", tab);
            return next;
          },
          { preventScrollReset: true, replace: true },
        )
      }
      onFilter={(form) => {
        const fd = new FormData(form);
        const params = new URLSearchParams();
        const q = String(fd.get("q") ?? "").trim();
        const status = String(fd.get("status") ?? "all");
        const when = String(fd.get("when") ?? "all");
        const sort = String(fd.get("sort") ?? "newest");
        if (q) params.set("q", q);
        if (status !== "all") params.set("status", status);
        if (when !== "all") params.set("when", when);
        if (sort !== "newest") params.set("sort", sort);
        submit(params, { method: "get", preventScrollReset: true, replace: true });
      }}
      onBookingClosed={() => {
        if (!searchParams.has("booking")) return;
        setSearchParams(
          (prev) => {
            const next = new URLSearchParams(prev);
            next.delete("booking");
            return next;
          },
          { preventScrollReset: true, replace: true },
        );
      }}
      pageHref={(page) => {
        const next = new URLSearchParams(searchParams);
        next.set("page", String(page));
        return `?${next.toString()}`;
      }}
      bookingHref={(id) => {
        const next = new URLSearchParams(searchParams);
        next.set("booking", id);
        return `?${next.toString()}`;
      }}
    />
  );
}
