/**
 * Staff replies from the portal: stored and queued in one transaction, sent by the worker through a
 * real SMTP server with threading headers under the acknowledgement, status and response time set
 * by the first reply, notes kept internal, and one timeline of replies, notes and changes.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { auditLog, emailOutbox, enquiries, enquiryMessages, mailboxSettings } from "~/db/schema";
import { opened } from "~/features/mail/test-factories";
import { processOutboxBatch } from "~/features/jobs/worker.server";
import { enqueueEmails } from "~/features/mail/outbox.server";
import { getMailSettings } from "~/features/mail/settings.server";
import { createMailTransport } from "~/features/mail/transport.server";
import { setupTestDatabase } from "../../../tests/setup/database";
import { TestSmtp } from "../../../tests/setup/test-smtp";
import { updateEnquiry } from "./admin.server";
import { addNote, getTimeline, sendReply } from "./conversation.server";
import { replySubject } from "./subjects";
import { issueFormToken } from "~/features/abuse/form-guard.server";
import { buildEnquiryEmails } from "./emails.server";
import { submitEnquiry } from "./enquiries.server";
import { isOverdue } from "./response-time";
import { replyToHtml } from "./reply-format";
import { acknowledgementMessageId } from "./threading.server";

setupTestDatabase();

const smtp = new TestSmtp();
beforeAll(() => smtp.start());
afterAll(() => smtp.stop());

const staff = { userId: "user-1", name: "Priya Shah", email: "priya@meridian.example" };
const created = new Date("2026-11-20T09:00:00Z");

async function newEnquiry() {
  const [row] = await db
    .insert(enquiries)
    .values({ name: "Dana Visitor", email: "dana@client.example", company: "Dana Ltd", projectType: "Commercial Engineering", message: "A steel frame question", createdAt: created, updatedAt: created })
    .returning();
  // The acknowledgement, as the contact form queues it.
  const settings = await getMailSettings();
  await enqueueEmails(db, buildEnquiryEmails(row! as Parameters<typeof buildEnquiryEmails>[0], settings, settings.email));
  return row!;
}

async function sendAll() {
  const transport = createMailTransport({ smtpUrl: smtp.url });
  try {
    await processOutboxBatch({ transport, now: new Date(Date.now() + 1000) });
  } finally {
    transport.close();
  }
}

describe("sendReply", () => {
  it("sends the first reply threaded under the acknowledgement, sets Responded and the response time", async () => {
    smtp.received = [];
    const enquiry = await newEnquiry();
    await db.insert(mailboxSettings).values({ id: 1, replyAddress: "enquiries@meridian.example", plusAddressing: true });
    const at = new Date("2026-11-20T12:30:00Z");
    const result = await sendReply(staff, enquiry.id, { body: "Thank you, Dana.\n\nWe can help:\n\n- a site visit\n- a report\n\nSee https://example.com/steel." }, at);
    expect(result).toMatchObject({ ok: true, status: "responded" });

    const [after] = await db.select().from(enquiries).where(eq(enquiries.id, enquiry.id));
    expect(after!.status).toBe("responded");
    expect(after!.respondedAt?.toISOString()).toBe(at.toISOString());
    expect(after!.replyToken).toMatch(/^[a-z2-7]{20}$/);
    expect(isOverdue(after!, new Date("2026-11-25T00:00:00Z"))).toBe(false);

    await sendAll();
    const ack = smtp.received.find((r) => r.mail.subject?.startsWith("We've received your enquiry"));
    const reply = smtp.received.find((r) => r.mail.subject?.startsWith("Re: "));
    expect(ack?.mail.messageId).toBe(acknowledgementMessageId(enquiry.id));
    expect(reply?.envelopeTo).toEqual(["dana@client.example"]);
    expect(reply!.mail.subject).toBe("Re: We've received your enquiry - Meridian Engineering");
    expect(reply!.mail.inReplyTo).toBe(acknowledgementMessageId(enquiry.id));
    expect(reply!.mail.references).toBe(acknowledgementMessageId(enquiry.id));
    expect(reply!.mail.replyTo?.[0]?.address).toBe(`enquiries+${after!.replyToken}@meridian.example`);
    expect(reply!.mail.text).toContain("We can help:");
    expect(reply!.mail.text).toContain("Priya Shah");
    expect(reply!.mail.html).toContain('<a href="https://example.com/steel">https://example.com/steel</a>.');
    expect(reply!.mail.html).toContain("<li>a site visit</li>");

    const [stored] = await db.select().from(enquiryMessages).where(eq(enquiryMessages.enquiryId, enquiry.id));
    expect(reply!.mail.messageId).toBe(stored!.messageId);
  });

  it("answers a French visitor under the acknowledgement's own French subject, both mails with the mailbox's Reply-To", async () => {
    smtp.received = [];
    await db.insert(mailboxSettings).values({ id: 1, replyAddress: "enquiries@meridian.example", plusAddressing: true });
    const form = {
      name: "Chloé Martin",
      email: "chloe@client.example",
      projectType: "Humanitarian Engineering",
      message: "Bonjour, une question sur une école.",
      website: "",
      formToken: issueFormToken(new Date(Date.now() - 60_000)),
    };
    const submitted = await submitEnquiry(form, { clientIp: "203.0.113.50", language: "fr" });
    if (!submitted.ok || !submitted.enquiryId) throw new Error("the enquiry was not stored");
    const id = submitted.enquiryId;
    expect(await sendReply(staff, id, { body: "Bonjour Chloé, merci." })).toMatchObject({ ok: true });
    await sendAll();

    const [row] = await db.select().from(enquiries).where(eq(enquiries.id, id));
    const ack = smtp.received.find((r) => r.mail.messageId === acknowledgementMessageId(id));
    const reply = smtp.received.find((r) => r.mail.inReplyTo === acknowledgementMessageId(id));
    expect(ack!.mail.subject).toBe("Nous avons bien reçu votre demande - Meridian Engineering");
    expect(reply!.mail.subject).toBe("Re: Nous avons bien reçu votre demande - Meridian Engineering");
    expect(row!.replyToken).toMatch(/^[a-z2-7]{20}$/);
    expect(ack!.mail.replyTo?.[0]?.address).toBe(`enquiries+${row!.replyToken}@meridian.example`);
    expect(reply!.mail.replyTo?.[0]?.address).toBe(ack!.mail.replyTo?.[0]?.address);
  });

  it("threads a second reply under the first and keeps the status staff chose", async () => {
    smtp.received = [];
    const enquiry = await newEnquiry();
    await sendReply(staff, enquiry.id, { body: "First answer." });
    const second = await sendReply(staff, enquiry.id, { body: "Second answer.", status: "project_started" });
    expect(second).toMatchObject({ ok: true, status: "project_started" });
    await sendAll();
    const replies = smtp.received.filter((r) => r.mail.subject?.startsWith("Re: "));
    expect(replies).toHaveLength(2);
    const first = replies.find((r) => r.mail.text?.includes("First answer."))!;
    const next = replies.find((r) => r.mail.text?.includes("Second answer."))!;
    expect(next.mail.inReplyTo).toBe(first.mail.messageId);
    expect(next.mail.references).toBe(`${acknowledgementMessageId(enquiry.id)} ${first.mail.messageId}`);
    // Without a mailbox setting the reply goes to the company address, not plus-addressed.
    expect(next.mail.replyTo?.[0]?.address).toBe((await getMailSettings()).email);
  });

  it("keeps the reply when the mail server fails: stored, queued, retried", async () => {
    const enquiry = await newEnquiry();
    await sendReply(staff, enquiry.id, { body: "Will this arrive?" });
    const broken = createMailTransport({ smtpUrl: "smtp://127.0.0.1:1", timeoutMs: 500 });
    await processOutboxBatch({ transport: broken, now: new Date(Date.now() + 1000) });
    broken.close();
    const [outbox] = await db.select().from(emailOutbox).where(eq(emailOutbox.kind, "enquiry.reply"));
    expect(outbox).toMatchObject({ status: "pending", attempts: 1 });
    expect(outbox!.lastError).toBeTruthy();
    const timeline = await getTimeline(enquiry.id);
    expect(timeline.find((e) => e.type === "message")).toMatchObject({ kind: "reply", full: "Will this arrive?", delivery: "pending" });
  });

  it("refuses spam and unknown enquiries; never replaces a status further on", async () => {
    const enquiry = await newEnquiry();
    await db.update(enquiries).set({ spamReason: "honeypot" }).where(eq(enquiries.id, enquiry.id));
    expect(await sendReply(staff, enquiry.id, { body: "Hi" })).toEqual({ ok: false, error: "spam" });
    expect(await sendReply(staff, "00000000-0000-4000-8000-000000000000", { body: "Hi" })).toEqual({ ok: false, error: "not_found" });
    await db.update(enquiries).set({ spamReason: null, status: "project_started" }).where(eq(enquiries.id, enquiry.id));
    expect(await sendReply(staff, enquiry.id, { body: "Hi" })).toMatchObject({ ok: true, status: "project_started" });
  });
});

describe("timeline", () => {
  it("shows replies, internal notes and status changes in order; notes send nothing", async () => {
    const enquiry = await newEnquiry();
    await updateEnquiry({ userId: staff.userId, email: staff.email }, enquiry.id, { status: "in_review" });
    await addNote(staff, enquiry.id, "Called them; they want a visit.");
    await sendReply(staff, enquiry.id, { body: "We can visit on Monday." });
    const timeline = await getTimeline(enquiry.id);
    const summary = timeline.map((e) => (e.type === "change" ? e.text : `${e.kind}: ${e.full}`));
    expect(summary).toEqual([
      "Status: New → In Review",
      "note: Called them; they want a visit.",
      "reply: We can visit on Monday.",
      "Status: In Review → Responded",
    ]);
    const mails = await opened(db.select().from(emailOutbox));
    expect(mails.some((m) => m.text.includes("Called them"))).toBe(false);
    const audits = await db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.entityId, enquiry.id));
    expect(audits.map((a) => a.action).sort()).toEqual(["enquiry.note_added", "enquiry.replied", "enquiry.updated"]);
  });
});

describe("reply formatting", () => {
  it("escapes everything and allows only paragraphs, lists and http(s) links", () => {
    const html = replyToHtml('Hi <b>there</b>\njavascript:alert(1)\n\n1. one\n2. two\n\n<script>x</script> http://a.example/"x');
    expect(html).not.toContain("<b>");
    expect(html).not.toContain("<script>");
    expect(html).toContain("&lt;b&gt;there&lt;/b&gt;<br>javascript:alert(1)");
    expect(html).toContain("<ol");
    expect(html).toContain('<a href="http://a.example/">http://a.example/</a>&quot;x');
  });

  it("gives a subject one Re:", () => {
    expect(replySubject("RE: Re: Aw: Steel frame")).toBe("Re: Steel frame");
  });
});
