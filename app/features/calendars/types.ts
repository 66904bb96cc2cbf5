/**
 * What the calendar card and the routes that mount it share, safe for the browser: the intents a
 * route's action passes to `calendarConnectionAction`, and what it answers.
 */
import type { ActionReply } from "~/utils/forms";

/** The calendar card's intents: connect (or replace), read now, disconnect. */
export const CALENDAR_CONNECTION_INTENTS = ["calendar-connect", "calendar-refresh", "calendar-disconnect"] as const;
/** One of {@link CALENDAR_CONNECTION_INTENTS}. */
export type CalendarConnectionIntent = (typeof CALENDAR_CONNECTION_INTENTS)[number];

/** Whether a posted `intent` is one of the calendar card's. */
export function isCalendarConnectionIntent(intent: unknown): intent is CalendarConnectionIntent {
  return typeof intent === "string" && (CALENDAR_CONNECTION_INTENTS as readonly string[]).includes(intent);
}

/** The answer of a calendar intent: the one reply shape, naming its intent (field errors on a refused connect). */
export type CalendarConnectionResult = ActionReply<{ intent: CalendarConnectionIntent; message: string }, { intent: CalendarConnectionIntent | null }>;
