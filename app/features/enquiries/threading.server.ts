/**
 * E-mail threading of an enquiry's conversation: the Message-IDs we give the acknowledgement and
 * each staff reply, the In-Reply-To and References a reply carries so the visitor's mail program
 * (Outlook, Gmail, Apple Mail) shows one thread, and the Reply-To address (the firm's mailbox,
 * plus-addressed with the enquiry's token when the mail server supports it).
 *
 * Message-IDs are kept in their `<local@domain>` form throughout; the domain is MAIL_FROM's.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database, Transaction } from "~/db/client.server";
import { mailboxSettings } from "~/db/schema";
import { mailFromAddress } from "~/features/mail/transport.server";

/** The domain of MAIL_FROM's address (`example.com`), or `localhost` when it has none. */
export function mailDomain(): string {
  const address = mailFromAddress().address;
  const at = address.lastIndexOf("@");
  return at > 0 ? address.slice(at + 1).toLowerCase() : "localhost";
}

/** The Message-ID of an enquiry's acknowledgement e-mail, `<enquiry-{id}@{domain}>`; the first reply threads under it. */
export function acknowledgementMessageId(enquiryId: string): string {
  return `<enquiry-${enquiryId}@${mailDomain()}>`;
}

/** A new, unique Message-ID for a staff reply, `<reply-{uuid}@{domain}>`. */
export function newReplyMessageId(): string {
  return `<reply-${randomUUID()}@${mailDomain()}>`;
}

/** A new plus-address token: 20 lowercase base32-like characters (about 100 bits), safe in an address's local part. */
export function newReplyToken(): string {
  const alphabet = "abcdefghijklmnopqrstuvwxyz234567";
  return [...randomBytes(20)].map((b) => alphabet[b % 32]).join("");
}

/**
 * The Reply-To of a reply: `mailbox` itself, or `local+token@domain` when `plusAddressing` is on
 * and a token is given. An address without `@` is returned unchanged.
 */
export function replyToAddress(mailbox: string, plusAddressing: boolean, token: string | null): string {
  const at = mailbox.lastIndexOf("@");
  if (!plusAddressing || !token || at <= 0) return mailbox;
  const local = mailbox.slice(0, at).replace(/\+.*$/, "");
  return `${local}+${token}@${mailbox.slice(at + 1)}`;
}

/**
 * The Reply-To of every e-mail the visitor gets about an enquiry (the acknowledgement and each
 * staff reply), so that whatever they answer lands in the mailbox the portal reads back: the
 * firm's mailbox address (Settings > Mailbox), or `fallback` (the site's contact e-mail) when none
 * is set, plus-addressed with the enquiry's token when the mail server supports it.
 * @param token the enquiry's `reply_token` (null when it has none yet)
 * @returns the address, and the token the enquiry must keep: `token`, or a new one when plus
 *   addressing is on and it had none (the caller stores it on the enquiry in the same transaction)
 */
export async function visitorReplyTo(
  executor: Database | Transaction,
  fallback: string,
  token: string | null,
): Promise<{ replyTo: string; token: string | null }> {
  const [mailbox] = await executor
    .select({ replyAddress: mailboxSettings.replyAddress, plusAddressing: mailboxSettings.plusAddressing })
    .from(mailboxSettings)
    .where(eq(mailboxSettings.id, 1));
  const plus = Boolean(mailbox?.plusAddressing);
  const kept = plus ? (token ?? newReplyToken()) : token;
  return { replyTo: replyToAddress(mailbox?.replyAddress || fallback, plus, kept), token: kept };
}

/**
 * The plus-address token in one of `addresses` whose mailbox is `mailbox` (`enquiries+tok@x` for
 * `enquiries@x`), lower-cased, or null. Only tokens of our own shape (letters and digits) count.
 */
export function tokenFromAddresses(addresses: readonly string[], mailbox: string): string | null {
  const at = mailbox.lastIndexOf("@");
  if (at <= 0) return null;
  const local = mailbox.slice(0, at).toLowerCase().replace(/\+.*$/, "");
  const domain = mailbox.slice(at + 1).toLowerCase();
  for (const address of addresses) {
    const match = /^([^@+\s]+)\+([a-z0-9]{8,64})@([^@\s]+)$/i.exec(address.trim());
    if (match && match[1]!.toLowerCase() === local && match[3]!.toLowerCase() === domain) return match[2]!.toLowerCase();
  }
  return null;
}

/** Most Message-IDs a References header lists: the first (the thread's root) and the latest ones. */
export const MAX_REFERENCES = 20;

/**
 * The threading headers of a new reply after the conversation's earlier messages: `inReplyTo` the
 * latest of them, `references` the thread's root (the acknowledgement) followed by every earlier
 * message in order, capped at {@link MAX_REFERENCES} (root kept, oldest middle ones dropped).
 * @param rootId the acknowledgement's Message-ID
 * @param earlier Message-IDs of the earlier replies and incoming e-mails, oldest first
 */
export function threadHeaders(rootId: string, earlier: readonly string[]): { inReplyTo: string; references: string[] } {
  const chain = [rootId, ...earlier.filter((id) => id !== rootId)];
  const unique = chain.filter((id, i) => chain.indexOf(id) === i);
  const references = unique.length > MAX_REFERENCES ? [unique[0]!, ...unique.slice(-(MAX_REFERENCES - 1))] : unique;
  return { inReplyTo: unique[unique.length - 1]!, references };
}

/** The Message-IDs (`<...>`) in a header value such as References or In-Reply-To, in order. */
export function parseMessageIds(value: string | null | undefined): string[] {
  if (!value) return [];
  return [...value.matchAll(/<[^<>\s]{1,900}>/g)].map((m) => m[0]);
}
