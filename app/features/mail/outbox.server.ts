/**
 * The mail outbox (`docs/design.md` sections 3 and 6): a message is a row written in the same
 * transaction as the enquiry or booking that caused it, and sent later by the job worker
 * (`app/features/jobs/worker.server.ts`). A mail failure therefore never loses or blocks the
 * enquiry or booking.
 */
import type { Database, Transaction } from "~/db/client.server";
import { emailOutbox, type OutboxHeaders } from "~/db/schema";
import { stripControlCharacters } from "~/utils/fields";

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
  attachments?: { filename: string; contentType: string; content: string }[];
  /** Threading headers (`Message-ID`, `In-Reply-To`, `References`), each `<id@domain>`. */
  headers?: OutboxHeaders;
  /** Makes the message unique (e.g. `reminder:{bookingId}:{start}`); a second enqueue is ignored. */
  dedupeKey?: string;
  /** Blank the recipient, subject and bodies once sent (a message queued by an erasure). */
  eraseAfterSend?: boolean;
};

/**
 * Queues messages for sending, inside the caller's transaction when given one.
 * Returns how many were queued (a duplicate `dedupeKey` is skipped, not an error).
 */
export async function enqueueEmails(executor: Database | Transaction, messages: OutgoingEmail[]): Promise<number> {
  if (messages.length === 0) return 0;
  const rows = await executor
    .insert(emailOutbox)
    .values(
      messages.map((m) => ({
        ...m,
        // A subject is one header line, whatever text it was built from.
        subject: stripControlCharacters(m.subject),
        attachments: m.attachments ?? null,
        replyTo: m.replyTo ?? null,
        headers: m.headers ?? null,
        dedupeKey: m.dedupeKey ?? null,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: emailOutbox.id });
  return rows.length;
}
