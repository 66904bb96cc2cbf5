/**
 * The 24-hour promise with an injected clock: the 20-hour reminder (19 h 59 m, 20 h,
 * exactly once with two workers), overdue at 24 hours (list filter, sidebar and dashboard counts),
 * response times and their 30-day median, and the reply subject.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { emailOutbox, enquiries, siteSettings } from "~/db/schema";
import { opened } from "~/features/mail/test-factories";
import { getSidebarCounts } from "~/features/admin/admin.server";
import { setupTestDatabase } from "../../../tests/setup/database";
import { getEnquiry, listEnquiries, updateEnquiry } from "./admin.server";
import { parseEnquiryFilters } from "./admin-schema";
import { replyMailto } from "./components/enquiry-format";
import { getResponseStats, queueOverdueReminders } from "./promise.server";
import { formatDuration, isOverdue } from "./response-time";

setupTestDatabase();

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
// An enquiry arrives at 09:00 UTC on Monday 7 January 2030 (09:00 UK, GMT).
const ARRIVED = new Date("2030-01-07T09:00:00Z");
const at = (ms: number) => new Date(ARRIVED.getTime() + ms);
const actor = { userId: "user-1", email: "boss@example.com" };

async function addEnquiry(values: Partial<typeof enquiries.$inferInsert> = {}) {
  const [row] = await db
    .insert(enquiries)
    .values({
      name: "Ada Lovelace",
      email: "ada@example.com",
      company: "Analytical Ltd",
      projectType: "General Enquiry",
      message: "Could you look at our footbridge?",
      createdAt: ARRIVED,
      ...values,
    })
    .returning();
  return row!;
}

const reminders = () => opened(db.select().from(emailOutbox).where(eq(emailOutbox.kind, "enquiry.overdue-reminder")));

describe("the 20-hour reminder", () => {
  it("is not sent at 19 h 59 m, is sent at 20 h to every notification recipient, and only once", async () => {
    await db.insert(siteSettings).values({ data: { notificationRecipients: ["office@meridian.example", "lead@meridian.example"] } });
    const enquiry = await addEnquiry();

    expect(await queueOverdueReminders(at(19 * HOUR + 59 * MINUTE))).toBe(0);
    expect(await reminders()).toHaveLength(0);

    expect(await queueOverdueReminders(at(20 * HOUR))).toBe(1);
    const sent = await reminders();
    expect(sent.map((m) => m.to).sort()).toEqual(["lead@meridian.example", "office@meridian.example"]);
    expect(sent[0]!.subject).toBe("Reply due by 8 January 2030 at 09:00: General Enquiry from Ada Lovelace");
    expect(sent[0]!.replyTo).toBe("ada@example.com");
    expect(sent[0]!.text).toContain(`/admin/enquiries?id=${enquiry.id}`);
    expect((await getEnquiry(enquiry.id))!.overdueReminderSentAt).toEqual(at(20 * HOUR));

    // Later rounds (and the enquiry turning overdue) send nothing more.
    expect(await queueOverdueReminders(at(21 * HOUR))).toBe(0);
    expect(await queueOverdueReminders(at(30 * HOUR))).toBe(0);
    expect(await reminders()).toHaveLength(2);
  });

  it("goes out exactly once when two workers run at the same moment", async () => {
    const many = await Promise.all(Array.from({ length: 6 }, (_, i) => addEnquiry({ email: `visitor${i}@example.com` })));
    const now = at(20 * HOUR + MINUTE);
    const [a, b] = await Promise.all([queueOverdueReminders(now), queueOverdueReminders(now)]);
    expect(a + b).toBe(many.length);
    const sent = await reminders();
    // The default recipient list has one address: one message per enquiry.
    expect(sent).toHaveLength(many.length);
    expect(new Set(sent.map((m) => m.replyTo))).toEqual(new Set(many.map((e) => e.email)));
  });

  it("fires again, 20 hours on, when the visitor's reply reopens the clock of an answered enquiry", async () => {
    const enquiry = await addEnquiry();
    expect(await queueOverdueReminders(at(20 * HOUR))).toBe(1);
    // Staff answer on day two; the visitor writes back at 48 h, reopening "awaiting our reply".
    await db.update(enquiries).set({ status: "responded", respondedAt: at(30 * HOUR) }).where(eq(enquiries.id, enquiry.id));
    await db.update(enquiries).set({ awaitingReplySince: at(48 * HOUR) }).where(eq(enquiries.id, enquiry.id));

    expect(await queueOverdueReminders(at(67 * HOUR + 59 * MINUTE))).toBe(0);
    expect(await queueOverdueReminders(at(68 * HOUR))).toBe(1);
    const sent = await reminders();
    expect(sent).toHaveLength(2);
    expect(sent.map((m) => m.subject)).toContain("Reply due by 10 January 2030 at 09:00: General Enquiry from Ada Lovelace");
    expect((await getEnquiry(enquiry.id))!.overdueReminderSentAt).toEqual(at(68 * HOUR));
    expect(await queueOverdueReminders(at(80 * HOUR))).toBe(0);

    // Answered again, then a third e-mail from the visitor: one more reminder.
    await db.update(enquiries).set({ awaitingReplySince: null }).where(eq(enquiries.id, enquiry.id));
    expect(await queueOverdueReminders(at(100 * HOUR))).toBe(0);
    await db.update(enquiries).set({ awaitingReplySince: at(120 * HOUR) }).where(eq(enquiries.id, enquiry.id));
    expect(await queueOverdueReminders(at(140 * HOUR))).toBe(1);
    expect(await reminders()).toHaveLength(3);
  });

  it("fires 20 hours after staff reopen an answered enquiry (status back to New), not before; overdue only at 24 hours", async () => {
    const enquiry = await addEnquiry();
    expect(await queueOverdueReminders(at(20 * HOUR))).toBe(1);
    await updateEnquiry(actor, enquiry.id, { status: "responded" }, at(22 * HOUR));
    // Day three: the enquiry is reopened.
    await updateEnquiry(actor, enquiry.id, { status: "new" }, at(50 * HOUR));
    const overdueFilter = parseEnquiryFilters(new URLSearchParams("status=overdue"));
    expect((await getEnquiry(enquiry.id, at(50 * HOUR)))!.overdue).toBe(false);
    expect((await listEnquiries(overdueFilter, at(50 * HOUR))).total).toBe(0);

    expect(await queueOverdueReminders(at(69 * HOUR + 59 * MINUTE))).toBe(0);
    expect(await queueOverdueReminders(at(70 * HOUR))).toBe(1);
    expect((await reminders()).map((m) => m.subject)).toContain("Reply due by 10 January 2030 at 11:00: General Enquiry from Ada Lovelace");
    expect(await queueOverdueReminders(at(71 * HOUR))).toBe(0);
    expect((await getEnquiry(enquiry.id, at(73 * HOUR)))!.overdue).toBe(false);
    expect((await getEnquiry(enquiry.id, at(74 * HOUR)))!.overdue).toBe(true);
    expect((await listEnquiries(overdueFilter, at(74 * HOUR))).total).toBe(1);

    // Answering it (a status change) ends the reopened clock.
    await updateEnquiry(actor, enquiry.id, { status: "in_review" }, at(75 * HOUR));
    expect((await getEnquiry(enquiry.id, at(75 * HOUR)))!.overdue).toBe(false);
    expect(await queueOverdueReminders(at(100 * HOUR))).toBe(0);
  });

  it("stops a clock the visitor's e-mail reopened once staff change the status", async () => {
    const enquiry = await addEnquiry({ status: "responded", respondedAt: at(HOUR), awaitingReplySince: at(30 * HOUR) });
    expect((await getEnquiry(enquiry.id, at(54 * HOUR)))!.overdue).toBe(true);
    await updateEnquiry(actor, enquiry.id, { status: "in_review" }, at(55 * HOUR));
    expect((await getEnquiry(enquiry.id, at(55 * HOUR)))!.overdue).toBe(false);
  });

  it("skips enquiries already answered, spam and anonymised ones", async () => {
    await addEnquiry({ status: "in_review", respondedAt: at(HOUR) });
    await addEnquiry({ spamReason: "honeypot" });
    await addEnquiry({ anonymisedAt: at(2 * HOUR) });
    expect(await queueOverdueReminders(at(22 * HOUR))).toBe(0);
    expect(await reminders()).toHaveLength(0);
  });
});

describe("overdue", () => {
  it("starts at exactly 24 hours for an enquiry still new, and shows in the filter and the counts", async () => {
    const waiting = await addEnquiry();
    await addEnquiry({ status: "responded", respondedAt: at(2 * HOUR), email: "answered@example.com" });
    await addEnquiry({ spamReason: "too fast", email: "spam@example.com" });
    const overdueFilter = parseEnquiryFilters(new URLSearchParams("status=overdue"));
    expect(overdueFilter.status).toBe("overdue");

    const before = at(23 * HOUR + 59 * MINUTE);
    expect(isOverdue(waiting, before)).toBe(false);
    expect((await listEnquiries(overdueFilter, before)).total).toBe(0);
    expect((await listEnquiries({}, before)).items.find((e) => e.id === waiting.id)!.overdue).toBe(false);
    expect((await getSidebarCounts(before)).overdueEnquiries).toBe(0);

    const due = at(24 * HOUR);
    const list = await listEnquiries(overdueFilter, due);
    expect(list.items.map((e) => [e.id, e.overdue])).toEqual([[waiting.id, true]]);
    expect((await listEnquiries({}, due)).items.filter((e) => e.overdue).map((e) => e.id)).toEqual([waiting.id]);
    expect(await getSidebarCounts(due)).toEqual({ newEnquiries: 1, overdueEnquiries: 1, pendingBookings: 0 });
    expect((await getResponseStats(due)).overdue).toBe(1);

    // Answering it (any status change) ends it.
    await updateEnquiry(actor, waiting.id, { status: "in_review" }, at(25 * HOUR));
    expect((await listEnquiries(overdueFilter, at(25 * HOUR))).total).toBe(0);
    expect((await getSidebarCounts(at(25 * HOUR))).overdueEnquiries).toBe(0);
  });
});

describe("response time", () => {
  it("is stamped by the first status change only, not by notes or later changes", async () => {
    const e = await addEnquiry();
    await updateEnquiry(actor, e.id, { internalNotes: "Rang, no answer" }, at(HOUR));
    expect((await getEnquiry(e.id))!.respondedAt).toBeNull();
    await updateEnquiry(actor, e.id, { status: "in_review" }, at(3 * HOUR + 20 * MINUTE));
    await updateEnquiry(actor, e.id, { status: "responded" }, at(6 * HOUR));
    const row = (await getEnquiry(e.id))!;
    expect(row.respondedAt).toEqual(at(3 * HOUR + 20 * MINUTE));
    expect(formatDuration(row.respondedAt!.getTime() - row.createdAt.getTime())).toBe("3 h 20 min");
  });

  it("has a median over the enquiries answered in the last 30 days, spam left out", async () => {
    const now = at(40 * 24 * HOUR);
    const answered = (hours: number, daysBeforeNow: number, extra: Partial<typeof enquiries.$inferInsert> = {}) => {
      const respondedAt = new Date(now.getTime() - daysBeforeNow * 24 * HOUR);
      return addEnquiry({ status: "responded", createdAt: new Date(respondedAt.getTime() - hours * HOUR), respondedAt, ...extra });
    };
    expect(await getResponseStats(now)).toEqual({ overdue: 0, medianResponseMs: null, answered: 0 });
    await answered(1, 1);
    await answered(3, 5);
    await answered(10, 29);
    await answered(2, 12);
    await answered(100, 31); // outside the window
    await answered(50, 2, { spamReason: "honeypot" });
    const stats = await getResponseStats(now);
    expect(stats.answered).toBe(4);
    expect(stats.medianResponseMs).toBe(2.5 * HOUR);
    expect(formatDuration(stats.medianResponseMs!)).toBe("2 h 30 min");
  });

  it("reads as people expect", () => {
    expect(formatDuration(30_000)).toBe("under 1 min");
    expect(formatDuration(45 * MINUTE)).toBe("45 min");
    expect(formatDuration(5 * HOUR)).toBe("5 h");
    expect(formatDuration(47 * HOUR + 59 * MINUTE)).toBe("47 h 59 min");
    expect(formatDuration(52 * HOUR)).toBe("2 d 4 h");
  });
});

describe("Reply by email", () => {
  it("answers under the acknowledgement's own subject, in the visitor's language, as the portal's replies do", () => {
    const subjectOf = (href: string) => decodeURIComponent(href.split("subject=")[1]!);
    const french = replyMailto({ email: "ada@example.com", language: "fr" }, "Meridian Engineering");
    expect(french.startsWith("mailto:ada@example.com?subject=")).toBe(true);
    expect(subjectOf(french)).toBe("Re: Nous avons bien reçu votre demande - Meridian Engineering");
    expect(subjectOf(replyMailto({ email: "ada@example.com", language: "en" }, "Meridian Engineering"))).toBe("Re: We've received your enquiry - Meridian Engineering");
    // A language no longer offered falls back to English, as the acknowledgement did.
    expect(subjectOf(replyMailto({ email: "ada@example.com", language: "de" }, "Meridian Engineering"))).toBe("Re: We've received your enquiry - Meridian Engineering");
  });
});
