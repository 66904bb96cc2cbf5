/**
 * Availability, its entry point for server code: staff's slots (one, recurring, closed dates)
 * and their forms, the engineers' diaries as the free-time rules read them, the slots a visitor is
 * offered and the engineer a new booking is given. Imports the core, the mail and the engineers.
 */
export * from "./admin-schema";
export * from "./availability-ranges.server";
export * from "./availability.server";
export * from "./engineer-assignment.server";
export * from "./engineer-diaries.server";
export * from "./slots.server";
