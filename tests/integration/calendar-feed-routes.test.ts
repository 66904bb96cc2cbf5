/**
 * The account page's calendar feed section (loader and every intent) for no session and each
 * staff role, and the feed route itself: headers, 404s, and never a candidate for the HTML cache.
 */
import { eq } from "drizzle-orm";
import ICAL from "ical.js";
import { beforeEach, describe, expect, it, onTestFinished, vi } from "vitest";
import { db } from "~/db/client.server";
import { adminUsers, auditLog, staffCalendarFeeds } from "~/db/schema";
import { HOUR_MS, LIMITS } from "~/features/abuse/limits.server";
import type { CalendarFeedResult } from "~/features/consultations/bookings/components/calendar-feed-card";
import * as account from "~/routes/admin/account";
import * as feed from "~/routes/resources/calendar-feed";
import { cacheTarget } from "../../server/cache-target";
import { createStaffSession, outcome, TEST_ORIGIN, type StaffSession } from "../setup/admin-session";
import { setupTestDatabase } from "../setup/database";

setupTestDatabase();

const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: { clientIp: "127.0.0.1" } }) as never;
const post = (who: StaffSession | null, intent: string, origin = TEST_ORIGIN) =>
  new Request(`${TEST_ORIGIN}/admin/account`, {
    method: "POST",
    headers: { origin, "content-type": "application/x-www-form-urlencoded", ...(who ? { cookie: who.cookie } : {}) },
    body: new URLSearchParams({ intent }).toString(),
  });
const body = (o: { value?: unknown }) => {
  const v = o.value as { type?: string; data?: unknown };
  return (v?.type === "DataWithResponseInit" ? v.data : v) as CalendarFeedResult;
};
const fetchFeed = async (path: string) => {
  const token = path.split("/").pop()!;
  return (await feed.loader(args(new Request(`${TEST_ORIGIN}${path}`), { token }))) as Response;
};

describe.each(["editor", "admin", "super_admin"] as const)("as %s", (role) => {
  let me: StaffSession;
  beforeEach(async () => {
    me = await createStaffSession(role);
  });

  it("turns the feed on (address shown once), regenerates it and turns it off; the feed follows", async () => {
    const page = await outcome(() => account.loader(args(me.request("/admin/account"))));
    expect(page.status).toBe(200);
    expect(page.value).toMatchObject({ feed: { on: false }, personal: role !== "editor", admin: { email: me.email, role } });

    const on = await outcome(() => account.action(args(post(me, "turn-on"))));
    expect(on.status).toBe(200);
    const first = body(on);
    expect(first).toMatchObject({ ok: true, intent: "turn-on", message: "Calendar feed turned on" });
    const url = new URL((first as { url: string }).url);
    expect(url.pathname).toMatch(/^\/admin\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    const after = await outcome(() => account.loader(args(me.request("/admin/account"))));
    expect(after.value).toMatchObject({ feed: { on: true, lastFetchedAt: null } });
    expect(JSON.stringify(after.value)).not.toContain(url.pathname.split("/").pop()!.replace(".ics", ""));

    const ok = await fetchFeed(url.pathname);
    expect(ok.status).toBe(200);
    expect(ok.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(ok.headers.get("cache-control")).toBe("no-store");
    expect(ok.headers.get("x-robots-tag")).toMatch(/noindex/);
    expect(new ICAL.Component(ICAL.parse(await ok.text())).name).toBe("vcalendar");

    expect((await outcome(() => account.action(args(post(me, "turn-on"))))).status).toBe(409);
    const again = await outcome(() => account.action(args(post(me, "regenerate"))));
    const second = new URL((body(again) as { url: string }).url);
    expect((await fetchFeed(url.pathname)).status).toBe(404);
    expect((await fetchFeed(second.pathname)).status).toBe(200);

    expect(body(await outcome(() => account.action(args(post(me, "turn-off")))))).toMatchObject({ ok: true, message: "Calendar feed turned off" });
    expect((await fetchFeed(second.pathname)).status).toBe(404);
    expect((await outcome(() => account.action(args(post(me, "turn-off"))))).status).toBe(409);
    const entries = await db.select().from(auditLog).where(eq(auditLog.actorEmail, me.email));
    expect(entries.map((e) => e.action).sort()).toEqual(["calendar_feed.regenerated", "calendar_feed.turned_off", "calendar_feed.turned_on"]);
  });

  it("refuses an unknown intent (400) and a post from another site (403), changing nothing", async () => {
    expect((await outcome(() => account.action(args(post(me, "delete-everything"))))).status).toBe(400);
    expect((await outcome(() => account.action(args(post(me, "turn-on", "https://evil.example"))))).status).toBe(403);
    expect(await db.select().from(staffCalendarFeeds)).toHaveLength(0);
  });
});

describe("without a session or an active account", () => {
  it("the account page and its actions send anonymous visitors to the login page", async () => {
    const page = await outcome(() => account.loader(args(new Request(`${TEST_ORIGIN}/admin/account`))));
    expect(page).toMatchObject({ status: 302, location: "/admin/login?redirectTo=%2Fadmin%2Faccount" });
    expect((await outcome(() => account.action(args(post(null, "turn-on"))))).status).toBe(302);
    expect(await db.select().from(staffCalendarFeeds)).toHaveLength(0);
  });

  it("a wrong token and a deactivated account's feed answer the same plain 404; too many fetches 429; never cached", async () => {
    // The limit counts in clock-hour windows: the clock is held ten minutes into the next hour so
    // every fetch of this test falls in one window, however slowly the machine runs it.
    vi.useFakeTimers({ toFake: ["Date"], now: (Math.floor(Date.now() / HOUR_MS) + 1) * HOUR_MS + 10 * 60_000 });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const me = await createStaffSession("admin");
    const on = body(await outcome(() => account.action(args(post(me, "turn-on")))));
    const path = new URL((on as { url: string }).url).pathname;
    expect((await fetchFeed(path.replace(/\.ics$/, ""))).status).toBe(200); // with or without ".ics"

    const wrong = await fetchFeed("/admin/calendar/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.ics");
    await db.update(adminUsers).set({ isActive: false }).where(eq(adminUsers.id, me.adminId));
    const deactivated = await fetchFeed(path);
    for (const r of [wrong, deactivated]) {
      expect(r.status).toBe(404);
      expect(await r.text()).toBe("Not found\n");
      expect(r.headers.get("cache-control")).toBe("no-store");
      expect(r.headers.get("x-robots-tag")).toMatch(/noindex/);
    }
    // Fetched too often in the hour: 429 with Retry-After, still private.
    await db.update(adminUsers).set({ isActive: true }).where(eq(adminUsers.id, me.adminId));
    for (let i = 1; i < LIMITS.calendarFeed.max; i++) expect((await fetchFeed(path)).status).toBe(200);
    const limited = await fetchFeed(path);
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe("600");
    expect(limited.headers.get("cache-control")).toBe("no-store");
    expect(await limited.text()).toBe("Too many requests for this calendar feed. Try again later.\n");

    // The HTML cache never even looks a feed address up.
    expect(cacheTarget("build", { method: "GET", url: path, headers: {} })).toBeNull();
  });
});
