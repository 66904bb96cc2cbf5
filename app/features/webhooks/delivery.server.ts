/**
 * Sending webhook deliveries (the job worker's `webhooks` loop, `app/features/jobs/worker.server.ts`),
 * the way the mail outbox is sent:
 *
 * - A batch of due `pending` deliveries is CLAIMED in a short transaction (`FOR UPDATE SKIP
 *   LOCKED`), which bumps `attempts` and pushes `next_attempt_at` past the request's time limit, so
 *   two instances never send the same delivery and one that dies mid-request is retried.
 * - Each is POSTed outside any transaction through the SSRF guard (`guardedFetch`: https and public
 *   addresses only unless `WEBHOOK_ALLOW_PRIVATE=true`, the address checked where the socket
 *   connects, redirects not followed), within {@link REQUEST_TIMEOUT_MS}, signed per Standard
 *   Webhooks (`webhook-id`, `webhook-timestamp`, `webhook-signature`) with the endpoint's secret
 *   and, for 24 hours after a rotation, its previous secret too (two space-separated signatures).
 * - A 2xx answer is delivered; anything else is retried after {@link RETRY_DELAYS_MS}, then failed.
 *   Every attempt is logged (`webhook_attempts`) with the first {@link RESPONSE_KEPT_BYTES} bytes
 *   of the answer; the body is cleared once the delivery is delivered or failed.
 */
import { symmetricDecrypt } from "better-auth/crypto";
import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { db, type Database } from "~/db/client.server";
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from "~/db/schema";
import { env, serverSecret } from "~/utils/env.server";
import { logger } from "~/utils/logger.server";
import { guardedFetch, OutboundError } from "~/utils/public-address.server";

/** Waits before the 2nd, 3rd, ... 7th attempt: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h. Then the delivery fails. */
export const RETRY_DELAYS_MS = [5_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 5 * 3_600_000, 10 * 3_600_000] as const;
/** Attempts before a delivery is given up: the first and one per retry delay. */
export const MAX_WEBHOOK_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
/** The longest one request may take, connection and answer included. */
export const REQUEST_TIMEOUT_MS = 10_000;
/** How much of a receiver's answer is kept in the log. */
export const RESPONSE_KEPT_BYTES = 1024;
/** How long a claimed delivery stays invisible to other workers: past the request's time limit. */
const CLAIM_LEASE_MS = 60_000;

/** The Standard Webhooks `webhook-id` of a delivery: the same on every attempt. */
export function webhookMessageId(deliveryId: string): string {
  return `msg_${deliveryId.replace(/-/g, "")}`;
}

/**
 * The Standard Webhooks headers of `body` sent as `messageId` at `at`, signed with each of
 * `secrets` (`whsec_...`): `webhook-signature` is their `v1,<base64>` signatures, space-separated.
 */
export function signedHeaders(messageId: string, body: string, secrets: string[], at: Date): Record<string, string> {
  return {
    "content-type": "application/json",
    "user-agent": "Meridian-Webhooks/1",
    "webhook-id": messageId,
    "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
    "webhook-signature": secrets.map((secret) => new Webhook(secret).sign(messageId, at, body)).join(" "),
  };
}

/** The secrets that sign at `now`: the current one, and the previous one until its 24 hours are over. */
async function signingSecrets(endpoint: typeof webhookEndpoints.$inferSelect, now: Date): Promise<string[]> {
  const secrets = [await symmetricDecrypt({ key: serverSecret, data: endpoint.secretEncrypted })];
  if (endpoint.previousSecretEncrypted && endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > now) {
    secrets.push(await symmetricDecrypt({ key: serverSecret, data: endpoint.previousSecretEncrypted }));
  }
  return secrets;
}

/** What one attempt came to: the answer's status and first bytes, or why there was none. */
type AttemptOutcome = { statusCode: number | null; error: string | null; responseBody: string | null; durationMs: number };

/** POSTs `body` to `url` with `headers` through the SSRF guard; never throws. */
async function post(url: string, headers: Record<string, string>, body: string): Promise<AttemptOutcome> {
  const started = performance.now();
  try {
    const response = await guardedFetch(
      url,
      { method: "POST", headers, body },
      { allowPrivate: env.WEBHOOK_ALLOW_PRIVATE, maxBytes: RESPONSE_KEPT_BYTES, overflow: "cut", followRedirects: false, timeoutMs: REQUEST_TIMEOUT_MS },
    );
    const text = (await response.text()).slice(0, RESPONSE_KEPT_BYTES);
    return { statusCode: response.status, error: null, responseBody: text || null, durationMs: Math.round(performance.now() - started) };
  } catch (error) {
    const message = error instanceof OutboundError ? error.message : "The request failed.";
    return { statusCode: null, error: message, responseBody: null, durationMs: Math.round(performance.now() - started) };
  }
}

