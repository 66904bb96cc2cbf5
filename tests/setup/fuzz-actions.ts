/**
 * Property-based fuzzing of the site's actions, in process: each
 * malformed submission first meets the server's body rules (`checkRequestBody`, what Express
 * answers before React Router) and, if they let it through, the route's action itself, called as
 * React Router calls it. Submissions: wrong and missing fields, duplicated fields, arrays, 1 MB
 * strings, control characters (C0, C1, lone CR, U+2028/2029, bidi overrides) and odd Unicode, wrong
 * content types, forged intents and ids (real ones and made-up ones), junk query strings on the
 * action's URL, and odd Host headers, as a super admin for the admin actions. A Host
 * the server refuses (`server/host-header.ts`) is a 400 before the action, as in production;
 * any other Host becomes the request URL's origin, as React Router's Express adapter builds it.
 *
 * Properties: no answer is 5xx (an action throwing is a 500); a 4xx stores nothing in the business
 * tables; afterwards every slot's `current_bookings` equals its bookings holding a place, every
 * stored enquiry and booking passes the form's own schema and holds no control character, the
 * settings still parse, and an active super admin remains. Prints submissions and statuses per
 * action. Submissions per action: FUZZ_PUBLIC_RUNS for the public actions (default 1,000 on
 * PostgreSQL, CI's run that counts; 50 on the PGlite pass) and FUZZ_RUNS
 * for the staff ones (default 100 on PostgreSQL, 25 on PGlite). The runs are generated from a fixed
 * seed (FUZZ_SEED, default below) so a failure in CI is the same failure on a laptop; set
 * FUZZ_SEED to explore other submissions.
 *
 * The actions fuzzed are listed in tests/integration/fuzz-public-actions.test.ts (anyone can send
 * them) and tests/integration/fuzz-staff-actions.test.ts (a signed-in super admin sends them).
 */
import fc from "fast-check";
import { sql } from "drizzle-orm";
import { afterAll, expect, it } from "vitest";
import { databaseKind, db } from "~/db/client.server";
import { adminUsers, cmsProjects, consultationAvailability, consultationBookingManageTokens, consultationBookings, consultationTypes, enquiries, insights } from "~/db/schema";
import { hashToken, PLACE_HOLDING_STATUSES, BookingDetailsSchema } from "~/features/consultations/core/index.server";
import { EnquirySchema } from "~/features/enquiries/schema";
import { getSiteSettings } from "~/features/settings/settings.server";
import { hasWellFormedHost } from "../../server/host-header";
import { checkRequestBody } from "../../server/request-body";
import { createStaffSession, outcome, TEST_ORIGIN } from "./admin-session";

/** Submissions per staff action: 100 on PostgreSQL (CI's run that counts), 25 on the PGlite pass. */
const RUNS = Number(process.env.FUZZ_RUNS ?? (databaseKind === "postgres" ? 100 : 25));
/** Submissions per public action (anyone can send them): 1,000 on PostgreSQL, 50 on the PGlite pass. */
const PUBLIC_RUNS = Number(process.env.FUZZ_PUBLIC_RUNS ?? (databaseKind === "postgres" ? 1000 : 50));
/** The fast-check seed of every property here: fixed, so each run submits the same cases. */
const SEED = Number(process.env.FUZZ_SEED ?? 20_251_126);
/**
 * Time allowed per action: 1,000 submissions on PostgreSQL can take minutes on a busy 2-core
 * machine, where Vitest's 30 s default failed them with a timeout rather than a finding.
 */
const FUZZ_TIMEOUT_MS = 300_000;
const MANAGE_TOKEN = "fuzz-manage-token-0123456789abcdefghijklmnop";

type ActionFn = (args: { request: Request; params: Record<string, string>; context: { clientIp: string } }) => Promise<unknown>;

/** One action under test: its URL, the fields and intents its forms use, and who posts. */
export type Target = {
  name: string;
  path: (ids: Ids) => string;
  params?: (ids: Ids) => Record<string, string>;
  action: ActionFn;
  fields: string[];
  intents: string[];
  staff: boolean;
  /**
   * A valid submission the fuzzer may start from and then spoil field by field (so some pass and
   * are stored, and the stored text can be checked for control characters).
   */
  valid?: (ids: Ids) => Record<string, string>;
};

