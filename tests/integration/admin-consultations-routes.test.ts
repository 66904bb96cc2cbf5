/**
 * The admin consultations route (loader and every action intent) against no session, an editor,
 * an admin and a super admin, each with a real better-auth session cookie.
 */
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { auditLog, consultationAvailability, consultationBookings, emailOutbox } from "~/db/schema";
import type { ConsultationActionResult } from "~/features/consultations/core/index.server";
import { addDays, londonToday } from "~/utils/time";
import * as route from "~/routes/admin/consultations";
import { createStaffSession, outcome, TEST_ORIGIN } from "../setup/admin-session";
import { setupTestDatabase } from "../setup/database";

setupTestDatabase();

type Who = "anonymous" | "editor" | "admin" | "super_admin";
const WHO: Who[] = ["anonymous", "editor", "admin", "super_admin"];
const allowed = (who: Who) => who === "admin" || who === "super_admin";

const args = (request: Request) => ({ request, params: {}, context: {} }) as never;
const today = () => londonToday(new Date());

function makeRequester(cookie: string | null) {
  return {
    get: (path: string) => new Request(`${TEST_ORIGIN}${path}`, { headers: cookie ? { cookie } : {} }),
    post: (fields: [string, string][], origin = TEST_ORIGIN) => {
      const headers: Record<string, string> = { origin, "content-type": "application/x-www-form-urlencoded" };
      if (cookie) headers.cookie = cookie;
      return new Request(`${TEST_ORIGIN}/admin/consultations`, {
        method: "POST",
        headers,
        body: new URLSearchParams(fields).toString(),
      });
    },
  };
}

async function addSlot(values: Partial<typeof consultationAvailability.$inferInsert> = {}) {
  const [row] = await db
    .insert(consultationAvailability)
    .values({ date: addDays(today(), 3), startTime: "10:00", endTime: "11:00", maxBookings: 2, ...values })
    .returning();
  return row!;
}

async function addBooking(availabilityId: string, values: Partial<typeof consultationBookings.$inferInsert> = {}) {
  const [row] = await db
    .insert(consultationBookings)
    .values({ availabilityId, name: "Ada Client", email: "ada@client.example", consultationType: "Structural Review", ...values })
    .returning();
  await db.update(consultationAvailability).set({ currentBookings: 1 }).where(eq(consultationAvailability.id, availabilityId));
  return row!;
}

/** The action's answer body, whether `outcome` unwrapped `data(...)` or not. */
const result = (o: { value?: unknown }) => {
  const v = o.value as { type?: string; data?: unknown };
  return (v?.type === "DataWithResponseInit" ? v.data : v) as ConsultationActionResult;
};

