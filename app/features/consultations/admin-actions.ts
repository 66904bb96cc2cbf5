/**
 * What the admin consultations action answers (`app/routes/admin/consultations.tsx`), shared by the
 * route and the screen. Failure messages are the product's fixed wording (shown as toasts or in
 * dialogs rather than browser alerts); `reason` carries the specific cause when there is one.
 */

/** The `intent` field of each form on the screen. */
export const CONSULTATION_INTENTS = [
  "update-booking",
  "create-slot",
  "create-recurring",
  "update-slot",
  "delete-slot",
  "close-dates",
] as const;
export type ConsultationIntent = (typeof CONSULTATION_INTENTS)[number];

/** The message shown when an intent fails (the fixed wording where there is one). */
export const FAILURE_MESSAGES: Record<ConsultationIntent, string> = {
  "update-booking": "Failed to update booking status. Please try again.",
  "create-slot": "Failed to create availability slot. Please try again.",
  "create-recurring": "Failed to create recurring slots. Please try again.",
  "update-slot": "Failed to update availability slot. Please try again.",
  "delete-slot": "Failed to delete availability slot. Please try again.",
  "close-dates": "Failed to close dates. Please try again.",
};

export type ConsultationActionResult =
  | { ok: true; intent: ConsultationIntent; message: string; detail?: string }
  | {
      ok: false;
      intent: ConsultationIntent | null;
      /** The spec's failure message for the intent. */
      message: string;
      /** Why, in words staff understand (a broken rule, a missing record); absent for unexpected errors. */
      reason?: string;
      /** Field errors of the form, keyed by field name. */
      errors?: Record<string, string[]>;
    };
