/**
 * Replies come back, against a real IMAP server (Dovecot, started here): messages written the way
 * Outlook and Gmail write them are APPENDed to the firm's mailbox, the worker's run reads them, and
 * each lands on its enquiry once, with quoted history trimmed for display and attachments typed
 * from their bytes. Unmatched mail is left alone; a held lease keeps a second reader out.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { createServer, connect, type Server } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { createSecureContext, createServer as createTlsServer } from "node:tls";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  process.env.IMAP_ALLOW_PRIVATE = "true";
});

// "imap.meridian.test" exists only for the address check's resolver (it answers the test
// Dovecot's address); the system resolver does not know it, so a connection that resolved the
// name again, rather than going to the address checked, could not connect.
vi.mock("node:dns/promises", async (importOriginal) => {
  const real = await importOriginal<typeof import("node:dns/promises")>();
  const lookup = (name: string, options: object) => (name === "imap.meridian.test" ? Promise.resolve([{ address: "127.0.0.1", family: 4 }]) : real.lookup(name, options as never));
  return { ...real, lookup, default: { ...real, lookup } };
});

import { db } from "~/db/client.server";
import { adminUsers, emailOutbox, enquiries, enquiryAttachments, enquiryMessages, mailboxSettings, user } from "~/db/schema";
import { opened } from "~/features/mail/test-factories";
import { setupTestDatabase } from "../../../tests/setup/database";
import { TestImap } from "../../../tests/setup/test-imap";
import { sendReply, getTimeline } from "./conversation.server";
import { importMessage, pollMailbox } from "./imap-import.server";
import { checkImapHost, getMailboxSettings, updateMailboxSettings } from "./mailbox.server";
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

  it("stores subject and text without bidirectional controls, so a file name cannot read backwards", async () => {
    const enquiry = await newEnquiry();
    const subject = "Invoice \u202eTXT.exe \u2066x\u2069";
    await imap.append(
      Buffer.from(
        `From: dana@client.example\r\nTo: ${imap.user}\r\nSubject: =?UTF-8?B?${Buffer.from(subject).toString("base64")}?=\r\nMessage-ID: <bidi-1@client.example>\r\n` +
          `In-Reply-To: ${acknowledgementMessageId(enquiry.id)}\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=UTF-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n` +
          "Open report\u202eFDP.exe\u202c now\r\n\u202bline two\u202a\u200f\r\n",
      ),
    );
    expect(await pollMailbox()).toEqual({ read: 1, imported: 1, skipped: 0 });
    const [row] = await db.select().from(enquiryMessages).where(eq(enquiryMessages.kind, "incoming"));
    expect(row!.subject).toBe("Invoice TXT.exe x");
    expect(row!.body.trim()).toBe("Open reportFDP.exe now\nline two\u200f");
  }, 30_000);

  it("never downloads a message over the size limit: its size is read first (a 30 MB message costs under 64 KB on the wire)", async () => {
    const enquiry = await newEnquiry();
    const big = Buffer.concat([
      Buffer.from(`From: dana@client.example\r\nTo: ${imap.user}\r\nSubject: Huge\r\nMessage-ID: <huge-1@client.example>\r\nIn-Reply-To: ${acknowledgementMessageId(enquiry.id)}\r\nContent-Type: text/plain\r\n\r\n`),
      Buffer.alloc(30 * 1024 * 1024, "abcdefghij0123456789abcdefghij0123456789abcdefghij0123456789abcdefghij012\r\n"),
    ]);
    await imap.append(big);
    await imap.append(`From: dana@client.example\r\nTo: ${imap.user}\r\nSubject: Small\r\nMessage-ID: <small-1@client.example>\r\nIn-Reply-To: ${acknowledgementMessageId(enquiry.id)}\r\n\r\nSmall one.\r\n`);

    // The run goes through a loopback proxy that counts the bytes the server sends.
    let received = 0;
    const proxy: Server = createServer((socket) => {
      const upstream = connect(imap.port, "127.0.0.1");
      upstream.on("data", (chunk: Buffer) => (received += chunk.length));
      socket.pipe(upstream).pipe(socket);
      socket.on("error", () => upstream.destroy());
      upstream.on("error", () => socket.destroy());
    });
    await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
    try {
      await db.update(mailboxSettings).set({ imapPort: (proxy.address() as { port: number }).port });
      const heapBefore = process.memoryUsage().heapUsed;
      const rssBefore = process.memoryUsage().rss;
      expect(await pollMailbox()).toEqual({ read: 2, imported: 1, skipped: 1 });
      const heapGrowth = process.memoryUsage().heapUsed - heapBefore;
      const rssGrowth = process.memoryUsage().rss - rssBefore;
      console.info(`30 MB message skipped: ${received} bytes received from the server, heap ${(heapGrowth / 1_048_576).toFixed(1)} MB, RSS ${(rssGrowth / 1_048_576).toFixed(1)} MB`);
      expect(received).toBeLessThan(64 * 1024);
      expect(rssGrowth).toBeLessThan(30 * 1024 * 1024);
    } finally {
      await new Promise((resolve) => proxy.close(resolve));
    }
    const rows = await db.select().from(enquiryMessages).where(eq(enquiryMessages.kind, "incoming"));
    expect(rows.map((r) => r.subject)).toEqual(["Small"]);
  }, 60_000);
});

describe("mailbox checks and failures", () => {
  const owner = { userId: "user-owner", email: "owner@meridian.example" };
  const saveAs = (actor: { userId: string; email: string }, fields: Record<string, string>) =>
    updateMailboxSettings(actor, { replyAddress: imap.user, imapEnabled: "on", imapHost: "127.0.0.1", imapPort: String(imap.port), imapUser: imap.user, imapPassword: imap.password, imapFolder: "INBOX", ...fields });

  beforeEach(async () => {
    await db.insert(user).values({ id: owner.userId, name: "Olu Owner", email: owner.email, emailVerified: true });
    await db.insert(adminUsers).values({ userId: owner.userId, name: "Olu Owner", email: owner.email, role: "super_admin" });
  });

  it("refuses to save a mailbox it cannot read, with the reason on the field at fault, and keeps the saved one", async () => {
    const [before] = await db.select().from(mailboxSettings);
    expect(await saveAs(owner, { imapPassword: "wrong" })).toEqual({ ok: false, errors: { imapPassword: ["The mail server refused this user name and app password."] } });
    expect(await saveAs(owner, { imapFolder: "Replies" })).toEqual({ ok: false, errors: { imapFolder: ['The folder "Replies" does not exist in this mailbox.'] } });
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const closedPort = (closed.address() as { port: number }).port;
    await new Promise((resolve) => closed.close(resolve));
    expect(await saveAs(owner, { imapPort: String(closedPort) })).toEqual({ ok: false, errors: { imapPort: ["The mail server refused the connection on this port."] } });
    const [after] = await db.select().from(mailboxSettings);
    expect(after).toEqual(before);
  }, 30_000);

  it("connects to the address it checked, not to the name resolved again, and TLS checks the certificate against the name", async () => {
    // Plain IMAP: only the checked address reaches Dovecot (see the resolver mock above).
    expect(await saveAs(owner, { imapHost: "imap.meridian.test", imapTls: "" })).toEqual({ ok: true });
    const enquiry = await newEnquiry();
    await imap.append(`From: dana@client.example\r\nTo: ${imap.user}\r\nSubject: Pinned\r\nMessage-ID: <pinned-1@client.example>\r\nIn-Reply-To: ${acknowledgementMessageId(enquiry.id)}\r\n\r\nVia the checked address.\r\n`);
    expect(await pollMailbox()).toEqual({ read: 1, imported: 1, skipped: 0 });

    // TLS in front of Dovecot with a certificate no one trusts: the client asks for the host
    // name (SNI) and refuses the certificate.
    const dir = mkdtempSync(path.join(tmpdir(), "imap-tls-"));
    execFileSync("openssl", ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=imap.meridian.test", "-addext", "subjectAltName=DNS:imap.meridian.test", "-keyout", `${dir}/key.pem`, "-out", `${dir}/cert.pem`], { stdio: "ignore" });
    const names: string[] = [];
    const context = { key: readFileSync(`${dir}/key.pem`), cert: readFileSync(`${dir}/cert.pem`) };
    const tls = createTlsServer(
      {
        ...context,
        SNICallback: (servername, done) => {
          names.push(servername);
          done(null, createSecureContext(context));
        },
      },
      (socket) => {
        const upstream = connect(imap.port, "127.0.0.1");
        socket.pipe(upstream).pipe(socket);
        socket.on("error", () => upstream.destroy());
        upstream.on("error", () => socket.destroy());
      },
    );
    tls.on("tlsClientError", () => undefined);
    await new Promise<void>((resolve) => tls.listen(0, "127.0.0.1", resolve));
    try {
      const port = String((tls.address() as { port: number }).port);
      expect(await saveAs(owner, { imapHost: "imap.meridian.test", imapPort: port, imapTls: "on" })).toEqual({
        ok: false,
        errors: { imapHost: ["The mail server's certificate is not valid for this host name."] },
      });
      expect(names).toContain("imap.meridian.test");
    } finally {
      await new Promise((resolve) => tls.close(resolve));
    }
  }, 30_000);

  it("a mailbox that starts failing turns red and e-mails its owner once per failure, not per run", async () => {
    expect(await saveAs(owner, {})).toEqual({ ok: true });
    const failingMail = () => opened(db.select().from(emailOutbox).where(eq(emailOutbox.kind, "mailbox.failing")));
    const t0 = new Date();
    try {
      await imap.setPassword("revoked-by-the-provider");
      await pollMailbox(t0);
      await pollMailbox(new Date(t0.getTime() + 60_000));
      await pollMailbox(new Date(t0.getTime() + 120_000));
      const view = await getMailboxSettings();
      expect(view.failingSince).toBe(t0.toISOString());
      expect(view.lastError).toBe("The mail server refused this user name and app password.");
      const mails = await failingMail();
      expect(mails.map((m) => [m.to, m.subject])).toEqual([[owner.email, "The mailbox cannot be read: visitors' replies are not arriving"]]);
      expect(mails[0]!.text).toContain("The mail server refused this user name and app password.");
    } finally {
      await imap.setPassword(imap.password);
    }
    await pollMailbox(new Date(t0.getTime() + 180_000));
    expect((await getMailboxSettings()).failingSince).toBeNull();
    expect((await getMailboxSettings()).lastError).toBeNull();

    // A new failure is a new e-mail.
    await imap.setPassword("revoked-again");
    try {
      await pollMailbox(new Date(t0.getTime() + 240_000));
      await pollMailbox(new Date(t0.getTime() + 300_000));
    } finally {
      await imap.setPassword(imap.password);
    }
    expect(await failingMail()).toHaveLength(2);
  }, 60_000);
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
