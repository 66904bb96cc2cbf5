/**
 * An enquiry's conversation: staff replies sent from the portal, the visitor's e-mails read back
 * from the firm's mailbox (`imap-import.server.ts`), internal notes, and, from the audit log, the
 * status, priority, type and owner changes, as one timeline.
 *
 * A reply is stored and its e-mail queued in the outbox in ONE transaction, so a mail failure never
 * loses it (the worker retries; the timeline shows the delivery). It goes from MAIL_FROM with
 * Reply-To the firm's mailbox (plus-addressed with the enquiry's token when the mail server
 * supports it) and Message-ID, In-Reply-To and References that thread it under the
 * acknowledgement the visitor got (`threading.server.ts`), under the acknowledgement's subject in
 * the visitor's language ("Re: Nous avons bien reçu votre demande - ...") unless they wrote under
 * another. The first reply sets the status to
 * `responded` (unless staff chose another, or the enquiry is already further on), stamps the
 * response time, and every reply stops the 24-hour clock a visitor's e-mail reopened.
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import { db, type Database, type Transaction } from "~/db/client.server";
import { auditLog, emailOutbox, enquiries, enquiryAttachments, enquiryMessages } from "~/db/schema";
import { recordAudit, type AuditActor } from "~/features/audit/audit.server";
import { enqueueEmails } from "~/features/mail/outbox.server";
import { enquiryEventData, recordWebhookEvent } from "~/features/webhooks/events.server";
import { getMailSettings } from "~/features/mail/settings.server";
import { getSiteSettings } from "~/features/settings/settings.server";
import { escapeHtml } from "~/features/mail/templates.server";
import { enquiryLabel } from "./admin-schema";
import { listPossibleOwners } from "./assignment.server";
import type { ConversationView, ReplyInput, TimelineEntry } from "./conversation-schema";
import { fillPlaceholders, listSavedReplies } from "./saved-replies.server";
import { acknowledgementSubject, replySubject } from "./subjects";
import { replyToHtml } from "./reply-format";
import { acknowledgementMessageId, newReplyMessageId, threadHeaders, visitorReplyTo } from "./threading.server";

/** The staff member writing: better-auth user id, portal name and sign-in address. */
export type ConversationActor = { userId: string; name: string; email: string };

type Executor = Database | Transaction;

/** The outcome of a reply or note; `error` names why nothing was stored. */
export type ConversationResult =
  | { ok: true; messageId: string; status: string }
  | { ok: false; error: "not_found" | "spam" | "erased" };

/**
 * Sends a reply to the enquiry's visitor: stores it, queues its e-mail, sets the status and the
 * response time, and writes an `enquiry.replied` audit entry (with the status change, if any).
 * @param input the composer's parsed fields (`ReplyInputSchema`)
 * @returns the stored message's id and the enquiry's status after it, or why nothing was sent:
 *   `not_found`, `spam` (a spam submission gets no reply) or `erased` (the person was erased)
 */
