/**
 * Webhook endpoints (Admin > Settings > Webhooks, super admins only): adding, changing, turning
 * off and deleting them, their signing secrets, the "Send test event" button and the delivery log.
 *
 * - A secret is `whsec_` and 32 random bytes in base64 (Standard Webhooks). It is shown once, when
 *   the endpoint is added or the secret rotated, and stored encrypted with the server secret, as
 *   the IMAP password and the two-factor secrets are (better-auth's `symmetricEncrypt`).
 * - Rotating makes a new secret; the old one keeps signing beside it for
 *   {@link PREVIOUS_SECRET_VALID_MS} (two signatures in `webhook-signature`), so the receiver can
 *   switch without losing an event, then the worker drops it. Rotating again within that time
 *   keeps only the secret just replaced.
 * - The address must be https and public, unless `WEBHOOK_ALLOW_PRIVATE=true`
 *   (`checkPublicHttpUrl`; every request is checked again where it connects).
 * Every change is audited, never with a secret or the address's query (which may hold a token).
 */
import { randomBytes } from "node:crypto";
import { symmetricEncrypt } from "better-auth/crypto";
import { and, count, desc, eq, inArray, min } from "drizzle-orm";
import { db } from "~/db/client.server";
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from "~/db/schema";
import { recordAudit, type AuditActor } from "~/features/audit/audit.server";
import { WEBHOOK_TEST_EVENT } from "~/utils/domain";
import { env, serverSecret } from "~/utils/env.server";
import type { FieldErrors } from "~/utils/forms";
import { checkPublicHttpUrl } from "~/utils/public-address.server";
import { webhookBody } from "./events.server";
import type { WebhookEndpointInput, WebhookEndpointView, WebhookLogRow } from "./schema";

/** How long the secret before a rotation keeps signing: 24 hours. */
export const PREVIOUS_SECRET_VALID_MS = 24 * 3_600_000;
/** How many attempts an endpoint's page lists, newest first. */
export const LOG_ROWS = 50;

/** A new signing secret: `whsec_` and 32 random bytes in base64. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString("base64")}`;
}

const encrypt = (secret: string) => symmetricEncrypt({ key: serverSecret, data: secret });

/** The address as the audit log keeps it: without its query or fragment (which may carry a token). */
function auditedUrl(url: string): string {
  const parsed = new URL(url);
  return `${parsed.origin}${parsed.pathname}`;
}

/** Refuses an address that is not https and public (unless `allowPrivate`); field errors or null. */
async function urlErrors(url: string, allowPrivate: boolean): Promise<FieldErrors | null> {
  const problem = await checkPublicHttpUrl(url, allowPrivate);
  return problem ? { url: [problem] } : null;
}

/** The endpoints, oldest first, each with its newest attempt. */
export async function listWebhookEndpoints(): Promise<WebhookEndpointView[]> {
  const rows = await db.select().from(webhookEndpoints).orderBy(webhookEndpoints.createdAt, webhookEndpoints.id);
  if (rows.length === 0) return [];
  const latest = await db
    .selectDistinctOn([webhookAttempts.endpointId], {
      endpointId: webhookAttempts.endpointId,
      at: webhookAttempts.startedAt,
      statusCode: webhookAttempts.statusCode,
      error: webhookAttempts.error,
    })
    .from(webhookAttempts)
    .where(inArray(webhookAttempts.endpointId, rows.map((r) => r.id)))
    .orderBy(webhookAttempts.endpointId, desc(webhookAttempts.startedAt), desc(webhookAttempts.id));
  const byEndpoint = new Map(latest.map((l) => [l.endpointId, l]));
  return rows.map((row) => view(row, byEndpoint.get(row.id) ?? null));
}

function view(
  row: typeof webhookEndpoints.$inferSelect,
  last: { at: Date; statusCode: number | null; error: string | null } | null,
): WebhookEndpointView {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events,
    enabled: row.enabled,
    createdAt: row.createdAt.toISOString(),
    previousSecretExpiresAt: row.previousSecretExpiresAt?.toISOString() ?? null,
    lastAttempt: last ? { at: last.at.toISOString(), statusCode: last.statusCode, error: last.error } : null,
  };
}

/**
 * One endpoint with its newest {@link LOG_ROWS} attempts, how many deliveries wait and when the
 * next of them will be tried (an ISO 8601 instant, never before `now`: a delivery already due is
 * tried now; null when none waits); null when the endpoint does not exist.
 */
export async function getWebhookEndpoint(
  id: string,
  now: Date = new Date(),
): Promise<{ endpoint: WebhookEndpointView; log: WebhookLogRow[]; pending: number; nextAttemptAt: string | null } | null> {
  const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  if (!row) return null;
  const [attempts, [waiting]] = await Promise.all([
    db
      .select({
        id: webhookAttempts.id,
        at: webhookAttempts.startedAt,
        eventType: webhookDeliveries.eventType,
        attempt: webhookAttempts.attempt,
        statusCode: webhookAttempts.statusCode,
        error: webhookAttempts.error,
        durationMs: webhookAttempts.durationMs,
        responseBody: webhookAttempts.responseBody,
        deliveryStatus: webhookDeliveries.status,
      })
      .from(webhookAttempts)
      .innerJoin(webhookDeliveries, eq(webhookDeliveries.id, webhookAttempts.deliveryId))
      .where(eq(webhookAttempts.endpointId, id))
      .orderBy(desc(webhookAttempts.startedAt), desc(webhookAttempts.id))
      .limit(LOG_ROWS),
    db
      .select({ n: count(), next: min(webhookDeliveries.nextAttemptAt) })
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.endpointId, id), eq(webhookDeliveries.status, "pending"))),
  ]);
  const log = attempts.map((a) => ({ ...a, at: a.at.toISOString() }));
  const last = log[0] ? { at: attempts[0]!.at, statusCode: log[0].statusCode, error: log[0].error } : null;
  const next = waiting?.next ? new Date(Math.max(new Date(waiting.next).getTime(), now.getTime())) : null;
  return { endpoint: view(row, last), log, pending: Number(waiting?.n ?? 0), nextAttemptAt: next?.toISOString() ?? null };
}