export type Ids = { enquiryId: string; slotId: string; bookingId: string; typeId: string; adminId: string; manageToken: string; projectId: string; insightId: string };

/** An imported route module's `action`, typed as the fuzzer calls it. */
export const asAction = (fn: unknown) => fn as ActionFn;

/** Control characters of every kind. */
const CONTROLS = ["\u0000", "\u0007", "\t", "\n", "\u000b", "\u000c", "\r", "\r\n", "\u001b", "\u007f", "\u0085", "\u009b", "\u2028", "\u2029",
  "\u202a", "\u202e", "\u2066", "\u2069", "\u200b", "\ufeff"];

/** Ordinary text with control characters laced through it, e.g. a name with a lone CR. */
const controlLaced: fc.Arbitrary<string> = fc
  .array(fc.oneof(fc.constantFrom(...CONTROLS), fc.string({ minLength: 1, maxLength: 8 }), fc.constantFrom("Ada Lovelace", "ada@example.com", "SUMMARY:Fake")), { minLength: 1, maxLength: 8 })
  .map((parts) => parts.join(""));

/** Host headers a client may send: well-formed ones and malformed ones (a space, an unclosed `[`, a port out of range, a list, a path, user info, a NUL). */
const hostHeader: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom("localhost:3000", "bad host", "[::", "evil.example:99999", "evil.example", "[::1]:3000", "127.0.0.1:3000",
    "localhost:3000, evil.example", "a/b", "x@evil.example", "localhost:0", "", " ", "LOCALHOST:3000", "xn--80ak6aa92e.example", "localhost:3000\u0000") },
  { weight: 1, arbitrary: fc.domain() },
  { weight: 1, arbitrary: fc.string({ maxLength: 30 }) },
);

/** Query strings on the action's URL: parameters routes read, tracking junk, encoded junk. */
const queryString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom("index", "preview=x", "utm_source=a&utm_campaign=b&fbclid=c", "redirectTo=//evil.example", "redirectTo=https://evil.example/",
    "returnTo=/\\evil.example", "token=abc", "week=9999-99-99", "intent=delete", "%00=%ff", "a=1&a=2&a[]=3", "_data=root", "q=".concat("x".repeat(5000))) },
  { weight: 2, arbitrary: fc.webQueryParameters() },
  { weight: 1, arbitrary: fc.string({ maxLength: 40 }).map(encodeURIComponent) },
);

/** Values meant to break parsers and validators. */
const nastyString: fc.Arbitrary<string> = fc.oneof(
  { weight: 12, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 6, arbitrary: fc.string({ unit: "grapheme", maxLength: 40 }) },
  { weight: 6, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  { weight: 9, arbitrary: fc.constantFrom(
    "", " ", "\u0000", "\u0000\u0001\u001f\u007f", "\r\n\r\n", "\u202e\u2066evil", "\ud800", "\udfff\ud800", "𝓗𝓮𝓵𝓵𝓸",
    "ｆｕｌｌｗｉｄｔｈ", "e\u0301\u0301\u0301", "💥".repeat(200), "<script>alert(1)</script>", "' or 1=1 --", "%00", "../../etc/passwd",
    "NaN", "-1", "0", "1e309", "9".repeat(40), "0x10", "true", "null", "undefined", "[object Object]", "2025-02-30", "24:61",
    "9999-12-31", "1900-01-01", "00:00", "23:59", "a@b", "a@example.com", "https://example.com", "javascript:alert(1)",
    "super_admin", "admin", "editor", "pending", "confirmed", "cancelled", "new", "spam", "high",
    "Ada\rSUMMARY:Fake", "Ada\r\nLOCATION:https://phish.example", "Ann\u0085Lee", "a\u2028b\u2029c", "\u202eevil\u202c", "\u2066x\u2069",
    "tab\tname", "bell\u0007", "\u001b[31mred", "\u009b1m", "x\u000b\u000cy", "line\nbreak",
  ) },
  { weight: 6, arbitrary: controlLaced },
  { weight: 6, arbitrary: fc.integer().map(String) },
  { weight: 3, arbitrary: fc.double().map(String) },
  { weight: 6, arbitrary: fc.uuid() },
  { weight: 3, arbitrary: fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)) },
  { weight: 1, arbitrary: fc.constant("x".repeat(1 << 20)) },
  { weight: 1, arbitrary: fc.constant("é".repeat(40_000)) },
);

