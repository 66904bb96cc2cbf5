/**
 * One person's history with the firm, by e-mail address (Admin > contact view): every enquiry,
 * booking, e-mail sent to them and message in their enquiries' conversations, newest first. Built
 * on the subject-access search (`subject-access.server.ts`), so it finds exactly what an export
 * or an erasure would. Managers only (the route checks).
 */
import { findSubjectRecords } from "./subject-access.server";

/** One line of the history. `at` is an ISO 8601 instant; `enquiryId`/`bookingId` link to the record. */
export type ContactHistoryItem = {
  id: string;
  at: string;
  kind: "enquiry" | "booking" | "email" | "reply" | "incoming" | "note";
  title: string;
  detail: string;
  enquiryId?: string;
  bookingId?: string;
};

/** The person's name (newest record's), and their history newest first. Empty for an unknown address. */
export async function contactHistory(email: string): Promise<{ email: string; name: string | null; items: ContactHistoryItem[] }> {
  const records = await findSubjectRecords(email);
  const items: ContactHistoryItem[] = [
    ...records.enquiries.map((e) => ({
      id: `enquiry-${e.id}`,
      at: e.createdAt,
      kind: "enquiry" as const,
      title: `Enquiry: ${e.projectType}`,
      detail: e.message,
      enquiryId: e.id,
    })),
    ...records.bookings.map((b) => ({
      id: `booking-${b.id}`,
      at: b.createdAt,
      kind: "booking" as const,
      title: `Consultation booked: ${b.consultationType} on ${b.slotDate} at ${b.slotStartTime.slice(0, 5)}`,
      detail: b.projectDescription ?? "",
      bookingId: b.id,
    })),
    ...records.emails
      .filter((m) => m.kind !== "enquiry.reply")
      .map((m) => ({ id: `email-${m.id}`, at: m.sentAt ?? m.createdAt, kind: "email" as const, title: `E-mail: ${m.subject}`, detail: "" })),
    ...records.conversations.map((c) => ({
      id: `message-${c.id}`,
      at: c.createdAt,
      kind: c.kind,
      title: c.kind === "incoming" ? `Their e-mail${c.subject ? `: ${c.subject}` : ""}` : c.kind === "reply" ? `Our reply (${c.author ?? "staff"})` : `Internal note (${c.author ?? "staff"})`,
      detail: c.text,
      enquiryId: c.enquiryId,
    })),
  ];
  items.sort((a, b) => b.at.localeCompare(a.at));
  const newest = [...records.enquiries, ...records.bookings].sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0];
  return { email: records.email, name: newest?.name ?? null, items };
}
