/**
 * Two production instances on one PostgreSQL database: a staff session made on
 * one works on the other, the contact form's per-client limit is shared, fifty bookings raced over
 * both never give one engineer two overlapping consultations, every queued e-mail and
 * every reminder is delivered exactly once to a real SMTP server, and an instance killed with
 * SIGKILL in the middle of sending loses nothing (the other sends its messages after the lease).
 */
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestSmtp } from "../setup/test-smtp";
import { prepareDatabase, sealMailBodyForServers, signIn, startServers, systemDatabaseUrl, waitForFormGuard, type Cluster } from "./support/servers";

/** Claimed messages become visible to the other instance after this long (MAIL_CLAIM_LEASE_MS). */
const LEASE_MS = 8_000;
const REMINDED_BOOKINGS = 4;

let cluster: Cluster;
let smtp: TestSmtp;
let pool: pg.Pool;

/** A London `yyyy-mm-dd` and `HH:MM` for `at`. */
function london(at: Date): { date: string; time: string } {
  const part = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London", ...options }).format(at);
  return { date: part({ year: "numeric", month: "2-digit", day: "2-digit" }), time: part({ hour: "2-digit", minute: "2-digit", hourCycle: "h23" }) };
}

/** Bookings starting within 24 hours, so each instance's reminder task finds them at start-up. */
async function insertBookingsDueForReminder(): Promise<void> {
  const start = [2, 5, 10].map((h) => london(new Date(Date.now() + h * 3_600_000))).find((t) => t.time < "22:30")!;
  const [hour, minute] = start.time.split(":").map(Number);
  const end = `${String(hour + 1).padStart(2, "0")}:${String(minute).padStart(2, "0")}`;
  const slot = await pool.query<{ id: string }>(
    "insert into consultation_availability (date, start_time, end_time, max_bookings, current_bookings) values ($1, $2, $3, $4, $4) returning id",
    [start.date, start.time, end, REMINDED_BOOKINGS],
  );
  for (let i = 0; i < REMINDED_BOOKINGS; i++) {
    await pool.query(
      "insert into consultation_bookings (availability_id, name, email, consultation_type, status) values ($1, $2, $3, 'Initial Consultation', 'confirmed')",
      [slot.rows[0].id, `Reminded ${i}`, `reminded-${i}@example.com`],
    );
  }
}

/** Queues `count` messages with subjects `<label> #<n>` straight into the outbox. */
async function queueMessages(label: string, count: number): Promise<string[]> {
  const subjects = Array.from({ length: count }, (_, n) => `${label} #${n}`);
  for (const subject of subjects) {
    await pool.query(`insert into email_outbox (kind, "to", subject, body) values ('system.test', $1, $2, $3)`, [
      `${subject.replace(/\W+/g, "-").toLowerCase()}@example.com`,
      subject,
      await sealMailBodyForServers({ html: "<p>Hi</p>", text: "Hi" }),
    ]);
  }
  return subjects;
}

const deliveries = (predicate: (subject: string, to: string[]) => boolean) =>
  smtp.received.filter((r) => predicate(r.mail.subject ?? "", r.envelopeTo));