describe.each(WHO)("as %s", (who) => {
  let r: ReturnType<typeof makeRequester>;
  beforeEach(async () => {
    r = makeRequester(who === "anonymous" ? null : (await createStaffSession(who)).cookie);
  });

  const expectRefused = (o: { status: number; location: string | null }) => {
    if (who === "anonymous") {
      expect(o.status).toBe(302);
      expect(o.location).toMatch(/^\/admin\/login/);
    } else {
      expect(o.status).toBe(403);
    }
  };

  it("loader: stats, bookings, slots and the tab, for managers only", async () => {
    const slot = await addSlot();
    await addBooking(slot.id, { name: "Grace Hopper" });
    const o = await outcome(() => route.loader(args(r.get("/admin/consultations?tab=availability&q=grace"))));
    if (!allowed(who)) return expectRefused(o);
    expect(o.status).toBe(200);
    const body = o.value as Awaited<ReturnType<typeof route.loader>>;
    expect(body.filters).toEqual({ q: "grace", status: "all", tab: "availability", sort: "newest", when: "all" });
    expect(body.stats.total_bookings).toBe(1);
    expect(body.stats.pending_bookings).toBe(1);
    expect(body.total).toBe(1);
    expect(body.bookings[0]).toMatchObject({ name: "Grace Hopper", startTime: "10:00", endTime: "11:00" });
    expect(body.slots.map((s) => s.id)).toEqual([slot.id]);
  });

  it("action create-slot and create-recurring", async () => {
    const date = addDays(today(), 7);
    const single = await outcome(() =>
      route.action(args(r.post([["intent", "create-slot"], ["date", date], ["startTime", "09:30"], ["endTime", "10:30"], ["maxBookings", "3"]]))),
    );
    const recurring = await outcome(() =>
      route.action(
        args(
          r.post([
            ["intent", "create-recurring"],
            ["startDate", addDays(today(), 1)],
            ["endDate", addDays(today(), 14)],
            ["daysOfWeek", "monday"],
            ["daysOfWeek", "wednesday"],
            ["startTime", "14:00"],
            ["endTime", "15:00"],
            ["maxBookings", "1"],
          ]),
        ),
      ),
    );
    const slots = await db.select().from(consultationAvailability);
    if (!allowed(who)) {
      expectRefused(single);
      expectRefused(recurring);
      expect(slots).toHaveLength(0);
      return;
    }
    expect(single.status).toBe(200);
    expect(result(single)).toMatchObject({ ok: true, message: "Availability slot created" });
    expect(recurring.status).toBe(200);
    // Two Mondays and two Wednesdays fall in any 14 consecutive days.
    expect(result(recurring)).toMatchObject({ ok: true, message: "Created 4 slots, skipped 0" });
    expect(slots).toHaveLength(5);
    expect(slots.find((s) => s.date === date && s.startTime.startsWith("09:30"))).toMatchObject({ maxBookings: 3, isAvailable: true });
  });

  it("action update-slot, delete-slot and close-dates", async () => {
    const booked = await addSlot({ date: addDays(today(), 2) });
    await addBooking(booked.id);
    const free = await addSlot({ date: addDays(today(), 4) });
    const edit = await outcome(() =>
      route.action(
        args(r.post([["intent", "update-slot"], ["id", free.id], ["date", free.date], ["startTime", "11:00"], ["endTime", "12:00"], ["maxBookings", "5"]])),
      ),
    );
    const refusedDelete = await outcome(() => route.action(args(r.post([["intent", "delete-slot"], ["id", booked.id]]))));
    const close = await outcome(() =>
      route.action(args(r.post([["intent", "close-dates"], ["startDate", today()], ["endDate", addDays(today(), 3)]]))),
    );
    if (!allowed(who)) {
      for (const o of [edit, refusedDelete, close]) expectRefused(o);
      const [row] = await db.select().from(consultationAvailability).where(eq(consultationAvailability.id, free.id));
      expect(row).toMatchObject({ maxBookings: 2, isAvailable: true });
      return;
    }
    expect(edit.status).toBe(200);
    const [edited] = await db.select().from(consultationAvailability).where(eq(consultationAvailability.id, free.id));
    // The switch was not posted: the slot is now unavailable.
    expect(edited).toMatchObject({ startTime: "11:00:00", endTime: "12:00:00", maxBookings: 5, isAvailable: false });

    expect(refusedDelete.status).toBe(409);
    expect(result(refusedDelete)).toMatchObject({
      ok: false,
      message: "Failed to delete availability slot. Please try again.",
      description: expect.stringContaining("cannot be deleted"),
    });
    expect(close.status).toBe(200);
    expect(result(close)).toMatchObject({ ok: true, message: "Closed 1 slot" });

    const deleted = await outcome(() => route.action(args(r.post([["intent", "delete-slot"], ["id", free.id]]))));
    expect(deleted.status).toBe(200);
    expect(await db.select().from(consultationAvailability).where(eq(consultationAvailability.id, free.id))).toHaveLength(0);
    const actions = (await db.select().from(auditLog)).map((a) => a.action).sort();
    expect(actions).toEqual(["slot.dates_closed", "slot.deleted", "slot.updated"]);
  });

  it("action update-booking confirms with a meeting link and mails the visitor", async () => {
    const slot = await addSlot();
    const booking = await addBooking(slot.id);
    const o = await outcome(() =>
      route.action(
        args(
          r.post([
            ["intent", "update-booking"],
            ["id", booking.id],
            ["status", "confirmed"],
            ["meetingLink", "https://meet.example.com/abc"],
            ["meetingNotes", "Bring drawings"],
          ]),
        ),
      ),
    );
    const [row] = await db.select().from(consultationBookings).where(eq(consultationBookings.id, booking.id));
    const mail = await db.select().from(emailOutbox);
    if (!allowed(who)) {
      expectRefused(o);
      expect(row.status).toBe("pending");
      expect(mail).toHaveLength(0);
      return;
    }
    expect(o.status).toBe(200);
    expect(row).toMatchObject({ status: "confirmed", meetingLink: "https://meet.example.com/abc", meetingNotes: "Bring drawings" });
    expect(mail.map((m) => m.to)).toContain("ada@client.example");
  });
});

