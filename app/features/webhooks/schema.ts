/**
 * The webhook forms and what the screens show, safe for the browser: the endpoint form's schema,
 * the events with their labels, and the shapes the loaders return.
 */
import { z } from "zod";
import { WEBHOOK_EVENT_TYPES } from "~/utils/domain";
import { FIELD_MESSAGES, optionalText, plainText } from "~/utils/fields";
import type { ActionReply } from "~/utils/forms";

/** What each event means, as the endpoint form lists it. */
export const WEBHOOK_EVENT_LABELS: Record<(typeof WEBHOOK_EVENT_TYPES)[number], string> = {
  "enquiry.created": "A visitor sends an enquiry",
  "enquiry.replied": "A reply is sent or the visitor answers",
  "booking.created": "A visitor books a consultation",
  "booking.confirmed": "A booking is confirmed",
  "booking.cancelled": "A booking is cancelled",
  "booking.rescheduled": "A booking is moved or marked rescheduled",
};

const URL_MESSAGE = "Enter the receiver's address, starting with https://.";

/** The longest endpoint address accepted. */
export const WEBHOOK_URL_MAX = 2000;

/**
 * The endpoint form: `url` (http(s); https and a public host are checked on the server),
 * `description` (optional, 200 characters), `events` (one or more checkboxes), `enabled` (a checkbox).
 */
export const WebhookEndpointSchema = z.object({
  url: plainText({ error: URL_MESSAGE })
    .trim()
    .min(1, URL_MESSAGE)
    .max(WEBHOOK_URL_MAX, FIELD_MESSAGES.tooLong(WEBHOOK_URL_MAX))
    .refine((v) => /^https?:\/\/[^/?#\s]+/i.test(v) && URL.canParse(v), URL_MESSAGE),
  description: optionalText({ max: 200 }).transform((v) => v ?? ""),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES, { error: "Choose events from the list." }), { error: "Choose at least one event." }).min(1, "Choose at least one event."),
  enabled: z.preprocess((v) => v === "on" || v === "true" || v === true, z.boolean()),
});

/** The endpoint form's output. */
export type WebhookEndpointInput = z.output<typeof WebhookEndpointSchema>;

/** An endpoint as the list and its page show it (never its secret). Times are ISO 8601 instants. */
export type WebhookEndpointView = {
  id: string;
  url: string;
  description: string;
  events: string[];
  enabled: boolean;
  createdAt: string;
  /** Until when the secret before the last rotation still signs; null when there is none. */
  previousSecretExpiresAt: string | null;
  /** The newest attempt, if any. */
  lastAttempt: { at: string; statusCode: number | null; error: string | null } | null;
};

/** One row of an endpoint's delivery log. */
export type WebhookLogRow = {
  id: number;
  at: string;
  eventType: string;
  attempt: number;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
  responseBody: string | null;
  /** Where the delivery is now: "pending" (another attempt is due), "delivered" or "failed". */
  deliveryStatus: string;
};

/**
 * What the webhook actions answer. `secret` is a new signing secret, shown once (after adding an
 * endpoint or rotating its secret); `id` the endpoint a reply is about ("new" for the add form).
 */
export type WebhooksReply = ActionReply<{ id?: string; secret?: string }, { id?: string }>;
