import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { asc, eq, sql } from "drizzle-orm";
import { symmetricEncrypt } from "better-auth/crypto";
import PostalMime from "postal-mime";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { emailOutbox } from "~/db/schema";
import { enqueueEmails, openMailBody, sealPlainMailBodies, type OutgoingEmail } from "~/features/mail/outbox.server";
import { createMailTransport } from "~/features/mail/transport.server";
import { setupTestDatabase } from "../../../tests/setup/database";
import { smtpForEachTest } from "../../../tests/setup/test-smtp";
import { MAX_ATTEMPTS, processOutboxBatch, retryDelayMs } from "./worker.server";

setupTestDatabase();

function message(n: number, extra: Partial<OutgoingEmail> = {}): OutgoingEmail {
  return {
    kind: "test.message",
    to: `visitor${n}@example.com`,
    subject: `Message ${n}`,
    html: `<p>Hello number ${n}</p>`,
    text: `Hello number ${n}`,
    ...extra,
  };
}

const rows = () => db.select().from(emailOutbox).orderBy(asc(emailOutbox.subject));

/** Makes every pending row due now, as if its retry time had passed. */
const makeDue = () => db.update(emailOutbox).set({ nextAttemptAt: sql`now() - interval '1 second'` });

const smtp = smtpForEachTest();

