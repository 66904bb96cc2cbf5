/**
 * Why a booking could not be made or changed: the codes, the messages a visitor or staff member
 * reads for each and the HTTP status a route answers with. Every booking module throws
 * `BookingError`; the visitor's reschedule returns the same codes as refusals.
 */
import { ACTIVE_BOOKINGS_PER_EMAIL } from "~/features/abuse/limits.server";

/** Why a booking could not be made or changed; `status` is the HTTP status a route should answer. */
export type BookingErrorCode =
  | "unknown_slot"
  | "past_slot"
  | "inside_notice"
  | "unavailable_slot"
  | "outside_window"
  | "slot_full"
  | "no_engineer"
  | "unknown_type"
  | "inactive_type"
  | "not_found"
  | "form_check"
  | "form_too_fast"
  | "client_limit"
  | "email_limit"
  | "global_limit";

const ERROR_INFO: Record<BookingErrorCode, { status: number; message: string }> = {
  unknown_slot: { status: 404, message: "That time is not offered. Please choose another time." },
  past_slot: { status: 409, message: "That time has already passed. Please choose another time." },
  inside_notice: { status: 409, message: "That time is now too soon to book. Please choose a later time." },
  unavailable_slot: { status: 409, message: "That time is no longer available. Please choose another time." },
  outside_window: { status: 409, message: "That time is too far ahead to book. Please choose an earlier time." },
  slot_full: {
    status: 409,
    message: "Sorry, that time has just been fully booked by someone else. Please choose another time.",
  },
  no_engineer: {
    status: 409,
    message: "Sorry, nobody is free to take a consultation at that time any more. Please choose another time.",
  },
  unknown_type: { status: 422, message: "That consultation type is not offered. Please choose another type." },
  inactive_type: {
    status: 422,
    message: "That consultation type is no longer offered. Please choose another type.",
  },
  not_found: { status: 404, message: "Booking not found." },
  form_check: {
    status: 400,
    message: "We could not confirm this booking. Please wait a moment and try again, or contact us directly.",
  },
  // A person who types fast (or lets the browser fill the form) trips the bot check's minimum time.
  form_too_fast: {
    status: 400,
    message:
      "Your booking was sent a little too quickly for our spam check, so it has not been made yet. Your details are kept: please check them below and press Confirm Booking again.",
  },
  client_limit: {
    status: 429,
    message: "Too many bookings have been made from your network in the last hour. Please try again later or contact us directly.",
  },
  email_limit: {
    status: 409,
    message: `This e-mail address already has ${ACTIVE_BOOKINGS_PER_EMAIL} upcoming consultations booked. Please cancel one from its confirmation e-mail, or contact us directly.`,
  },
  global_limit: {
    status: 503,
    message: "We are receiving an unusually high number of bookings. Please try again in a little while or contact us directly.",
  },
};


/** The message a person reads for `code`. */
export function bookingErrorMessage(code: BookingErrorCode): string {
  return ERROR_INFO[code].message;
}

/** A rule broken by a booking request; `code` says which, `status` is the HTTP answer (4xx). */
export class BookingError extends Error {
  readonly code: BookingErrorCode;
  readonly status: number;
  constructor(code: BookingErrorCode, message?: string) {
    super(message ?? ERROR_INFO[code].message);
    this.name = "BookingError";
    this.code = code;
    this.status = ERROR_INFO[code].status;
  }
  /** True for errors about the chosen time: the visitor goes back to step 2 with fresh slots. */
  get isSlotProblem(): boolean {
    return isSlotProblem(this.code);
  }
}

const SLOT_PROBLEMS: readonly BookingErrorCode[] = ["unknown_slot", "past_slot", "inside_notice", "unavailable_slot", "outside_window", "slot_full", "no_engineer"];

/** True for codes about the chosen time: the visitor is shown fresh slots to choose again. */
export function isSlotProblem(code: string): boolean {
  return (SLOT_PROBLEMS as readonly string[]).includes(code);
}
