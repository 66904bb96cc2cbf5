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

describe("calendar text from visitors", () => {
  /** Every line break of the output is CRLF, and every content line is a property the builder writes. */
  function expectNoInjectedLines(ics: string) {
    const lines = ics.split("\r\n");
    for (const l of lines) {
      expect(l).not.toMatch(/[\r\n\u2028\u2029]/);
    }
    // A folded continuation starts with a space or tab; every other line names a known property.
    const names = new Set(lines.filter((l) => l !== "" && !/^[ \t]/.test(l)).map((l) => /^[A-Z-]+/.exec(l)?.[0]));
    for (const name of names) {
      expect([
        "BEGIN", "END", "VERSION", "CALSCALE", "PRODID", "METHOD", "X-PUBLISHED-TTL", "X-WR-CALNAME", "NAME", "UID", "SUMMARY", "DTSTAMP", "DTSTART",
        "DTEND", "DESCRIPTION", "URL", "LOCATION", "STATUS", "ORGANIZER", "ATTENDEE", "SEQUENCE", "X-MICROSOFT-CDO-BUSYSTATUS",
      ]).toContain(name);
    }
  }

  it("keeps an injected CR, LF, separator or quote out of SUMMARY, DESCRIPTION, LOCATION and the attendee's CN", () => {
    const evil = 'Ann\rSUMMARY:Fake\nLOCATION:https://phish.example\u2028X\u202eY";CN=x:mailto:evil@example.com';
    const ics = buildBookingIcs({
      ...base,
      sequence: 0,
      status: "CONFIRMED",
      title: `Consultation with ${evil}`,
      description: `Company: ${evil}\r\nSecond line`,
      attendee: { name: evil, email: "jo@example.com" },
      meetingLink: "https://meet.example/a",
    });
    expectNoInjectedLines(ics);
    const { event } = parse(ics);
    expect(event.getAllProperties("summary")).toHaveLength(1);
    expect(event.getAllProperties("location")).toHaveLength(1);
    const attendees = event.getAllProperties("attendee");
    expect(attendees).toHaveLength(1);
    expect(String(attendees[0]!.getFirstValue()).toLowerCase()).toBe("mailto:jo@example.com");
    // Multi-line: the CR is gone, LF and the separator are escaped line breaks inside the one DESCRIPTION.
    expect(new ICAL.Event(event).description).toBe('Company: AnnSUMMARY:Fake\nLOCATION:https://phish.example\nXY";CN=x:mailto:evil@example.com\nSecond line');
  });

  it("never yields an unescaped CR or LF, nor a property of its own, for any text (fuzzed)", async () => {
    const fc = (await import("fast-check")).default;
    const text = fc.string({ unit: "binary", maxLength: 80 });
    fc.assert(
      fc.property(text, text, text, text, text, (name, title, description, link, calName) => {
        const event = { ...base, sequence: 1, status: "CONFIRMED" as const, title, description, attendee: { name, email: "jo@example.com" } };
        let invite: string | null = null;
        try {
          invite = buildBookingIcs({ ...event, meetingLink: link || null });
        } catch {
          // `ics` may refuse a value (e.g. a URL it cannot parse): then no invitation is attached.
        }
        if (invite !== null) expectNoInjectedLines(invite);
        expectNoInjectedLines(buildCalendarFeed(calName, [{ ...event, attendee: undefined, organizer: undefined }]));
      }),
      { numRuns: 150 },
    );
  }, 120_000);
});
