/**
 * The consultation type form, shared by the admin screen and the server. Safe for the browser.
 */
import { z } from "zod";
import type { ActionReply } from "~/utils/forms";

/** Shortest and longest duration a type may have, and the step between them (minutes). */
export const TYPE_DURATION = { min: 15, max: 240, step: 15 } as const;

/** The durations staff choose from: 15, 30, ... 240 minutes. */
export const TYPE_DURATION_OPTIONS = Array.from({ length: (TYPE_DURATION.max - TYPE_DURATION.min) / TYPE_DURATION.step + 1 }, (_, i) => TYPE_DURATION.min + i * TYPE_DURATION.step);

// eslint-disable-next-line no-control-regex -- refusing control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;

/** A buffer in whole minutes, 0 to 120 (0 when left empty). */
function minutes(what: string) {
  return z.preprocess(
    (v) => (v === "" || v === undefined ? 0 : v),
    z.coerce.number({ error: `Enter the ${what} in minutes.` }).int("Enter whole minutes.").min(0, "Enter 0 minutes or more.").max(120, "Use at most 120 minutes."),
  );
}

/**
 * A type as the form posts it: name, description (optional), duration in minutes, active ("on"),
 * and its rules once engineers are set up: buffers before and after (minutes, 0-120), minimum
 * notice (hours, default 12), booking horizon (days, default 60), and the most consultations one
 * engineer takes a day (empty: no limit).
 */
export const ConsultationTypeSchema = z.object({
  name: z
    .string({ error: "Enter a name." })
    .trim()
    .min(1, "Enter a name.")
    .max(80, "Use at most 80 characters for the name.")
    .refine((v) => !CONTROL.test(v) && !/[\r\n]/.test(v), "Use one line without control characters."),
  description: z
    .string()
    .trim()
    .max(500, "Use at most 500 characters for the description.")
    .refine((v) => !CONTROL.test(v), "Remove the invisible control characters.")
    .transform((v) => v || null),
  durationMinutes: z.coerce
    .number({ error: "Choose a duration." })
    .int("Choose a duration.")
    .min(TYPE_DURATION.min, `Choose at least ${TYPE_DURATION.min} minutes.`)
    .max(TYPE_DURATION.max, `Choose at most ${TYPE_DURATION.max} minutes.`)
    .refine((v) => v % TYPE_DURATION.step === 0, `Choose a duration in steps of ${TYPE_DURATION.step} minutes.`),
  isActive: z.preprocess((v) => v === "on" || v === true, z.boolean()),
  // The rules below apply once engineers are set up (see `free-time.ts`).
  bufferBeforeMinutes: minutes("buffer before"),
  bufferAfterMinutes: minutes("buffer after"),
  minimumNoticeHours: z.coerce
    .number({ error: "Enter the minimum notice in hours." })
    .int("Enter whole hours.")
    .min(0, "Enter 0 hours or more.")
    .max(336, "Use at most 336 hours (two weeks).")
    .default(12),
  horizonDays: z.coerce
    .number({ error: "Enter how many days ahead it may be booked." })
    .int("Enter whole days.")
    .min(1, "Allow at least 1 day ahead.")
    .max(365, "Use at most 365 days.")
    .default(60),
  maxPerEngineerPerDay: z.preprocess(
    (v) => (v === "" || v === undefined || v === null ? null : v),
    z.coerce.number({ error: "Enter a number, or leave it empty for no limit." }).int("Enter a whole number.").min(1, "Allow at least 1 a day, or leave it empty.").max(24, "Use at most 24 a day.").nullable(),
  ),
});

export type ConsultationTypeInput = z.output<typeof ConsultationTypeSchema>;

/**
 * What deactivating a type means for its upcoming bookings, as the admin screen says it before
 * and when asking to confirm: they stay as they are; only new visitors can no longer choose it.
 */
export function deactivationConsequence(upcoming: number): string {
  const bookings = upcoming === 1 ? "1 upcoming booking uses" : `${upcoming} upcoming bookings use`;
  return `${bookings} this type. Deactivating it only stops new visitors choosing it in the booking wizard: ${upcoming === 1 ? "that booking keeps its" : "those bookings keep their"} time, reminders and manage link, and you can still confirm, move or cancel ${upcoming === 1 ? "it" : "them"} under Consultations.`;
}

/**
 * The reply of the consultation types screen's posts (the shared `ActionReply`): `intent` is the
 * posted one (create, update, up, down, delete); a refusal names the type it was about (`id`;
 * none for the add form), so that type's form shows the field errors.
 */
export type ConsultationTypeReply = ActionReply<{ intent: string }, { intent: string; id?: string }>;
