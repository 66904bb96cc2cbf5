/**
 * Nothing the server keeps opens an account or a booking (ADR 35): every kind of mail that carries
 * such a link is sent for real (a password reset, an invitation and its resend, the booking's
 * confirmation, the staff confirmation, the visitor's move, the reminder, an enquiry reply, the
 * waiting list's receipt and offer with their leave links) and
 * read from the SMTP server as the recipient reads it; one more reset waits unsent. Then a backup
 * is taken, and none of the links' tokens is found in it (the PGlite data folder byte for byte, or
 * `pg_dump`'s archive turned back into SQL), nor in any row of any table.
 */
import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { gunzipSync } from "node:zlib";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { consultationAvailability, consultationTypes, emailOutbox, enquiries } from "~/db/schema";
import { createStaffAccount } from "~/features/auth/accounts.server";
import { requestPasswordReset, settlePasswordResets } from "~/features/auth/password-reset.server";
import { inviteStaff, resendSetPasswordLink } from "~/features/auth/users.server";
import { updateBookingByAdmin } from "~/features/consultations/bookings/index.server";
import { createBooking, rescheduleBookingByToken } from "~/features/consultations/wizard/index.server";
import { queueDueReminders } from "~/features/consultations/mail/index.server";
import { BookingDetailsSchema } from "~/features/consultations/core/index.server";
import { joinWaitingList, offerFreedTimes } from "~/features/consultations/waiting-list/index.server";
import { issueFormToken } from "~/features/abuse/form-guard.server";
import { sendReply } from "~/features/enquiries/conversation.server";
import { processOutboxBatch } from "~/features/jobs/worker.server";
import { openMailBody } from "~/features/mail/outbox.server";
import { createMailTransport } from "~/features/mail/transport.server";
import { createLocalStorage } from "~/features/media/storage.server";
import { createLocalBackupStore } from "~/features/operations/backup-store.server";
import { createBackup } from "~/features/operations/backup.server";
import { createStaffSession, TEST_PASSWORD } from "../setup/admin-session";
import { setupTestDatabase } from "../setup/database";
import { TestSmtp } from "../setup/test-smtp";

const { kind } = setupTestDatabase();
const run = promisify(execFile);

const smtp = new TestSmtp();
let work: string;
beforeAll(async () => {
  await smtp.start();
  work = await mkdtemp(path.join(tmpdir(), "links-at-rest-"));
});
afterAll(async () => {
  await smtp.stop();
  await rm(work, { recursive: true, force: true });
});

/** The tokens of every set-password and manage link in `text`. */
function linkTokens(text: string): string[] {
  const reset = [...text.matchAll(/\/admin\/set-password\?token=([\w%-]+)/g)].map((m) => decodeURIComponent(m[1]!));
  const manage = [...text.matchAll(/\/book-consultation\/manage\/([\w-]+)/g)].map((m) => m[1]!);
  const leave = [...text.matchAll(/\/book-consultation\/waiting-list\/leave\/([\w-]+)/g)].map((m) => m[1]!);
  return [...reset, ...manage, ...leave];
}

/** Sends everything waiting in the outbox to the test SMTP server. */
async function sendAll() {
  const transport = createMailTransport({ smtpUrl: smtp.url });
  try {
    while ((await processOutboxBatch({ transport, limit: 50 })).claimed > 0);
  } finally {
    transport.close();
  }
}

/** Every file under `dir` (recursively), as bytes. */
async function filesUnder(dir: string): Promise<{ file: string; bytes: Buffer }[]> {
  const found: { file: string; bytes: Buffer }[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) {
      const file = path.join(entry.parentPath, entry.name);
      found.push({ file, bytes: await readFile(file) });
    }
  }
  return found;
}

/** Every row of every table of the `public` schema, as PostgreSQL prints it. */
async function everyRow(): Promise<string> {
  const tables = (await db.execute(sql`select table_name as t from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`)) as unknown as {
    rows: { t: string }[];
  };
  const parts: string[] = [];
  for (const { t } of tables.rows) {
    const rows = (await db.execute(sql.raw(`select x::text as row from "${t}" x`))) as unknown as { rows: { row: string }[] };
    parts.push(...rows.rows.map((r) => `${t}: ${r.row}`));
  }
  return parts.join("\n");
}

