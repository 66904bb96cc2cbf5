/**
 * The booking's mail, its entry point for server code: what a message knows of a booking, the
 * visitor's, staff's and engineers' messages, the `.ics` invitation attached to them, which
 * engineers are told of a change, and the 24-hour reminder. Each message is an `OutgoingEmail`
 * for `enqueueEmails`. Imports only the core.
 */
export * from "./booking-engineer-mail.server";
export * from "./booking-invitation.server";
export * from "./booking-mail.server";
export * from "./booking-staff-mail.server";
export * from "./booking-visitor-mail.server";
export * from "./engineer-notices.server";
export * from "./reminders.server";
