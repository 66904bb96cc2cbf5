/**
 * The booking area's shared core, its entry point for server code: the booking invariant
 * (statuses holding a place, locks, counters, manage-link hashes), `BookingError`, the booking
 * window (weeks a visitor may browse, minimum notice), the wizard's fields and Zod rules, the
 * booking's words, the `.ics` builder, the engineers' free-time rules and the staff consultations
 * action's answers. Every other sub-area may import it; it imports none of them.
 */
export * from "./admin-actions";
export * from "./booking-core.server";
export * from "./booking-errors.server";
export * from "./booking-window";
export * from "./fields";
export * from "./free-time";
export * from "./ics";
export * from "./schema";
export * from "./words";
