import { createHash, randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { eq } from "drizzle-orm";
import { consultationAvailability, consultationBookingManageTokens, consultationBookings, consultationTypes, emailOutbox, rateLimitHits } from "~/db/schema";
import { opened } from "~/features/mail/test-factories";
import { issueFormToken } from "~/features/abuse/form-guard.server";
import { ACTIVE_BOOKINGS_PER_EMAIL, HOUR_MS, LIMITS } from "~/features/abuse/limits.server";
import { action, loader } from "~/routes/public/book-consultation";
import { setupTestDatabase } from "../../../../tests/setup/database";
import { addDays, londonToday } from "~/utils/time";

setupTestDatabase();

type Result = { init: { status?: number } | null; data: Record<string, unknown> };

/** Posts a form to the wizard's action the way a browser without JavaScript would. */
let visitor = 0;
/** Posts from `clientIp` (by default a new address each time, so no per-client limit applies). */
async function post(fields: Record<string, string>, clientIp = `198.51.100.${++visitor % 250}`): Promise<Result | Response> {
  const request = new Request("http://localhost/book-consultation?step=4", { method: "POST", body: new URLSearchParams(fields) });
  return (await action({ request, params: {}, context: { clientIp } } as never)) as Result | Response;
}

async function fixtures(maxBookings = 1) {
  const [type] = await db.insert(consultationTypes).values({ name: "Review", durationMinutes: 60 }).returning();
  const [slot] = await db
    .insert(consultationAvailability)
    .values({ date: addDays(londonToday(new Date()), 5), startTime: "10:00", endTime: "11:00", maxBookings })
    .returning();
  return { type, slot };
}

/** A Confirm Booking post as the wizard makes it: its step 3 page was rendered 20 s ago. */
const good = { intent: "confirm", name: "Jo Bloggs", email: "jo@example.com", formToken: issueFormToken(new Date(Date.now() - 20_000)), website: "" };

describe("wizard confirm action", () => {
  it("books and redirects to the success step; the same key again makes nothing new", async () => {
    const { type, slot } = await fixtures();
    const fields = { ...good, typeId: type.id, slotId: slot.id, idempotencyKey: randomUUID() };
    const first = await post(fields);
    expect(first).toBeInstanceOf(Response);
    expect((first as Response).headers.get("Location")).toBe("/book-consultation?step=5");
    expect(((await post(fields)) as Response).status).toBe(302);
    expect(await db.select().from(consultationBookings)).toHaveLength(1);
  });

  it.each([
    ["a bad e-mail", { email: "not-an-email" }, 400, "email"],
    // Accepted by z.email() but refused by the calendar library: these used to answer 500.
    ["an e-mail whose domain label ends in '-'", { email: "jo@example-.com" }, 400, "email"],
    ["an e-mail with a 64-character domain label", { email: `jo@${"a".repeat(64)}.com` }, 400, "email"],
    ["an oversized name", { name: "x".repeat(500) }, 400, "name"],
    ["a tampered project type", { projectType: "bridges" }, 400, "projectType"],
    ["a tampered slot id", { slotId: "not-a-uuid" }, 400, null],
    ["an unknown slot", { slotId: randomUUID() }, 404, null],
    ["an unknown type", { typeId: randomUUID() }, 422, null],
  ])("answers %s with a 4xx and a clear message, storing nothing", async (_label, change, status, field) => {
    const { type, slot } = await fixtures();
    const result = (await post({ ...good, typeId: type.id, slotId: slot.id, idempotencyKey: randomUUID(), ...change })) as Result;
    expect(result.init?.status).toBe(status);
    if (field) expect((result.data.fieldErrors as Record<string, string[]>)[field]?.[0]).toMatch(/\w/);
    else expect(result.data.message).toMatch(/\w/);
    expect(await db.select().from(consultationBookings)).toHaveLength(0);
    expect(await db.select().from(emailOutbox)).toHaveLength(0);
  });

  it("answers a full slot with 409 and sends the visitor back to pick a time", async () => {
    const { type, slot } = await fixtures();
    await post({ ...good, typeId: type.id, slotId: slot.id, idempotencyKey: randomUUID() });
    const result = (await post({ ...good, email: "late@example.com", typeId: type.id, slotId: slot.id, idempotencyKey: randomUUID() })) as Result;
    expect(result.init?.status).toBe(409);
    expect(result.data).toMatchObject({ code: "slot_full", slotProblem: true });
    expect(await db.select().from(consultationBookings)).toHaveLength(1);
  });
});

describe("the booking success screen's receipt", () => {
  /** The step 5 loader's answer for a request carrying `cookie`. */
  async function stepFive(cookie: string | null) {
    const request = new Request("http://localhost/book-consultation?step=5", { headers: cookie ? { cookie } : {} });
    const result = (await loader({ request, params: {}, context: {} } as never)) as unknown as Result;
    return { receipt: result.data.receipt as Record<string, unknown> | null, headers: new Headers((result.init as { headers?: HeadersInit })?.headers) };
  }
  const cookieOf = (response: Response) => response.headers.get("Set-Cookie")!.split(";")[0]!;

  it("reaches step 5 in a signed HttpOnly cookie, never the URL, with the time, the invitation and the manage link", async () => {
    const { type, slot } = await fixtures();
    const fields = { ...good, typeId: type.id, slotId: slot.id, idempotencyKey: randomUUID() };
    const first = (await post(fields)) as Response;
    expect(first.headers.get("Location")).toBe("/book-consultation?step=5");
    const setCookie = first.headers.get("Set-Cookie")!;
    expect(setCookie).toMatch(/^booking_receipt=/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/Path=\/;/);
    expect(setCookie).toMatch(/Max-Age=1800/);
    expect(setCookie).toMatch(/SameSite=Lax/i);

    const { receipt, headers } = await stepFive(cookieOf(first));
    expect(headers.get("Cache-Control")).toBe("private, no-store");
    expect(headers.get("Referrer-Policy")).toBe("same-origin");
    expect(receipt).toMatchObject({ consultationType: "Review", durationMinutes: 60, date: slot.date, startTime: "10:00:00", status: "pending" });
    // The manage link opens this booking: its token matches the stored hash.
    const token = String(receipt!.managePath).replace("/book-consultation/manage/", "");
    const [stored] = await db.select().from(consultationBookings);
    const [link] = await db.select().from(consultationBookingManageTokens);
    expect(link).toMatchObject({ bookingId: stored!.id, tokenHash: createHash("sha256").update(token).digest("hex") });
    // The same tentative invitation as the confirmation e-mail.
    const [mail] = await opened(db.select().from(emailOutbox).where(eq(emailOutbox.kind, "booking.confirmation")));
    // DTSTAMP is when each copy was written: on a busy machine the two may fall a second apart.
    const withoutStamp = (ics: string) => ics.replace(/^DTSTAMP:.*$/m, "");
    expect(withoutStamp(String(receipt!.ics))).toBe(withoutStamp(mail!.attachments![0]!.content));
    expect(String(receipt!.ics)).toContain("STATUS:TENTATIVE");

    // A double submit (same key) keeps the receipt holding the token.
    const again = (await post(fields)) as Response;
    expect(again.status).toBe(302);
    const request = new Request("http://localhost/book-consultation?step=4", { method: "POST", body: new URLSearchParams(fields), headers: { cookie: cookieOf(first) } });
    const replay = (await action({ request, params: {}, context: { clientIp: "198.51.100.9" } } as never)) as Response;
    expect(replay.headers.get("Set-Cookie")).toBeNull();
  });

  it("shows nothing of a booking without the cookie, with a forged one, or once cancelled", async () => {
    const { type, slot } = await fixtures();
    const first = (await post({ ...good, typeId: type.id, slotId: slot.id, idempotencyKey: randomUUID() })) as Response;
    expect((await stepFive(null)).receipt).toBeNull();
    const [name, value] = cookieOf(first).split("=");
    const forged = `${name}=${Buffer.from(JSON.stringify({ bookingId: randomUUID(), token: null })).toString("base64")}.${value!.split(".")[1]}`;
    expect((await stepFive(forged)).receipt).toBeNull();
    expect((await stepFive(`${name}=x${value}`)).receipt).toBeNull();
    await db.update(consultationBookings).set({ status: "cancelled" });
    expect((await stepFive(cookieOf(first))).receipt).toBeNull();
  });
});

describe("wizard confirm action: bot check and abuse limits", () => {
  /** Asserts a refusal: the status and message, and that nothing was stored, held or mailed. */
  async function expectRefused(result: Result | Response, status: number, code: string, slotId: string, heldBefore: number) {
    expect(result).not.toBeInstanceOf(Response);
    const { init, data } = result as Result;
    expect(init?.status).toBe(status);
    expect(data).toMatchObject({ code, slotProblem: false });
    expect(data.message).toMatch(/try again|contact us|cancel one|Confirm Booking again/);
    const [slot] = await db.select().from(consultationAvailability).where(eq(consultationAvailability.id, slotId));
    expect(slot!.currentBookings).toBe(heldBefore);
    expect(await db.select().from(consultationBookings)).toHaveLength(heldBefore);
    const mail = await opened(db.select().from(emailOutbox));
    expect(mail.filter((m) => m.kind === "booking.confirmation")).toHaveLength(heldBefore);
  }

  const confirm = (type: { id: string }, slot: { id: string }, extra: Record<string, string> = {}) => ({
    ...good,
    typeId: type.id,
    slotId: slot.id,
    idempotencyKey: randomUUID(),
    ...extra,
  });

  it.each([
    ["a filled honeypot", () => ({ website: "http://spam.example" })],
    ["a missing form token", () => ({ formToken: "" })],
    ["a forged form token", () => ({ formToken: `${Date.now() - 20_000}.${"A".repeat(43)}` })],
  ])("refuses %s with a clear message and holds no place", async (_label, extra) => {
    const { type, slot } = await fixtures();
    await expectRefused(await post(confirm(type, slot!, extra())), 400, "form_check", slot!.id, 0);
    expect(await db.select().from(rateLimitHits)).toHaveLength(0);
  });

  it("refuses a post faster than a person, says what to do, keeps the entries and books when pressed again", async () => {
    const { type, slot } = await fixtures();
    const fields = confirm(type, slot!, { formToken: issueFormToken(new Date()), phone: "020 7946 0000", companyName: "Bloggs Ltd" });
    const refused = await post(fields);
    await expectRefused(refused, 400, "form_too_fast", slot!.id, 0);
    const { data } = refused as Result;
    expect(data.message).toBe(
      "Your booking was sent a little too quickly for our spam check, so it has not been made yet. Your details are kept: please check them below and press Confirm Booking again.",
    );
    // The summary is shown again with what was typed and the same key, so the next press books.
    expect(data.values).toMatchObject({ name: "Jo Bloggs", email: "jo@example.com", phone: "020 7946 0000", companyName: "Bloggs Ltd" });
    expect(data.idempotencyKey).toBe(fields.idempotencyKey);
    expect(data.formToken).toBe(fields.formToken);
    const again = await post({ ...fields, formToken: issueFormToken(new Date(Date.now() - 4_000)), idempotencyKey: String(data.idempotencyKey) });
    expect(again).toBeInstanceOf(Response);
    expect(await db.select().from(consultationBookings)).toHaveLength(1);
  });

  it(`refuses a client's booking over ${LIMITS.bookingPerClient.max} an hour, keying IPv6 by /64`, async () => {
    const { type, slot } = await fixtures(10);
    for (let i = 0; i < LIMITS.bookingPerClient.max; i++) {
      const ok = await post(confirm(type, slot!, { email: `visitor${i}@example.com` }), `2001:db8:1:2::${i + 1}`);
      expect(ok).toBeInstanceOf(Response);
    }
    const held = LIMITS.bookingPerClient.max;
    // Another address in the same /64 is the same client...
    await expectRefused(await post(confirm(type, slot!, { email: "late@example.com" }), "2001:db8:1:2:abcd::9"), 429, "client_limit", slot!.id, held);
    // ...while the next /64 and an IPv4 client are not.
    expect(await post(confirm(type, slot!, { email: "other@example.com" }), "2001:db8:1:3::1")).toBeInstanceOf(Response);
    expect(await post(confirm(type, slot!, { email: "v4@example.com" }), "203.0.113.50")).toBeInstanceOf(Response);
  });

  it(`refuses an e-mail address its ${ACTIVE_BOOKINGS_PER_EMAIL + 1}th active future booking`, async () => {
    const { type, slot } = await fixtures(10);
    for (let i = 0; i < ACTIVE_BOOKINGS_PER_EMAIL; i++) {
      expect(await post(confirm(type, slot!, { email: i === 0 ? "Jo@Example.com" : "jo@example.com" }))).toBeInstanceOf(Response);
    }
    await expectRefused(await post(confirm(type, slot!, { email: " JO@example.COM " })), 409, "email_limit", slot!.id, ACTIVE_BOOKINGS_PER_EMAIL);
    // A cancelled booking no longer counts.
    await db.update(consultationBookings).set({ status: "cancelled" }).where(eq(consultationBookings.email, "jo@example.com"));
    expect(await post(confirm(type, slot!))).toBeInstanceOf(Response);
  });

  it(`refuses every booking over the global ceiling of ${LIMITS.bookingGlobal.max} an hour`, async () => {
    const { type, slot } = await fixtures(10);
    expect(await post(confirm(type, slot!, { email: "first@example.com" }))).toBeInstanceOf(Response);
    const windowStart = new Date(Math.floor(Date.now() / HOUR_MS) * HOUR_MS);
    await db.update(rateLimitHits).set({ count: LIMITS.bookingGlobal.max }).where(eq(rateLimitHits.key, "booking:all"));
    expect((await db.select().from(rateLimitHits).where(eq(rateLimitHits.key, "booking:all")))[0]!.windowStart).toEqual(windowStart);
    await expectRefused(await post(confirm(type, slot!, { email: "second@example.com" })), 503, "global_limit", slot!.id, 1);
  });
});
