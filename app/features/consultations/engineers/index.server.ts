/**
 * Engineers, their entry point for server code: their profiles and the engineer form (who takes
 * consultations, which types, weekly hours, days off, personal room), the meeting links made for
 * the bookings they take and each booking's event in its engineer's own calendar. Imports the
 * core and the mail.
 */
export * from "./engineer-calendar-writes.server";
export * from "./engineer-profiles.server";
export * from "./engineer-schema";
export * from "./meeting-links.server";
