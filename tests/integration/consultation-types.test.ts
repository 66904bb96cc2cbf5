/**
 * Consultation types in the portal through the real route loader and action with
 * real better-auth sessions: create with the duration rules, reorder, deactivate, delete refused
 * for a type with bookings, the wizard's step 1 (active types by order, the first preselected)
 * and the duration a new booking stores; only admins and super admins.
 */
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { auditLog, consultationAvailability, consultationBookings, consultationTypes } from "~/db/schema";
import { createBooking, loadWizardState } from "~/features/consultations/wizard/index.server";
import { BookingDetailsSchema } from "~/features/consultations/core/index.server";
import * as typesRoute from "~/routes/admin/site/consultation-types";
import { createStaffSession, formPost, outcome, routeArgs, TEST_ORIGIN, type StaffSession } from "../setup/admin-session";
import { setupTestDatabase } from "../setup/database";

setupTestDatabase();

const NOW = new Date("2030-01-07T10:00:00Z");

let admin: StaffSession;
beforeEach(async () => {
  admin = await createStaffSession("admin");
});

const act = (session: StaffSession, fields: Record<string, string>) => outcome(() => typesRoute.action(routeArgs(session.request("/admin/site/consultation-types", formPost(fields)))));
const names = async () => (await db.select().from(consultationTypes).orderBy(consultationTypes.sortOrder)).map((t) => t.name);
const byName = async (name: string) => (await db.select().from(consultationTypes).where(eq(consultationTypes.name, name)))[0]!;
const create = (name: string, durationMinutes = "30", active = true) =>
  act(admin, { intent: "create", name, description: `${name} call`, durationMinutes, ...(active ? { isActive: "on" } : {}) });

