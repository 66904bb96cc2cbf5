/**
 * The mail outbox (`docs/design.md` sections 3 and 6): a message is a row written in the same
 * transaction as the enquiry or booking that caused it, and sent later by the job worker
 * (`app/features/jobs/worker.server.ts`). A mail failure therefore never loses or blocks the
 * enquiry or booking.
 *
 * What a row keeps (ADR 35): bodies carry links that open an account or a booking (set-password,
 * manage links), so a row's html, text and attachments are sealed with the server secret from the
 * moment they are queued (better-auth's `symmetricEncrypt`, as the IMAP password, calendar and
 * webhook secrets are) and erased by the worker once the message is delivered or given up. A
 * database dump or backup then holds only what the portal shows: recipient, subject, kind, status
 * and times.
 */
import { symmetricDecrypt, symmetricEncrypt } from "better-auth/crypto";
import { eq, like, sql } from "drizzle-orm";
import type { Database, Transaction } from "~/db/client.server";
import { emailOutbox, type OutboxHeaders } from "~/db/schema";
import { serverSecret } from "~/utils/env.server";
import { stripControlCharacters } from "~/utils/fields";

/** An attachment of a queued message; content as UTF-8 text (e.g. an `.ics`). */
export type MailAttachment = { filename: string; contentType: string; content: string };

/** The part of a message that is sealed at rest: both bodies and any attachments. */
export type MailBody = { html: string; text: string; attachments: MailAttachment[] | null };

/** A message to queue. `html` and `text` are complete bodies; attachments are UTF-8 text. */
export type OutgoingEmail = {
  /** What the message is, for logs and tests: e.g. "enquiry.notification", "booking.confirmation". */
  kind: string;
  to: string;
  /** Optional `Reply-To` address, e.g. the visitor's on a staff notification so staff can press Reply. */
  replyTo?: string;
  subject: string;
  html: string;
  text: string;
  attachments?: MailAttachment[];
  /** Threading headers (`Message-ID`, `In-Reply-To`, `References`), each `<id@domain>`. */
  headers?: OutboxHeaders;
  /** Makes the message unique (e.g. `reminder:{bookingId}:{start}`); a second enqueue is ignored. */
  dedupeKey?: string;
  /** Blank the recipient and subject too once sent (a message queued by an erasure). */
  eraseAfterSend?: boolean;
};

/** The prefix of a body queued by a version before sealing (JSON of a `MailBody`), sealed at start-up. */
const PLAIN_PREFIX = "plain:";

/** Seals a message's bodies and attachments with the server secret: the hex text stored in `email_outbox.body`. */
export function sealMailBody(body: MailBody): Promise<string> {
  return symmetricEncrypt({ key: serverSecret, data: JSON.stringify(body) });
}

/**
 * Opens a stored `email_outbox.body`: the bodies and attachments, or null when it was erased
 * (delivered or given up). Throws when it was sealed with another secret (`BETTER_AUTH_SECRET`
 * changed, or a local run without one restarted) or is not a sealed body.
 */
export async function openMailBody(stored: string | null): Promise<MailBody | null> {
  if (stored === null) return null;
  return JSON.parse(await symmetricDecrypt({ key: serverSecret, data: stored })) as MailBody;
}

/**
 * Queues messages for sending, inside the caller's transaction when given one; each body is sealed
 * ({@link sealMailBody}) before it is written. Returns how many were queued (a duplicate
 * `dedupeKey` is skipped, not an error).
 */
export async function enqueueEmails(executor: Database | Transaction, messages: OutgoingEmail[]): Promise<number> {
  if (messages.length === 0) return 0;
  const values = await Promise.all(
    messages.map(async ({ html, text, attachments, ...m }) => ({
      ...m,
      // A subject is one header line, whatever text it was built from.
      subject: stripControlCharacters(m.subject),
      body: await sealMailBody({ html, text, attachments: attachments ?? null }),
      replyTo: m.replyTo ?? null,
      headers: m.headers ?? null,
      dedupeKey: m.dedupeKey ?? null,
    })),
  );
  const rows = await executor.insert(emailOutbox).values(values).onConflictDoNothing().returning({ id: emailOutbox.id });
  return rows.length;
}

/**
 * Whether a message with `dedupeKey` was ever queued (its row stays after it is sent, its body
 * erased): lets a caller skip rendering a message that {@link enqueueEmails} would skip anyway.
 */
export async function isQueued(executor: Database | Transaction, dedupeKey: string): Promise<boolean> {
  const [row] = await executor.select({ id: emailOutbox.id }).from(emailOutbox).where(eq(emailOutbox.dedupeKey, dedupeKey)).limit(1);
  return Boolean(row);
}

/**
 * Seals the bodies that an older version queued in plain text (`plain:` JSON, left by the migration
 * that introduced sealing for messages still waiting). Run at start-up, after the migrations and
 * before the worker; idempotent, and safe on several instances at once. Returns how many were sealed.
 */
export async function sealPlainMailBodies(executor: Database | Transaction): Promise<number> {
  const rows = await executor
    .select({ id: emailOutbox.id, body: emailOutbox.body })
    .from(emailOutbox)
    .where(like(emailOutbox.body, `${PLAIN_PREFIX}%`));
  for (const row of rows) {
    const body = await sealMailBody(JSON.parse(row.body!.slice(PLAIN_PREFIX.length)) as MailBody);
    await executor
      .update(emailOutbox)
      .set({ body })
      .where(sql`${emailOutbox.id} = ${row.id} and ${emailOutbox.body} = ${row.body}`);
  }
  return rows.length;
}
