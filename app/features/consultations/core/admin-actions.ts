/**
 * What the admin consultations action answers (`app/routes/admin/consultations.tsx`), shared by the
 * route and the screen. Failure messages are the product's fixed wording (shown as toasts or in
 * dialogs rather than browser alerts); `description` carries the specific cause when there is one.
 */
import type { ActionReply } from "~/utils/forms";

/** The `intent` field of each form on the screen. */
export const CONSULTATION_INTENTS = [
  "update-booking",
  "reassign-booking",
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
  "reassign-booking": "Failed to reassign the booking. Please try again.",
  "create-slot": "Failed to create availability slot. Please try again.",
  "create-recurring": "Failed to create recurring slots. Please try again.",
  "update-slot": "Failed to update availability slot. Please try again.",
  "delete-slot": "Failed to delete availability slot. Please try again.",
  "close-dates": "Failed to close dates. Please try again.",
};

/**
 * The action's reply (the shared `ActionReply`): on success `message` and, for recurring
 * creation, a `description` of what was skipped; on failure the spec's failure `message`, why in
 * words staff understand (`description`: a broken rule, a missing record; absent for unexpected
 * errors) and the form's `fieldErrors`. `intent` is null for an unknown action.
 */
export type ConsultationActionResult = ActionReply<{ intent: ConsultationIntent }, { intent: ConsultationIntent | null }>;
