/**
 * Engineers: the members of staff who take consultations, for which types, in which weekly
 * working hours (Europe/London wall-clock) and with which days off. A booking names its engineer
 * in `consultation_bookings.engineer_id`. A consultation type no active engineer takes is booked
 * on slots and places alone.
 */
import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, pgTable, primaryKey, text, time } from "drizzle-orm/pg-core";
import { adminUsers } from "./auth";
import { createdAt, updatedAt, uuidId, uuidOwner } from "./columns";
import { consultationTypes } from "./consultations";

/**
 * One row per member of staff who has ever been set up to take consultations. Bookings lock this
 * row (`FOR UPDATE`) before assigning its engineer, so two bookings never overlap for one engineer.
 */
export const engineers = pgTable("engineers", {
  adminUserId: uuidOwner("admin_user_id", () => adminUsers.id).primaryKey(),
  /** Offered to visitors only while true (and the account is active). */
  takesConsultations: boolean("takes_consultations").notNull().default(false),
  /** The engineer's personal meeting room (Teams, Zoom, Meet; https), used when the site setting says so. */
  meetingRoomUrl: text("meeting_room_url"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** The consultation types an engineer takes. */
export const engineerConsultationTypes = pgTable(
  "engineer_consultation_types",
  {
    adminUserId: uuidOwner("admin_user_id", () => engineers.adminUserId),
    consultationTypeId: uuidOwner("consultation_type_id", () => consultationTypes.id),
  },
  (t) => [primaryKey({ columns: [t.adminUserId, t.consultationTypeId] })],
);

/**
 * Weekly working hours: on `weekday` (1 Monday ... 7 Sunday) from `start_time` to `end_time`,
 * Europe/London wall-clock, within one day. A day may have several ranges; a day without one is
 * not worked.
 */
export const engineerWorkingHours = pgTable(
  "engineer_working_hours",
  {
    id: uuidId(),
    adminUserId: uuidOwner("admin_user_id", () => engineers.adminUserId),
    weekday: integer("weekday").notNull(),
    startTime: time("start_time").notNull(),
    endTime: time("end_time").notNull(),
  },
  (t) => [
    index("engineer_working_hours_user_idx").on(t.adminUserId),
    check("engineer_working_hours_weekday_check", sql`weekday between 1 and 7`),
    check("engineer_working_hours_time_check", sql`end_time > start_time`),
  ],
);

/**
 * Days an engineer does not work (holiday, training, site visits all day): whole London dates from
 * `from_date` to `to_date`, both included (one day: the same date twice). The engineer form saves a
 * member's ranges merged, so none of them overlap.
 */
export const engineerDaysOff = pgTable(
  "engineer_days_off",
  {
    adminUserId: uuidOwner("admin_user_id", () => engineers.adminUserId),
    fromDate: date("from_date", { mode: "string" }).notNull(),
    toDate: date("to_date", { mode: "string" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.adminUserId, t.fromDate] }), check("engineer_days_off_range_check", sql`to_date >= from_date`)],
);
