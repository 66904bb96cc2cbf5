/**
 * Staff reads of bookings with an injected clock: the bookings list sorted by meeting date and
 * filtered to Upcoming / Past (newest booked first stays the default), the dashboard's today and
 * next seven days, the other bookings of a slot, and the "Full" badge of a slot whose places are
 * all taken.
 */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { consultationAvailability, consultationBookings } from "~/db/schema";
import { setupTestDatabase } from "../../../../tests/setup/database";
import { parseBookingListParams } from "./admin-booking-list";
import { getBooking, listBookings, listUpcomingConsultations, withSlotCompanions } from "./admin-bookings.server";
import { listUpcomingSlots } from "../availability/index.server";
import { SlotBadges } from "../availability/components/availability-panel";

setupTestDatabase();

// Wednesday 9 January 2030, 12:30 UK (GMT).
const NOW = new Date("2030-01-09T12:30:00Z");

async function slot(date: string, startTime: string, endTime: string, maxBookings = 2) {
  const [row] = await db.insert(consultationAvailability).values({ date, startTime, endTime, maxBookings }).returning();
  return row!;
}

let booked = 0;
/** A booking in `slotId`, each booked a minute after the previous one. */
async function book(slotId: string, name: string, status: (typeof consultationBookings.$inferInsert)["status"] = "pending") {
  booked += 1;
  const [row] = await db
    .insert(consultationBookings)
    .values({
      availabilityId: slotId,
      name,
      email: `${name.toLowerCase().replace(/\s+/g, ".")}@example.com`,
      consultationType: "Structural Review",
      status,
      createdAt: new Date(Date.UTC(2030, 0, 1, 9, booked)),
    })
    .returning();
  return row!;
}

/** Four meetings around NOW: last week, this morning (ended), this afternoon, next week. */
async function fourMeetings() {
  const lastWeek = await slot("2030-01-02", "10:00:00", "11:00:00");
  const thisMorning = await slot("2030-01-09", "09:00:00", "10:00:00");
  const thisAfternoon = await slot("2030-01-09", "14:00:00", "15:00:00");
  const nextWeek = await slot("2030-01-16", "11:00:00", "12:00:00");
  // Booked in an order unlike the meetings' order.
  const b1 = await book(thisAfternoon.id, "Cara Afternoon");
  const b2 = await book(lastWeek.id, "Lee Lastweek", "completed");
  const b3 = await book(nextWeek.id, "Nia Nextweek", "confirmed");
  const b4 = await book(thisMorning.id, "Mo Morning", "confirmed");
  return { b1, b2, b3, b4 };
}

const names = (r: { bookings: { name: string }[] }) => r.bookings.map((b) => b.name);

describe("the bookings list", () => {
  it("stays newest booked first by default and sorts by meeting date either way", async () => {
    await fourMeetings();
    expect(names(await listBookings({ now: NOW }))).toEqual(["Mo Morning", "Nia Nextweek", "Lee Lastweek", "Cara Afternoon"]);
    expect(names(await listBookings({ sort: "meeting-asc", now: NOW }))).toEqual([
      "Lee Lastweek",
      "Mo Morning",
      "Cara Afternoon",
      "Nia Nextweek",
    ]);
    expect(names(await listBookings({ sort: "meeting-desc", now: NOW }))).toEqual([
      "Nia Nextweek",
      "Cara Afternoon",
      "Mo Morning",
      "Lee Lastweek",
    ]);
  });

  it("filters to upcoming (not yet ended) and past meetings, with the right totals", async () => {
    await fourMeetings();
    const upcoming = await listBookings({ when: "upcoming", sort: "meeting-asc", now: NOW });
    expect(names(upcoming)).toEqual(["Cara Afternoon", "Nia Nextweek"]);
    expect(upcoming.total).toBe(2);
    const past = await listBookings({ when: "past", sort: "meeting-desc", now: NOW });
    expect(names(past)).toEqual(["Mo Morning", "Lee Lastweek"]);
    expect(past.total).toBe(2);
    // A meeting under way at 14:30 is still upcoming; at 15:00 it has ended.
    expect(names(await listBookings({ when: "upcoming", sort: "meeting-asc", now: new Date("2030-01-09T14:30:00Z") }))).toContain("Cara Afternoon");
    expect(names(await listBookings({ when: "past", now: new Date("2030-01-09T15:00:00Z") }))).toContain("Cara Afternoon");
    // Combined with search and status.
    expect(names(await listBookings({ when: "upcoming", status: "confirmed", now: NOW }))).toEqual(["Nia Nextweek"]);
  });

  it("reads ?sort= and ?when= leniently", () => {
    expect(parseBookingListParams(new URLSearchParams("sort=meeting-asc&when=past"))).toEqual({ sort: "meeting-asc", when: "past" });
    expect(parseBookingListParams(new URLSearchParams("sort=drop%20table&when=soon"))).toEqual({ sort: "newest", when: "all" });
  });
});

