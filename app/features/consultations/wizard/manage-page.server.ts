/**
 * What the visitor's manage page (/book-consultation/manage/:token) shows, and what its posts do
 * (`docs/design.md` section 6). A wrong token answers 404, a cancelled booking 410, a refused
 * change 409, too many moves (the rate limits of `rescheduleBookingByToken`) 429, each with its
 * own view; a time that filled meanwhile shows its message above fresh slots. The route turns a
 * `ManagePage` into its response with `MANAGE_PAGE_HEADERS`.
 */
import { z } from "zod";
import { getSiteSettings } from "~/features/settings/settings.server";
import { parseSubmission, type SubmissionInput } from "~/utils/forms";
import { DEFAULT_LANGUAGE, localizedPath, type Language } from "~/utils/i18n";
import { m } from "~/utils/paraglide/messages";
import {
  cancelBookingByToken,
  getBookingByToken,
  rescheduleBlocker,
  rescheduleBookingByToken,
  rescheduleMessage,
  type ManagedBooking,
} from "./booking-manage.server";
import { bookingDurationMinutes } from "../mail/index.server";
import type { AvailableSlot } from "../availability/index.server";
import { loadWeekSlots, resolveChosenSlot, type WeekSlots } from "./wizard.server";

/** One state of the manage page. Dates are London `yyyy-mm-dd`; times `HH:MM:SS`. */
export type ManageView =
  | { kind: "booking"; booking: ManagedBooking; confirming: boolean; moved: boolean }
  | { kind: "reschedule"; booking: ManagedBooking; week: WeekSlots; chosen: AvailableSlot | null; notice: string | null; contactEmail: string }
  | { kind: "cancelled-now"; booking: ManagedBooking }
  | { kind: "not-found" }
  | { kind: "gone"; booking: ManagedBooking | null }
  | { kind: "refused"; booking: ManagedBooking; reason: string };

/** A view with the HTTP status to answer, or the address to redirect to after a move. */
export type ManagePage = { view: ManageView; status: number } | { redirectTo: string };

/**
 * A token page: never stored by a cache, never indexed, its URL never sent to another site as a
 * referrer. `same-origin`, not `no-referrer`: with `no-referrer` Chromium sends `Origin: null` on
 * a form posted without JavaScript and React Router aborts the action (`docs/stack-notes.md`).
 */
export const MANAGE_PAGE_HEADERS = { "Cache-Control": "private, no-store", "Referrer-Policy": "same-origin", "X-Robots-Tag": "noindex, nofollow" };

const page = (view: ManageView, status = 200): ManagePage => ({ view, status });

/**
 * The reschedule screen for a week and an optional chosen slot, or the refusal when the booking
 * cannot move; its words in `language`.
 */
async function rescheduleView(
  booking: ManagedBooking,
  { week, slot, notice = null, language }: { week: string | null; slot: string | null; notice?: string | null; language: Language },
): Promise<ManageView> {
  const now = new Date();
  const blocked = rescheduleBlocker(booking, now);
  if (blocked === "already_cancelled") return { kind: "gone", booking };
  if (blocked) return { kind: "refused", booking, reason: rescheduleMessage(blocked, language) };
  const settings = await getSiteSettings();
  // The booking's own time does not count against its engineer while it looks for another.
  const wanted = { typeId: booking.consultationTypeId, durationMinutes: bookingDurationMinutes(booking.durationMinutes, booking), bookingId: booking.id };
  const [weekSlots, chosen] = await Promise.all([
    loadWeekSlots(week, { now, settings, withSlots: true, wanted, language }),
    resolveChosenSlot(slot, { now, settings, wanted, language }),
  ]);
  const same = chosen.slot?.id === booking.availabilityId;
  return {
    kind: "reschedule",
    booking,
    week: weekSlots,
    chosen: same ? null : chosen.slot,
    notice: notice ?? (same ? rescheduleMessage("same_slot", language) : chosen.problem),
    contactEmail: settings.email,
  };
}

