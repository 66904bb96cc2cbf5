/**
 * Input rules of the data-protection screens, shared by the browser and the server:
 * the retention periods form, the subject-access search and the erasure confirmation.
 */
import { z } from "zod";
import { RETENTION_LIMITS } from "~/utils/domain";
import { emailAddress } from "~/utils/fields";

/** The retention periods (whole numbers within {@link RETENTION_LIMITS}). */
export const RetentionPeriodsSchema = z.object({
  spamDays: z.coerce
    .number({ error: "Enter a number of days." })
    .int("Enter a whole number of days.")
    .min(RETENTION_LIMITS.spamDays.min, `At least ${RETENTION_LIMITS.spamDays.min} day.`)
    .max(RETENTION_LIMITS.spamDays.max, `At most ${RETENTION_LIMITS.spamDays.max} days.`),
  recordsMonths: z.coerce
    .number({ error: "Enter a number of months." })
    .int("Enter a whole number of months.")
    .min(RETENTION_LIMITS.recordsMonths.min, `At least ${RETENTION_LIMITS.recordsMonths.min} month.`)
    .max(RETENTION_LIMITS.recordsMonths.max, `At most ${RETENTION_LIMITS.recordsMonths.max} months.`),
  emailBodyDays: z.coerce
    .number({ error: "Enter a number of days." })
    .int("Enter a whole number of days.")
    .min(RETENTION_LIMITS.emailBodyDays.min, `At least ${RETENTION_LIMITS.emailBodyDays.min} day.`)
    .max(RETENTION_LIMITS.emailBodyDays.max, `At most ${RETENTION_LIMITS.emailBodyDays.max} days.`),
  analyticsRawDays: z.coerce
    .number({ error: "Enter a number of days." })
    .int("Enter a whole number of days.")
    .min(RETENTION_LIMITS.analyticsRawDays.min, `At least ${RETENTION_LIMITS.analyticsRawDays.min} day.`)
    .max(RETENTION_LIMITS.analyticsRawDays.max, `At most ${RETENTION_LIMITS.analyticsRawDays.max} days.`),
  analyticsMonths: z.coerce
    .number({ error: "Enter a number of months." })
    .int("Enter a whole number of months.")
    .min(RETENTION_LIMITS.analyticsMonths.min, `At least ${RETENTION_LIMITS.analyticsMonths.min} month.`)
    .max(RETENTION_LIMITS.analyticsMonths.max, `At most ${RETENTION_LIMITS.analyticsMonths.max} months.`),
  waitingListDays: z.coerce
    .number({ error: "Enter a number of days." })
    .int("Enter a whole number of days.")
    .min(RETENTION_LIMITS.waitingListDays.min, `At least ${RETENTION_LIMITS.waitingListDays.min} day.`)
    .max(RETENTION_LIMITS.waitingListDays.max, `At most ${RETENTION_LIMITS.waitingListDays.max} days.`),
});

/**
 * Retention periods: spam in days, closed enquiries and finished bookings in months, e-mail bodies
 * in days, raw analytics page views in days (then folded into daily totals), analytics daily
 * totals and conversion counts in months, waiting-list entries in days (they expire, then are deleted).
 */
export type RetentionPeriods = z.infer<typeof RetentionPeriodsSchema>;

/**
 * The defaults: spam 30 days, records 24 months, sent e-mail bodies 90 days, raw page views 30 days,
 * analytics totals 25 months, waiting-list entries 30 days.
 */
export const DEFAULT_RETENTION: RetentionPeriods = {
  spamDays: RETENTION_LIMITS.spamDays.default,
  recordsMonths: RETENTION_LIMITS.recordsMonths.default,
  emailBodyDays: RETENTION_LIMITS.emailBodyDays.default,
  analyticsRawDays: RETENTION_LIMITS.analyticsRawDays.default,
  analyticsMonths: RETENTION_LIMITS.analyticsMonths.default,
  waitingListDays: RETENTION_LIMITS.waitingListDays.default,
};

/** The e-mail address a subject-access search or erasure is about (trimmed; matched case-insensitively). */
export const SubjectEmailSchema = emailAddress({
  required: "Enter the person's e-mail address.",
  tooLong: "That e-mail address is too long.",
  invalid: "Enter a valid e-mail address, like name@example.com.",
});

/** The subject-access search form: the address to look for. */
export const SubjectSearchSchema = z.object({ email: SubjectEmailSchema });

/** The kinds of record in a subject-access export; each has its own CSV. */
export const SUBJECT_RECORD_KINDS = ["enquiries", "bookings", "waitingList", "emails", "audit"] as const;
export type SubjectRecordKind = (typeof SUBJECT_RECORD_KINDS)[number];

/** A download request: the whole JSON file, or the CSV of one kind. */
export const ExportRequestSchema = z.discriminatedUnion("format", [
  z.object({ format: z.literal("json"), email: SubjectEmailSchema }),
  z.object({ format: z.literal("csv"), email: SubjectEmailSchema, kind: z.enum(SUBJECT_RECORD_KINDS) }),
]);

/**
 * The erasure confirmation: the address, whether staff agreed to cancel the person's future
 * bookings (checkbox "on"), and how many future bookings the dialog showed (a different number
 * now means the records changed since the search).
 */
export const ErasureRequestSchema = z.object({
  email: SubjectEmailSchema,
  cancelFutureBookings: z
    .union([z.literal("on"), z.literal("true"), z.literal("")])
    .optional()
    .transform((v) => v === "on" || v === "true"),
  expectedFutureBookings: z.coerce.number().int().min(0),
});
