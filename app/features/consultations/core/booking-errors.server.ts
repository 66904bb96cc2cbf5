/**
 * Why a booking could not be made or changed: the codes, the messages a visitor or staff member
 * reads for each and the HTTP status a route answers with. Every booking module throws
 * `BookingError`; the visitor's reschedule returns the same codes as refusals.
 */
import { ACTIVE_BOOKINGS_PER_EMAIL } from "~/features/abuse/limits.server";
import { DEFAULT_LANGUAGE, type Language } from "~/utils/i18n";
import { m } from "~/utils/paraglide/messages";

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

/** The HTTP status a route answers for each code. */
const ERROR_STATUS: Record<BookingErrorCode, number> = {
  unknown_slot: 404,
  past_slot: 409,
  inside_notice: 409,
  unavailable_slot: 409,
  outside_window: 409,
  slot_full: 409,
  no_engineer: 409,
  unknown_type: 422,
  inactive_type: 422,
  not_found: 404,
  form_check: 400,
  // A person who types fast (or lets the browser fill the form) trips the bot check's minimum time.
  form_too_fast: 400,
  client_limit: 429,
  email_limit: 409,
  global_limit: 503,
};

/** The message a person reads for `code`, in `language` (English by default: the staff's screens). */
export function bookingErrorMessage(code: BookingErrorCode, language: Language = DEFAULT_LANGUAGE): string {
  const locale = { locale: language };
  switch (code) {
    case "unknown_slot":
      return m.error_unknown_slot({}, locale);
    case "past_slot":
      return m.error_past_slot({}, locale);
    case "inside_notice":
      return m.error_inside_notice({}, locale);
    case "unavailable_slot":
      return m.error_unavailable_slot({}, locale);
    case "outside_window":
      return m.error_outside_window({}, locale);
    case "slot_full":
      return m.error_slot_full({}, locale);
    case "no_engineer":
      return m.error_no_engineer({}, locale);
    case "unknown_type":
      return m.error_unknown_type({}, locale);
    case "inactive_type":
      return m.error_inactive_type({}, locale);
    case "not_found":
      return m.error_not_found({}, locale);
    case "form_check":
      return m.error_form_check({}, locale);
    case "form_too_fast":
      return m.error_form_too_fast({}, locale);
    case "client_limit":
      return m.error_client_limit({}, locale);
    case "email_limit":
      return m.error_email_limit({ count: ACTIVE_BOOKINGS_PER_EMAIL }, locale);
    case "global_limit":
      return m.error_global_limit({}, locale);
  }
}

/** A rule broken by a booking request; `code` says which, `status` is the HTTP answer (4xx). */
export class BookingError extends Error {
  readonly code: BookingErrorCode;
  readonly status: number;
  constructor(code: BookingErrorCode, message?: string) {
    super(message ?? bookingErrorMessage(code));
    this.name = "BookingError";
    this.code = code;
    this.status = ERROR_STATUS[code];
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
