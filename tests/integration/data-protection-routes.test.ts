/**
 * The Data protection routes as every kind of visitor, with real better-auth sessions:
 * no session, an editor (403 everywhere), an admin (search, export, erase; retention read-only)
 * and a super admin (everything). Every loader and action checks the role itself.
 */
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { auditLog, enquiries, siteSettings } from "~/db/schema";
import type { AdminRole } from "~/features/auth/roles";
import { ERASED } from "~/features/data-protection/anonymise.server";
import { addEnquiry } from "~/features/data-protection/test-factories";
import * as exportRoute from "~/routes/admin/data-protection-export";
import * as screenRoute from "~/routes/admin/data-protection";
import { setupTestDatabase } from "../setup/database";
import { createStaffSession, outcome, TEST_ORIGIN } from "../setup/admin-session";

setupTestDatabase();

type Who = "anonymous" | AdminRole;
const args = (request: Request) => ({ request, params: {}, context: {} }) as never;
const manager = (who: Who) => who === "admin" || who === "super_admin";

describe.each(["anonymous", "editor", "admin", "super_admin"] as Who[])("as %s", (who) => {
  let request: (path: string, init?: RequestInit) => Request;
  beforeEach(async () => {
    if (who === "anonymous") {
      request = (path, init = {}) => new Request(`${TEST_ORIGIN}${path}`, { ...init, headers: { ...init.headers, origin: TEST_ORIGIN } });
    } else {
      request = (await createStaffSession(who)).request;
    }
  });
  const post = (path: string, fields: Record<string, string>) =>
    request(path, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(fields).toString() });
  const expectRefused = (o: { status: number; location: string | null }) => {
    if (who === "anonymous") {
      expect(o.status).toBe(302);
      expect(o.location).toMatch(/^\/admin\/login/);
    } else expect(o.status).toBe(403);
  };

  it("the screen's loader", async () => {
    const o = await outcome(() => screenRoute.loader(args(request("/admin/data-protection"))));
    if (!manager(who)) return expectRefused(o);
    expect(o.status).toBe(200);
    expect(o.value).toMatchObject({
      retention: { spamDays: 30, recordsMonths: 24, emailBodyDays: 90, analyticsRawDays: 30, analyticsMonths: 25, waitingListDays: 30 },
      lastRun: null,
      canEditRetention: who === "super_admin",
    });
  });

  it("search", async () => {
    await addEnquiry({ email: "Ada@Client.Example" });
    const o = await outcome(() => screenRoute.action(args(post("/admin/data-protection", { intent: "search", email: "ada@client.example" }))));
    if (!manager(who)) return expectRefused(o);
    expect(o.status).toBe(200);
    const body = (o.value as { data: { summary: { enquiries: unknown[]; preview: { enquiries: number } } } }).data;
    expect(body.summary.enquiries).toHaveLength(1);
    expect(body.summary.preview.enquiries).toBe(1);

    const bad = await outcome(() => screenRoute.action(args(post("/admin/data-protection", { intent: "search", email: "not an address" }))));
    expect(bad.status).toBe(400);
  });

  it("erase", async () => {
    const e = await addEnquiry({ email: "ada@client.example" });
    const o = await outcome(() =>
      screenRoute.action(args(post("/admin/data-protection", { intent: "erase", email: "ada@client.example", expectedFutureBookings: "0" }))),
    );
    const [row] = await db.select().from(enquiries).where(eq(enquiries.id, e.id));
    if (!manager(who)) {
      expectRefused(o);
      expect(row!.name).toBe("Ada Lovelace");
      expect(await db.select().from(auditLog)).toHaveLength(0);
      return;
    }
    expect(o.status).toBe(200);
    expect(row).toMatchObject({ name: ERASED, email: ERASED });
    const again = await outcome(() =>
      screenRoute.action(args(post("/admin/data-protection", { intent: "erase", email: "ada@client.example", expectedFutureBookings: "0" }))),
    );
    expect(again.status).toBe(404);
  });

  it("retention periods: super admins only", async () => {
    const o = await outcome(() =>
      screenRoute.action(args(post("/admin/data-protection", { intent: "retention", spamDays: "14", recordsMonths: "24", emailBodyDays: "90", analyticsRawDays: "30", analyticsMonths: "25", waitingListDays: "30" }))),
    );
    const rows = await db.select().from(siteSettings);
    if (who !== "super_admin") {
      expectRefused(o);
      expect(rows).toHaveLength(0);
      return;
    }
    expect(o.status).toBe(200);
    expect(rows[0]).toMatchObject({ retentionSpamDays: 14 });
    const bad = await outcome(() =>
      screenRoute.action(args(post("/admin/data-protection", { intent: "retention", spamDays: "0", recordsMonths: "24", emailBodyDays: "90", analyticsRawDays: "30", analyticsMonths: "25", waitingListDays: "30" }))),
    );
    expect(bad.status).toBe(400);
  });

  it("the export download", async () => {
    await addEnquiry({ email: "ada@client.example", message: "=1+1" });
    const o = await outcome(() =>
      exportRoute.action(args(post("/admin/data-protection/export", { email: "ada@client.example", format: "csv", kind: "enquiries" }))),
    );
    const get = await outcome(() => exportRoute.loader(args(request("/admin/data-protection/export"))));
    if (!manager(who)) {
      expectRefused(o);
      expectRefused(get);
      expect(await db.select().from(auditLog)).toHaveLength(0);
      return;
    }
    expect(get).toMatchObject({ status: 302, location: "/admin/data-protection" });
    const response = o.value as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="subject-access-enquiries-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(await response.text()).toContain("'=1+1");
    const [entry] = await db.select().from(auditLog);
    expect(entry).toMatchObject({ action: "data_subject.exported", details: { email: "ada@client.example", format: "csv", kind: "enquiries" } });

    const json = await outcome(() => exportRoute.action(args(post("/admin/data-protection/export", { email: "ADA@client.example", format: "json" }))));
    const parsed = JSON.parse(await (json.value as Response).text());
    expect(parsed.enquiries).toHaveLength(1);
    const bad = await outcome(() => exportRoute.action(args(post("/admin/data-protection/export", { email: "ada@client.example", format: "pdf" }))));
    expect(bad.status).toBe(400);
  });
});

it("refuses a change posted from another site", async () => {
  const admin = await createStaffSession("super_admin");
  const o = await outcome(() =>
    screenRoute.action(
      args(
        admin.request("/admin/data-protection", {
          method: "POST",
          headers: { origin: "https://evil.example", "content-type": "application/x-www-form-urlencoded" },
          body: "intent=retention&spamDays=1&recordsMonths=1&emailBodyDays=1&analyticsRawDays=1&analyticsMonths=1&waitingListDays=1",
        }),
      ),
    ),
  );
  expect(o.status).toBe(403);
  expect(await db.select().from(siteSettings)).toHaveLength(0);
});