describe("the dashboard's consultations", () => {
  it("lists today's and the next seven days' pending and confirmed consultations, soonest first", async () => {
    await fourMeetings();
    const later = await slot("2030-01-17", "09:00:00", "10:00:00"); // eight days on: left out
    await book(later.id, "Eli Eightdays");
    const cancelledSlot = await slot("2030-01-10", "09:00:00", "10:00:00");
    await book(cancelledSlot.id, "Cy Cancelled", "cancelled");
    const list = await listUpcomingConsultations(NOW);
    expect(list.map((b) => [b.name, b.date, b.startTime])).toEqual([
      ["Mo Morning", "2030-01-09", "09:00"],
      ["Cara Afternoon", "2030-01-09", "14:00"],
      ["Nia Nextweek", "2030-01-16", "11:00"],
    ]);
  });
});

describe("a slot's bookings", () => {
  it("names the other bookings holding a place in the same slot", async () => {
    const shared = await slot("2030-01-15", "10:00:00", "11:00:00", 3);
    const a = await book(shared.id, "Ann First");
    const b = await book(shared.id, "Ben Second", "confirmed");
    await book(shared.id, "Col Cancelled", "cancelled");
    const alone = await slot("2030-01-15", "12:00:00", "13:00:00");
    const c = await book(alone.id, "Dee Alone");
    const [withA, withC] = await withSlotCompanions([a, c]);
    expect(withA!.slotCompanions).toEqual([{ id: b.id, name: "Ben Second", status: "confirmed" }]);
    expect(withC!.slotCompanions).toEqual([]);
  });

  it("shows 'Full' beside Available only when every place is taken", async () => {
    await slot("2030-01-15", "10:00:00", "11:00:00", 2);
    await db.update(consultationAvailability).set({ currentBookings: 1 });
    const badges = async () => {
      const [listed] = await listUpcomingSlots(NOW);
      return renderToStaticMarkup(createElement(SlotBadges, { slot: listed! })).replace(/<[^>]+>/g, " ").replace(/\s+/g, " ").trim();
    };
    expect(await badges()).toBe("Available 1/2 booked");
    await db.update(consultationAvailability).set({ currentBookings: 2 });
    expect(await badges()).toBe("Available Full 2/2 booked");
    await db.update(consultationAvailability).set({ isAvailable: false });
    expect(await badges()).toBe("Unavailable Full 2/2 booked");
  });
});

describe("a booking shorter than its slot", () => {
  it("ends at its own length in the list, the detail and the dashboard, not at the slot's end", async () => {
    // A 45-minute consultation in a 10:30-11:30 slot; BST on 3 July, GMT on 9 January.
    const summer = await slot("2030-07-03", "10:30:00", "11:30:00");
    const winter = await slot("2030-01-10", "10:30:00", "11:30:00");
    for (const s of [summer, winter]) {
      await db.insert(consultationBookings).values({ availabilityId: s.id, name: `Forty Five ${s.date}`, email: "f@example.com", consultationType: "Short Review", durationMinutes: 45 });
    }
    // A row older than the stored length ends with its slot.
    const legacy = await book(winter.id, "Old Row");
    const { bookings } = await listBookings({ now: NOW });
    const ends = Object.fromEntries(bookings.map((b) => [b.name, `${b.startTime}-${b.endTime}`]));
    expect(ends).toEqual({ "Forty Five 2030-07-03": "10:30-11:15", "Forty Five 2030-01-10": "10:30-11:15", "Old Row": "10:30-11:30" });
    const upcoming = await listUpcomingConsultations(NOW);
    expect(upcoming.find((b) => b.name === "Forty Five 2030-01-10")?.endTime).toBe("11:15");
    expect((await getBooking(legacy.id))?.endTime).toBe("11:30");
    // At 11:20 on 10 January the 45-minute meeting is past; the older row's is still on.
    const at1120 = new Date("2030-01-10T11:20:00Z");
    expect(names(await listBookings({ when: "past", now: at1120 }))).toContain("Forty Five 2030-01-10");
    expect(names(await listBookings({ when: "upcoming", now: at1120 }))).toEqual(expect.arrayContaining(["Old Row", "Forty Five 2030-07-03"]));
    expect(names(await listBookings({ when: "upcoming", now: at1120 }))).not.toContain("Forty Five 2030-01-10");
  });
});