type Value = string | { id: keyof Ids } | { file: string };
type Submission = {
  entries: [string, Value][];
  intent: Value | null;
  encoding: "urlencoded" | "multipart" | "json" | "text" | "none" | "multipart-no-boundary" | "multipart-garbage" | "bad-header";
  foreign: boolean;
  /** The Host header sent, or null for the test origin's own. */
  host: string | null;
  /** A query string on the action's URL (without `?`), or null. */
  query: string | null;
  /** Start from the target's valid submission; `entries` then replace its fields or add to them. */
  fromValid: boolean;
};

function submission(target: Target): fc.Arbitrary<Submission> {
  const idRef = fc.constantFrom<keyof Ids>("enquiryId", "slotId", "bookingId", "typeId", "adminId", "manageToken", "projectId", "insightId").map((id) => ({ id }));
  const value: fc.Arbitrary<Value> = fc.oneof(
    { weight: 8, arbitrary: nastyString },
    { weight: 3, arbitrary: idRef },
    { weight: 1, arbitrary: fc.string({ maxLength: 20 }).map((file) => ({ file })) },
  );
  const name = fc.oneof(
    { weight: 5, arbitrary: target.fields.length ? fc.constantFrom(...target.fields) : fc.constant("intent") },
    { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
    { weight: 1, arbitrary: fc.constantFrom("intent", "id", "__proto__", "constructor", "a[]", "a[0]") },
  );
  const intent = fc.option(
    fc.oneof(
      { weight: 4, arbitrary: target.intents.length ? fc.constantFrom(...target.intents) : nastyString },
      { weight: 1, arbitrary: nastyString },
    ),
    { nil: null },
  );
  return fc.record({
    entries: fc.array(fc.tuple(name, value), { maxLength: 14 }),
    intent,
    encoding: fc.constantFrom("urlencoded", "urlencoded", "multipart", "multipart", "json", "text", "none", "multipart-no-boundary", "multipart-garbage", "bad-header"),
    foreign: fc.integer({ min: 0, max: 9 }).map((n) => n === 0),
    host: fc.option(hostHeader, { nil: null, freq: 4 }),
    query: fc.option(queryString, { nil: null, freq: 2 }),
    fromValid: target.valid ? fc.integer({ min: 0, max: 2 }).map((n) => n === 0) : fc.constant(false),
  });
}

/** Builds the HTTP request of a submission, as a browser or a script would send it. */
async function toRequest(target: Target, ids: Ids, s: Submission, cookie: string | null): Promise<{ request: Request; contentLength: string }> {
  const resolve = (v: Value): string | Blob => (typeof v === "string" ? v : "id" in v ? ids[v.id] : new Blob([v.file], { type: "application/octet-stream" }));
  let entries: [string, string | Blob][] = s.entries.map(([k, v]) => [k, resolve(v)]);
  if (s.fromValid && target.valid) {
    const form = new Map<string, string | Blob>(Object.entries(target.valid(ids)));
    for (const [k, v] of entries) form.set(k, v);
    entries = [...form];
  } else if (s.intent !== null) entries.unshift(["intent", resolve(s.intent)]);
  const headers = new Headers({ origin: s.foreign ? "https://evil.example" : TEST_ORIGIN });
  if (cookie) headers.set("cookie", cookie);
  let body: BodyInit | null;
  const text = () => entries.map(([k, v]) => [k, typeof v === "string" ? v : "file"]);
  switch (s.encoding) {
    case "urlencoded":
      body = new URLSearchParams(text()).toString();
      headers.set("content-type", "application/x-www-form-urlencoded");
      break;
    case "multipart": {
      const form = new FormData();
      for (const [k, v] of entries) form.append(k, v);
      body = form;
      break;
    }
    case "json":
      body = JSON.stringify(Object.fromEntries(text()));
      headers.set("content-type", "application/json");
      break;
    case "text":
      body = text().map(([k, v]) => `${k}=${v}`).join("\n");
      headers.set("content-type", "text/plain");
      break;
    case "multipart-no-boundary":
      body = new URLSearchParams(text()).toString();
      headers.set("content-type", "multipart/form-data");
      break;
    case "multipart-garbage":
      // A boundary is declared but the body is not multipart.
      body = new URLSearchParams(text()).toString();
      headers.set("content-type", "multipart/form-data; boundary=----fuzz");
      break;
    case "bad-header":
      body = new URLSearchParams(text()).toString();
      headers.set("content-type", "application/x-www-form-urlencoded; charset");
      break;
    default:
      body = new URLSearchParams(text()).toString();
  }
  // The URL React Router's Express adapter would build: the Host header's origin, the query string as sent.
  if (s.host !== null) headers.set("host", s.host);
  const origin = s.host === null ? TEST_ORIGIN : `http://${s.host}`;
  const probe = new Request(`${origin}${target.path(ids)}${s.query === null ? "" : `?${s.query}`}`, { method: "POST", headers, body });
  const bytes = await probe.clone().arrayBuffer();
  return { request: probe, contentLength: String(bytes.byteLength) };
}

/** Rows in the tables a submission may write to. */
async function businessRowCounts(): Promise<string> {
  const result = await db.execute<Record<string, unknown>>(sql`select
    (select count(*) from enquiries) as enquiries,
    (select count(*) from consultation_bookings) as bookings,
    (select count(*) from consultation_availability) as slots,
    (select count(*) from consultation_types) as types,
    (select count(*) from cms_projects) as projects,
    (select coalesce(max(updated_at)::text, '') from cms_projects) as projects_updated,
    (select count(*) from insights) as insights,
    (select coalesce(max(updated_at)::text, '') from insights) as insights_updated,
    (select count(*) from admin_users) as admins,
    (select count(*) from site_settings) as settings,
    (select coalesce(string_agg(token_hash, ','), '') from staff_calendar_feeds) as calendar_feeds`);
  const rows = (result as unknown as { rows?: Record<string, unknown>[] }).rows ?? (result as unknown as Record<string, unknown>[]);
  return JSON.stringify(rows[0]);
}

async function seed(): Promise<{ ids: Ids; cookie: string }> {
  const staff = await createStaffSession("super_admin");
  const [type] = await db.insert(consultationTypes).values({ name: "Initial Consultation", description: "Fuzz", durationMinutes: 30 }).returning();
  const date = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(new Date(Date.now() + 10 * 86_400_000));
  const [slot] = await db.insert(consultationAvailability).values({ date, startTime: "10:00", endTime: "11:00", maxBookings: 3, currentBookings: 1 }).returning();
  const [booking] = await db
    .insert(consultationBookings)
    .values({ availabilityId: slot.id, name: "Ada Lovelace", email: "ada@example.com", consultationType: type.name, consultationTypeId: type.id, status: "confirmed" })
    .returning();
  await db.insert(consultationBookingManageTokens).values({ tokenHash: hashToken(MANAGE_TOKEN), bookingId: booking.id });
  const [enquiry] = await db
    .insert(enquiries)
    .values({ name: "Grace Hopper", email: "grace@example.com", projectType: "General Enquiry", message: "A valid enquiry message." })
    .returning();
  const [project] = await db.insert(cmsProjects).values({ slug: `fuzz-${Date.now()}`, title: "Fuzz project", client: "Fuzz client" }).returning();
  const [insight] = await db.insert(insights).values({ slug: `fuzz-${Date.now()}`, title: "Fuzz post", excerpt: "Fuzz excerpt", authorName: "Fuzz author" }).returning();
  await getSiteSettings();
  return {
    ids: { enquiryId: enquiry.id, slotId: slot.id, bookingId: booking.id, typeId: type.id, adminId: staff.adminId, manageToken: MANAGE_TOKEN, projectId: project.id, insightId: insight.id },
    cookie: staff.cookie,
  };
}

const report: Record<string, Record<string, number>> = {};

/**
 * Registers one test per target, named "<target name>: malformed submissions never answer 5xx and
 * store nothing when refused", and prints the submissions and statuses per action after the file.
 */
export function fuzzActions(targets: Target[]): void {
  afterAll(() => {
    const lines = Object.entries(report).map(([name, statuses]) => {
      const total = Object.values(statuses).reduce((a, b) => a + b, 0);
      const parts = Object.entries(statuses).sort().map(([s, n]) => `${s}: ${n}`).join(", ");
      return `${name.padEnd(40)} ${String(total).padStart(5)}  ${parts}`;
    });
    const total = Object.values(report).flatMap((s) => Object.values(s)).reduce((a, b) => a + b, 0);
    console.log(`\nFuzzed submissions per action (seed ${SEED}; status: count)\n${lines.join("\n")}\n${"total".padEnd(40)} ${String(total).padStart(5)}\n`);
  });

  for (const target of targets) {
    it(`${target.name}: malformed submissions never answer 5xx and store nothing when refused`, async () => {
      const { ids, cookie } = await seed();
      const statuses: Record<string, number> = (report[target.name] = {});
      let clientIp = 0;
      await fc.assert(
        fc.asyncProperty(submission(target), async (s) => {
          const before = await businessRowCounts();
          // The server's gates before React Router, in order: the Host header, then the body rules.
          const badHost = s.host !== null && !hasWellFormedHost({ headers: { host: s.host }, socket: { remoteAddress: "127.0.0.1" } } as never, () => false);
          const { request, contentLength } = badHost ? { request: null, contentLength: "0" } : await toRequest(target, ids, s, target.staff ? cookie : null);
          const refused = request
            ? checkRequestBody("POST", new URL(request.url).pathname, { contentLength, contentType: request.headers.get("content-type") })
            : { status: 400 };
          let status: number;
          if (refused) status = refused.status;
          else {
            clientIp += 1;
            try {
              status = (await outcome(() => target.action({ request: request!, params: target.params?.(ids) ?? {}, context: { clientIp: `198.51.100.${clientIp % 250}` } }))).status;
            } catch (error) {
              statuses["thrown"] = (statuses["thrown"] ?? 0) + 1;
              throw error;
            }
          }
          statuses[status] = (statuses[status] ?? 0) + 1;
          expect(status, `${s.encoding} ${JSON.stringify(s.entries).slice(0, 300)}`).toBeLessThan(500);
          if (status >= 400) expect(await businessRowCounts()).toBe(before);
        }),
        { numRuns: target.staff ? RUNS : PUBLIC_RUNS, seed: SEED, endOnFailure: true },
      );
      await expectInvariants();
    }, FUZZ_TIMEOUT_MS);
  }
}

/** What no stored text may hold: C0 controls but LF and tab, DEL, C1, U+2028/2029, bidi embeddings, overrides and isolates. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const STORED_CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u2028\u2029\u202A-\u202E\u2066-\u2069]/;

/** The database's invariants after fuzzing. */
async function expectInvariants(): Promise<void> {
  const slots = await db.select().from(consultationAvailability);
  const bookings = await db.select().from(consultationBookings);
  for (const slot of slots) {
    const holding = bookings.filter((b) => b.availabilityId === slot.id && PLACE_HOLDING_STATUSES.includes(b.status)).length;
    expect(slot.currentBookings, `slot ${slot.id}`).toBe(holding);
    expect(slot.currentBookings).toBeGreaterThanOrEqual(0);
  }
  for (const b of bookings) {
    const details = BookingDetailsSchema.safeParse(Object.fromEntries(Object.entries(b).map(([k, v]) => [k, v ?? undefined])));
    expect(details.success, `booking ${b.id}: ${JSON.stringify(details.error?.issues?.[0])}`).toBe(true);
  }
  // Stored visitor text holds no control character: LF and tab only in free text.
  for (const row of [...bookings, ...(await db.select().from(enquiries))]) {
    for (const [column, value] of Object.entries(row)) {
      if (typeof value === "string") expect(STORED_CONTROL.test(value), `${column}: ${JSON.stringify(value).slice(0, 120)}`).toBe(false);
    }
  }
  for (const e of await db.select().from(enquiries)) {
    const parsed = EnquirySchema.safeParse({ name: e.name, email: e.email, company: e.company ?? undefined, projectType: e.projectType, message: e.message });
    expect(parsed.success, `enquiry ${e.id}: ${JSON.stringify(parsed.error?.issues?.[0])}`).toBe(true);
  }
  await expect(getSiteSettings()).resolves.toBeTruthy();
  const admins = await db.select().from(adminUsers);
  expect(admins.some((a) => a.role === "super_admin" && a.isActive)).toBe(true);
}
