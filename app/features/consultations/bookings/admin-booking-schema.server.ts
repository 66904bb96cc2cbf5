/**
 * Zod schema of the admin booking detail dialog's status management: status (one of six), meeting
 * link (an https URL or empty: it is mailed to the visitor), notes. Server-only because the meeting
 * link is checked with the calendar library's own rule (it becomes the invitation's URL), which the
 * admin screen's JavaScript need not carry.
 */
import { z } from "zod";
import { BOOKING_STATUSES } from "~/db/schema";
import { isCalendarUrl } from "../core/index.server";

/** The message under the meeting link for anything but a full https address. */
export const MEETING_LINK_MESSAGE = "Enter a full meeting link starting with https://";

/** Booking detail dialog, status management: status (one of six), meeting link (https URL or empty), notes. */
export const bookingUpdateSchema = z.object({
  id: z.uuid("Unknown booking"),
  status: z.enum(BOOKING_STATUSES, { error: "Choose one of the booking statuses" }),
  meetingLink: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : null))
    .pipe(z.url({ protocol: /^https$/, error: MEETING_LINK_MESSAGE }).max(500, "Meeting links can be at most 500 characters").nullable())
    // Normalised (lowercase host, escaped spaces), then checked by the calendar library's own rule:
    // the link becomes the invitation's URL, so what `ics` refuses is refused here.
    .transform((v) => (v === null ? null : new URL(v).href))
    .refine((v) => v === null || isCalendarUrl(v), "Enter a meeting link that calendars accept, like https://meet.example.com/abc"),
  meetingNotes: z
    .string()
    .optional()
    .transform((v) => (v && v.trim() ? v.trim() : null))
    .pipe(z.string().max(5000, "Notes can be at most 5000 characters").nullable()),
});
export type BookingUpdateInput = z.infer<typeof bookingUpdateSchema>;

/** Booking detail dialog, Engineer: the booking and the engineer (an admin user id) to give it to. */
export const reassignSchema = z.object({
  id: z.uuid("Unknown booking"),
  engineerId: z.uuid("Choose an engineer from the list."),
});