const statusOf = (view: ManageView) =>
  view.kind === "not-found" ? 404 : view.kind === "gone" ? 410 : view.kind === "refused" ? 409 : 200;

/**
 * The page a GET of the manage link shows: the booking, or with `?reschedule=1` (and `week`,
 * `slot`) the reschedule screen; `?moved=1` adds the note that the booking was just moved. Its
 * messages are in `language`, the page's (English by default).
 */
export async function loadManagePage(token: string, search: URLSearchParams, language: Language = DEFAULT_LANGUAGE): Promise<ManagePage> {
  const booking = await getBookingByToken(token);
  if (!booking) return page({ kind: "not-found" }, 404);
  if (booking.status === "cancelled") return page({ kind: "gone", booking }, 410);
  if (search.get("reschedule") === "1") {
    const view = await rescheduleView(booking, { week: search.get("week"), slot: search.get("slot"), language });
    return page(view, statusOf(view));
  }
  return page({ kind: "booking", booking, confirming: false, moved: search.get("moved") === "1" });
}

/** A posted text field: its first value when posted twice, missing when absent or not text. */
const postedText = z.preprocess((v) => (Array.isArray(v) ? v[0] : v), z.string().optional()).catch(undefined);

/**
 * The manage page's posts: `intent` reschedule (with the new `slotId` and the `week` shown),
 * ask (the cancel confirmation, without JavaScript) or cancel. Any text is accepted here; the
 * booking's own rules decide (an unknown slot id is refused by `rescheduleBookingByToken`).
 */
const ManagePostSchema = z.object({ intent: postedText, slotId: postedText, week: postedText });

/**
 * Runs a post of the manage page for `token` from `clientIp`: a move redirects to `?moved=1` (on
 * the page in `language`); everything else answers a view (see the module comment for the
 * statuses), its messages in `language` (English by default).
 */
export async function manageBookingPost(
  token: string,
  input: SubmissionInput,
  { clientIp, language = DEFAULT_LANGUAGE }: { clientIp: string; language?: Language },
): Promise<ManagePage> {
  const submission = parseSubmission(ManagePostSchema, input);
  const { intent, slotId = "", week = null } = submission.ok ? submission.values : {};
  const booking = await getBookingByToken(token);
  if (!booking) return page({ kind: "not-found" }, 404);

  if (intent === "reschedule") {
    const result = await rescheduleBookingByToken(token, slotId, { clientIp });
    if (result.ok) return { redirectTo: localizedPath(`/book-consultation/manage/${token}?moved=1`, language) };
    if (result.reason === "not_found") return page({ kind: "not-found" }, 404);
    if (result.reason === "already_cancelled") return page({ kind: "gone", booking }, 410);
    const reason = rescheduleMessage(result.reason, language);
    if (result.reason === "started" || result.reason === "not_reschedulable") {
      return page({ kind: "refused", booking, reason }, 409);
    }
    if (result.reason === "reschedule_client_limit" || result.reason === "reschedule_booking_limit") {
      return page({ kind: "refused", booking, reason }, 429);
    }
    // The chosen time cannot be taken (full meanwhile, no longer offered...): fresh slots and why.
    return page(await rescheduleView(booking, { week, slot: null, notice: reason, language }), 409);
  }

  if (intent === "ask") {
    if (booking.status === "cancelled") return page({ kind: "gone", booking }, 410);
    return page({ kind: "booking", booking, confirming: true, moved: false });
  }
  if (intent !== "cancel") return page({ kind: "booking", booking, confirming: false, moved: false }, 400);
  const result = await cancelBookingByToken(token);
  if (result.ok) return page({ kind: "cancelled-now", booking: result.booking });
  switch (result.reason) {
    case "not_found":
      return page({ kind: "not-found" }, 404);
    case "already_cancelled":
      return page({ kind: "gone", booking }, 410);
    case "started":
      return page({ kind: "refused", booking, reason: m.manage_cancel_started({}, { locale: language }) }, 409);
    default:
      return page({ kind: "refused", booking, reason: m.manage_cancel_refused({}, { locale: language }) }, 409);
  }
}