describe("as an admin, bad input", () => {
  it("answers 400 with field errors and stores nothing", async () => {
    const r = makeRequester((await createStaffSession("admin")).cookie);
    const past = await outcome(() =>
      route.action(args(r.post([["intent", "create-slot"], ["date", addDays(today(), -1)], ["startTime", "10:00"], ["endTime", "09:00"], ["maxBookings", "11"]]))),
    );
    expect(past.status).toBe(400);
    expect(result(past)).toMatchObject({
      ok: false,
      message: "Failed to create availability slot. Please try again.",
      fieldErrors: {
        date: ["Date cannot be in the past"],
        endTime: ["End time must be after start time"],
        maxBookings: ["Maximum bookings can be at most 10"],
      },
    });
    const noDays = await outcome(() =>
      route.action(args(r.post([["intent", "create-recurring"], ["startDate", today()], ["endDate", addDays(today(), 7)], ["startTime", "10:00"], ["endTime", "11:00"]]))),
    );
    expect(noDays.status).toBe(400);
    expect(result(noDays)).toMatchObject({ fieldErrors: { daysOfWeek: ["Select at least one day of the week"] } });
    expect(await db.select().from(consultationAvailability)).toHaveLength(0);

    const slot = await addSlot();
    const booking = await addBooking(slot.id);
    const badLink = await outcome(() =>
      route.action(args(r.post([["intent", "update-booking"], ["id", booking.id], ["status", "confirmed"], ["meetingLink", "not a url"]]))),
    );
    expect(badLink.status).toBe(400);
    expect(result(badLink)).toMatchObject({ message: "Failed to update booking status. Please try again.", fieldErrors: { meetingLink: ["Enter a full meeting link starting with https://"] } });
    // Only https links (the link is mailed to the visitor), whatever the browser let through.
    for (const link of ["http://meet.example.com/abc", "javascript:alert(1)", "ftp://meet.example.com/a", "meet.example.com/abc", "//meet.example.com/abc"]) {
      const notHttps = await outcome(() =>
        route.action(args(r.post([["intent", "update-booking"], ["id", booking.id], ["status", "confirmed"], ["meetingLink", link]]))),
      );
      expect(notHttps.status, link).toBe(400);
      expect(result(notHttps)).toMatchObject({ fieldErrors: { meetingLink: ["Enter a full meeting link starting with https://"] } });
    }
    // Accepted by z.url() but refused by the calendar library: these used to answer 500.
    for (const link of ["https://exa_mple.com/j/1", "https://meet.example.com:1/j/1"]) {
      const refusedLink = await outcome(() =>
        route.action(args(r.post([["intent", "update-booking"], ["id", booking.id], ["status", "confirmed"], ["meetingLink", link]]))),
      );
      expect(refusedLink.status, link).toBe(400);
      expect(result(refusedLink)).toMatchObject({
        fieldErrors: { meetingLink: ["Enter a meeting link that calendars accept, like https://meet.example.com/abc"] },
      });
    }
    expect(await db.select().from(consultationBookings).where(eq(consultationBookings.id, booking.id))).toMatchObject([
      { status: "pending", meetingLink: null },
    ]);
    // A link calendars would refuse only for its capitals or spaces is normalised, not refused.
    const normalised = await outcome(() =>
      route.action(args(r.post([["intent", "update-booking"], ["id", booking.id], ["status", "pending"], ["meetingLink", "https://Meet.Example.com/j/1 2"]]))),
    );
    expect(normalised.status).toBe(200);
    const [stored] = await db.select().from(consultationBookings).where(eq(consultationBookings.id, booking.id));
    expect(stored!.meetingLink).toBe("https://meet.example.com/j/1%202");
    const belowBooked = await outcome(() =>
      route.action(args(r.post([["intent", "update-slot"], ["id", slot.id], ["date", slot.date], ["startTime", "10:00"], ["endTime", "11:00"], ["maxBookings", "1"], ["isAvailable", "on"]]))),
    );
    expect(belowBooked.status).toBe(200); // 1 booked, max 1 is allowed
    await db.update(consultationAvailability).set({ maxBookings: 3, currentBookings: 2 }).where(eq(consultationAvailability.id, slot.id));
    const refused = await outcome(() =>
      route.action(args(r.post([["intent", "update-slot"], ["id", slot.id], ["date", slot.date], ["startTime", "10:00"], ["endTime", "11:00"], ["maxBookings", "1"], ["isAvailable", "on"]]))),
    );
    expect(refused.status).toBe(409);
    expect(result(refused)).toMatchObject({
      message: "Failed to update availability slot. Please try again.",
      description: "This slot already has 2 bookings; maximum bookings cannot be lower than that.",
    });
    const unknown = await outcome(() => route.action(args(r.post([["intent", "explode"]]))));
    expect(unknown.status).toBe(400);
    const gone = await outcome(() => route.action(args(r.post([["intent", "delete-slot"], ["id", "00000000-0000-4000-8000-000000000000"]]))));
    expect(gone.status).toBe(404);
    expect((await db.select().from(consultationBookings))[0].status).toBe("pending");
  });

  it("refuses a change posted from another site", async () => {
    const r = makeRequester((await createStaffSession("super_admin")).cookie);
    const o = await outcome(() =>
      route.action(args(r.post([["intent", "create-slot"], ["date", today()], ["startTime", "10:00"], ["endTime", "11:00"]], "https://evil.example"))),
    );
    expect(o.status).toBe(403);
    expect(await db.select().from(consultationAvailability)).toHaveLength(0);
  });
});
