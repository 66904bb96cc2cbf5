/**
 * The admin enquiries routes (loader, action, CSV export) against every kind of visitor: no
 * session, an editor, an admin and a super admin, each with a real better-auth session cookie.
 */
import { parse } from "csv-parse/sync";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { auditLog, enquiries, user } from "~/db/schema";
import { createStaffAccount } from "~/features/auth/accounts.server";
import { signInWithPassword } from "~/features/auth/sign-in.server";
import type { AdminRole } from "~/features/auth/roles";
import * as exportRoute from "~/routes/admin/enquiries-export";
import * as enquiriesRoute from "~/routes/admin/enquiries";
import { setupTestDatabase } from "../setup/database";

setupTestDatabase();

const ORIGIN = "http://localhost:3000";
const PASSWORD = "correct-horse-battery-staple";
let ip = 0;

/** Creates a member of staff with `role` and returns the Cookie header of a real session. */
async function sessionCookie(role: AdminRole): Promise<string> {
  const email = `${role}-${ip}@example.com`;
  await createStaffAccount(db, { email, name: `Test ${role}`, role, password: PASSWORD });
  ip += 1;
  const result = await signInWithPassword({ email, password: PASSWORD, clientIp: `10.0.0.${ip}` });
  if (!result.ok) throw new Error(`sign-in failed: ${result.status} ${result.message}`);
  return result.setCookie.map((c) => c.split(";")[0]).join("; ");
}

type Who = "anonymous" | AdminRole;
const WHO: Who[] = ["anonymous", "editor", "admin", "super_admin"];

async function cookieFor(who: Who): Promise<string | null> {
  return who === "anonymous" ? null : sessionCookie(who);
}

function get(path: string, cookie: string | null): Request {
  return new Request(`${ORIGIN}${path}`, { headers: cookie ? { cookie } : {} });
}

function post(path: string, cookie: string | null, fields: Record<string, string>, origin = ORIGIN): Request {
  const headers: Record<string, string> = { origin, "content-type": "application/x-www-form-urlencoded" };
  if (cookie) headers.cookie = cookie;
  return new Request(`${ORIGIN}${path}`, { method: "POST", headers, body: new URLSearchParams(fields).toString() });
}

type Outcome = { status: number; location?: string | null; body?: unknown };

/** Runs a loader or action and reports its HTTP outcome, thrown redirects and 403s included. */
async function run(fn: () => Promise<unknown>): Promise<Outcome> {
  let value: unknown;
  try {
    value = await fn();
  } catch (thrown) {
    value = thrown;
  }
  if (value instanceof Response) return { status: value.status, location: value.headers.get("location"), body: value };
  const maybe = value as { type?: string; data?: unknown; init?: { status?: number } | null };
  if (maybe && maybe.type === "DataWithResponseInit") return { status: maybe.init?.status ?? 200, body: maybe.data };
  return { status: 200, body: value };
}

const args = (request: Request) => ({ request, params: {}, context: {} }) as never;

async function addEnquiry(values: Partial<typeof enquiries.$inferInsert> = {}) {
  const [row] = await db
    .insert(enquiries)
    .values({ name: "Ada Client", email: "ada@client.example", projectType: "General Enquiry", message: "Hello", ...values })
    .returning();
  return row!;
}

const allowed = (who: Who) => who === "admin" || who === "super_admin";

describe.each(WHO)("as %s", (who) => {
  let cookie: string | null;
  beforeEach(async () => {
    cookie = await cookieFor(who);
  });

  it("the list loader", async () => {
    await addEnquiry({ name: "Visible Person" });
    await addEnquiry({ name: "Spammy", spamReason: "honeypot" });
    const outcome = await run(() => enquiriesRoute.loader(args(get("/admin/enquiries?q=visible", cookie))));
    if (who === "anonymous") {
      expect(outcome.status).toBe(302);
      expect(outcome.location).toBe("/admin/login?redirectTo=%2Fadmin%2Fenquiries%3Fq%3Dvisible");
    } else if (!allowed(who)) {
      expect(outcome.status).toBe(403);
    } else {
      expect(outcome.status).toBe(200);
      const body = outcome.body as Awaited<ReturnType<typeof enquiriesRoute.loader>>;
      expect(body.page.items.map((e) => e.name)).toEqual(["Visible Person"]);
      expect(body.page.total).toBe(1);
      expect(body.spamCount).toBe(1);
      expect(body.filters.q).toBe("visible");
    }
  });

  it("the update, not-spam and delete actions", async () => {
    const e = await addEnquiry();
    const spam = await addEnquiry({ spamReason: "too fast" });
    const update = await run(() =>
      enquiriesRoute.action(args(post("/admin/enquiries", cookie, { intent: "update", id: e.id, status: "responded" }))),
    );
    const notSpam = await run(() =>
      enquiriesRoute.action(args(post("/admin/enquiries", cookie, { intent: "not-spam", id: spam.id }))),
    );
    const del = await run(() => enquiriesRoute.action(args(post("/admin/enquiries", cookie, { intent: "delete", id: e.id }))));
    const rows = await db.select().from(enquiries);
    if (!allowed(who)) {
      for (const o of [update, notSpam, del]) expect(o.status).toBe(who === "anonymous" ? 302 : 403);
      expect(rows).toHaveLength(2);
      expect(rows.find((r) => r.id === e.id)?.status).toBe("new");
      expect(rows.find((r) => r.id === spam.id)?.spamReason).toBe("too fast");
      expect(await db.select().from(auditLog)).toHaveLength(0);
    } else {
      expect(update).toMatchObject({ status: 200, body: { ok: true, intent: "update" } });
      expect(notSpam).toMatchObject({ status: 200, body: { ok: true, intent: "not-spam" } });
      expect(del).toMatchObject({ status: 200, body: { ok: true, intent: "delete" } });
      expect(rows.map((r) => [r.id, r.spamReason])).toEqual([[spam.id, null]]);
      const actions = (await db.select().from(auditLog)).map((a) => a.action).sort();
      expect(actions).toEqual(["enquiry.deleted", "enquiry.marked_not_spam", "enquiry.updated"]);
    }
  });

  it("the CSV export", async () => {
    await addEnquiry({ name: "=cmd|' /C calc'!A0", company: "Acme, \"Quoted\" Ltd" });
    const outcome = await run(() => exportRoute.loader(args(get("/admin/enquiries/export?priority=medium", cookie))));
    if (who === "anonymous") {
      expect(outcome.status).toBe(302);
      expect(outcome.location).toMatch(/^\/admin\/login/);
    } else if (!allowed(who)) {
      expect(outcome.status).toBe(403);
    } else {
      const response = outcome.body as Response;
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
      expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="enquiries-\d{4}-\d{2}-\d{2}\.csv"$/);
      const rows = parse(await response.text(), { bom: true }) as string[][];
      expect(rows).toHaveLength(2);
      expect(rows[1]!.slice(1, 4)).toEqual(["'=cmd|' /C calc'!A0", "ada@client.example", 'Acme, "Quoted" Ltd']);
    }
  });
});

