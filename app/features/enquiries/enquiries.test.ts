import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { emailOutbox, enquiries, rateLimitHits, siteSettings } from "~/db/schema";
import { opened } from "~/features/mail/test-factories";
import { issueFormToken, MIN_SUBMIT_MS } from "~/features/abuse/form-guard.server";
import { HOUR_MS, LIMITS } from "~/features/abuse/limits.server";
import { setupTestDatabase } from "../../../tests/setup/database";
import { enquiryEventData } from "~/features/webhooks/events.server";
import { submitEnquiry } from "./enquiries.server";

const ENQUIRY_RATE_LIMIT = LIMITS.enquiryPerClient.max;

setupTestDatabase();

const renderedAt = new Date("2030-03-04T10:00:00Z");
/** A submission made comfortably after the form was rendered. */
const later = new Date(renderedAt.getTime() + 20_000);

function form(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: "  Ada Lovelace ",
    email: "ada@example.com",
    company: "Analytical Engines Ltd",
    projectType: "Humanitarian Engineering",
    message: "We need a flood-resilient school design for a coastal town.",
    website: "",
    formToken: issueFormToken(renderedAt),
    ...overrides,
  };
}

const allEnquiries = () => db.select().from(enquiries).orderBy(asc(enquiries.createdAt));
const allMail = () => opened(db.select().from(emailOutbox).orderBy(asc(emailOutbox.kind)));

