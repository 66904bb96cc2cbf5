/**
 * Migration 0030 (mail bodies sealed at rest) on a database that already holds mail: a sent and a
 * failed message lose their bodies, keeping what the portal shows; a waiting one keeps its bodies
 * and attachments, which start-up then seals (`sealPlainMailBodies`) so that the worker can send
 * them and nothing in the table reads in clear. Runs the real migrations on a fresh embedded
 * PostgreSQL (PGlite): up to 0029, the rows written, then the rest.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { openMailBody, sealPlainMailBodies } from "~/features/mail/outbox.server";
import { databaseAtMigration, type PartlyMigratedDatabase } from "../../tests/setup/migrations";

let at: PartlyMigratedDatabase;
beforeAll(async () => {
  at = await databaseAtMigration(29);
}, 120_000);
afterAll(() => at.close());

it("erases the bodies of sent and failed mail and seals those still waiting", { timeout: 120_000 }, async () => {
  const { client, db } = at;
  const link = "http://localhost:3000/admin/set-password?token=old-install-token-1";
  await client.query(
    `insert into email_outbox (kind, "to", subject, html, text, attachments, status, sent_at) values
       ('admin.password_reset', 'sent@staff.test', 'Reset your admin portal password', $1, $2, null, 'sent', now()),
       ('admin.password_reset', 'failed@staff.test', 'Reset your admin portal password', $1, $2, null, 'failed', null),
       ('booking.confirmation', 'waiting@example.com', 'Consultation booked', $1, $2, $3, 'pending', null)`,
    [`<a href="${link}">Choose</a>`, link, JSON.stringify([{ filename: "consultation.ics", contentType: "text/calendar", content: "BEGIN:VCALENDAR" }])],
  );

  await at.migrateRest();
  const done = await client.query<{ to: string; subject: string; status: string; body: string | null }>(`select "to", subject, status, body from email_outbox order by "to"`);
  expect(done.rows.map((r) => [r.to, r.subject, r.status, r.body === null])).toEqual([
    ["failed@staff.test", "Reset your admin portal password", "failed", true],
    ["sent@staff.test", "Reset your admin portal password", "sent", true],
    ["waiting@example.com", "Consultation booked", "pending", false],
  ]);

  expect(await sealPlainMailBodies(db as unknown as Database)).toBe(1);
  const { rows } = await client.query<{ row: string; body: string }>(`select x::text as row, x.body from email_outbox x where status = 'pending'`);
  expect(rows[0]!.row).not.toContain("old-install-token-1");
  expect(await openMailBody(rows[0]!.body)).toEqual({
    html: `<a href="${link}">Choose</a>`,
    text: link,
    attachments: [{ filename: "consultation.ics", contentType: "text/calendar", content: "BEGIN:VCALENDAR" }],
  });
});
