/**
 * Webhook events (Standard Webhooks): what the enquiry and booking code records, in ITS OWN
 * transaction, when something a firm's CRM wants to hear about happens. Recording writes one
 * `webhook_deliveries` row per enabled endpoint subscribed to the event; the job worker sends them
 * later (`delivery.server.ts`), so a receiver that is down or slow never loses or blocks the
 * enquiry or booking, and a rolled-back change sends nothing.
 *
 * The body is `{ type, timestamp, data }` as Standard Webhooks describes, `timestamp` the ISO 8601
 * instant of the event, `data` kept small: ids, the person's name, e-mail and company, the type,
 * status and times, and a link to the record in the portal. Messages, notes, phone numbers and
 * project descriptions are never sent (`docs/decisions` ADR on webhooks lists every field).
 */
import { and, arrayContains, asc, eq, inArray, or } from "drizzle-orm";
import type { Database, Transaction } from "~/db/client.server";
import { webhookAttempts, webhookDeliveries, webhookEndpoints, type BookingAnswer } from "~/db/schema";
import { siteUrl } from "~/features/mail/templates.server";
import type { WEBHOOK_EVENT_TYPES } from "~/utils/domain";
import { londonInstant } from "~/utils/time";

/** One of the six subscribable events. */
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** The `data` of an enquiry event (`enquiry.created`, `enquiry.replied`). Times are ISO 8601 instants. */
export type EnquiryEventData = {
  enquiry: {
    id: string;
    name: string;
    email: string;
    company: string | null;
    projectType: string;
    status: string;
    createdAt: string;
    url: string;
    /** The language the visitor wrote in, as its code ("en", "fr", "ar"...): their acknowledgement was in it. */
    language: string;
  };
  /** `enquiry.replied` only: who wrote (staff from the portal, or the visitor by e-mail) and when. */
  reply?: { from: "staff" | "visitor"; at: string };
};

/** The `data` of a booking event. `start` is the consultation's start instant (ISO 8601, UTC). */
export type BookingEventData = {
  booking: {
    id: string;
    name: string;
    email: string;
    company: string | null;
    consultationType: string;
    status: string;
    start: string;
    durationMinutes: number | null;
    createdAt: string;
    url: string;
    /** The language the visitor booked in, as its code ("en", "fr", "ar"...): their messages are in it. */
    language: string;
    /** The visitor's IANA time zone as their browser gave it ("America/Port-au-Prince"), or null. */
    timeZone: string | null;
    /**
     * The type's questions as asked and answered when it was booked, in the type's order (empty
     * when it asks none): each `questionId`, `kind`, `label` and `answer` in English (`en`) and in
     * the language asked (`asked`), and the `value` given (text, number, true/false, the English
     * option or options; null when unanswered). A snapshot: later edits to a question never change it.
     */
    answers: BookingAnswer[];
  };
  /** `booking.rescheduled` by the visitor only: the start it moved from. */
  previousStart?: string;
};

/** An enquiry row as the events read it. */
type EnquiryLike = { id: string; name: string; email: string; company: string | null; projectType: string; status: string; createdAt: Date; language: string };

/** The event data of `enquiry` (and of the reply that caused `enquiry.replied`). */
export function enquiryEventData(enquiry: EnquiryLike, reply?: { from: "staff" | "visitor"; at: Date }): EnquiryEventData {
  return {
    enquiry: {
      id: enquiry.id,
      name: enquiry.name,
      email: enquiry.email,
      company: enquiry.company,
      projectType: enquiry.projectType,
      status: enquiry.status,
      createdAt: enquiry.createdAt.toISOString(),
      language: enquiry.language,
      url: siteUrl(`/admin/enquiries?id=${enquiry.id}`),
    },
    ...(reply ? { reply: { from: reply.from, at: reply.at.toISOString() } } : {}),
  };
}

/** A booking row and its slot (London wall-clock `date`, `startTime`) as the events read them. */
type BookingLike = {
  id: string;
  name: string;
  email: string;
  companyName: string | null;
  consultationType: string;
  status: string;
  durationMinutes: number | null;
  createdAt: Date;
  language: string;
  timeZone: string | null;
  answers: BookingAnswer[];
};

/** The event data of `booking` held in `slot`; `previous` the slot it moved from, when it moved. */
export function bookingEventData(
  booking: BookingLike,
  slot: { date: string; startTime: string },
  previous?: { date: string; startTime: string },
): BookingEventData {
  return {
    booking: {
      id: booking.id,
      name: booking.name,
      email: booking.email,
      company: booking.companyName,
      consultationType: booking.consultationType,
      status: booking.status,
      start: londonInstant(slot.date, slot.startTime).toISOString(),
      durationMinutes: booking.durationMinutes,
      createdAt: booking.createdAt.toISOString(),
      url: siteUrl(`/admin/consultations?booking=${booking.id}`),
      language: booking.language,
      timeZone: booking.timeZone,
      answers: booking.answers,
    },
    ...(previous ? { previousStart: londonInstant(previous.date, previous.startTime).toISOString() } : {}),
  };
}