describe("submitEnquiry", () => {
  it("remembers the visitor's language: their messages and acknowledgement are French, staff mail stays English and names it", async () => {
    const refused = await submitEnquiry(form({ name: "" }), { clientIp: "203.0.113.9", now: later, language: "fr" });
    expect(refused).toMatchObject({ ok: false, fieldErrors: { name: ["Veuillez indiquer votre nom complet."] } });

    const result = await submitEnquiry(form(), { clientIp: "203.0.113.9", now: later, language: "fr" });
    expect(result).toMatchObject({ ok: true, spamReason: null, emailsQueued: 2 });
    const [row] = await allEnquiries();
    expect(row!.language).toBe("fr");
    expect(enquiryEventData(row!).enquiry.language).toBe("fr");

    const [ack, notification] = await allMail();
    expect(ack!.subject).toBe("Nous avons bien reçu votre demande - Meridian Engineering");
    expect(ack!.text).toContain("Merci pour votre demande");
    expect(ack!.text).toContain("Ingénierie humanitaire");
    expect(ack!.html).toContain('lang="fr"');
    expect(notification!.subject).toBe("New enquiry: Humanitarian Engineering from Ada Lovelace");
    expect(notification!.text).toContain("French (Français)");
  });

  it("stores an enquiry from the English page as English, with the spec's acknowledgement", async () => {
    await submitEnquiry(form(), { clientIp: "203.0.113.8", now: later });
    const [row] = await allEnquiries();
    expect(row!.language).toBe("en");
    const [ack, notification] = await allMail();
    expect(ack!.subject).toBe("We've received your enquiry - Meridian Engineering");
    expect(notification!.text).not.toContain("Visitor's language");
  });

  it("stores the enquiry as new with medium priority and queues one notification and one acknowledgement", async () => {
    const result = await submitEnquiry(form(), { clientIp: "203.0.113.1", now: later });
    expect(result).toMatchObject({ ok: true, spamReason: null, emailsQueued: 2 });

    const [row, ...rest] = await allEnquiries();
    expect(rest).toHaveLength(0);
    expect(row).toMatchObject({
      name: "Ada Lovelace",
      email: "ada@example.com",
      company: "Analytical Engines Ltd",
      projectType: "Humanitarian Engineering",
      message: "We need a flood-resilient school design for a coastal town.",
      status: "new",
      priority: "medium",
      spamReason: null,
    });

    const mail = await allMail();
    expect(mail.map((m) => [m.kind, m.to])).toEqual([
      ["enquiry.acknowledgement", "ada@example.com"],
      ["enquiry.notification", "hello@meridian-engineering.co.uk"],
    ]);
    const notification = mail[1]!;
    expect(notification.subject).toBe("New enquiry: Humanitarian Engineering from Ada Lovelace");
    expect(notification.replyTo).toBe("ada@example.com");
    // The acknowledgement's Reply-To is the one staff replies have: without a mailbox, the site's e-mail.
    expect(mail[0]!.replyTo).toBe("hello@meridian-engineering.co.uk");
    for (const value of ["Ada Lovelace", "ada@example.com", "Analytical Engines Ltd", "Humanitarian Engineering", "flood-resilient school"]) {
      expect(notification.text).toContain(value);
      expect(notification.html).toContain(value);
    }
    expect(notification.text).toContain("http://localhost:3000/admin/enquiries");
    expect(mail[0]!.text).toContain("within 24 hours");
    expect(mail.every((m) => m.status === "pending")).toBe(true);
  });

  it("notifies every configured recipient", async () => {
    await db.insert(siteSettings).values({ id: 1, data: { notificationRecipients: ["a@firm.example", "b@firm.example"] } });
    await submitEnquiry(form(), { clientIp: "203.0.113.1", now: later });
    const mail = await allMail();
    expect(mail.filter((m) => m.kind === "enquiry.notification").map((m) => m.to).sort()).toEqual(["a@firm.example", "b@firm.example"]);
    expect(mail.filter((m) => m.kind === "enquiry.acknowledgement")).toHaveLength(1);
  });

  it("stores company as null when it is empty or missing", async () => {
    await submitEnquiry(form({ company: "   " }), { clientIp: "203.0.113.1", now: later });
    await submitEnquiry(form({ company: undefined, email: "b@example.com" }), { clientIp: "203.0.113.2", now: later });
    const rows = await allEnquiries();
    expect(rows.map((r) => r.company)).toEqual([null, null]);
  });

  it("escapes the visitor's text in the HTML of the staff notification", async () => {
    await submitEnquiry(form({ name: "<script>alert(1)</script>" }), { clientIp: "203.0.113.1", now: later });
    const [notification] = await opened(db.select().from(emailOutbox).where(eq(emailOutbox.kind, "enquiry.notification")));
    expect(notification!.html).not.toContain("<script>");
    expect(notification!.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
  });

  it("repeats none of the visitor's free text in the acknowledgement sent to the typed address", async () => {
    const spam = { name: "Cheap pills www.spam.example", company: "Visit bad.example now", message: "Click https://phish.example/login" };
    await submitEnquiry(form(spam), { clientIp: "203.0.113.1", now: later });
    const [ack] = await opened(db.select().from(emailOutbox).where(eq(emailOutbox.kind, "enquiry.acknowledgement")));
    for (const text of [ack!.text, ack!.html, ack!.subject]) {
      for (const value of ["spam.example", "bad.example", "phish.example", "Cheap pills"]) expect(text).not.toContain(value);
    }
    expect(ack!.text).toContain("within 24 hours");
    expect(ack!.text).toContain("Humanitarian Engineering");
  });

  it("returns field errors and stores nothing for invalid input", async () => {
    const result = await submitEnquiry(
      { name: " ", email: "not-an-email", projectType: "Lunch", message: "", formToken: issueFormToken(renderedAt) },
      { clientIp: "203.0.113.1", now: later },
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.fieldErrors.name).toEqual(["Please enter your full name."]);
    expect(result.fieldErrors.email).toEqual(["Please enter a valid e-mail address, like name@example.com."]);
    expect(result.fieldErrors.projectType).toEqual(["Please choose an enquiry type."]);
    expect(result.fieldErrors.message).toEqual(["Please enter your message."]);
    expect(result.fieldErrors.company).toBeUndefined();

    const tooLong = await submitEnquiry(form({ message: "x".repeat(5001) }), { clientIp: "203.0.113.1", now: later });
    expect(tooLong).toMatchObject({ ok: false, fieldErrors: { message: ["Please keep your message under 5000 characters."] } });

    expect(await allEnquiries()).toHaveLength(0);
    expect(await allMail()).toHaveLength(0);
  });

  it("stores a filled honeypot as spam and sends no mail", async () => {
    const result = await submitEnquiry(form({ website: "http://spam.example" }), { clientIp: "203.0.113.1", now: later });
    expect(result).toMatchObject({ ok: true, spamReason: "honeypot", emailsQueued: 0 });
    expect((await allEnquiries()).map((r) => r.spamReason)).toEqual(["honeypot"]);
    expect(await allMail()).toHaveLength(0);
  });

  it("stores a submission faster than a person could type as spam", async () => {
    const tooSoon = new Date(renderedAt.getTime() + MIN_SUBMIT_MS - 500);
    const result = await submitEnquiry(form(), { clientIp: "203.0.113.1", now: tooSoon });
    expect(result).toMatchObject({ ok: true, spamReason: "too_fast", emailsQueued: 0 });
    expect((await allEnquiries()).map((r) => r.spamReason)).toEqual(["too_fast"]);
    expect(await allMail()).toHaveLength(0);
  });

  it("stores a missing or forged form token as spam", async () => {
    const genuine = issueFormToken(renderedAt);
    const forged = `${renderedAt.getTime() - 60_000}.${genuine.split(".")[1]}`;
    await submitEnquiry(form({ formToken: forged }), { clientIp: "203.0.113.1", now: later });
    await submitEnquiry(form({ formToken: undefined }), { clientIp: "203.0.113.2", now: later });
    expect((await allEnquiries()).map((r) => r.spamReason)).toEqual(["invalid_token", "invalid_token"]);
    expect(await allMail()).toHaveLength(0);
  });

  it("stores submissions over the per-IP limit as spam, in a fixed window, per address", async () => {
    for (let i = 0; i < ENQUIRY_RATE_LIMIT; i++) {
      const r = await submitEnquiry(form(), { clientIp: "198.51.100.7", now: new Date(later.getTime() + i * 1000) });
      expect(r).toMatchObject({ ok: true, spamReason: null });
    }
    const over = await submitEnquiry(form(), { clientIp: "198.51.100.7", now: new Date(later.getTime() + 10_000) });
    expect(over).toMatchObject({ ok: true, spamReason: "rate_limit", emailsQueued: 0 });
    // Another address is unaffected; the same address is allowed again in the next window.
    expect(await submitEnquiry(form(), { clientIp: "198.51.100.8", now: later })).toMatchObject({ spamReason: null });
    const nextWindow = new Date(later.getTime() + 2 * 60 * 60_000);
    expect(await submitEnquiry(form(), { clientIp: "198.51.100.7", now: nextWindow })).toMatchObject({ spamReason: null });

    const rows = await allEnquiries();
    expect(rows).toHaveLength(ENQUIRY_RATE_LIMIT + 3);
    expect(rows.filter((r) => r.spamReason === "rate_limit")).toHaveLength(1);
    expect(await allMail()).toHaveLength(2 * (ENQUIRY_RATE_LIMIT + 2));
  });

  it("keys the per-client limit of an IPv6 client by its /64", async () => {
    for (let i = 0; i < ENQUIRY_RATE_LIMIT; i++) {
      const r = await submitEnquiry(form(), { clientIp: `2001:db8:aa:bb::${i + 1}`, now: later });
      expect(r).toMatchObject({ ok: true, spamReason: null });
    }
    // Another address of the same /64 is over the limit...
    expect(await submitEnquiry(form(), { clientIp: "2001:db8:aa:bb:ffff:1:2:3", now: later })).toMatchObject({ spamReason: "rate_limit" });
    // ...while a neighbouring /64 is not.
    expect(await submitEnquiry(form(), { clientIp: "2001:db8:aa:bc::1", now: later })).toMatchObject({ spamReason: null });
    expect((await allEnquiries()).filter((r) => r.spamReason === "rate_limit")).toHaveLength(1);
  });

  it("stores clean enquiries over the global ceiling as spam with a reason and sends no mail", async () => {
    const windowStart = new Date(Math.floor(later.getTime() / HOUR_MS) * HOUR_MS);
    await db.insert(rateLimitHits).values({ key: "enquiry:all", windowStart, count: LIMITS.enquiryGlobal.max });
    const result = await submitEnquiry(form(), { clientIp: "203.0.113.9", now: later });
    expect(result).toMatchObject({ ok: true, spamReason: "global_limit", emailsQueued: 0 });
    expect((await allEnquiries()).map((r) => r.spamReason)).toEqual(["global_limit"]);
    expect(await allMail()).toHaveLength(0);
    // Submissions already flagged do not use up the ceiling; the next window is open again.
    await submitEnquiry(form({ website: "bot" }), { clientIp: "203.0.113.10", now: later });
    const [hits] = await db.select().from(rateLimitHits).where(eq(rateLimitHits.key, "enquiry:all"));
    expect(hits!.count).toBe(LIMITS.enquiryGlobal.max + 1);
    expect(await submitEnquiry(form(), { clientIp: "203.0.113.9", now: new Date(later.getTime() + HOUR_MS) })).toMatchObject({
      spamReason: null,
    });
  });

  it("stores at most the per-client cap of spam an hour; past it each submission is counted and dropped, with the same answer", async () => {
    const cap = LIMITS.spamStoredPerClient.max;
    const bot = { formToken: undefined };
    const results = [];
    for (let i = 0; i < cap + 5; i++) results.push(await submitEnquiry(form(bot), { clientIp: "198.51.100.66", now: later }));
    // Every answer is a success to the sender; only the first `cap` were stored.
    expect(results.every((r) => r.ok && r.spamReason === "invalid_token")).toBe(true);
    expect(results.filter((r) => r.ok && r.enquiryId === null)).toHaveLength(5);
    expect(await allEnquiries()).toHaveLength(cap);
    const [dropped] = await db.select().from(rateLimitHits).where(eq(rateLimitHits.key, "enquiry:spam:dropped"));
    expect(dropped!.count).toBe(5);
    // Another client's spam and a person's clean enquiry are still stored; the next hour stores again.
    expect(await submitEnquiry(form(bot), { clientIp: "198.51.100.67", now: later })).toMatchObject({ enquiryId: expect.any(String) });
    expect(await submitEnquiry(form(), { clientIp: "198.51.100.68", now: later })).toMatchObject({ spamReason: null, emailsQueued: 2 });
    const nextHour = new Date(later.getTime() + HOUR_MS);
    expect(await submitEnquiry(form({ formToken: issueFormToken(nextHour) , website: "x" }), { clientIp: "198.51.100.66", now: nextHour })).toMatchObject({
      spamReason: "honeypot",
      enquiryId: expect.any(String),
    });
    expect(await allEnquiries()).toHaveLength(cap + 3);
  });

  it("stores at most the global cap of spam an hour across clients", async () => {
    const windowStart = new Date(Math.floor(later.getTime() / HOUR_MS) * HOUR_MS);
    await db.insert(rateLimitHits).values({ key: "enquiry:spam:all", windowStart, count: LIMITS.spamStoredGlobal.max });
    const result = await submitEnquiry(form({ website: "bot" }), { clientIp: "203.0.113.50", now: later });
    expect(result).toEqual({ ok: true, enquiryId: null, spamReason: "honeypot", emailsQueued: 0 });
    expect(await allEnquiries()).toHaveLength(0);
    // A clean enquiry is never dropped.
    expect(await submitEnquiry(form(), { clientIp: "203.0.113.51", now: later })).toMatchObject({ spamReason: null, enquiryId: expect.any(String) });
  });
});