describe("the CSV export's owner filter", () => {
  it("Mine exports the signed-in member's enquiries, Unassigned those nobody owns", async () => {
    const cookie = await sessionCookie("admin");
    const [me] = await db.select({ id: user.id }).from(user).where(eq(user.email, `admin-${ip - 1}@example.com`));
    await addEnquiry({ name: "Mine Client", assignedTo: me!.id });
    await addEnquiry({ name: "Nobody's Client" });
    const names = async (owner: string) => {
      const outcome = await run(() => exportRoute.loader(args(get(`/admin/enquiries/export?owner=${owner}`, cookie))));
      const rows = parse(await (outcome.body as Response).text(), { bom: true }) as string[][];
      return rows.slice(1).map((r) => r[1]);
    };
    expect(await names("mine")).toEqual(["Mine Client"]);
    expect(await names("none")).toEqual(["Nobody's Client"]);
  });
});

describe("the action's input checks (as an admin)", () => {
  let cookie: string;
  beforeEach(async () => {
    cookie = await sessionCookie("admin");
  });

  it("refuses a foreign Origin and changes nothing", async () => {
    const e = await addEnquiry();
    const outcome = await run(() =>
      enquiriesRoute.action(
        args(post("/admin/enquiries", cookie, { intent: "update", id: e.id, status: "closed" }, "https://evil.example")),
      ),
    );
    expect(outcome.status).toBe(403);
    const [row] = await db.select().from(enquiries).where(eq(enquiries.id, e.id));
    expect(row?.status).toBe("new");
  });

  it("answers 400 for an invalid status and 404 for an unknown enquiry", async () => {
    const e = await addEnquiry();
    const bad = await run(() =>
      enquiriesRoute.action(args(post("/admin/enquiries", cookie, { intent: "update", id: e.id, status: "archived" }))),
    );
    expect(bad).toMatchObject({ status: 400, body: { ok: false, message: "Choose a valid status." } });
    const empty = await run(() => enquiriesRoute.action(args(post("/admin/enquiries", cookie, { intent: "update", id: e.id }))));
    expect(empty).toMatchObject({ status: 400, body: { ok: false, message: "Nothing to update." } });
    const badIntent = await run(() => enquiriesRoute.action(args(post("/admin/enquiries", cookie, { intent: "explode", id: e.id }))));
    expect(badIntent.status).toBe(400);
    const missing = await run(() =>
      enquiriesRoute.action(
        args(post("/admin/enquiries", cookie, { intent: "update", id: "00000000-0000-4000-8000-000000000000", priority: "high" })),
      ),
    );
    expect(missing).toMatchObject({ status: 404, body: { ok: false, message: "This enquiry no longer exists." } });
    const [row] = await db.select().from(enquiries).where(eq(enquiries.id, e.id));
    expect(row?.status).toBe("new");
    expect(await db.select().from(auditLog)).toHaveLength(0);
  });

  it("saves internal notes and the type, and loads the enquiry named by ?id=", async () => {
    const e = await addEnquiry();
    const saved = await run(() =>
      enquiriesRoute.action(
        args(post("/admin/enquiries", cookie, { intent: "update", id: e.id, internalNotes: "  Rang back  ", projectType: "Careers" })),
      ),
    );
    expect(saved).toMatchObject({ status: 200, body: { ok: true, message: "Notes saved" } });
    const outcome = await run(() => enquiriesRoute.loader(args(get(`/admin/enquiries?id=${e.id}`, cookie))));
    const body = outcome.body as Awaited<ReturnType<typeof enquiriesRoute.loader>>;
    expect(body.selected).toMatchObject({ id: e.id, internalNotes: "Rang back", projectType: "Careers" });
  });
});
