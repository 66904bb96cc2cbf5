/**
 * Replies come back, against a real IMAP server (Dovecot, started here): messages written the way
 * Outlook and Gmail write them are APPENDed to the firm's mailbox, the worker's run reads them, and
 * each lands on its enquiry once, with quoted history trimmed for display and attachments typed
 * from their bytes. Unmatched mail is left alone; a held lease keeps a second reader out.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  process.env.IMAP_ALLOW_PRIVATE = "true";
});

import { db } from "~/db/client.server";
import { emailOutbox, enquiries, enquiryAttachments, enquiryMessages, mailboxSettings } from "~/db/schema";
import { setupTestDatabase } from "../../../tests/setup/database";
import { TestImap } from "../../../tests/setup/test-imap";
import { sendReply, getTimeline } from "./conversation.server";
import { importMessage, pollMailbox } from "./imap-import.server";
import { checkImapHost, updateMailboxSettings } from "./mailbox.server";
import { isOverdue } from "./response-time";
import { acknowledgementMessageId } from "./threading.server";

setupTestDatabase();

const imap = new TestImap();
beforeAll(() => imap.start(), 20_000);
afterAll(() => imap.stop());

const staff = { userId: "user-1", name: "Priya Shah", email: "priya@meridian.example" };
const admin = { userId: "user-1", email: "priya@meridian.example" };

async function clearMailbox() {
  const client = await imap.client();
  try {
    await client.mailboxOpen("INBOX");
    await client.messageDelete("1:*").catch(() => undefined);
  } finally {
    await client.logout();
  }
}

beforeEach(async () => {
  await clearMailbox();
  const saved = await updateMailboxSettings(admin, {
    replyAddress: imap.user,
    plusAddressing: "on",
    imapEnabled: "on",
    imapHost: "127.0.0.1",
    imapPort: String(imap.port),
    imapUser: imap.user,
    imapPassword: imap.password,
    imapFolder: "INBOX",
  });
  expect(saved).toEqual({ ok: true });
});

async function newEnquiry(email = "dana@client.example") {
  const [row] = await db
    .insert(enquiries)
    .values({ name: "Dana Visitor", email, projectType: "Commercial Engineering", message: "A steel frame question" })
    .returning();
  return row!;
}

const PDF = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");

describe("pollMailbox with Dovecot", () => {
  it("imports an Outlook reply (HTML and text, From/Sent history) threaded by In-Reply-To, reopens the clock and tells staff", async () => {
    const enquiry = await newEnquiry();
    const sent = await sendReply(staff, enquiry.id, { body: "Can you send the drawings?" });
    const [reply] = await db.select().from(enquiryMessages).where(eq(enquiryMessages.id, sent.ok ? sent.messageId : ""));
    await imap.append(`From: Dana Visitor <dana@client.example>
To: "Meridian" <${imap.user}>
Subject: RE: Re: We've received your enquiry - Meridian Engineering
Date: Thu, 26 Nov 2026 10:00:00 +0000
Message-ID: <DB9PR01MB0001@eurprd01.prod.outlook.com>
In-Reply-To: ${reply!.messageId}
References: ${acknowledgementMessageId(enquiry.id)} ${reply!.messageId}
MIME-Version: 1.0
Content-Type: multipart/alternative; boundary="b1"

--b1
Content-Type: text/plain; charset="us-ascii"

Hello Priya,

Yes, attached tomorrow.

Dana

________________________________
From: Meridian Engineering <hello@meridian-engineering.example>
Sent: 25 November 2026 12:30
To: Dana Visitor <dana@client.example>
Subject: Re: We've received your enquiry - Meridian Engineering

Can you send the drawings?

--b1
Content-Type: text/html; charset="us-ascii"

<html><body><div>Hello Priya,</div><div>Yes, attached tomorrow.</div><div>Dana</div><hr><div id="divRplyFwdMsg"><b>From:</b> Meridian</div><div>Can you send the drawings?</div></body></html>
--b1--
`);
    const started = new Date();
    const run = await pollMailbox();
    expect(run).toEqual({ read: 1, imported: 1, skipped: 0 });

    const timeline = await getTimeline(enquiry.id);
    const incoming = timeline.find((e) => e.type === "message" && e.kind === "incoming");
    expect(incoming).toMatchObject({ fromAddress: "dana@client.example", trimmed: true });
    if (incoming?.type !== "message") throw new Error("no incoming message");
    expect(incoming.shown).toBe("Hello Priya,\n\nYes, attached tomorrow.\n\nDana");
    expect(incoming.full).toContain("Can you send the drawings?");

    const [after] = await db.select().from(enquiries).where(eq(enquiries.id, enquiry.id));
    expect(after!.awaitingReplySince!.getTime()).toBeGreaterThanOrEqual(started.getTime() - 1000);
    expect(isOverdue(after!, new Date(after!.awaitingReplySince!.getTime() + 24 * 3_600_000))).toBe(true);
    const notices = await db.select().from(emailOutbox).where(eq(emailOutbox.kind, "enquiry.visitor-replied"));
    expect(notices.map((n) => n.subject)).toEqual(["Dana Visitor replied: Commercial Engineering"]);

    // Answering it stops the clock again and threads under the visitor's message.
    await sendReply(staff, enquiry.id, { body: "Thank you." });
    const [answered] = await db.select().from(enquiries).where(eq(enquiries.id, enquiry.id));
    expect(answered!.awaitingReplySince).toBeNull();
    const replies = await db.select().from(enquiryMessages).where(eq(enquiryMessages.enquiryId, enquiry.id));
    expect(replies.find((m) => m.body === "Thank you.")!.inReplyTo).toBe("<DB9PR01MB0001@eurprd01.prod.outlook.com>");
  }, 30_000);

  it("imports a Gmail reply to the acknowledgement with an attachment, and an HTML-only reply matched by the plus address", async () => {
    const enquiry = await newEnquiry();
    await sendReply(staff, enquiry.id, { body: "First answer." });
    const [{ replyToken }] = (await db.select({ replyToken: enquiries.replyToken }).from(enquiries).where(eq(enquiries.id, enquiry.id))) as [{ replyToken: string }];
    await imap.append(`From: Dana <dana@client.example>
To: ${imap.user}
Subject: Re: We've received your enquiry - Meridian Engineering
Message-ID: <CAF=gmail-1@mail.gmail.com>
References: ${acknowledgementMessageId(enquiry.id)}
In-Reply-To: ${acknowledgementMessageId(enquiry.id)}
MIME-Version: 1.0
Content-Type: multipart/mixed; boundary="m1"

--m1
Content-Type: multipart/alternative; boundary="a1"

--a1
Content-Type: text/plain; charset="UTF-8"

Here are the drawings.

On Thu, 26 Nov 2026 at 09:00, Meridian Engineering <
hello@meridian-engineering.example> wrote:

> We've received your enquiry
--a1
Content-Type: text/html; charset="UTF-8"

<div dir="ltr">Here are the drawings.</div><div class="gmail_quote">On Thu wrote:<blockquote>We've received</blockquote></div>
--a1--
--m1
Content-Type: application/octet-stream; name="drawings.pdf"
Content-Disposition: attachment; filename="drawings.pdf"
Content-Transfer-Encoding: base64

${PDF.toString("base64")}
--m1--
`);
    await imap.append(`From: Dana <dana@client.example>
To: Meridian <enquiries+${replyToken}@meridian.example>
Subject: one more thing
Message-ID: <html-only-1@client.example>
MIME-Version: 1.0
Content-Type: text/html; charset="UTF-8"

<html><head><style>p{color:red}</style></head><body><p>Could we meet on <b>Monday</b>?</p><ul><li>10:00</li><li>14:00</li></ul></body></html>
`);
    expect(await pollMailbox()).toEqual({ read: 2, imported: 2, skipped: 0 });
    const timeline = (await getTimeline(enquiry.id)).filter((e) => e.type === "message" && e.kind === "incoming");
    expect(timeline).toHaveLength(2);
    const [gmail, html] = timeline as Extract<(typeof timeline)[number], { type: "message" }>[];
    expect(gmail!.shown).toBe("Here are the drawings.");
    expect(gmail!.attachments).toEqual([expect.objectContaining({ filename: "drawings.pdf", contentType: "application/pdf", bytes: PDF.length })]);
    expect(html!.shown).toBe("Could we meet on Monday?\n\n- 10:00\n- 14:00");
    const [file] = await db.select().from(enquiryAttachments);
    expect(file!.content.equals(PDF)).toBe(true);
  }, 30_000);

  it("leaves unmatched mail alone and never imports a message twice, even after the read position is lost", async () => {
    const enquiry = await newEnquiry();
    await imap.append(`From: stranger@else.example
To: ${imap.user}
Subject: Newsletter
Message-ID: <news-1@else.example>

Not about an enquiry.
`);
    await imap.append(`From: dana@client.example
To: ${imap.user}
Subject: Re: enquiry
Message-ID: <dup-1@client.example>
In-Reply-To: ${acknowledgementMessageId(enquiry.id)}

Once only.
`);
    expect(await pollMailbox()).toEqual({ read: 2, imported: 1, skipped: 1 });
    expect(await pollMailbox()).toEqual({ read: 0, imported: 0, skipped: 0 });
    // As if a restart lost the read position: the unique Message-ID still keeps one copy.
    await db.update(mailboxSettings).set({ lastUid: 0, uidValidity: null });
    expect(await pollMailbox()).toEqual({ read: 2, imported: 0, skipped: 2 });
    const rows = await db.select().from(enquiryMessages).where(eq(enquiryMessages.kind, "incoming"));
    expect(rows.map((r) => r.body.trim())).toEqual(["Once only."]);

    // The unmatched message is still in the mailbox, unread.
    const client = await imap.client();
    try {
      await client.mailboxOpen("INBOX");
      const seen: string[] = [];
      for await (const m of client.fetch("1:*", { envelope: true, flags: true })) if (!m.flags?.has("\\Seen")) seen.push(m.envelope?.subject ?? "");
      expect(seen).toContain("Newsletter");
    } finally {
      await client.logout();
    }
  }, 30_000);

  it("imports a message once when two readers run at the same time", async () => {
    const enquiry = await newEnquiry();
    const raw = `From: dana@client.example\r\nTo: ${imap.user}\r\nSubject: Re: x\r\nMessage-ID: <race-1@client.example>\r\nIn-Reply-To: ${acknowledgementMessageId(enquiry.id)}\r\n\r\nRace.\r\n`;
    await imap.append(raw);
    const runs = await Promise.all([pollMailbox(), pollMailbox()]);
    expect(runs.filter((r) => r === null)).toHaveLength(1);
    // Even without the lease, the unique Message-ID keeps one copy.
    const outcomes = await Promise.all([importMessage(Buffer.from(raw), imap.user), importMessage(Buffer.from(raw), imap.user)]);
    expect(outcomes).toEqual(["duplicate", "duplicate"]);
    const rows = await db.select().from(enquiryMessages).where(eq(enquiryMessages.kind, "incoming"));
    expect(rows).toHaveLength(1);
  }, 30_000);

  it("lets one reader at a time: a current lease held elsewhere means no run", async () => {
    await db.update(mailboxSettings).set({ leaseUntil: new Date(Date.now() + 60_000), leaseHolder: "other-instance" });
    expect(await pollMailbox()).toBeNull();
  });

  it("records a wrong password as the mailbox's last error", async () => {
    await updateMailboxSettings(admin, { replyAddress: imap.user, imapEnabled: "on", imapHost: "127.0.0.1", imapPort: String(imap.port), imapUser: imap.user, imapPassword: "wrong", imapFolder: "INBOX" });
    expect(await pollMailbox()).toEqual({ read: 0, imported: 0, skipped: 0 });
    const [row] = await db.select().from(mailboxSettings);
    expect(row!.lastError).toBeTruthy();
    expect(row!.imapPasswordEncrypted).not.toContain("wrong");
    expect(row!.leaseUntil).toBeNull();
  });
});

describe("mailbox settings", () => {
  it("refuses loopback and private IMAP hosts unless IMAP_ALLOW_PRIVATE is set", async () => {
    for (const host of ["127.0.0.1", "localhost", "10.1.2.3", "192.168.0.5", "169.254.169.254", "::1", "[fd00::1]"]) {
      expect(await checkImapHost(host, false), host).toBe("Use the mail server's public host name.");
    }
    expect(await checkImapHost("127.0.0.1", true)).toBeNull();
    expect(await checkImapHost("8.8.8.8", false)).toBeNull();
  });

  it("keeps the stored password when the field is left blank, and stores it encrypted", async () => {
    const [before] = await db.select().from(mailboxSettings);
    expect(before!.imapPasswordEncrypted).not.toContain(imap.password);
    await updateMailboxSettings(admin, { replyAddress: imap.user, imapEnabled: "on", imapHost: "127.0.0.1", imapPort: String(imap.port), imapUser: imap.user, imapPassword: "", imapFolder: "INBOX" });
    const [after] = await db.select().from(mailboxSettings);
    expect(after!.imapPasswordEncrypted).toBe(before!.imapPasswordEncrypted);
  });
});
