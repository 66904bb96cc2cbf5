/**
 * The staff calendar subscription: the feed's token check (valid, wrong, revoked,
 * replaced, deactivated account) and what the feed lists, parsed with ical.js. PGlite and PostgreSQL.
 */
import { eq } from "drizzle-orm";
import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { adminUsers, auditLog, consultationAvailability, consultationBookings, staffCalendarFeeds } from "~/db/schema";
import { LIMITS } from "~/features/abuse/limits.server";
import { createStaffAccount } from "~/features/auth/accounts.server";
import type { AdminRole } from "~/features/auth/roles";
import { setupTestDatabase } from "../../../../tests/setup/database";
import { hashToken } from "../core/index.server";
import { FEED_HORIZON_DAYS, getCalendarFeedState, issueCalendarFeed, renderCalendarFeed, turnOffCalendarFeed } from "./calendar-feed.server";
import { addDays, londonToday } from "~/utils/time";

setupTestDatabase();

let n = 0;
async function staff(role: AdminRole = "admin") {
  n += 1;
  const email = `feed-${role}-${n}@staff.test`;
  const { adminId, userId } = await createStaffAccount(db, { email, name: `Feed ${role}`, role, password: "test-password-123" });
  return { id: adminId, email, actor: { userId, email } };
}

/** The raw token of a feed address `…/admin/calendar/{token}.ics`. */
const tokenOf = (url: string) => /\/admin\/calendar\/([A-Za-z0-9_-]+)\.ics$/.exec(url)![1]!;

async function turnOn(who: Awaited<ReturnType<typeof staff>>) {
  const issued = await issueCalendarFeed(who.actor, who, { replace: false });
  if (!issued.ok) throw new Error(issued.reason);
  return tokenOf(issued.url);
}

const today = () => londonToday(new Date());

/** The feed's text, or null when it answers anything but 200. */
const feedText = async (token: string, now?: Date) => {
  const answer = await renderCalendarFeed(token, now);
  return answer.status === 200 ? answer.ics : null;
};

async function booking(dayOffset: number, values: Partial<typeof consultationBookings.$inferInsert> = {}, start = "10:00") {
  const [slot] = await db
    .insert(consultationAvailability)
    .values({ date: addDays(today(), dayOffset), startTime: start, endTime: `${String(Number(start.slice(0, 2)) + 1).padStart(2, "0")}:00`, maxBookings: 3, currentBookings: 1 })
    .returning();
  const [row] = await db
    .insert(consultationBookings)
    .values({
      availabilityId: slot!.id,
      name: "Ada Client",
      email: "ada@client.example",
      companyName: "Analytical Engines Ltd",
      consultationType: "Structural Review",
      durationMinutes: 45,
      ...values,
    })
    .returning();
  return row!;
}

const events = (ics: string) => new ICAL.Component(ICAL.parse(ics)).getAllSubcomponents("vevent");
const byUid = (ics: string) => new Map(events(ics).map((e) => [String(e.getFirstPropertyValue("uid")), e]));

describe("the calendar feed's token", () => {
  it("is random, stored only as its SHA-256, shown once, and answers only while it is the current one", async () => {
    const admin = await staff();
    const token = await turnOn(admin);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 bits
    const [row] = await db.select().from(staffCalendarFeeds).where(eq(staffCalendarFeeds.adminUserId, admin.id));
    expect(row!.tokenHash).toBe(hashToken(token));
    expect(JSON.stringify(row)).not.toContain(token);

    expect(await feedText(token)).toContain("BEGIN:VCALENDAR");
    expect(await feedText(`${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`)).toBeNull();
    expect(await feedText("")).toBeNull();
    expect(await feedText("x".repeat(5000))).toBeNull();

    // Turning it on again is refused; regenerating replaces it: the old token stops at once.
    expect(await issueCalendarFeed(admin.actor, admin, { replace: false })).toEqual({ ok: false, reason: "already_on" });
    const regenerated = await issueCalendarFeed(admin.actor, admin, { replace: true });
    const fresh = tokenOf(regenerated.ok ? regenerated.url : "");
    expect(fresh).not.toBe(token);
    expect(await feedText(token)).toBeNull();
    expect(await feedText(fresh)).toContain("BEGIN:VCALENDAR");

    // Turned off (revoked): 404 for good; a second turn-off changes nothing.
    expect(await turnOffCalendarFeed(admin.actor, admin)).toBe(true);
    expect(await feedText(fresh)).toBeNull();
    expect(await turnOffCalendarFeed(admin.actor, admin)).toBe(false);
    expect(await getCalendarFeedState(admin.id)).toEqual({ on: false });
    expect(await issueCalendarFeed(admin.actor, admin, { replace: true })).toEqual({ ok: false, reason: "not_on" });

    const audit = await db.select().from(auditLog).where(eq(auditLog.entityId, admin.id)).orderBy(auditLog.id);
    expect(audit.map((a) => a.action)).toEqual(["calendar_feed.turned_on", "calendar_feed.regenerated", "calendar_feed.turned_off"]);
    expect(JSON.stringify(audit)).not.toContain(fresh);
  });

  it("stops at once when the account is deactivated, and records when a calendar fetched it", async () => {
    const admin = await staff();
    const other = await staff();
    const token = await turnOn(admin);
    const otherToken = await turnOn(other);
    expect(await getCalendarFeedState(admin.id)).toMatchObject({ on: true, lastFetchedAt: null });
    const at = new Date();
    expect(await feedText(token, at)).not.toBeNull();
    expect(await getCalendarFeedState(admin.id)).toMatchObject({ on: true, lastFetchedAt: at.toISOString() });

    await db.update(adminUsers).set({ isActive: false }).where(eq(adminUsers.id, admin.id));
    expect(await feedText(token)).toBeNull();
    expect(await feedText(otherToken)).not.toBeNull();
    await db.update(adminUsers).set({ isActive: true }).where(eq(adminUsers.id, admin.id));
    expect(await feedText(token)).not.toBeNull();
  });
});

