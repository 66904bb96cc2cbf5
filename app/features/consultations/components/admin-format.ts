/**
 * Display helpers of the admin consultation screens (spec section 9: admin times are 12-hour).
 * Slot dates and times are Europe/London wall-clock strings and are formatted as such, never
 * shifted into the browser's zone, so server and browser render the same text.
 */
import { CalendarClock, CheckCircle2, CircleCheckBig, Clock, UserX, XCircle, type LucideIcon } from "lucide-react";
import type { BOOKING_STATUSES } from "~/db/schema";

type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** "09:00" or "13:30:00" as "9:00 AM" / "1:30 PM". */
export function formatTime12(time: string): string {
  const [h, m] = time.split(":").map(Number);
  const suffix = h >= 12 ? "PM" : "AM";
  const hour = h % 12 === 0 ? 12 : h % 12;
  return `${hour}:${String(m).padStart(2, "0")} ${suffix}`;
}

/** "9:00 AM – 10:00 AM". */
export function formatTimeRange12(start: string, end: string): string {
  return `${formatTime12(start)} – ${formatTime12(end)}`;
}

const dateFormat = new Intl.DateTimeFormat("en-GB", { weekday: "short", day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
const longDateFormat = new Intl.DateTimeFormat("en-GB", { weekday: "long", day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
const createdFormat = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
  hour12: true,
  timeZone: "Europe/London",
});

/** "2026-11-23" as "Mon, 23 Nov 2026". */
export function formatSlotDate(date: string): string {
  return dateFormat.format(new Date(`${date}T00:00:00Z`));
}

/** "2026-11-23" as "Monday, 23 November 2026". */
export function formatLongSlotDate(date: string): string {
  return longDateFormat.format(new Date(`${date}T00:00:00Z`));
}

/** An instant as London time, 12-hour: "21 Nov 2026, 9:05 am". */
export function formatCreated(at: Date | string): string {
  return createdFormat.format(typeof at === "string" ? new Date(at) : at);
}

/** A time option's label: "09:00" as "9:00 AM". */
export const timeOptionLabel = formatTime12;

/** Label, badge colour and icon of each booking status (spec section 4). */
export const STATUS_META: Record<
  BookingStatus,
  { label: string; badge: "yellow" | "green" | "blue" | "red" | "grey" | "purple"; icon: LucideIcon; iconClass: string }
> = {
  pending: { label: "Pending", badge: "yellow", icon: Clock, iconClass: "text-yellow-700" },
  confirmed: { label: "Confirmed", badge: "green", icon: CheckCircle2, iconClass: "text-green-700" },
  completed: { label: "Completed", badge: "blue", icon: CircleCheckBig, iconClass: "text-blue-700" },
  cancelled: { label: "Cancelled", badge: "red", icon: XCircle, iconClass: "text-red-700" },
  no_show: { label: "No show", badge: "grey", icon: UserX, iconClass: "text-slate-600" },
  rescheduled: { label: "Rescheduled", badge: "purple", icon: CalendarClock, iconClass: "text-purple-700" },
};

/** Budget, timeline and project type values are stored as typed; show them readable. */
export function humanise(value: string): string {
  const spaced = value.replace(/[_-]+/g, " ").trim();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}