/** The signed body of an event: `{ type, timestamp, data }`, serialised once and sent as is on every attempt. */
export function webhookBody(type: string, data: unknown, at: Date): string {
  return JSON.stringify({ type, timestamp: at.toISOString(), data });
}

/**
 * Records `type` with `data` for every enabled endpoint subscribed to it, inside `executor` (the
 * caller's transaction), due at once. `subject` names the enquiry or booking it is about, so
 * anonymising that record withdraws what is still waiting. Returns how many deliveries were queued.
 */
export async function recordWebhookEvent(
  executor: Database | Transaction,
  type: WebhookEventType,
  data: EnquiryEventData | BookingEventData,
  now: Date = new Date(),
): Promise<number> {
  const endpoints = await executor
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.enabled, true), arrayContains(webhookEndpoints.events, [type])));
  if (endpoints.length === 0) return 0;
  const body = webhookBody(type, data, now);
  const subject = "enquiry" in data ? { enquiryId: data.enquiry.id } : { bookingId: data.booking.id };
  await executor.insert(webhookDeliveries).values(endpoints.map((e) => ({ endpointId: e.id, eventType: type, body, ...subject, nextAttemptAt: now })));
  return endpoints.length;
}

/**
 * What anonymising an enquiry or a booking does to its webhook events, inside the caller's
 * transaction: deliveries still waiting are withdrawn (failed, body cleared, so the person's data
 * is never sent after they were erased) and the receivers' answers kept in the log for them are
 * cleared. Delivered or failed deliveries hold no body already. Returns how many were withdrawn.
 */
export async function withdrawWebhookDeliveries(
  executor: Database | Transaction,
  subject: { enquiryIds?: string[]; bookingIds?: string[] },
  now: Date = new Date(),
): Promise<number> {
  const about = or(
    subject.enquiryIds?.length ? inArray(webhookDeliveries.enquiryId, subject.enquiryIds) : undefined,
    subject.bookingIds?.length ? inArray(webhookDeliveries.bookingId, subject.bookingIds) : undefined,
  );
  if (!about) return 0;
  const withdrawn = await executor
    .update(webhookDeliveries)
    .set({ status: "failed", body: null, finishedAt: now })
    .where(and(eq(webhookDeliveries.status, "pending"), about))
    .returning({ id: webhookDeliveries.id });
  await executor
    .update(webhookAttempts)
    .set({ responseBody: null })
    .where(inArray(webhookAttempts.deliveryId, executor.select({ id: webhookDeliveries.id }).from(webhookDeliveries).where(about)));
  return withdrawn.length;
}

/** A webhook delivery about a person's enquiry or booking, as their subject-access export lists it. */
export type ExportedWebhookDelivery = {
  id: string;
  eventType: string;
  enquiryId: string | null;
  bookingId: string | null;
  /** Where it was sent: the receiver's origin only (its path and query may hold the firm's token). */
  sentTo: string;
  status: string;
  createdAt: string;
  finishedAt: string | null;
  /** The body as it will be sent, while the delivery still waits; null once it is over. */
  body: string | null;
  attempts: { at: string; statusCode: number | null; error: string | null }[];
};

/** The webhook deliveries about these enquiries and bookings, oldest first, for a subject-access export. */
export async function exportWebhookDeliveries(
  executor: Database | Transaction,
  subject: { enquiryIds: string[]; bookingIds: string[] },
): Promise<ExportedWebhookDelivery[]> {
  const about = or(
    subject.enquiryIds.length ? inArray(webhookDeliveries.enquiryId, subject.enquiryIds) : undefined,
    subject.bookingIds.length ? inArray(webhookDeliveries.bookingId, subject.bookingIds) : undefined,
  );
  if (!about) return [];
  const rows = await executor
    .select({ delivery: webhookDeliveries, url: webhookEndpoints.url })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(about)
    .orderBy(asc(webhookDeliveries.createdAt), asc(webhookDeliveries.id));
  if (rows.length === 0) return [];
  const attempts = await executor
    .select()
    .from(webhookAttempts)
    .where(inArray(webhookAttempts.deliveryId, rows.map((r) => r.delivery.id)))
    .orderBy(asc(webhookAttempts.startedAt), asc(webhookAttempts.id));
  return rows.map(({ delivery: d, url }) => ({
    id: d.id,
    eventType: d.eventType,
    enquiryId: d.enquiryId,
    bookingId: d.bookingId,
    sentTo: new URL(url).origin,
    status: d.status,
    createdAt: d.createdAt.toISOString(),
    finishedAt: d.finishedAt?.toISOString() ?? null,
    body: d.body,
    attempts: attempts.filter((a) => a.deliveryId === d.id).map((a) => ({ at: a.startedAt.toISOString(), statusCode: a.statusCode, error: a.error })),
  }));
}
