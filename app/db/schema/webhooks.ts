/**
 * Webhooks (Standard Webhooks): the endpoints super admins register, each event to deliver to one
 * of them (a small outbox the job worker drains) and the log of every attempt.
 *
 * A delivery's body is kept only while it may still be sent: it is cleared once the delivery is
 * accepted or given up, and withdrawn when the enquiry or booking it describes is anonymised.
 */
import { sql } from "drizzle-orm";
import { bigserial, boolean, check, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { WEBHOOK_DELIVERY_STATUSES, WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT } from "../../utils/domain";
import { createdAt, inList, updatedAt, uuidId, uuidOwner } from "./columns";

/** A receiver of signed events: its address, the events it wants and its signing secret(s). */
export const webhookEndpoints = pgTable(
  "webhook_endpoints",
  {
    id: uuidId(),
    /** Where events are POSTed: https (and a public address) unless `WEBHOOK_ALLOW_PRIVATE=true`. */
    url: text("url").notNull(),
    description: text("description").notNull().default(""),
    /** The subscribed event types, a non-empty subset of `WEBHOOK_EVENT_TYPES`. */
    events: text("events").array().notNull(),
    enabled: boolean("enabled").notNull().default(true),
    /** The signing secret (`whsec_` + base64), encrypted with the server secret. */
    secretEncrypted: text("secret_encrypted").notNull(),
    /** The secret before the last rotation, still signing beside the new one until `previous_secret_expires_at`. */
    previousSecretEncrypted: text("previous_secret_encrypted"),
    previousSecretExpiresAt: timestamp("previous_secret_expires_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  () => [check("webhook_endpoints_events_check", sql`cardinality(events) > 0`)],
);

/** One event to deliver to one endpoint; its id is the `webhook-id` header, the same on every attempt. */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: uuidId(),
    endpointId: uuidOwner("endpoint_id", () => webhookEndpoints.id),
    eventType: text("event_type").notNull(),
    /** The enquiry or booking the event is about (no foreign key: the log outlives a deleted enquiry). */
    enquiryId: uuid("enquiry_id"),
    bookingId: uuid("booking_id"),
    /** The JSON body exactly as signed and sent; null once the delivery is over (or withdrawn). */
    body: text("body"),
    status: text("status", { enum: WEBHOOK_DELIVERY_STATUSES }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    /** When it was accepted or given up. */
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("webhook_deliveries_due_idx").on(t.status, t.nextAttemptAt),
    index("webhook_deliveries_enquiry_idx").on(t.enquiryId),
    index("webhook_deliveries_booking_idx").on(t.bookingId),
    check("webhook_deliveries_status_check", inList("status", WEBHOOK_DELIVERY_STATUSES)),
    check("webhook_deliveries_event_type_check", inList("event_type", [...WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT])),
  ],
);

/** The delivery log: one row per attempt, shown on the endpoint's page. */
export const webhookAttempts = pgTable(
  "webhook_attempts",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    deliveryId: uuidOwner("delivery_id", () => webhookDeliveries.id),
    endpointId: uuidOwner("endpoint_id", () => webhookEndpoints.id),
    /** 1 for the first try. */
    attempt: integer("attempt").notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    durationMs: integer("duration_ms").notNull(),
    /** The receiver's HTTP status; null when no answer came (refused, timed out, unreachable). */
    statusCode: integer("status_code"),
    /** Why it failed without an answer, for people. */
    error: text("error"),
    /** The first 1 KB of the receiver's answer (UTF-8 text), nothing more. */
    responseBody: text("response_body"),
  },
  (t) => [index("webhook_attempts_endpoint_idx").on(t.endpointId, t.startedAt), index("webhook_attempts_delivery_idx").on(t.deliveryId)],
);
