/**
 * The calendar card's actions, for any route that mounts `CalendarConnectionCard`: Your account
 * (the member's own calendar) and staff management (an admin acting for another member). The
 * route checks who may act for whom and passes the target user; this module parses the form and
 * answers in the one reply shape (`~/utils/forms`).
 */
import type { AuditActor } from "~/features/audit/audit.server";
import { accept, parseSubmission, refuse, refuseInvalid, refusedFields } from "~/utils/forms";
import { connectCalendar, disconnectCalendar, refreshCalendarNow } from "./connections.server";
import { ConnectCalendarSchema } from "./schema";
import type { CalendarConnectionIntent, CalendarConnectionResult } from "./types";

/** The fields shown again after a refusal: never the ICS address (a secret) nor the password. */
const ECHOED = ["kind", "caldavUrl", "caldavUsername"];

/**
 * Carries out `intent` on the calendar of staff user `userId` (a better-auth user id) for `actor`:
 * - `calendar-connect`: 400 with field errors for bad input, 422 when the calendar cannot be read
 *   (the reason on the field at fault; nothing stored), else the connection is saved and
 *   `onConnected(userId)` runs (the booking side queues the member's upcoming bookings into it);
 * - `calendar-refresh`: reads it now; 409 when none is connected or a read is under way, 502 when
 *   the read fails (the reason; the previous busy times stay);
 * - `calendar-disconnect`: removes it and its busy times; 409 when there was none.
 */
export async function calendarConnectionAction(
  actor: AuditActor,
  userId: string,
  intent: CalendarConnectionIntent,
  form: Record<string, unknown>,
  { onConnected }: { onConnected?: (userId: string) => Promise<void> } = {},
) {
  switch (intent) {
    case "calendar-connect": {
      const input = parseSubmission(ConnectCalendarSchema, form, { message: "Check the highlighted fields.", echo: ECHOED });
      if (!input.ok) return refuseInvalid<CalendarConnectionResult>(input, { intent });
      const result = await connectCalendar(actor, userId, input.values);
      if (!result.ok) {
        const values = Object.fromEntries(ECHOED.flatMap((k) => (typeof form[k] === "string" ? [[k, form[k]]] : []))) as Record<string, string>;
        return result.field
          ? refuseInvalid<CalendarConnectionResult>(refusedFields({ [result.field]: [result.message] }, values, result.message), { intent }, { status: 422 })
          : refuse<CalendarConnectionResult>(422, { intent, message: result.message });
      }
      await onConnected?.(userId);
      const found = result.busyCount === 1 ? "1 busy time" : `${result.busyCount} busy times`;
      return accept<CalendarConnectionResult>({ intent, message: "Calendar connected", description: `Read just now: ${found} in the next ${result.aheadDays} days.` });
    }
    case "calendar-refresh": {
      const result = await refreshCalendarNow(userId);
      if (result.ok) return accept<CalendarConnectionResult>({ intent, message: "Calendar refreshed" });
      return refuse<CalendarConnectionResult>(result.reason === "failed" ? 502 : 409, { intent, message: result.reason === "failed" ? `Could not read the calendar: ${result.message}` : result.message });
    }
    case "calendar-disconnect": {
      const removed = await disconnectCalendar(actor, userId);
      return removed
        ? accept<CalendarConnectionResult>({ intent, message: "Calendar disconnected" })
        : refuse<CalendarConnectionResult>(409, { intent, message: "No calendar is connected." });
    }
  }
}