export async function sendReply(actor: ConversationActor, enquiryId: string, input: ReplyInput, now: Date = new Date()): Promise<ConversationResult> {
  const settings = await getMailSettings();
  return db.transaction(async (tx) => {
    const [enquiry] = await tx.select().from(enquiries).where(eq(enquiries.id, enquiryId)).for("update");
    if (!enquiry) return { ok: false as const, error: "not_found" as const };
    if (enquiry.spamReason) return { ok: false as const, error: "spam" as const };
    if (enquiry.anonymisedAt) return { ok: false as const, error: "erased" as const };
    const earlier = await tx
      .select({ kind: enquiryMessages.kind, messageId: enquiryMessages.messageId, subject: enquiryMessages.subject })
      .from(enquiryMessages)
      .where(and(eq(enquiryMessages.enquiryId, enquiryId), inArray(enquiryMessages.kind, ["reply", "incoming"])))
      .orderBy(asc(enquiryMessages.createdAt), asc(enquiryMessages.id));
    const firstReply = !earlier.some((m) => m.kind === "reply");
    const { replyTo, token } = await visitorReplyTo(tx, settings.email, enquiry.replyToken);
    const messageId = newReplyMessageId();
    const { inReplyTo, references } = threadHeaders(
      acknowledgementMessageId(enquiry.id),
      earlier.map((m) => m.messageId).filter((id): id is string => Boolean(id)),
    );
    const lastIncomingSubject = [...earlier].reverse().find((m) => m.kind === "incoming" && m.subject)?.subject;
    // Their own last subject, else the acknowledgement's, in the language it was sent in: one thread.
    const subject = replySubject(lastIncomingSubject ?? acknowledgementSubject(enquiry.language, settings.companyName));
    const signature = [actor.name, settings.companyName, settings.phone].filter(Boolean);

    const [stored] = await tx
      .insert(enquiryMessages)
      .values({
        enquiryId,
        kind: "reply",
        authorUserId: actor.userId,
        authorName: actor.name,
        subject,
        body: input.body,
        messageId,
        inReplyTo,
        references,
        createdAt: now,
      })
      .returning({ id: enquiryMessages.id });
    const html = `<div style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1f2937">${replyToHtml(input.body)}<p style="margin:16px 0 0;color:#4b5563">${signature.map(escapeHtml).join("<br>")}</p></div>`;
    await enqueueEmails(tx, [
      {
        kind: "enquiry.reply",
        to: enquiry.email,
        replyTo,
        subject,
        html,
        text: `${input.body}\n\n-- \n${signature.join("\n")}\n`,
        headers: { messageId, inReplyTo, references },
        dedupeKey: `enquiry-reply:${stored!.id}`,
      },
    ]);
    const [outbox] = await tx.select({ id: emailOutbox.id }).from(emailOutbox).where(eq(emailOutbox.dedupeKey, `enquiry-reply:${stored!.id}`));
    await tx.update(enquiryMessages).set({ outboxId: outbox?.id ?? null }).where(eq(enquiryMessages.id, stored!.id));

    const defaultStatus = firstReply && (enquiry.status === "new" || enquiry.status === "in_review") ? "responded" : enquiry.status;
    const status = input.status ?? defaultStatus;
    await tx
      .update(enquiries)
      .set({
        status,
        // The response time is the first real reply's, even when a status change stamped it before.
        ...(firstReply ? { respondedAt: now } : {}),
        awaitingReplySince: null,
        replyToken: token,
        updatedAt: now,
      })
      .where(eq(enquiries.id, enquiryId));
    await recordWebhookEvent(tx, "enquiry.replied", enquiryEventData({ ...enquiry, status }, { from: "staff", at: now }), now);
    const audit: AuditActor = { userId: actor.userId, email: actor.email };
    await recordAudit(tx, {
      actor: audit,
      action: "enquiry.replied",
      entityType: "enquiry",
      entityId: enquiryId,
      details: {
        messageId: stored!.id,
        ...(status !== enquiry.status ? { before: { status: enquiry.status }, after: { status } } : {}),
      },
    });
    return { ok: true as const, messageId: stored!.id, status };
  });
}

/** Adds an internal note (staff only, never e-mailed) to the enquiry's timeline. */
export async function addNote(actor: ConversationActor, enquiryId: string, body: string, now: Date = new Date()): Promise<ConversationResult> {
  return db.transaction(async (tx) => {
    const [enquiry] = await tx.select({ id: enquiries.id, status: enquiries.status }).from(enquiries).where(eq(enquiries.id, enquiryId));
    if (!enquiry) return { ok: false as const, error: "not_found" as const };
    const [stored] = await tx
      .insert(enquiryMessages)
      .values({ enquiryId, kind: "note", authorUserId: actor.userId, authorName: actor.name, body, createdAt: now })
      .returning({ id: enquiryMessages.id });
    await recordAudit(tx, {
      actor: { userId: actor.userId, email: actor.email },
      action: "enquiry.note_added",
      entityType: "enquiry",
      entityId: enquiryId,
      details: { messageId: stored!.id },
    });
    return { ok: true as const, messageId: stored!.id, status: enquiry.status };
  });
}

