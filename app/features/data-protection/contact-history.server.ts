/**
 * One person's history with the firm, by e-mail address (Admin > contact view): their enquiries
 * (with status), bookings (with time and status), the e-mails sent to them and the messages of
 * their enquiries' conversations, newest first. Built on the subject-access search
 * (`subject-access.server.ts`), so it finds what an export or an erasure would, but shows only
 * the person's own history: staff mails that merely carry their address as Reply-To ("New
 * booking...", "Booked with you...") are left out, and of each e-mail only what the portal keeps
 * of it is shown (its kind, subject, status and times), never its body. Conversation messages are
 * shown as the enquiry's timeline shows them (`conversationMessages`: a visitor's e-mail without
 * its quoted history). Managers only (the route checks).
 */
import { conversationMessages, type ConversationMessage } from "~/features/enquiries/conversation.server";
import { findSubjectRecords, normaliseAddress } from "./subject-access.server";

/** One line of the history; `at` is an ISO 8601 instant (when it happened, or was sent). */
export type ContactHistoryItem =
  | { kind: "enquiry"; id: string; at: string; enquiryId: string; projectType: string; status: string; message: string; spam: boolean }
  | {
      kind: "booking";
      id: string;
      at: string;
      bookingId: string;
      consultationType: string;
      /** Europe/London wall-clock date `yyyy-mm-dd` and times `HH:MM[:SS]` of the consultation. */
      date: string;
      startTime: string;
      endTime: string;
      status: string;
      description: string | null;
    }
  | {
      kind: "email";
      id: string;
      at: string;
      /** The outbox kind ("enquiry.acknowledgement", "booking.confirmed"...). */
      mailKind: string;
      subject: string;
      status: "pending" | "sent" | "failed";
    }
  | { kind: "message"; id: string; at: string; message: ConversationMessage };

/** The person's name (newest record's), and their history newest first. Empty for an unknown address. */
export async function contactHistory(email: string): Promise<{ email: string; name: string | null; items: ContactHistoryItem[] }> {
  const records = await findSubjectRecords(email);
  const address = normaliseAddress(email);
  const messages = await conversationMessages(records.enquiries.map((e) => e.id));
  const items: ContactHistoryItem[] = [
    ...records.enquiries.map((e) => ({
      kind: "enquiry" as const,
      id: `enquiry-${e.id}`,
      at: e.createdAt,
      enquiryId: e.id,
      projectType: e.projectType,
      status: e.status,
      message: e.message,
      spam: e.spamReason !== null,
    })),
    ...records.bookings.map((b) => ({
      kind: "booking" as const,
      id: `booking-${b.id}`,
      at: b.createdAt,
      bookingId: b.id,
      consultationType: b.consultationType,
      date: b.slotDate,
      startTime: b.slotStartTime,
      endTime: b.slotEndTime,
      status: b.status,
      description: b.projectDescription,
    })),
    // Mail to the person only (a staff notification names them as Reply-To); staff replies are
    // the conversation's own messages below.
    ...records.emails
      .filter((m) => normaliseAddress(m.to) === address && m.kind !== "enquiry.reply")
      .map((m) => ({
        kind: "email" as const,
        id: `email-${m.id}`,
        at: m.sentAt ?? m.createdAt,
        mailKind: m.kind,
        subject: m.subject,
        status: m.status as "pending" | "sent" | "failed",
      })),
    ...messages.map((message) => ({ kind: "message" as const, id: `message-${message.id}`, at: message.createdAt, message })),
  ];
  items.sort((a, b) => b.at.localeCompare(a.at));
  const newest = [...records.enquiries, ...records.bookings].sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0];
  return { email: records.email, name: newest?.name ?? null, items };
}