/** What adding or changing an endpoint came to. */
export type EndpointResult<T> = { ok: true; value: T } | { ok: false; errors: FieldErrors };

/**
 * Adds an endpoint. The address is refused (field errors) unless https and public, or
 * `allowPrivate` (`WEBHOOK_ALLOW_PRIVATE`). Returns its id and its secret, to show once.
 */
export async function createWebhookEndpoint(
  actor: AuditActor,
  input: WebhookEndpointInput,
  allowPrivate: boolean = env.WEBHOOK_ALLOW_PRIVATE,
): Promise<EndpointResult<{ id: string; secret: string }>> {
  const errors = await urlErrors(input.url, allowPrivate);
  if (errors) return { ok: false, errors };
  const secret = newWebhookSecret();
  const secretEncrypted = await encrypt(secret);
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(webhookEndpoints).values({ ...input, secretEncrypted }).returning({ id: webhookEndpoints.id });
    await recordAudit(tx, {
      actor,
      action: "webhook.created",
      entityType: "webhook",
      entityId: row!.id,
      details: { url: auditedUrl(input.url), events: input.events, enabled: input.enabled },
    });
    return { ok: true as const, value: { id: row!.id, secret } };
  });
}

/** Changes an endpoint's address, description, events and whether it is on. `value` false: it no longer exists. */
export async function updateWebhookEndpoint(
  actor: AuditActor,
  id: string,
  input: WebhookEndpointInput,
  allowPrivate: boolean = env.WEBHOOK_ALLOW_PRIVATE,
): Promise<EndpointResult<boolean>> {
  const errors = await urlErrors(input.url, allowPrivate);
  if (errors) return { ok: false, errors };
  return db.transaction(async (tx) => {
    const [row] = await tx.update(webhookEndpoints).set({ ...input, updatedAt: new Date() }).where(eq(webhookEndpoints.id, id)).returning({ id: webhookEndpoints.id });
    if (!row) return { ok: true as const, value: false };
    await recordAudit(tx, {
      actor,
      action: "webhook.updated",
      entityType: "webhook",
      entityId: id,
      details: { url: auditedUrl(input.url), events: input.events, enabled: input.enabled },
    });
    return { ok: true as const, value: true };
  });
}

/** Deletes an endpoint with its deliveries and log. Returns false when it did not exist. */
export async function deleteWebhookEndpoint(actor: AuditActor, id: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id)).returning({ url: webhookEndpoints.url });
    if (!row) return false;
    await recordAudit(tx, { actor, action: "webhook.deleted", entityType: "webhook", entityId: id, details: { url: auditedUrl(row.url) } });
    return true;
  });
}

/**
 * Gives an endpoint a new secret; the current one keeps signing beside it until `now` +
 * {@link PREVIOUS_SECRET_VALID_MS}. Returns the new secret (to show once), or null when the
 * endpoint does not exist.
 */
export async function rotateWebhookSecret(actor: AuditActor, id: string, now: Date = new Date()): Promise<string | null> {
  const secret = newWebhookSecret();
  const secretEncrypted = await encrypt(secret);
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)).for("update");
    if (!current) return null;
    const previousSecretExpiresAt = new Date(now.getTime() + PREVIOUS_SECRET_VALID_MS);
    await tx
      .update(webhookEndpoints)
      .set({ secretEncrypted, previousSecretEncrypted: current.secretEncrypted, previousSecretExpiresAt, updatedAt: now })
      .where(eq(webhookEndpoints.id, id));
    await recordAudit(tx, {
      actor,
      action: "webhook.secret_rotated",
      entityType: "webhook",
      entityId: id,
      details: { previousValidUntil: previousSecretExpiresAt.toISOString() },
    });
    return secret;
  });
}

/**
 * Queues a `webhook.test` event for one endpoint (whatever it subscribes to, even when turned
 * off it is refused: false), sent by the worker like any other. Its data names the endpoint and
 * who pressed the button's time only. Returns false when the endpoint does not exist or is off.
 */
export async function sendTestWebhook(id: string, now: Date = new Date()): Promise<boolean> {
  const [endpoint] = await db.select({ id: webhookEndpoints.id, enabled: webhookEndpoints.enabled }).from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  if (!endpoint?.enabled) return false;
  const body = webhookBody(WEBHOOK_TEST_EVENT, { endpoint: { id }, message: "A test event from Meridian Engineering's website." }, now);
  await db.insert(webhookDeliveries).values({ endpointId: id, eventType: WEBHOOK_TEST_EVENT, body, nextAttemptAt: now });
  return true;
}
