/**
 * The waiting list (ADR 44): visitors who found no time that suits leave their name, address,
 * consultation type and the days and times that would suit them; the job worker offers them times
 * that are free in that window, and they can leave the list from the e-mail. Dates are
 * Europe/London calendar dates; instants are `timestamp with time zone`.
 */
import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, pgTable, text, time, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, uuidId, uuidOwner } from "./columns";
import { consultationAvailability, consultationTypes } from "./consultations";

/**
 * One visitor waiting for a time of one consultation type. `weekdays` are ISO days (1 Monday to 7
 * Sunday) and `day_parts` names of `WAITING_LIST_DAY_PARTS`; a slot suits when its London date lies
 * in `date_from`..`date_to`, on one of the weekdays, starting in one of the parts. The entry
 * expires `retention_waiting_list_days` after `created_at` (a site setting).
 */
export const waitingListEntries = pgTable(
  "waiting_list_entries",
  {
    id: uuidId(),
    consultationTypeId: uuidOwner("consultation_type_id", () => consultationTypes.id),
    name: text("name").notNull(),
    email: text("email").notNull(),
    /** The language the visitor joined in (`~/utils/i18n`'s codes): their e-mails and links are in it. */
    language: text("language").notNull().default("en"),
    /** The visitor's IANA time zone when their browser gave it; null otherwise. */
    timeZone: text("time_zone"),
    dateFrom: date("date_from", { mode: "string" }).notNull(),
    dateTo: date("date_to", { mode: "string" }).notNull(),
    weekdays: integer("weekdays").array().notNull(),
    dayParts: text("day_parts").array().notNull(),
    /** The last time an offer was mailed: the worker mails an entry at most once per throttle period. */
    lastOfferedAt: timestamp("last_offered_at", { withTimezone: true }),
    /** The last time the worker looked for free times for it: the least recently checked go first. */
    checkedAt: timestamp("checked_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("waiting_list_entries_type_idx").on(t.consultationTypeId, t.createdAt),
    index("waiting_list_entries_email_idx").on(sql`lower(${t.email})`),
    check("waiting_list_entries_dates_check", sql`date_to >= date_from`),
    check("waiting_list_entries_weekdays_check", sql`cardinality(weekdays) between 1 and 7 and weekdays <@ array[1,2,3,4,5,6,7]`),
    check("waiting_list_entries_day_parts_check", sql`cardinality(day_parts) between 1 and 3 and day_parts <@ array['morning','afternoon','evening']`),
  ],
);

/**
 * A time offered to an entry: the slot and its London date and start time when offered (a slot
 * moved to another time is another offer), by the worker or by a member of staff (`by_staff`). Unique per entry and time, so nobody is mailed about the same time twice.
 */
export const waitingListOffers = pgTable(
  "waiting_list_offers",
  {
    id: uuidId(),
    entryId: uuidOwner("entry_id", () => waitingListEntries.id),
    availabilityId: uuid("availability_id")
      .notNull()
      .references(() => consultationAvailability.id, { onDelete: "cascade" }),
    slotDate: date("slot_date", { mode: "string" }).notNull(),
    slotStartTime: time("slot_start_time").notNull(),
    /** Offered by a member of staff by hand (who is in the audit log), not by the worker. */
    byStaff: boolean("by_staff").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("waiting_list_offers_entry_time_key").on(t.entryId, t.availabilityId, t.slotDate, t.slotStartTime)],
);

/**
 * The leave links of an entry, as the manage links of a booking: only the SHA-256 (hex) of a
 * random token is stored, one per e-mail that carries a link. Leaving deletes the entry, and with
 * it every one of its links.
 */
export const waitingListLeaveTokens = pgTable(
  "waiting_list_leave_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    entryId: uuidOwner("entry_id", () => waitingListEntries.id),
    createdAt: createdAt(),
  },
  (t) => [index("waiting_list_leave_tokens_entry_idx").on(t.entryId)],
);