describe("the calendar feed's fetch limit", () => {
  it(`answers 429 past ${LIMITS.calendarFeed.max} fetches of one feed in the hour; other feeds and the next hour are not held back`, async () => {
    const admin = await staff();
    const other = await staff();
    const token = await turnOn(admin);
    const otherToken = await turnOn(other);
    const at = new Date("2030-01-07T10:00:00Z");
    for (let i = 0; i < LIMITS.calendarFeed.max; i++) expect((await renderCalendarFeed(token, at)).status).toBe(200);
    expect(await renderCalendarFeed(token, at)).toEqual({ status: 429 });
    expect((await renderCalendarFeed(otherToken, at)).status).toBe(200);
    expect((await renderCalendarFeed(token, new Date(at.getTime() + 60 * 60_000))).status).toBe(200);
    // A wrong token is a 404 however often it is tried (nothing to count it against).
    expect(await renderCalendarFeed("A".repeat(43), at)).toEqual({ status: 404 });
  });
});

describe("what the calendar feed lists", () => {
  it("upcoming bookings holding a place, pending as TENTATIVE and confirmed as CONFIRMED, with the invitation's UID", async () => {
    const admin = await staff("admin");
    const token = await turnOn(admin);
    const pending = await booking(3);
    const confirmed = await booking(4, { status: "confirmed", meetingLink: "https://meet.example.com/abc", icsSequence: 2, name: "Grace Hopper", companyName: null });
    const cancelled = await booking(5, { status: "cancelled" });
    const moved = await booking(5, { status: "rescheduled" }, "12:00");
    const past = await booking(-2, { status: "confirmed" });
    const tooFar = await booking(FEED_HORIZON_DAYS + 2, { status: "confirmed" });
    const legacy = await booking(6, { durationMinutes: null }, "14:00"); // row older than the stored duration

    const ics = (await feedText(token))!;
    const cal = new ICAL.Component(ICAL.parse(ics));
    expect(cal.getFirstPropertyValue("method")).toBe("PUBLISH");
    expect(cal.getFirstPropertyValue("x-wr-calname")).toBe("Meridian Engineering consultations");
    const listed = byUid(ics);
    expect([...listed.keys()].sort()).toEqual([pending.id, confirmed.id, legacy.id].map((id) => `booking-${id}@localhost`).sort());
    for (const gone of [cancelled, moved, past, tooFar]) expect(ics).not.toContain(gone.id);

    const p = listed.get(`booking-${pending.id}@localhost`)!;
    expect(p.getFirstPropertyValue("status")).toBe("TENTATIVE");
    expect(p.getFirstPropertyValue("summary")).toBe("Structural Review: Ada Client, Analytical Engines Ltd");
    expect(String(p.getFirstPropertyValue("url"))).toBe(`http://localhost:3000/admin/consultations?booking=${pending.id}`);
    expect(String(p.getFirstPropertyValue("description"))).toContain("Meeting link: not set yet");
    expect(p.getFirstPropertyValue("location")).toBeNull();
    const pe = new ICAL.Event(p);
    expect((pe.endDate.toJSDate().getTime() - pe.startDate.toJSDate().getTime()) / 60_000).toBe(45);
    expect(p.getFirstPropertyValue("attendee")).toBeNull(); // no visitor e-mail address in a feed

    const c = listed.get(`booking-${confirmed.id}@localhost`)!;
    expect(c.getFirstPropertyValue("status")).toBe("CONFIRMED");
    expect(c.getFirstPropertyValue("sequence")).toBe(2);
    expect(c.getFirstPropertyValue("summary")).toBe("Structural Review: Grace Hopper");
    expect(c.getFirstPropertyValue("location")).toBe("https://meet.example.com/abc");
    expect(String(c.getFirstPropertyValue("description"))).toContain("Open in the portal: http://localhost:3000/admin/consultations?booking=");

    const l = new ICAL.Event(listed.get(`booking-${legacy.id}@localhost`)!);
    expect((l.endDate.toJSDate().getTime() - l.startDate.toJSDate().getTime()) / 60_000).toBe(60); // the slot's length
  });

  it("gives an editor the type, time and status only: no visitor's name, company, meeting link or portal link", async () => {
    const editor = await staff("editor");
    const token = await turnOn(editor);
    await booking(3, { status: "confirmed", meetingLink: "https://meet.example.com/secret" });
    const ics = (await feedText(token))!;
    const [event] = events(ics);
    expect(event!.getFirstPropertyValue("summary")).toBe("Structural Review (confirmed)");
    expect(event!.getFirstPropertyValue("status")).toBe("CONFIRMED");
    for (const secret of ["Ada Client", "Analytical Engines", "meet.example.com", "ada@client.example", "/admin/consultations"]) {
      expect(ics).not.toContain(secret);
    }
    // Promoted to admin, the same address shows the details from the next fetch.
    await db.update(adminUsers).set({ role: "admin" }).where(eq(adminUsers.id, editor.id));
    expect(await feedText(token)).toContain("Ada Client");
  });
});