async function waitFor(check: () => boolean | Promise<boolean>, withinMs: number, what: string): Promise<void> {
  const deadline = Date.now() + withinMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const pendingCount = async () => Number((await pool.query("select count(*) as n from email_outbox where status <> 'sent'")).rows[0].n);

beforeAll(async () => {
  smtp = new TestSmtp();
  await smtp.start();
  pool = new pg.Pool({ connectionString: systemDatabaseUrl(), max: 2 });
  await prepareDatabase();
  await insertBookingsDueForReminder();
  cluster = await startServers(2, {
    prepare: false,
    env: { SMTP_URL: smtp.url, E2E_FAST_JOBS: "true", MAIL_CLAIM_LEASE_MS: String(LEASE_MS) },
  });
});
afterAll(async () => {
  await cluster?.stop();
  await pool?.end();
  await smtp?.stop();
});

describe("two instances on one database", () => {
  it("a staff session made on one instance works on the other", async () => {
    const [a, b] = cluster.servers;
    const cookie = await signIn(a.base);
    const response = await fetch(`${b.base}/admin/dashboard`, { headers: { cookie }, redirect: "manual" });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Dashboard");
    const anonymous = await fetch(`${b.base}/admin/dashboard`, { redirect: "manual" });
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toContain("/admin/login");
  });

  it("the contact form's per-client limit counts submissions made on either instance", async () => {
    const [a, b] = cluster.servers;
    const page = await (await fetch(`${a.base}/contact`)).text();
    const formToken = /name="formToken"[^>]*value="([^"]+)"/.exec(page)?.[1];
    expect(formToken).toBeTruthy();
    await waitForFormGuard();
    const client = "203.0.113.7"; // one visitor (X-Forwarded-For from a trusted loopback proxy)
    for (let n = 0; n < 6; n++) {
      const base = (n % 2 === 0 ? a : b).base;
      const response = await fetch(`${base}/contact`, {
        method: "POST",
        redirect: "manual",
        headers: { origin: base, "x-forwarded-for": client, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          name: `Visitor ${n}`,
          email: `visitor-${n}@example.com`,
          projectType: "General Enquiry",
          message: `Enquiry number ${n} about a structural survey of our warehouse.`,
          formToken: formToken!,
          website: "",
        }),
      });
      expect(response.status, `submission ${n}`).toBe(200);
    }
    const { rows } = await pool.query<{ name: string; spam_reason: string | null }>("select name, spam_reason from enquiries order by created_at");
    expect(rows.map((r) => r.spam_reason)).toEqual([null, null, null, null, null, "rate_limit"]);
  });

  it("fifty bookings raced over both instances never give one engineer two overlapping consultations", async () => {
    const [a, b] = cluster.servers;
    // Three engineers taking one 60-minute type, Monday to Sunday 08:00-20:00; three overlapping
    // slots of ten places each, a week ahead at 10:00, 10:30 and 11:00.
    const type = await pool.query<{ id: string }>("insert into consultation_types (name, duration_minutes, sort_order) values ('Race Call', 60, 98) returning id");
    const engineers: string[] = [];
    for (const name of ["Ada", "Brunel", "Telford"]) {
      const userId = `race-${name}`;
      await pool.query("insert into \"user\" (id, name, email, email_verified, created_at, updated_at) values ($1, $2, $3, true, now(), now())", [userId, name, `${userId}@system.test`]);
      const admin = await pool.query<{ id: string }>("insert into admin_users (user_id, name, email, role) values ($1, $2, $3, 'admin') returning id", [userId, name, `${userId}@system.test`]);
      const id = admin.rows[0].id;
      engineers.push(id);
      await pool.query("insert into engineers (admin_user_id, takes_consultations) values ($1, true)", [id]);
      await pool.query("insert into engineer_consultation_types (admin_user_id, consultation_type_id) values ($1, $2)", [id, type.rows[0].id]);
      for (let weekday = 1; weekday <= 7; weekday++) {
        await pool.query("insert into engineer_working_hours (admin_user_id, weekday, start_time, end_time) values ($1, $2, '08:00', '20:00')", [id, weekday]);
      }
    }
    const date = london(new Date(Date.now() + 7 * 86_400_000)).date;
    const slots: string[] = [];
    for (const [start, end] of [["10:00", "11:00"], ["10:30", "11:30"], ["11:00", "12:00"]]) {
      const slot = await pool.query<{ id: string }>("insert into consultation_availability (date, start_time, end_time, max_bookings) values ($1, $2, $3, 10) returning id", [date, start, end]);
      slots.push(slot.rows[0].id);
    }
    const page = await (await fetch(`${a.base}/book-consultation?step=3&type=${type.rows[0].id}&slot=${slots[0]}`)).text();
    const formToken = /name="formToken" value="([^"]+)"/.exec(page)?.[1];
    expect(formToken).toBeTruthy();
    await waitForFormGuard();
    const post = (i: number) => {
      const base = (i % 2 === 0 ? a : b).base;
      const slotId = slots[i % 3];
      return fetch(`${base}/book-consultation.data?step=4&type=${type.rows[0].id}&slot=${slotId}`, {
        method: "POST",
        redirect: "manual",
        headers: { origin: base, "x-forwarded-for": `198.51.100.${i + 1}`, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          intent: "confirm",
          formToken: formToken!,
          website: "",
          typeId: type.rows[0].id,
          slotId,
          idempotencyKey: crypto.randomUUID(),
          name: `Racer ${i}`,
          email: `racer-${i}@example.com`,
          projectType: "commercial",
          projectDescription: "Race",
        }),
      }).then((r) => r.status);
    };
    const statuses = await Promise.all(Array.from({ length: 50 }, (_, i) => post(i)));
    expect(statuses.every((s) => s < 500), String(statuses)).toBe(true);
    const { rows } = await pool.query<{ engineer_id: string | null; start_time: string }>(
      "select b.engineer_id, a.start_time from consultation_bookings b join consultation_availability a on a.id = b.availability_id where b.consultation_type_id = $1",
      [type.rows[0].id],
    );
    // Each engineer can hold 10:00 and 11:00, or 10:30: between 3 and 6 bookings in all.
    expect(rows.length).toBeGreaterThanOrEqual(3);
    expect(rows.length).toBeLessThanOrEqual(6);
    expect(rows.every((r) => r.engineer_id && engineers.includes(r.engineer_id))).toBe(true);
    const minutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
    for (const id of engineers) {
      const mine = rows.filter((r) => r.engineer_id === id).map((r) => minutes(r.start_time)).sort((x, y) => x - y);
      for (let i = 1; i < mine.length; i++) expect(mine[i] - mine[i - 1], `engineer ${id}`).toBeGreaterThanOrEqual(60);
    }
  });

  it("every queued e-mail and every reminder is delivered exactly once", async () => {
    const subjects = await queueMessages("Exactly once", 30);
    await waitFor(async () => (await pendingCount()) === 0, 60_000, "the outbox to drain");
    for (const subject of subjects) expect(deliveries((s) => s === subject), subject).toHaveLength(1);
    for (let i = 0; i < REMINDED_BOOKINGS; i++) {
      expect(deliveries((_, to) => to.includes(`reminded-${i}@example.com`)), `reminder ${i}`).toHaveLength(1);
    }
    const reminded = await pool.query("select count(*) as n from consultation_bookings where reminder_sent_at is not null");
    expect(Number(reminded.rows[0].n)).toBe(REMINDED_BOOKINGS);
  });

  it("an instance killed with SIGKILL mid-send loses nothing: the other sends its messages after the lease", async () => {
    const [a] = cluster.servers;
    smtp.acceptDelayMs = 250; // each send takes a while, so both workers hold claimed batches
    const subjects = await queueMessages("Crash", 40);
    await waitFor(() => deliveries((s) => s.startsWith("Crash #")).length >= 3, 30_000, "the first deliveries");
    await a.kill("SIGKILL");
    const killedAt = Date.now();

    await waitFor(async () => (await pendingCount()) === 0, 90_000, "the survivor to send everything");
    for (const subject of subjects) expect(deliveries((s) => s === subject).length, subject).toBeGreaterThanOrEqual(1);
    // Only a message the killed instance had handed to the SMTP server but not yet recorded as
    // sent can go twice (at-least-once); every other message went exactly once.
    const extra = deliveries((s) => s.startsWith("Crash #")).length - subjects.length;
    expect(extra).toBeLessThanOrEqual(1);
    // The killed instance's claimed messages were taken over after their lease: claimed twice.
    const retaken = await pool.query("select count(*) as n from email_outbox where subject like 'Crash #%' and attempts >= 2");
    expect(Number(retaken.rows[0].n)).toBeGreaterThan(0);
    expect(Date.now() - killedAt).toBeGreaterThan(LEASE_MS - 1_000);
  });
});
