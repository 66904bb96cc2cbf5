import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { buildBookingIcs, buildCalendarFeed, uidHostOf } from "./ics";

const base = {
  bookingId: "7f1c2a9e-0000-4000-8000-000000000001",
  uidHost: "meridian.example",
  date: "2025-03-31",
  startTime: "09:00:00",
  durationMinutes: 30,
  title: "Initial Project Consultation with Meridian Engineering",
  description: "Your consultation; details, to follow",
  organizer: { name: "Meridian Engineering", email: "hello@meridian.example" },
  attendee: { name: "Jo Bloggs", email: "jo@example.com" },
};

function parse(text: string) {
  const cal = new ICAL.Component(ICAL.parse(text));
  const event = cal.getFirstSubcomponent("vevent")!;
  return { cal, event };
}

describe("booking invitation (.ics)", () => {
  it("is a TENTATIVE REQUEST with a stable UID, SEQUENCE and UTC times from London wall-clock (BST)", () => {
    const { cal, event } = parse(buildBookingIcs({ ...base, sequence: 0, status: "TENTATIVE" }));
    expect(cal.getFirstPropertyValue("method")).toBe("REQUEST");
    expect(event.getFirstPropertyValue("status")).toBe("TENTATIVE");
    expect(event.getFirstPropertyValue("uid")).toBe(`booking-${base.bookingId}@meridian.example`);
    expect(event.getFirstPropertyValue("sequence")).toBe(0);
    const e = new ICAL.Event(event);
    expect(e.startDate.toJSDate().toISOString()).toBe("2025-03-31T08:00:00.000Z");
    expect(e.endDate.toJSDate().toISOString()).toBe("2025-03-31T08:30:00.000Z");
    expect(e.summary).toBe(base.title);
    expect(e.description).toBe(base.description);
    expect(String(event.getFirstPropertyValue("organizer")).toLowerCase()).toBe("mailto:hello@meridian.example");
    expect(event.getFirstPropertyValue("location")).toBeNull();
  });

  it("keeps the UID, raises SEQUENCE and cancels with METHOD:CANCEL (GMT date)", () => {
    const { cal, event } = parse(
      buildBookingIcs({ ...base, date: "2025-10-27", sequence: 2, status: "CANCELLED" }),
    );
    expect(cal.getFirstPropertyValue("method")).toBe("CANCEL");
    expect(event.getFirstPropertyValue("uid")).toBe(`booking-${base.bookingId}@meridian.example`);
    expect(event.getFirstPropertyValue("sequence")).toBe(2);
    expect(event.getFirstPropertyValue("status")).toBe("CANCELLED");
    expect(new ICAL.Event(event).startDate.toJSDate().toISOString()).toBe("2025-10-27T09:00:00.000Z");
  });

  it("carries the meeting link as LOCATION and URL when known", () => {
    const { event } = parse(
      buildBookingIcs({ ...base, sequence: 1, status: "CONFIRMED", meetingLink: "https://meet.example.com/abc-def" }),
    );
    expect(event.getFirstPropertyValue("status")).toBe("CONFIRMED");
    expect(event.getFirstPropertyValue("location")).toBe("https://meet.example.com/abc-def");
    expect(String(event.getFirstPropertyValue("url"))).toBe("https://meet.example.com/abc-def");
  });

  it("takes the UID host from PUBLIC_URL without its port", () => {
    expect(uidHostOf("https://book.meridian.example:8443/base")).toBe("book.meridian.example");
    expect(uidHostOf("http://127.0.0.1:4417")).toBe("127.0.0.1");
  });
});

describe("calendar feed (.ics subscription)", () => {
  it("publishes every event with its own status and URL, and is valid when empty", () => {
    const text = buildCalendarFeed("Meridian bookings", [
      { ...base, sequence: 0, status: "TENTATIVE", url: "https://meridian.example/admin/consultations?booking=1" },
      { ...base, bookingId: "7f1c2a9e-0000-4000-8000-000000000002", sequence: 3, status: "CONFIRMED", meetingLink: "https://meet.example.com/x" },
    ]);
    const cal = new ICAL.Component(ICAL.parse(text));
    expect(cal.getFirstPropertyValue("method")).toBe("PUBLISH");
    expect(cal.getFirstPropertyValue("x-wr-calname")).toBe("Meridian bookings");
    const events = cal.getAllSubcomponents("vevent");
    expect(events.map((e) => e.getFirstPropertyValue("status"))).toEqual(["TENTATIVE", "CONFIRMED"]);
    expect(String(events[0].getFirstPropertyValue("url"))).toBe("https://meridian.example/admin/consultations?booking=1");
    expect(events[1].getFirstPropertyValue("location")).toBe("https://meet.example.com/x");
    expect(new ICAL.Component(ICAL.parse(buildCalendarFeed("Empty", []))).getAllSubcomponents("vevent")).toHaveLength(0);
  });
});
