/**
 * Visitors' replies come back: the job worker reads the firm's mailbox over IMAP (imapflow),
 * parses each new message (postal-mime), and adds it to its enquiry's conversation.
 *
 * - One instance at a time: a run first claims a lease on the `mailbox_settings` row (an UPDATE
 *   that succeeds only when no other lease is current, as the outbox claims its rows); a run that
 *   dies leaves the lease to run out.
 * - Matching: In-Reply-To / References naming one of our replies, the acknowledgement or an
 *   earlier imported message; else the plus-address token (`enquiries+<token>@...`) in To, Cc or
 *   Delivered-To. Unmatched messages are left alone in the mailbox (never flagged, moved or deleted).
 * - Never imported twice: `enquiry_messages.message_id` is unique (a message without one gets an id
 *   from a hash of its bytes), so restarts and other instances cannot duplicate a message; the
 *   folder's UIDVALIDITY and last UID read say where the next run starts.
 * - Size first: each message's size (IMAP RFC822.SIZE) is read before its content, and a message
 *   over {@link MAX_MESSAGE_BYTES} is never downloaded (nor more than that of any message, should
 *   a server misreport a size). One message is held at a time, so a run's memory is bounded by
 *   one message and its parse, not by the number read.
 * - Parsing (postal-mime) runs on a worker thread with time and memory limits (`mime-parse.server.ts`),
 *   so a hostile message cannot stall the pages visitors load; one it refuses is left alone.
 * - Quoted history is trimmed for display (the full text is kept); attachments are stored in the
 *   database, typed from their bytes, within the media upload limit, and shown to staff only.
 * - Subject and text are stored without control characters and bidirectional overrides, embeddings
 *   and isolates (`stripControlCharacters`, as names and file names), so `…\u202eTXT.exe` cannot
 *   read backwards in the portal.
 * - Failures: a run that cannot read the mailbox records why (in people's words) and since when;
 *   the settings screen and the dashboard show it red, and the mailbox's owner (who saved the
 *   settings, else the super admins) is e-mailed once per failure, when it starts.
 * - A matched reply reopens the enquiry's 24-hour clock ("awaiting our reply") and tells the
 *   enquiry's owner by e-mail (the notification recipients while it has none).
 * - SSRF: the host is checked after DNS resolution before every connection, and the connection
 *   goes to the address checked (`connectImap`).
 */
import { createHash, randomUUID } from "node:crypto";
import { and, eq, inArray, isNull, lt, or } from "drizzle-orm";
import { fileTypeFromBuffer } from "file-type";
import type { ImapFlow } from "imapflow";
import { db } from "~/db/client.server";
import { adminUsers, enquiries, enquiryAttachments, enquiryMessages, mailboxSettings } from "~/db/schema";
import { enqueueEmails } from "~/features/mail/outbox.server";
import { enquiryEventData, recordWebhookEvent } from "~/features/webhooks/events.server";
import { getMailSettings } from "~/features/mail/settings.server";
import { renderEmail, siteUrl } from "~/features/mail/templates.server";
import { mailFromAddress } from "~/features/mail/transport.server";
import { MAX_UPLOAD_BYTES } from "~/features/media/rules";
import { stripControlCharacters } from "~/utils/fields";
import { logger } from "~/utils/logger.server";
import { connectImap, describeMailboxError, FIRST_READ_DAYS, getImapAccount, type ImapAccount } from "./mailbox.server";
import { MailParseError, parseMail, type ParsedMail } from "./mime-parse.server";
import { htmlBeforeQuote, htmlToText, trimQuotedHistory } from "./quoted-history";
import { parseMessageIds, tokenFromAddresses } from "./threading.server";

/** How long a run's claim on the mailbox lasts (5 minutes); a run finishing releases it sooner. */
export const MAILBOX_LEASE_MS = 5 * 60_000;
/** Most messages read in one run; the rest wait for the next. */
export const MESSAGES_PER_RUN = 50;
/** A message larger than this (bytes, its RFC822.SIZE) is not downloaded: 25 MB, the usual mail size ceiling. */
export const MAX_MESSAGE_BYTES = 25 * 1024 * 1024;
/** Most attachments kept from one message. */
export const MAX_ATTACHMENTS = 10;
/** Longest text kept of one message, in characters. */
const MAX_TEXT = 100_000;

/** What one run did: messages looked at, imported into an enquiry, and left alone (unmatched, duplicate, too large, unreadable). */
export type MailboxRunResult = { read: number; imported: number; skipped: number };

/** The addresses of a parsed address list (groups flattened), lower-cased. */
function addressesOf(list: ParsedMail["to"]): string[] {
  const out: string[] = [];
  for (const a of list ?? []) {
    if ("group" in a && Array.isArray(a.group)) for (const g of a.group) out.push(g.address.toLowerCase());
    else if ("address" in a && a.address) out.push(a.address.toLowerCase());
  }
  return out;
}