describe("processOutboxBatch over SMTP", () => {
  it("delivers a message with its subject, recipient, bodies and attachment, then records it as sent", async () => {
    await enqueueEmails(db, [
      message(1, {
        subject: "Your consultation is booked",
        replyTo: "ada@example.com",
        attachments: [{ filename: "consultation.ics", contentType: "text/calendar", content: "BEGIN:VCALENDAR\r\nEND:VCALENDAR" }],
      }),
    ]);
    const transport = createMailTransport({ smtpUrl: smtp.url, from: "Meridian Engineering <hello@meridian.example>" });

    const result = await processOutboxBatch({ transport });
    transport.close();

    expect(result).toEqual({ claimed: 1, sent: 1, retried: 0, failed: 0 });
    expect(smtp.received).toHaveLength(1);
    const { envelopeTo, mail } = smtp.received[0]!;
    expect(envelopeTo).toEqual(["visitor1@example.com"]);
    expect(mail.subject).toBe("Your consultation is booked");
    expect(mail.from?.address).toBe("hello@meridian.example");
    expect(mail.to?.map((a) => ("address" in a ? a.address : ""))).toEqual(["visitor1@example.com"]);
    expect(mail.replyTo?.map((a) => ("address" in a ? a.address : ""))).toEqual(["ada@example.com"]);
    expect(mail.text?.trim()).toBe("Hello number 1");
    expect(mail.html).toContain("<p>Hello number 1</p>");
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0]!.filename).toBe("consultation.ics");
    expect(mail.attachments[0]!.mimeType).toBe("text/calendar");
    expect(new TextDecoder().decode(mail.attachments[0]!.content as ArrayBuffer)).toContain("BEGIN:VCALENDAR");

    const [row] = await rows();
    expect(row).toMatchObject({ status: "sent", attempts: 1, lastError: null, replyTo: "ada@example.com", body: null });
    expect(row!.sentAt).toBeInstanceOf(Date);

    // Nothing is sent twice.
    expect(await processOutboxBatch({ transport: createMailTransport({ smtpUrl: smtp.url }) })).toMatchObject({ claimed: 0 });
    expect(smtp.received).toHaveLength(1);
  });

  it("sends each message exactly once when two workers run at the same time", async () => {
    const count = 24;
    await enqueueEmails(db, Array.from({ length: count }, (_, i) => message(i + 1)));
    const workerA = createMailTransport({ smtpUrl: smtp.url });
    const workerB = createMailTransport({ smtpUrl: smtp.url });

    /** One worker: claims batches of 5 until nothing is due. */
    const drain = async (transport: typeof workerA) => {
      let sent = 0;
      for (;;) {
        const r = await processOutboxBatch({ limit: 5, transport });
        sent += r.sent;
        if (r.claimed === 0) return sent;
      }
    };
    const [a, b] = await Promise.all([drain(workerA), drain(workerB)]);
    workerA.close();
    workerB.close();

    expect(a + b).toBe(count);
    const subjects = smtp.received.map((r) => r.mail.subject).sort();
    expect(subjects).toEqual(Array.from({ length: count }, (_, i) => `Message ${i + 1}`).sort());
    expect(new Set(subjects).size).toBe(count);
    // No Reply-To unless the message asks for one.
    expect(smtp.received.every((r) => r.mail.replyTo === undefined)).toBe(true);
    const stored = await rows();
    expect(stored.every((r) => r.status === "sent" && r.attempts === 1)).toBe(true);
  });

  it("retries with backoff while the SMTP server is down and delivers once it is back", async () => {
    const port = smtp.port;
    await smtp.stop();
    await enqueueEmails(db, [message(1)]);
    const transport = createMailTransport({ smtpUrl: `smtp://127.0.0.1:${port}`, timeoutMs: 2000 });

    const before = Date.now();
    expect(await processOutboxBatch({ transport })).toEqual({ claimed: 1, sent: 0, retried: 1, failed: 0 });
    let [row] = await rows();
    expect(row).toMatchObject({ status: "pending", attempts: 1 });
    expect(row!.lastError).toMatch(/ECONNREFUSED|connect/i);
    expect(row!.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(before + retryDelayMs(1) - 1000);
    const firstRetryAt = row!.nextAttemptAt.getTime();

    // Not due yet: nothing is claimed.
    expect(await processOutboxBatch({ transport })).toMatchObject({ claimed: 0 });

    // Time passes (moved in the database); the server is still down: the delay doubles.
    await makeDue();
    const second = Date.now();
    expect(await processOutboxBatch({ transport })).toMatchObject({ claimed: 1, retried: 1 });
    [row] = await rows();
    expect(row).toMatchObject({ status: "pending", attempts: 2 });
    expect(retryDelayMs(2)).toBe(2 * retryDelayMs(1));
    expect(row!.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(second + retryDelayMs(2) - 1000);
    expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(firstRetryAt);

    // The server comes back on the same port; once the retry is due the message goes out once.
    await smtp.start(port);
    await makeDue();
    expect(await processOutboxBatch({ transport })).toMatchObject({ claimed: 1, sent: 1 });
    transport.close();
    [row] = await rows();
    expect(row).toMatchObject({ status: "sent", attempts: 3, lastError: null });
    expect(smtp.received.map((r) => r.mail.subject)).toEqual(["Message 1"]);
  });

  it("marks a message failed after the last attempt", async () => {
    const port = smtp.port;
    await smtp.stop();
    await enqueueEmails(db, [message(1)]);
    await db.update(emailOutbox).set({ attempts: MAX_ATTEMPTS - 1 });
    const transport = createMailTransport({ smtpUrl: `smtp://127.0.0.1:${port}`, timeoutMs: 2000 });
    expect(await processOutboxBatch({ transport })).toEqual({ claimed: 1, sent: 0, retried: 0, failed: 1 });
    const [row] = await rows();
    expect(row).toMatchObject({ status: "failed", attempts: MAX_ATTEMPTS, subject: "Message 1", body: null });
    expect(row!.lastError).toBeTruthy();
    await makeDue();
    expect(await processOutboxBatch({ transport })).toMatchObject({ claimed: 0 });
  });

  it("leaves a claimed row alone until its lease runs out (a worker that died mid-send)", async () => {
    await enqueueEmails(db, [message(1)]);
    // A worker claimed the row (attempts bumped, lease set) and then crashed.
    await db
      .update(emailOutbox)
      .set({ attempts: 1, nextAttemptAt: sql`now() + interval '5 minutes'` })
      .where(eq(emailOutbox.subject, "Message 1"));
    const transport = createMailTransport({ smtpUrl: smtp.url });
    expect(await processOutboxBatch({ transport })).toMatchObject({ claimed: 0 });
    await makeDue();
    expect(await processOutboxBatch({ transport })).toMatchObject({ claimed: 1, sent: 1 });
    transport.close();
    expect(smtp.received).toHaveLength(1);
  });
});