const CHANGE_FIELDS: Record<string, string> = { status: "Status", priority: "Priority", projectType: "Type", assignedTo: "Owner" };

/** The words of one audit entry's changes, or null when it changed nothing the timeline shows. */
function changeText(details: Record<string, unknown> | null): string | null {
  const before = (details?.before ?? {}) as Record<string, unknown>;
  const after = (details?.after ?? {}) as Record<string, unknown>;
  const parts: string[] = [];
  for (const [key, label] of Object.entries(CHANGE_FIELDS)) {
    if (!(key in after)) continue;
    if (key === "assignedTo") {
      const name = (details?.ownerName as string | null | undefined) ?? null;
      parts.push(name ? `Owner: ${name}` : "Owner: nobody");
      continue;
    }
    const from = before[key];
    const to = after[key];
    const show = (v: unknown) => (key === "projectType" ? String(v ?? "") : enquiryLabel(String(v ?? "")));
    parts.push(`${label}: ${show(from)} → ${show(to)}`);
  }
  if ("internalNotes" in after) parts.push("Internal notes updated");
  return parts.length ? parts.join(", ") : null;
}

/** A message of a conversation as the timeline and the contact view show it, with its enquiry's id. */
export type ConversationMessage = Extract<TimelineEntry, { type: "message" }> & { enquiryId: string };

/**
 * The messages of these enquiries' conversations, oldest first, as people are shown them: a
 * reply with its delivery, the visitor's e-mail without its quoted history (the full text beside
 * it) and named by the visitor's name when it came from the enquiry's address, a note; with the
 * attachments listed (no bytes).
 */
export async function conversationMessages(enquiryIds: readonly string[], executor: Executor = db): Promise<ConversationMessage[]> {
  if (enquiryIds.length === 0) return [];
  const messages = await executor
    .select({ m: enquiryMessages, delivery: emailOutbox.status, visitorName: enquiries.name, visitorEmail: enquiries.email })
    .from(enquiryMessages)
    .innerJoin(enquiries, eq(enquiries.id, enquiryMessages.enquiryId))
    .leftJoin(emailOutbox, eq(emailOutbox.id, enquiryMessages.outboxId))
    .where(inArray(enquiryMessages.enquiryId, [...enquiryIds]))
    .orderBy(asc(enquiryMessages.createdAt), asc(enquiryMessages.id));
  const ids = messages.map((r) => r.m.id);
  const files = ids.length
    ? await executor
        .select({ id: enquiryAttachments.id, messageId: enquiryAttachments.messageId, filename: enquiryAttachments.filename, contentType: enquiryAttachments.contentType, bytes: enquiryAttachments.bytes })
        .from(enquiryAttachments)
        .where(inArray(enquiryAttachments.messageId, ids))
        .orderBy(asc(enquiryAttachments.createdAt), asc(enquiryAttachments.filename))
    : [];
  const fromVisitor = (from: string | null, visitor: string) => Boolean(from) && from!.trim().toLowerCase() === visitor.trim().toLowerCase();
  return messages.map(({ m, delivery, visitorName, visitorEmail }) => ({
    type: "message",
    id: m.id,
    enquiryId: m.enquiryId,
    kind: m.kind,
    createdAt: m.createdAt.toISOString(),
    authorName: m.kind === "incoming" ? (fromVisitor(m.fromAddress, visitorEmail) ? visitorName : null) : m.authorName,
    fromAddress: m.fromAddress,
    subject: m.subject,
    shown: m.bodyShown ?? m.body,
    trimmed: m.bodyShown !== null && m.bodyShown !== m.body,
    full: m.body,
    delivery: m.kind === "reply" ? (delivery ?? "pending") : null,
    attachments: files.filter((f) => f.messageId === m.id).map(({ messageId: _m, ...f }) => f),
  }));
}

/**
 * The enquiry's timeline, oldest first: every message ({@link conversationMessages}) and every
 * status, priority, type, owner or notes change.
 */