/** What one batch did. */
export type WebhookBatchResult = { claimed: number; delivered: number; retried: number; failed: number };

/**
 * Claims up to `limit` deliveries due at `now` (default the clock), sends each once and records the
 * outcome: delivered, retried after the next of {@link RETRY_DELAYS_MS} (counted from `now`), or
 * failed after {@link MAX_WEBHOOK_ATTEMPTS}. A delivery whose endpoint was turned off fails without a
 * request. Also drops previous secrets whose 24 hours are over. Safe to call from any number of
 * processes at once. Throws only when the database fails.
 */
export async function processWebhookBatch(options: { limit?: number; now?: Date; database?: Database } = {}): Promise<WebhookBatchResult> {
  const { limit = 10, database = db } = options;
  const now = options.now ?? new Date();
  await database
    .update(webhookEndpoints)
    .set({ previousSecretEncrypted: null, previousSecretExpiresAt: null })
    .where(lte(webhookEndpoints.previousSecretExpiresAt, now));
  const claimed = await database.transaction(async (tx) => {
    const due = await tx
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.status, "pending"), lte(webhookDeliveries.nextAttemptAt, now)))
      .orderBy(asc(webhookDeliveries.nextAttemptAt))
      .limit(limit)
      .for("update", { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(webhookDeliveries)
      .set({ attempts: sql`${webhookDeliveries.attempts} + 1`, nextAttemptAt: new Date(now.getTime() + CLAIM_LEASE_MS) })
      .where(inArray(webhookDeliveries.id, due.map((d) => d.id)))
      .returning();
  });

  const result: WebhookBatchResult = { claimed: claimed.length, delivered: 0, retried: 0, failed: 0 };
  for (const delivery of claimed) {
    const [endpoint] = await database.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, delivery.endpointId));
    const startedAt = new Date();
    const target = endpoint?.enabled && delivery.body !== null ? { url: endpoint.url, body: delivery.body, endpoint } : null;
    const off = target === null;
    const outcome: AttemptOutcome = target
      ? await post(target.url, signedHeaders(webhookMessageId(delivery.id), target.body, await signingSecrets(target.endpoint, startedAt), startedAt), target.body)
      : { statusCode: null, error: "The endpoint is turned off.", responseBody: null, durationMs: 0 };
    const ok = outcome.statusCode !== null && outcome.statusCode >= 200 && outcome.statusCode < 300;
    const giveUp = !ok && (off || delivery.attempts >= MAX_WEBHOOK_ATTEMPTS);
    // Only the worker holding this claim (same attempts count) records the outcome.
    const mine = and(eq(webhookDeliveries.id, delivery.id), eq(webhookDeliveries.attempts, delivery.attempts), eq(webhookDeliveries.status, "pending"));
    await database.transaction(async (tx) => {
      const [still] = await tx
        .update(webhookDeliveries)
        .set(
          ok || giveUp
            ? { status: ok ? ("delivered" as const) : ("failed" as const), body: null, finishedAt: new Date() }
            : { nextAttemptAt: new Date(now.getTime() + RETRY_DELAYS_MS[delivery.attempts - 1]!) },
        )
        .where(mine)
        .returning({ id: webhookDeliveries.id });
      if (!still || !endpoint) return;
      await tx.insert(webhookAttempts).values({
        deliveryId: delivery.id,
        endpointId: endpoint.id,
        attempt: delivery.attempts,
        startedAt,
        durationMs: outcome.durationMs,
        statusCode: outcome.statusCode,
        error: outcome.error,
        responseBody: outcome.responseBody,
      });
    });
    if (ok) result.delivered++;
    else if (giveUp) result.failed++;
    else result.retried++;
    const log = { delivery: delivery.id, type: delivery.eventType, attempt: delivery.attempts, status: outcome.statusCode, err: outcome.error };
    if (ok) logger.info(log, "webhook delivered");
    else logger.warn(log, giveUp ? "webhook failed" : "webhook not accepted, will retry");
  }
  return result;
}