/** The enquiry a message answers, by its threading headers, else by the plus-address token; null when none. */
async function matchEnquiry(mail: ParsedMail, replyAddress: string): Promise<string | null> {
  const ids = [...parseMessageIds(mail.inReplyTo), ...parseMessageIds(mail.references)].slice(0, 100);
  if (ids.length) {
    const [known] = await db
      .select({ enquiryId: enquiryMessages.enquiryId })
      .from(enquiryMessages)
      .where(inArray(enquiryMessages.messageId, ids))
      .limit(1);
    if (known) return known.enquiryId;
    for (const id of ids) {
      // The acknowledgement's Message-ID names the enquiry (see threading.server.ts).
      const match = /^<enquiry-([0-9a-f-]{36})@/i.exec(id);
      if (match) {
        const [row] = await db.select({ id: enquiries.id }).from(enquiries).where(eq(enquiries.id, match[1]!.toLowerCase()));
        if (row) return row.id;
      }
    }
  }
  if (!replyAddress) return null;
  const delivered = mail.deliveredTo ? [mail.deliveredTo] : [];
  const token = tokenFromAddresses([...addressesOf(mail.to), ...addressesOf(mail.cc), ...delivered], replyAddress);
  if (!token) return null;
  const [row] = await db.select({ id: enquiries.id }).from(enquiries).where(eq(enquiries.replyToken, token));
  return row?.id ?? null;
}

/** Automatic mail (out-of-office, bounces, our own messages) never reopens an enquiry. */
function isAutomatic(mail: ParsedMail): boolean {
  const header = (name: string) => mail.headers.find((h) => h.key === name)?.value ?? "";
  const auto = header("auto-submitted").toLowerCase();
  if (auto && auto !== "no") return true;
  if (/^multipart\/report/i.test(header("content-type"))) return true;
  const from = mail.from && "address" in mail.from ? (mail.from.address ?? "").toLowerCase() : "";
  return from === mailFromAddress().address.toLowerCase() || /^(mailer-daemon|postmaster)@/i.test(from);
}

/** The attachments worth keeping: named, not inline pictures of the body, within the limits; typed from their bytes. */
async function attachmentsOf(mail: ParsedMail) {
  const kept: { filename: string; contentType: string; content: Buffer }[] = [];
  for (const a of mail.attachments) {
    if (kept.length >= MAX_ATTACHMENTS) break;
    if (a.related || (a.disposition === "inline" && a.mimeType.startsWith("image/") && a.contentId)) continue;
    const content = typeof a.content === "string" ? Buffer.from(a.content, a.encoding === "base64" ? "base64" : "utf8") : Buffer.from(a.content as ArrayBuffer);
    if (content.length === 0 || content.length > MAX_UPLOAD_BYTES) {
      logger.info({ bytes: content.length }, "mailbox: attachment skipped (empty or over the upload limit)");
      continue;
    }
    const sniffed = await fileTypeFromBuffer(content);
    const contentType = sniffed?.mime ?? (a.mimeType === "text/plain" ? "text/plain" : "application/octet-stream");
    const filename = stripControlCharacters(a.filename ?? `attachment.${sniffed?.ext ?? "bin"}`).replace(/[/\\]/g, "_").slice(0, 200);
    kept.push({ filename, contentType, content });
  }
  return kept;
}

/**
 * Imports one raw message. Returns "imported", or why it was left alone: "unmatched",
 * "duplicate" (its Message-ID is already in a conversation), "automatic" or "unreadable" (the
 * parser refused it or it went over the parser's time or memory limit).
 */
