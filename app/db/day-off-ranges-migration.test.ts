/**
 * Migration 0025 (days off become ranges) on a database that already holds single days off:
 * each stays a day off, as a one-day range, and the new rule (a range ends on or after its first
 * day) holds. Runs the real migrations on a fresh embedded PostgreSQL (PGlite): up to 0024, the
 * rows written, then the rest.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { databaseAtMigration, type PartlyMigratedDatabase } from "../../tests/setup/migrations";

let at: PartlyMigratedDatabase;
beforeAll(async () => {
  at = await databaseAtMigration(24);
}, 120_000);
afterAll(() => at.close());

it("keeps every stored day off as a one-day range and refuses a range ending before it starts", async () => {
  const { client } = at;
  await client.exec(`
    insert into "user" (id, name, email, email_verified, created_at, updated_at) values ('u1', 'Ada', 'ada@example.com', true, now(), now());
    insert into admin_users (user_id, name, email, role) values ('u1', 'Ada', 'ada@example.com', 'admin');
    insert into engineers (admin_user_id) select id from admin_users;
    insert into engineer_days_off (admin_user_id, date) select id, d::date from admin_users, (values ('2030-01-09'), ('2030-01-10'), ('2030-08-26')) v(d);
  `);

  await at.migrateRest();
  const { rows } = await client.query<{ from_date: string; to_date: string }>(
    "select from_date::text, to_date::text from engineer_days_off order by from_date",
  );
  expect(rows).toEqual([
    { from_date: "2030-01-09", to_date: "2030-01-09" },
    { from_date: "2030-01-10", to_date: "2030-01-10" },
    { from_date: "2030-08-26", to_date: "2030-08-26" },
  ]);
  await expect(
    client.query("insert into engineer_days_off (admin_user_id, from_date, to_date) select id, '2030-12-22', '2030-12-21' from admin_users"),
  ).rejects.toThrow(/engineer_days_off_range_check/);
});