describe("consultation types", () => {
  it("are added at the end; durations must be 15 to 240 minutes in 15-minute steps; names are unique", async () => {
    expect((await create("Initial call")).status).toBe(200);
    expect((await create("Site visit", "90")).status).toBe(200);
    expect(await names()).toEqual(["Initial call", "Site visit"]);
    for (const bad of ["10", "250", "20", "abc", ""]) {
      const res = await create(`Bad ${bad}`, bad);
      expect(res.status, bad).toBe(400);
      expect((res.value as { data: { fieldErrors: Record<string, string[]> } }).data.fieldErrors.durationMinutes).toBeDefined();
    }
    expect((await create("")).status).toBe(400);
    expect((await create("x".repeat(81))).status).toBe(400);
    expect((await create("Bell\u0007")).status).toBe(400);
    expect((await create("Initial call")).status).toBe(409);
    expect(await names()).toEqual(["Initial call", "Site visit"]);
  });

  it("are reordered, edited and deactivated; the wizard offers the active ones in order, the first preselected", async () => {
    await create("A call");
    await create("B call");
    await create("C call");
    const c = await byName("C call");
    expect((await act(admin, { intent: "up", id: c.id })).status).toBe(200);
    expect((await act(admin, { intent: "up", id: c.id })).status).toBe(200);
    expect(await names()).toEqual(["C call", "A call", "B call"]);
    const a = await byName("A call");
    expect((await act(admin, { intent: "update", id: a.id, name: "A call", description: "", durationMinutes: "45" })).status).toBe(200);
    expect(await byName("A call")).toMatchObject({ isActive: false, durationMinutes: 45, description: null });

    const state = await loadWizardState(new URL("http://localhost/book-consultation"), NOW);
    expect(state.step).toBe(1);
    expect(state.types.map((t) => t.name)).toEqual(["C call", "B call"]);
    expect(state.types[0]!.name).toBe("C call");
    const audit = await db.select().from(auditLog).where(eq(auditLog.entityType, "consultation_type"));
    expect(audit.map((e) => e.action)).toEqual(expect.arrayContaining(["consultation_type.created", "consultation_type.moved", "consultation_type.updated"]));
  });

  it("with bookings cannot be deleted, only deactivated; a booking stores the type's duration at the time", async () => {
    await create("Used call", "60");
    await create("Unused call");
    const used = await byName("Used call");
    const [slot] = await db.insert(consultationAvailability).values({ date: "2030-01-10", startTime: "09:00", endTime: "10:00", maxBookings: 2 }).returning();
    const details = BookingDetailsSchema.parse({ name: "Jo Bloggs", email: "jo@example.com", phone: "", projectType: "mixed" });
    const { booking } = await createBooking({ typeId: used.id, slotId: slot!.id, details }, { idempotencyKey: randomUUID(), now: NOW, clientIp: "203.0.113.9" });
    expect(booking.durationMinutes).toBe(60);

    const refused = await act(admin, { intent: "delete", id: used.id });
    expect(refused.status).toBe(409);
    expect((refused.value as { data: { description: string } }).data.description).toContain("Deactivate it instead");
    expect(await names()).toContain("Used call");
    // Its booking is still to come: deactivating asks first, saying what happens to it.
    const deactivate = { intent: "update", id: used.id, name: "Used call", description: "", durationMinutes: "30" };
    const asked = await act(admin, deactivate);
    expect(asked.status).toBe(409);
    expect((asked.value as { data: { fieldErrors: Record<string, string[]> } }).data.fieldErrors.confirmDeactivate).toEqual([
      "1 upcoming booking uses this type. Deactivating it only stops new visitors choosing it in the booking wizard: that booking keeps its time, reminders and manage link, and you can still confirm, move or cancel it under Consultations.",
    ]);
    expect(await byName("Used call")).toMatchObject({ isActive: true, durationMinutes: 60 });
    expect((await act(admin, { ...deactivate, confirmDeactivate: "on" })).status).toBe(200);
    const unused = await byName("Unused call");
    expect((await act(admin, { intent: "delete", id: unused.id })).status).toBe(200);
    expect(await names()).toEqual(["Used call"]);
    const list = (await outcome(() => typesRoute.loader(routeArgs(admin.request("/admin/site/consultation-types"))))).value as { types: { bookings: number; isActive: boolean; durationMinutes: number }[] };
    expect(list.types).toEqual([expect.objectContaining({ bookings: 1, upcoming: 1, isActive: false, durationMinutes: 30 })]);
  });

  it("ask before deactivating only for upcoming pending or confirmed bookings, not past or cancelled ones", async () => {
    await create("Busy call");
    const busy = await byName("Busy call");
    const slots = await db
      .insert(consultationAvailability)
      .values([
        { date: "2030-01-10", startTime: "09:00", endTime: "10:00", maxBookings: 5 },
        { date: "2030-01-11", startTime: "09:00", endTime: "10:00", maxBookings: 5 },
      ])
      .returning();
    const details = BookingDetailsSchema.parse({ name: "Jo Bloggs", email: "jo@example.com", phone: "", projectType: "mixed" });
    for (const slot of slots) {
      for (let i = 0; i < 2; i += 1) await createBooking({ typeId: busy.id, slotId: slot.id, details: { ...details, email: `jo${i}@example.com` } }, { idempotencyKey: randomUUID(), now: NOW, clientIp: `203.0.113.${i + 1}` });
    }
    await db.update(consultationBookings).set({ status: "cancelled" }).where(eq(consultationBookings.availabilityId, slots[1]!.id));
    const deactivate = { intent: "update", id: busy.id, name: "Busy call", description: "", durationMinutes: "30" };
    const asked = await act(admin, deactivate);
    expect(asked.status).toBe(409);
    expect((asked.value as { data: { fieldErrors: Record<string, string[]> } }).data.fieldErrors.confirmDeactivate![0]).toMatch(/^2 upcoming bookings use this type\. .*those bookings keep their time/);
    // Once the slots are past, nothing is asked.
    await db.update(consultationAvailability).set({ date: sql`${consultationAvailability.date} - 3650` });
    expect((await act(admin, deactivate)).status).toBe(200);
    expect(await byName("Busy call")).toMatchObject({ isActive: false });
  });

  it("are managed by admins and super admins only", async () => {
    await create("Kept call");
    const kept = await byName("Kept call");
    const editor = await createStaffSession("editor");
    expect((await outcome(() => typesRoute.loader(routeArgs(editor.request("/admin/site/consultation-types"))))).status).toBe(403);
    expect((await act(editor, { intent: "delete", id: kept.id })).status).toBe(403);
    const superAdmin = await createStaffSession("super_admin");
    expect((await outcome(() => typesRoute.loader(routeArgs(superAdmin.request("/admin/site/consultation-types"))))).status).toBe(200);
    const anonymous = new Request(`${TEST_ORIGIN}/admin/site/consultation-types`);
    expect((await outcome(() => typesRoute.loader(routeArgs(anonymous)))).status).toBe(302);
    expect(await names()).toEqual(["Kept call"]);
  });
});