export async function importMessage(source: Buffer, replyAddress: string, now: Date = new Date()): Promise<"imported" | "unmatched" | "duplicate" | "automatic" | "unreadable"> {
  let mail: ParsedMail;
  try {
    mail = await parseMail(source);
  } catch (error) {
    if (!(error instanceof MailParseError)) throw error;
    logger.warn({ err: error.message, bytes: source.length }, "mailbox: message left alone (unreadable)");
    return "unreadable";
  }
  if (isAutomatic(mail)) return "automatic";
  const enquiryId = await matchEnquiry(mail, replyAddress);
  if (!enquiryId) return "unmatched";
  const messageId = parseMessageIds(mail.messageId)[0] ?? `<sha256-${createHash("sha256").update(source).digest("hex")}@imported>`;
  const clean = (text: string) => stripControlCharacters(text, { multiline: true });
  const full = clean((mail.text?.trim() ? mail.text : htmlToText(mail.html ?? "")).slice(0, MAX_TEXT));
  const shownSource = mail.text?.trim() ? mail.text : htmlToText(htmlBeforeQuote(mail.html ?? ""));
  const shown = clean(trimQuotedHistory(shownSource).slice(0, MAX_TEXT));
  const files = await attachmentsOf(mail);
  const from = mail.from && "address" in mail.from ? (mail.from.address ?? null) : null;
  const settings = await getMailSettings();

  return db.transaction(async (tx) => {
    const [enquiry] = await tx.select().from(enquiries).where(eq(enquiries.id, enquiryId)).for("update");
    if (!enquiry || enquiry.anonymisedAt || enquiry.spamReason) return "unmatched" as const;
    const [stored] = await tx
      .insert(enquiryMessages)
      .values({
        enquiryId,
        kind: "incoming",
        fromAddress: from,
        subject: stripControlCharacters(mail.subject ?? "").slice(0, 500) || null,
        body: full || "(no text)",
        bodyShown: shown === full.trim() ? null : shown,
        messageId,
        inReplyTo: parseMessageIds(mail.inReplyTo)[0] ?? null,
        references: parseMessageIds(mail.references).slice(0, 100),
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: enquiryMessages.id });
    if (!stored) return "duplicate" as const;
    if (files.length) await tx.insert(enquiryAttachments).values(files.map((f) => ({ ...f, messageId: stored.id, bytes: f.content.length })));
    await tx
      .update(enquiries)
      .set({ awaitingReplySince: enquiry.awaitingReplySince ?? now, updatedAt: now })
      .where(eq(enquiries.id, enquiryId));
    await recordWebhookEvent(tx, "enquiry.replied", enquiryEventData(enquiry, { from: "visitor", at: now }), now);

    const [owner] = enquiry.assignedTo
      ? await tx.select({ email: adminUsers.email }).from(adminUsers).where(and(eq(adminUsers.userId, enquiry.assignedTo), eq(adminUsers.isActive, true)))
      : [];
    const recipients = owner ? [owner.email] : settings.notificationRecipients;
    const name = enquiry.name.replace(/\s+/g, " ").trim();
    const body = renderEmail(
      {
        preheader: `${name} replied about their enquiry`,
        heading: `${name} replied`,
        intro: "The visitor answered by e-mail. Their reply is on the enquiry, and the 24-hour clock has started again.",
        paragraphs: [shown.slice(0, 2000)],
        button: { label: "Open the enquiry", url: siteUrl(`/admin/enquiries?id=${enquiryId}`) },
        footerNote: owner
          ? "You receive this because you own this enquiry."
          : "You receive this because your address is a notification recipient in Admin > Settings.",
      },
      settings,
    );
    await enqueueEmails(
      tx,
      recipients.map((to) => ({
        kind: "enquiry.visitor-replied",
        to,
        subject: `${name} replied: ${enquiry.projectType}`,
        ...body,
        dedupeKey: `enquiry-incoming:${stored.id}:${to.toLowerCase()}`,
      })),
    );
    return "imported" as const;
  });
}

const holderId = `${process.pid}-${randomUUID().slice(0, 8)}`;

/** How a failing mailbox is reported: since when, why, and whether its owner has been told. */
async function recordFailure(reason: string, now: Date, mine: ReturnType<typeof and>): Promise<void> {
  const [row] = await db.select().from(mailboxSettings).where(mine);
  if (!row) return;
  const failingSince = row.failingSince ?? now;
  const tell = !row.failureNotifiedAt;
  const settings = tell ? await getMailSettings() : null;
  await db.transaction(async (tx) => {
    await tx.update(mailboxSettings).set({ lastError: reason, failingSince, failureNotifiedAt: tell ? now : row.failureNotifiedAt }).where(mine);
    if (!settings) return;
    const [saver] = row.savedBy
      ? await tx.select({ email: adminUsers.email }).from(adminUsers).where(and(eq(adminUsers.userId, row.savedBy), eq(adminUsers.isActive, true)))
      : [];
    const recipients = saver
      ? [saver.email]
      : (await tx.select({ email: adminUsers.email }).from(adminUsers).where(and(eq(adminUsers.role, "super_admin"), eq(adminUsers.isActive, true)))).map((a) => a.email);
    const body = renderEmail(
      {
        preheader: "Visitors' replies to enquiries are not arriving.",
        heading: "The mailbox cannot be read",
        intro: `The portal could not read the mailbox ${row.imapUser} on ${row.imapHost}: ${reason} Visitors' replies to enquiries will not appear until it reads again.`,
        paragraphs: ["Check the mailbox's settings, for example a changed app password, and save them again: the portal checks the mailbox before saving."],
        button: { label: "Open Mailbox settings", url: siteUrl("/admin/settings/mailbox") },
        footerNote: saver
          ? "You receive this because you saved the mailbox settings. You are told once each time the mailbox starts failing."
          : "You receive this because you are a super admin. You are told once each time the mailbox starts failing.",
      },
      settings,
    );
    await enqueueEmails(
      tx,
      recipients.map((to) => ({
        kind: "mailbox.failing",
        to,
        subject: "The mailbox cannot be read: visitors' replies are not arriving",
        ...body,
        dedupeKey: `mailbox-failing:${failingSince.toISOString()}:${to.toLowerCase()}`,
      })),
    );
  });
}