it("keeps no working link in the database or a backup once mail is sent, and none readable while it waits", { timeout: 120_000 }, async () => {
  const NOW = new Date("2030-01-07T10:00:00Z");
  const boss = await createStaffSession("super_admin");
  const actor = { userId: boss.userId, email: boss.email };

  // Staff: a reset of an existing password, an invitation (the first password) and its resend.
  await createStaffAccount(db, { email: "reset@staff.test", name: "Reset Me", role: "editor", password: TEST_PASSWORD });
  await requestPasswordReset("reset@staff.test", "10.70.0.1");
  await settlePasswordResets();
  const { adminId } = await inviteStaff(actor, { name: "New Starter", email: "new@staff.test", role: "editor" });
  await resendSetPasswordLink(actor, adminId);

  // A visitor books; staff confirm; the visitor moves it; the reminder goes the day before.
  const [type] = await db.insert(consultationTypes).values({ name: "Initial Project Consultation", durationMinutes: 45 }).returning();
  const [first, second] = await db
    .insert(consultationAvailability)
    .values([
      { date: "2030-01-10", startTime: "09:00", endTime: "10:00" },
      { date: "2030-01-10", startTime: "11:00", endTime: "12:00" },
    ])
    .returning();
  const details = BookingDetailsSchema.parse({ name: "Jo Bloggs", email: "jo@example.com", companyName: "Bloggs Ltd" });
  const made = await createBooking({ typeId: type!.id, slotId: first!.id, details }, { idempotencyKey: randomUUID(), now: NOW, clientIp: "203.0.113.70" });
  await updateBookingByAdmin(actor, made.booking.id, { status: "confirmed", meetingLink: "https://meet.example.com/j/1" });
  expect(await rescheduleBookingByToken(made.manageToken!, second!.id, { now: NOW, clientIp: "203.0.113.70" })).toMatchObject({ ok: true });
  expect(await queueDueReminders(new Date("2030-01-09T12:00:00Z"))).toBe(1);

  // An enquiry answered from the portal.
  const [enquiry] = await db
    .insert(enquiries)
    .values({ name: "Dana Client", email: "dana@client.example", projectType: "Commercial Engineering", message: "A mezzanine floor." })
    .returning();
  expect(await sendReply({ userId: boss.userId, name: "Boss", email: boss.email }, enquiry!.id, { body: "Thank you, Dana. Book a call with us." })).toMatchObject({ ok: true });

  // A visitor joins the waiting list for that day's mornings and is offered the time the move freed.
  const joined = await joinWaitingList(
    { name: "Wai Ting", email: "wai@example.com", typeId: type!.id, dateFrom: "2030-01-10", dateTo: "2030-01-10", weekdays: ["4"], dayParts: ["morning"], formToken: issueFormToken(new Date(NOW.getTime() - 20_000)), website: "" },
    { clientIp: "203.0.113.71", language: "en", now: NOW },
  );
  expect(joined).toMatchObject({ ok: true });
  expect(await offerFreedTimes(NOW)).toBe(1);

  await sendAll();
  const sentKinds = (await db.select({ kind: emailOutbox.kind, status: emailOutbox.status, body: emailOutbox.body }).from(emailOutbox)).filter((m) => m.status === "sent");
  expect([...new Set(sentKinds.map((m) => m.kind))]).toEqual(
    expect.arrayContaining([
      "admin.password_reset",
      "admin.invitation",
      "booking.confirmation",
      "booking.confirmed",
      "booking.visitor_rescheduled",
      "booking.reminder",
      "enquiry.reply",
      "waiting_list.joined",
      "waiting_list.offer",
    ]),
  );
  expect(sentKinds.every((m) => m.body === null)).toBe(true);
  const tokens = smtp.received.flatMap((r) => linkTokens(`${r.mail.text ?? ""}\n${r.mail.html ?? ""}`));
  // A reset, an invitation and its resend; the confirmation, the staff confirmation and the reminder
  // (the move's receipt carries the link the visitor used); the waiting list's receipt and offer.
  expect(new Set(tokens).size).toBe(8);

  // One more reset, not sent yet: its link is in the database only sealed.
  await requestPasswordReset("reset@staff.test", "10.70.0.2");
  await settlePasswordResets();
  const [waiting] = await db.select().from(emailOutbox).where(eq(emailOutbox.status, "pending"));
  const waitingTokens = linkTokens((await openMailBody(waiting!.body))!.text);
  expect(waitingTokens).toHaveLength(1);
  tokens.push(...waitingTokens);

  const rows = await everyRow();
  expect(rows).toContain("reset@staff.test");
  for (const token of tokens) expect(rows.includes(token), `a row holds ${token}`).toBe(false);

  const backups = path.join(work, "backups");
  const backup = await createBackup({ store: createLocalBackupStore(backups), files: createLocalStorage(path.join(work, "uploads")), encryptionKey: null });
  const files = await filesUnder(backups);
  const database = files.find((f) => f.file.endsWith(backup.manifest.database.file))!;
  // The database part as text: PGlite's data folder (a gzipped tar, heap pages and write-ahead log
  // included), or pg_dump's archive (compressed) turned back into SQL.
  const readable =
    kind === "pglite" ? gunzipSync(database.bytes).toString("latin1") : (await run("pg_restore", ["--file=-", database.file], { maxBuffer: 256 * 1024 * 1024 })).stdout;
  expect(readable).toContain("reset@staff.test");
  for (const token of tokens) {
    expect(readable.includes(token), `the backup's database holds ${token}`).toBe(false);
    for (const { file, bytes } of files) expect(bytes.includes(token), `${file} holds ${token}`).toBe(false);
  }
});
