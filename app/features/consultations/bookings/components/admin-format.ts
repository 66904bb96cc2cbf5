/**
 * Display helpers of the admin consultation screens: each booking status's label, badge and icon,
 * and stored free-text values made readable. Dates and times go through `~/utils/format` (the
 * admin shows them 12-hour).
 */
import { CalendarClock, CheckCircle2, CircleCheckBig, Clock, UserX, XCircle, type LucideIcon } from "lucide-react";
import type { BOOKING_STATUSES } from "~/utils/domain";

type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** Label, badge colour and icon of each booking status. */
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