/**
 * One run of the mailbox reader: claims the lease (returns null when reading is off or another
 * instance holds it), connects, reads the folder's messages after the last UID read (the first run
 * reads the last {@link FIRST_READ_DAYS} days), imports the matching ones, records how far it got,
 * and releases the lease. Sizes are read first; a message over {@link MAX_MESSAGE_BYTES} is
 * skipped without downloading it. Never throws for a mail-server failure: it is recorded as the
 * mailbox's failure (reason, since when), its owner e-mailed when it starts; a good run clears it.
 */
export async function pollMailbox(now: Date = new Date()): Promise<MailboxRunResult | null> {
  const [claimed] = await db
    .update(mailboxSettings)
    .set({ leaseUntil: new Date(now.getTime() + MAILBOX_LEASE_MS), leaseHolder: holderId })
    .where(and(eq(mailboxSettings.id, 1), eq(mailboxSettings.imapEnabled, true), or(isNull(mailboxSettings.leaseUntil), lt(mailboxSettings.leaseUntil, now))))
    .returning();
  if (!claimed) return null;
  const mine = and(eq(mailboxSettings.id, 1), eq(mailboxSettings.leaseHolder, holderId));
  const result: MailboxRunResult = { read: 0, imported: 0, skipped: 0 };
  let failure: string | null = null;
  let client: ImapFlow | undefined;
  let account: ImapAccount | null = null;
  try {
    account = await getImapAccount();
    if (!account) return result;
    client = await connectImap(account);
    const lock = await client.getMailboxLock(account.folder, { readOnly: true });
    try {
      const box = client.mailbox;
      const uidValidity = box ? Number(box.uidValidity) : 0;
      let lastUid = claimed.uidValidity === uidValidity ? claimed.lastUid : 0;
      const found =
        lastUid > 0
          ? await client.search({ uid: `${lastUid + 1}:*` }, { uid: true })
          : await client.search({ since: new Date(now.getTime() - FIRST_READ_DAYS * 86_400_000) }, { uid: true });
      const uids = (found || []).filter((u) => u > lastUid).sort((a, b) => a - b).slice(0, MESSAGES_PER_RUN);
      // Sizes first (RFC822.SIZE, no content), so a message over the cap is never downloaded.
      const sizes = new Map<number, number>();
      if (uids.length) for await (const m of client.fetch(uids.join(","), { uid: true, size: true }, { uid: true })) sizes.set(m.uid, m.size ?? Infinity);
      for (const uid of uids) {
        result.read++;
        const size = sizes.get(uid) ?? Infinity;
        // At most one byte past the cap, should the server have understated the size.
        const message = size <= MAX_MESSAGE_BYTES ? await client.fetchOne(String(uid), { source: { maxLength: MAX_MESSAGE_BYTES + 1 } }, { uid: true }) : null;
        if (message && message.source && message.source.length <= MAX_MESSAGE_BYTES) {
          const outcome = await importMessage(message.source, account.replyAddress, new Date());
          if (outcome === "imported") result.imported++;
          else result.skipped++;
        } else {
          logger.info({ bytes: size }, "mailbox: message left alone (over the size limit)");
          result.skipped++;
        }
        lastUid = uid;
        await db.update(mailboxSettings).set({ uidValidity, lastUid }).where(mine);
      }
      if (uids.length === 0) await db.update(mailboxSettings).set({ uidValidity, lastUid }).where(mine);
    } finally {
      lock.release();
    }
  } catch (error) {
    failure = describeMailboxError(error, account?.folder ?? "INBOX").message;
    logger.warn({ err: failure }, "mailbox: read failed");
  } finally {
    await client?.logout().catch(() => client?.close());
    if (failure) await recordFailure(failure, now, mine);
    else if (account) await db.update(mailboxSettings).set({ lastError: null, failingSince: null, failureNotifiedAt: null }).where(mine);
    await db.update(mailboxSettings).set({ lastPolledAt: new Date(), leaseUntil: null, leaseHolder: null }).where(mine);
  }
  if (result.imported) logger.info(result, "mailbox: replies imported");
  return result;
}
