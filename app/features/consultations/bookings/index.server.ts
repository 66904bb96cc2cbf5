/**
 * Staff's bookings, their entry point for server code: staff's reads of bookings, the list's
 * order and filter, the changes staff make (status, meeting link, notes, reassignment), the one
 * booking-with-slot projection and the staff calendar feed. Imports the core, the mail, the
 * engineers, availability and the questions.
 */
export * from "./admin-booking-list";
export * from "./admin-booking-schema.server";
export * from "./admin-bookings.server";
export * from "./booking-admin.server";
export * from "./booking-rows.server";
export * from "./calendar-feed.server";
export * from "./reassign.server";
