/**
 * Enquiry conversations and data protection: the subject-access export holds every reply, the
 * person's e-mails with their attachments and staff notes; erasing the person deletes them; the
 * contact view lists the person's own history (no staff mail), newest first.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { enquiries, enquiryAttachments, enquiryMessages } from "~/db/schema";
import { addNote, sendReply } from "~/features/enquiries/conversation.server";
import { setupTestDatabase } from "../../../tests/setup/database";
import { contactHistory } from "./contact-history.server";
import { addBooking, addEmail, addSlot } from "./test-factories";
import { erasePerson } from "./erasure.server";
import { exportSubjectRecords } from "./subject-access-export.server";

setupTestDatabase();

const staff = { userId: "user-1", name: "Priya Shah", email: "priya@meridian.example" };
const actor = { userId: "user-1", email: "priya@meridian.example" };
const ADDRESS = "dana@client.example";

async function conversation() {
  const [enquiry] = await db
    .insert(enquiries)
    .values({ name: "Dana Visitor", email: ADDRESS, projectType: "Other", message: "First message", createdAt: new Date("2026-11-01T09:00:00Z") })
    .returning();
  await sendReply(staff, enquiry!.id, { body: "Our answer." }, new Date("2026-11-01T10:00:00Z"));
  const [incoming] = await db
    .insert(enquiryMessages)
    .values({ enquiryId: enquiry!.id, kind: "incoming", fromAddress: ADDRESS, body: "Their answer.", messageId: "<a@client.example>", createdAt: new Date("2026-11-02T09:00:00Z") })
    .returning();
  await db.insert(enquiryAttachments).values({ messageId: incoming!.id, filename: "plan.pdf", contentType: "application/pdf", bytes: 4, content: Buffer.from("%PDF") });
  await addNote(staff, enquiry!.id, "Staff note.", new Date("2026-11-03T09:00:00Z"));
  return enquiry!;
}

describe("conversations and the person's data", () => {
  it("are in the subject-access export, attachments included", async () => {
    await conversation();
    const file = await exportSubjectRecords(actor, { email: ADDRESS, format: "json" });
    const exported = JSON.parse(file.body) as { conversations: { kind: string; text: string; attachments: { filename: string; base64: string }[] }[] };
    expect(exported.conversations.map((c) => [c.kind, c.text])).toEqual([
      ["reply", "Our answer."],
      ["incoming", "Their answer."],
      ["note", "Staff note."],
    ]);
    expect(exported.conversations[1]!.attachments).toEqual([expect.objectContaining({ filename: "plan.pdf", base64: Buffer.from("%PDF").toString("base64") })]);
  });

  it("are erased with the person", async () => {
    await conversation();
    expect(await erasePerson(actor, { email: ADDRESS, cancelFutureBookings: false, expectedFutureBookings: 0 })).toMatchObject({ ok: true });
    expect(await db.select().from(enquiryMessages)).toEqual([]);
    expect(await db.select().from(enquiryAttachments)).toEqual([]);
  });

  it("show in the contact view, newest first", async () => {
    await conversation();
    const history = await contactHistory(ADDRESS.toUpperCase());
    expect(history.name).toBe("Dana Visitor");
    expect(history.items.map((i) => (i.kind === "message" ? i.message.kind : i.kind))).toEqual(["note", "incoming", "reply", "enquiry"]);
  });

  it("show only the person's own history: no staff mail naming them as Reply-To, a booking with its time and status, their e-mails named and without quoted history", async () => {
    const enquiry = await conversation();
    await db.update(enquiries).set({ status: "responded" }).where(eq(enquiries.id, enquiry.id));
    const slot = await addSlot("2026-11-30");
    const booking = await addBooking(slot.id, "cancelled", { name: "Dana Visitor", email: ADDRESS, consultationType: "Site Visit", createdAt: new Date("2026-11-05T09:00:00Z") });
    await addEmail({ kind: "booking.staff_notification", to: "office@meridian.example", replyTo: ADDRESS, subject: "New booking: Dana Visitor", sentAt: new Date("2026-11-05T09:01:00Z") });
    await addEmail({ kind: "booking.engineer_assigned", to: "eve@meridian.example", replyTo: ADDRESS, subject: "Booked with you: Dana Visitor", sentAt: new Date("2026-11-05T09:01:00Z") });
    await addEmail({ kind: "booking.cancellation", to: ADDRESS, subject: "Your consultation is cancelled", status: "failed", sentAt: null, createdAt: new Date("2026-11-06T09:00:00Z") });
    await db.insert(enquiryMessages).values({
      enquiryId: enquiry.id,
      kind: "incoming",
      fromAddress: "Dana@Client.example",
      subject: "Re: Re: We've received your enquiry",
      body: "Yes please.\n\nOn Mon, 2 Nov 2026, Priya Shah wrote:\n> Our answer.",
      bodyShown: "Yes please.",
      messageId: "<b@client.example>",
      createdAt: new Date("2026-11-04T09:00:00Z"),
    });

    const { items } = await contactHistory(ADDRESS);
    expect(items.map((i) => (i.kind === "message" ? i.message.kind : i.kind))).toEqual(["email", "booking", "incoming", "note", "incoming", "reply", "enquiry"]);
    expect(items[0]).toMatchObject({ kind: "email", mailKind: "booking.cancellation", subject: "Your consultation is cancelled", status: "failed" });
    expect(items[1]).toMatchObject({ kind: "booking", bookingId: booking.id, consultationType: "Site Visit", date: "2026-11-30", status: "cancelled" });
    expect(items[2]).toMatchObject({ kind: "message", message: { kind: "incoming", authorName: "Dana Visitor", shown: "Yes please.", trimmed: true } });
    expect(items.at(-1)).toMatchObject({ kind: "enquiry", status: "responded", projectType: "Other" });
    expect(JSON.stringify(items)).not.toMatch(/New booking|Booked with you/);
  });
});