describe("what a row keeps", () => {
  it("holds a waiting message's bodies and attachments only sealed, and erases them once sent", async () => {
    const token = "reset-token-4f1c9a7e2b";
    await enqueueEmails(db, [
      message(1, {
        html: `<a href="https://example.com/admin/set-password?token=${token}">Choose</a>`,
        text: `https://example.com/admin/set-password?token=${token}`,
        attachments: [{ filename: "notes.txt", contentType: "text/plain", content: `again ${token}` }],
      }),
    ]);
    const [waiting] = await rows();
    expect(JSON.stringify(waiting)).not.toContain(token);
    expect(waiting).toMatchObject({ subject: "Message 1", to: "visitor1@example.com", status: "pending" });
    expect(await openMailBody(waiting!.body)).toMatchObject({ text: expect.stringContaining(token), attachments: [{ content: `again ${token}` }] });

    const transport = createMailTransport({ smtpUrl: smtp.url });
    expect(await processOutboxBatch({ transport })).toMatchObject({ sent: 1 });
    transport.close();
    expect(smtp.received[0]!.mail.text).toContain(token);
    expect(await rows()).toMatchObject([{ subject: "Message 1", to: "visitor1@example.com", kind: "test.message", status: "sent", body: null }]);
  });

  it("gives up at once on a body sealed with another secret, erasing it", async () => {
    await enqueueEmails(db, [message(1)]);
    await db.update(emailOutbox).set({ body: await symmetricEncrypt({ key: "another-secret-another-secret-0123", data: "{}" }) });
    const transport = createMailTransport({ smtpUrl: smtp.url });
    expect(await processOutboxBatch({ transport })).toEqual({ claimed: 1, sent: 0, retried: 0, failed: 1 });
    transport.close();
    expect(smtp.received).toHaveLength(0);
    const [row] = await rows();
    expect(row).toMatchObject({ status: "failed", body: null });
    expect(row!.lastError).toMatch(/cannot be read with this server's secret/);
  });

  it("seals at start-up the bodies an older version queued in plain text", async () => {
    await enqueueEmails(db, [message(1)]);
    const plain = JSON.stringify({ html: "<p>Old</p>", text: "Old https://example.com/manage/old-token-1", attachments: null });
    await db.update(emailOutbox).set({ body: `plain:${plain}` });
    expect(await sealPlainMailBodies(db)).toBe(1);
    const [row] = await rows();
    expect(row!.body).not.toContain("old-token-1");
    expect(await openMailBody(row!.body)).toEqual(JSON.parse(plain));
    expect(await sealPlainMailBodies(db)).toBe(0);
  });
});

describe("the .eml file fallback", () => {
  it("writes each message as a parseable RFC 822 file when no SMTP URL is set", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "outbox-"));
    try {
      await enqueueEmails(db, [
        message(7, { attachments: [{ filename: "notes.txt", contentType: "text/plain", content: "Bring drawings" }] }),
      ]);
      const transport = createMailTransport({ smtpUrl: null, outboxDir: dir, from: "Meridian <hello@meridian.example>" });
      expect(transport.kind).toBe("file");
      expect(await processOutboxBatch({ transport })).toMatchObject({ sent: 1 });

      const files = (await readdir(dir)).filter((f) => f.endsWith(".eml"));
      expect(files).toHaveLength(1);
      const mail = await PostalMime.parse(await readFile(path.join(dir, files[0]!)));
      expect(mail.subject).toBe("Message 7");
      expect(mail.to?.map((a) => ("address" in a ? a.address : ""))).toEqual(["visitor7@example.com"]);
      expect(mail.from?.address).toBe("hello@meridian.example");
      expect(mail.text?.trim()).toBe("Hello number 7");
      expect(mail.attachments.map((a) => a.filename)).toEqual(["notes.txt"]);
      expect((await rows())[0]).toMatchObject({ status: "sent" });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
