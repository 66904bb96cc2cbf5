/**
 * The waiting list's join form (ADR 44): name, e-mail, consultation type, the London dates, the
 * weekdays and the parts of the day that would suit, and the visitor's time zone when their
 * browser gave it. Every message in the page's language. Field names are the form's.
 */
import { z } from "zod";
import { WAITING_LIST_DAY_PART_NAMES } from "~/utils/domain";
import { emailAddress, personName } from "~/utils/fields";
import type { Language } from "~/utils/i18n";
import { m } from "~/utils/paraglide/messages";
import { isIsoDate } from "~/utils/time";
import { isTimeZone } from "../core/schema";

/** The form's fields, in order: the ones echoed back to the form after a refusal. */
export const WAITING_LIST_FIELDS = ["name", "email", "typeId", "dateFrom", "dateTo", "weekdays", "dayParts"] as const;

/** The checkbox groups of the form: always read as lists. */
export const WAITING_LIST_LISTS = ["weekdays", "dayParts"] as const;

/** A list of checkbox values, absent when none was ticked. */
const ticked = <T extends z.ZodType>(item: T, message: string) =>
  z.preprocess((v) => (v === undefined || v === null ? [] : v), z.array(item, { error: message }).min(1, message).max(7, message));

/** The join form's rules with messages in `language`; `dateTo` on or after `dateFrom`. */
export function waitingListJoinSchema(language: Language) {
  const locale = { locale: language };
  const date = z.string({ error: m.waitlist_validation_date({}, locale) }).refine(isIsoDate, m.waitlist_validation_date({}, locale));
  return z
    .object({
      name: personName({ required: m.validation_name_required({}, locale), tooLong: m.validation_name_too_long({}, locale) }),
      email: emailAddress({
        required: m.validation_email_required({}, locale),
        invalid: m.validation_email_invalid({}, locale),
        tooLong: m.validation_email_too_long({}, locale),
      }),
      typeId: z.uuid(m.validation_choose_type({}, locale)),
      dateFrom: date,
      dateTo: date,
      weekdays: ticked(z.coerce.number().int().min(1).max(7), m.waitlist_validation_weekdays({}, locale)).transform((days) =>
        [...new Set(days)].sort(),
      ),
      dayParts: ticked(z.enum(WAITING_LIST_DAY_PART_NAMES), m.waitlist_validation_day_parts({}, locale)).transform((parts) =>
        WAITING_LIST_DAY_PART_NAMES.filter((part) => parts.includes(part)),
      ),
      timeZone: z
        .string()
        .max(64)
        .optional()
        .catch(undefined)
        .transform((zone) => (zone && isTimeZone(zone) ? zone : null)),
    })
    .refine((v) => v.dateTo >= v.dateFrom, { path: ["dateTo"], message: m.waitlist_validation_date_order({}, locale) });
}

/** A checked join form: dates `yyyy-mm-dd` (London), ISO weekdays sorted, parts in the day's order. */
export type WaitingListJoin = z.infer<ReturnType<typeof waitingListJoinSchema>>;
