/**
 * What the conversations browser test (tests/e2e/conversations.spec.ts) relies on, written before
 * the server starts:
 * - an `admin` who takes consultations and an `editor`, with passwords, and an inactive
 *   consultation type only they are offered (inactive, so the wizard other tests use is unchanged);
 * - a French visitor's answered enquiry with their history: our reply, their e-mail with its
 *   quoted history, a note, a consultation booked then cancelled, the e-mails sent to them and
 *   the staff mails about them ("New booking...", "Booked with you...");
 * - an enquiry owned by E2E_ADMIN, for the "Mine" export;
 * - an enquiry answered three days ago (reminded at 20 hours then), for staff to reopen;
 * - a saved reply with `{consultation_link}`.
 * Mail rows are written as already sent, so the worker leaves them alone.
 */
import { E2E_ADMIN } from "../../../playwright.config";

export const CONVERSATION_FIXTURES = {
  engineerAdmin: { email: "ada.hours@e2e.test", name: "Ada Hoursadmin", password: "hours-admin-fixture-password-1" },
  editor: { email: "ed.hours@e2e.test", name: "Ed Hourseditor", password: "hours-editor-fixture-password-1" },
  typeName: "Hours Check Consultation",
  visitor: { name: "Chloé Historique", email: "chloe@historique.example" },
  booking: { type: "Structural Survey Call", date: "2026-11-02", startTime: "16:00", endTime: "17:00" },
  mine: { name: "Mina Minefilter", email: "mina@minefilter.example" },
  reopened: { name: "Otto Reopened", email: "otto@reopened.example" },
  savedReply: { title: "Offer a consultation (fixture)", body: "Bonjour {name},\n\nRéservez ici : {consultation_link}" },
} as const;

