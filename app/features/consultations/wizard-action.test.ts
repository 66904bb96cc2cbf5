import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { consultationAvailability, consultationBookings, consultationTypes, emailOutbox } from "~/db/schema";
import { action } from "~/routes/public/book-consultation";
import { setupTestDatabase } from "../../../tests/setup/database";
import { addDays, londonToday } from "./time";

setupTestDatabase();

type Result = { init: { status?: number } | null; data: Record<string, unknown> };

/** Posts a form to the wizard's action the way a browser without JavaScript would. */
async function post(fields: Record<string, string>): Promise<Result | Response> {
  const request = new Request("http://localhost/book-consultation?step=4", { method: "POST", body: new URLSearchParams(fields) });
  return (await action({ request, params: {}, context: { clientIp: "127.0.0.1" } } as never)) as Result | Response;
}

async function fixtures() {
  const [type] = await db.insert(consultationTypes).values({ name: "Review", durationMinutes: 60 }).returning();
  const [slot] = await db
    .insert(consultationAvailability)
    .values({ date: addDays(londonToday(new Date()), 5), startTime: "10:00", endTime: "11:00", maxBookings: 1 })
    .returning();
  return { type, slot };
}

const good = { intent: "confirm", name: "Jo Bloggs", email: "jo@example.com" };

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
    if (field) expect((result.data.errors as Record<string, string[]>)[field]?.[0]).toMatch(/\w/);
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
