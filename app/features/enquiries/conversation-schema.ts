/**
 * Browser-safe shapes of an enquiry's conversation: the composer's fields (a reply to the visitor
 * or an internal note) and the timeline the enquiry shows (replies, the visitor's e-mails, notes,
 * and status, priority and owner changes), oldest first.
 */
import { z } from "zod";
import { ENQUIRY_STATUSES } from "~/utils/domain";

/** Longest reply or note, in characters. */
export const REPLY_MAX_LENGTH = 10_000;

/**
 * The composer: `body` the text (paragraphs, links and lists, see `reply-format.ts`), `status`
 * the status to set with a reply (blank: `responded` on the first reply, otherwise unchanged).
 */
export const ReplyInputSchema = z.object({
  body: z
    .string({ error: "Write your reply." })
    .transform((v) => v.replace(/\r\n?/g, "\n").trim())
    .pipe(z.string().min(1, "Write your reply.").max(REPLY_MAX_LENGTH, `Keep it under ${REPLY_MAX_LENGTH.toLocaleString("en-GB")} characters.`)),
  status: z.preprocess((v) => (v === "" || v === null ? undefined : v), z.enum(ENQUIRY_STATUSES, { error: "Choose a valid status." }).optional()),
});

/** A parsed composer submission. */
export type ReplyInput = z.infer<typeof ReplyInputSchema>;

/** An attachment of an incoming e-mail as listed (its bytes are fetched separately, staff only). */
export type TimelineAttachment = { id: string; filename: string; contentType: string; bytes: number };

/** One entry of the timeline. Instants are ISO 8601 strings. */
export type TimelineEntry =
  | {
      type: "message";
      id: string;
      kind: "reply" | "incoming" | "note";
      createdAt: string;
      /** Who wrote it: the staff member of a reply or note; the visitor's name for an e-mail from the enquiry's address. */
      authorName: string | null;
      /** Sender's address of an incoming e-mail. */
      fromAddress: string | null;
      subject: string | null;
      /** What is shown: an incoming e-mail without its quoted history; a reply or note whole. */
      shown: string;
      /** Whether `shown` left out quoted history (the full text is `full`). */
      trimmed: boolean;
      full: string;
      /** A reply's e-mail: waiting in the outbox, sent, or given up after retries. */
      delivery: "pending" | "sent" | "failed" | null;
      attachments: TimelineAttachment[];
    }
  | {
      type: "change";
      id: string;
      createdAt: string;
      actorEmail: string | null;
      /** What changed, in words, e.g. "Status: New → Responded". */
      text: string;
    };

/** The words of an e-mail's delivery, as the timeline and the contact view show it. */
export const DELIVERY_LABEL: Record<"pending" | "sent" | "failed", string> = { pending: "Sending", sent: "Sent", failed: "Not delivered" };

/**
 * An enquiry's conversation as its detail panel shows it: the timeline oldest first, the current
 * status, whether a reply was sent yet, whether one can be (not spam, not erased), the saved
 * replies filled for this visitor, who may own it and who does (a better-auth user id or null).
 */
export type ConversationView = {
  timeline: TimelineEntry[];
  status: string;
  replied: boolean;
  canReply: boolean;
  savedReplies: { id: string; title: string; body: string }[];
  owners: { userId: string; name: string }[];
  assignedTo: string | null;
};