export async function getTimeline(enquiryId: string, executor: Executor = db): Promise<TimelineEntry[]> {
  const [messages, audits] = await Promise.all([
    conversationMessages([enquiryId], executor),
    executor
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, "enquiry"), eq(auditLog.entityId, enquiryId), inArray(auditLog.action, ["enquiry.updated", "enquiry.replied", "enquiry.assigned"])))
      .orderBy(asc(auditLog.createdAt), asc(auditLog.id)),
  ]);
  const entries: TimelineEntry[] = messages.map(({ enquiryId: _e, ...m }) => m);
  for (const a of audits) {
    const text = changeText(a.details);
    if (text) entries.push({ type: "change", id: `audit-${a.id}`, createdAt: a.createdAt.toISOString(), actorEmail: a.actorEmail, text });
  }
  return entries.sort((x, y) => x.createdAt.localeCompare(y.createdAt));
}

/**
 * The conversation of `enquiry` as its panel shows it ({@link ConversationView}): read for the
 * `/admin/enquiries/{id}/conversation` data route and, server-side, for the enquiry opened by
 * `?id=` (so the timeline is there without JavaScript).
 */
export async function getConversationView(enquiry: {
  id: string;
  name: string;
  company: string | null;
  language: string;
  status: string;
  assignedTo: string | null;
  spamReason: string | null;
  anonymisedAt: Date | null;
}): Promise<ConversationView> {
  const [timeline, saved, owners, settings] = await Promise.all([getTimeline(enquiry.id), listSavedReplies(), listPossibleOwners(), getSiteSettings()]);
  return {
    timeline,
    savedReplies: saved.map((r) => ({ id: r.id, title: r.title, body: fillPlaceholders(r.body, enquiry, settings.offeredLanguages) })),
    owners,
    assignedTo: enquiry.assignedTo,
    status: enquiry.status,
    replied: timeline.some((e) => e.type === "message" && e.kind === "reply"),
    canReply: !enquiry.spamReason && !enquiry.anonymisedAt,
  };
}

/** One attachment's bytes for staff, or null when it does not exist. */
export async function getAttachment(id: string): Promise<{ filename: string; contentType: string; content: Buffer } | null> {
  const [row] = await db
    .select({ filename: enquiryAttachments.filename, contentType: enquiryAttachments.contentType, content: enquiryAttachments.content })
    .from(enquiryAttachments)
    .where(eq(enquiryAttachments.id, id));
  return row ?? null;
}

/**
 * The conversations of these enquiries for a subject-access export: every reply, incoming e-mail
 * and note with its full text, and each attachment's name, type, size and bytes (base64).
 */
export async function exportConversations(executor: Executor, enquiryIds: string[]) {
  if (enquiryIds.length === 0) return [];
  const messages = await executor
    .select()
    .from(enquiryMessages)
    .where(inArray(enquiryMessages.enquiryId, enquiryIds))
    .orderBy(asc(enquiryMessages.createdAt), asc(enquiryMessages.id));
  const files = messages.length
    ? await executor.select().from(enquiryAttachments).where(inArray(enquiryAttachments.messageId, messages.map((m) => m.id)))
    : [];
  return messages.map((m) => ({
    id: m.id,
    enquiryId: m.enquiryId,
    kind: m.kind,
    createdAt: m.createdAt.toISOString(),
    author: m.authorName,
    from: m.fromAddress,
    subject: m.subject,
    text: m.body,
    attachments: files
      .filter((f) => f.messageId === m.id)
      .map((f) => ({ filename: f.filename, contentType: f.contentType, bytes: f.bytes, base64: f.content.toString("base64") })),
  }));
}

/** Deletes the conversations (messages, notes and attachments) of these enquiries, for an erasure. Returns how many messages went. */
export async function eraseConversations(executor: Executor, enquiryIds: string[]): Promise<number> {
  if (enquiryIds.length === 0) return 0;
  const gone = await executor.delete(enquiryMessages).where(inArray(enquiryMessages.enquiryId, enquiryIds)).returning({ id: enquiryMessages.id });
  return gone.length;
}