export async function seedConversationFixtures(): Promise<void> {
  const { eq } = await import("drizzle-orm");
  const { db } = await import("../../../app/db/client.server");
  const schema = await import("../../../app/db/schema");
  const { createStaffAccount } = await import("../../../app/features/auth/accounts.server");
  const f = CONVERSATION_FIXTURES;

  await createStaffAccount(db, { ...f.engineerAdmin, role: "admin" });
  await createStaffAccount(db, { ...f.editor, role: "editor" });
  await db.insert(schema.consultationTypes).values({ name: f.typeName, description: "Only the hours test takes it.", durationMinutes: 30, isActive: false, sortOrder: 120 });
  await db.insert(schema.savedReplies).values(f.savedReply);

  const at = (iso: string) => new Date(iso);
  const [enquiry] = await db
    .insert(schema.enquiries)
    .values({
      name: f.visitor.name,
      email: f.visitor.email,
      projectType: "Humanitarian Engineering",
      message: "Nous concevons une école résistante aux inondations.",
      language: "fr",
      status: "responded",
      respondedAt: at("2026-10-28T11:00:00Z"),
      createdAt: at("2026-10-28T09:00:00Z"),
      updatedAt: at("2026-10-28T11:00:00Z"),
    })
    .returning();
  // As the worker leaves a delivered message: what the portal shows, its content erased.
  const sent = { status: "sent" as const, body: null };
  const [ack, reply] = await db
    .insert(schema.emailOutbox)
    .values([
      { ...sent, kind: "enquiry.acknowledgement", to: f.visitor.email, subject: "Nous avons bien reçu votre demande - Meridian Engineering", sentAt: at("2026-10-28T09:00:05Z"), createdAt: at("2026-10-28T09:00:00Z") },
      { ...sent, kind: "enquiry.reply", to: f.visitor.email, subject: "Re: Nous avons bien reçu votre demande - Meridian Engineering", sentAt: at("2026-10-28T11:00:05Z"), createdAt: at("2026-10-28T11:00:00Z") },
      { ...sent, kind: "enquiry.notification", to: "hello@meridian-engineering.co.uk", replyTo: f.visitor.email, subject: `New enquiry: Humanitarian Engineering from ${f.visitor.name}`, sentAt: at("2026-10-28T09:00:05Z"), createdAt: at("2026-10-28T09:00:00Z") },
      { ...sent, kind: "booking.staff_notification", to: "hello@meridian-engineering.co.uk", replyTo: f.visitor.email, subject: `New booking: ${f.visitor.name}, Monday 2 November 2026 at 16:00`, sentAt: at("2026-10-29T10:00:05Z"), createdAt: at("2026-10-29T10:00:00Z") },
      { ...sent, kind: "booking.engineer_assigned", to: "eve.engineer@example.com", replyTo: f.visitor.email, subject: `Booked with you: ${f.visitor.name}`, sentAt: at("2026-10-29T10:00:05Z"), createdAt: at("2026-10-29T10:00:00Z") },
      { ...sent, kind: "booking.cancellation", to: f.visitor.email, subject: "Votre consultation est annulée", sentAt: at("2026-10-30T08:00:05Z"), createdAt: at("2026-10-30T08:00:00Z") },
    ])
    .returning();
  void ack;
  await db.insert(schema.enquiryMessages).values([
    { enquiryId: enquiry!.id, kind: "reply", authorName: "Priya Shah", subject: reply!.subject, body: "Bonjour Chloé,\n\nOui, nous pouvons vous aider.", messageId: "<reply-fixture-historique@meridian.example>", outboxId: reply!.id, createdAt: at("2026-10-28T11:00:00Z") },
    {
      enquiryId: enquiry!.id,
      kind: "incoming",
      fromAddress: "Chloe@Historique.example",
      subject: "RE : Nous avons bien reçu votre demande - Meridian Engineering",
      body: "Merci, lundi me convient.\n\nLe mer. 28 oct. 2026 à 11:00, Meridian Engineering <hello@meridian-engineering.co.uk> a écrit :\n> Bonjour Chloé,\n> Oui, nous pouvons vous aider.",
      bodyShown: "Merci, lundi me convient.",
      messageId: "<answer-fixture-historique@historique.example>",
      createdAt: at("2026-10-28T15:00:00Z"),
    },
    { enquiryId: enquiry!.id, kind: "note", authorName: "Priya Shah", body: "Appel prévu lundi.", createdAt: at("2026-10-28T16:00:00Z") },
  ]);
  const [slot] = await db
    .insert(schema.consultationAvailability)
    .values({ date: f.booking.date, startTime: `${f.booking.startTime}:00`, endTime: `${f.booking.endTime}:00`, maxBookings: 1, isAvailable: true })
    .returning();
  await db.insert(schema.consultationBookings).values({
    availabilityId: slot!.id,
    name: f.visitor.name,
    email: f.visitor.email,
    consultationType: f.booking.type,
    projectDescription: "Une école sur pilotis.",
    status: "cancelled",
    language: "fr",
    createdAt: at("2026-10-29T10:00:00Z"),
    updatedAt: at("2026-10-30T08:00:00Z"),
  });

  const [admin] = await db.select({ id: schema.user.id }).from(schema.user).where(eq(schema.user.email, E2E_ADMIN.email));
  await db.insert(schema.enquiries).values({ name: f.mine.name, email: f.mine.email, projectType: "General Enquiry", message: "Owned by the e2e admin.", status: "in_review", assignedTo: admin!.id });
  const threeDaysAgo = new Date(Date.now() - 72 * 3_600_000);
  await db.insert(schema.enquiries).values({
    name: f.reopened.name,
    email: f.reopened.email,
    projectType: "General Enquiry",
    message: "Answered, then reopened.",
    status: "responded",
    createdAt: threeDaysAgo,
    overdueReminderSentAt: new Date(threeDaysAgo.getTime() + 20 * 3_600_000),
    respondedAt: new Date(threeDaysAgo.getTime() + 22 * 3_600_000),
    updatedAt: new Date(threeDaysAgo.getTime() + 22 * 3_600_000),
  });
}
