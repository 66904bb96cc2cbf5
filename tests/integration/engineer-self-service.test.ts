/**
 * Your account > Consultations you take, as React Router calls it: a member who takes
 * consultations saves their own types (one box ticked or several), hours and days off; an editor,
 * whose role does not take them, is refused and nothing is stored.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { consultationTypes, engineers } from "~/db/schema";
import { getEngineerProfile } from "~/features/consultations/engineers/index.server";
import * as account from "~/routes/admin/account";
import { createStaffSession, formPost, outcome, routeArgs } from "../setup/admin-session";
import { setupTestDatabase } from "../setup/database";

setupTestDatabase();

const reply = (o: { value?: unknown }) => {
  const v = o.value as { type?: string; data?: unknown };
  return (v?.type === "DataWithResponseInit" ? v.data : v) as { ok: boolean; message: string; fieldErrors?: Record<string, string[]> };
};

async function makeType(name: string): Promise<string> {
  const [t] = await db.insert(consultationTypes).values({ name: `${name} ${randomUUID().slice(0, 6)}`, durationMinutes: 60 }).returning();
  return t!.id;
}

const week = { hours1: "09:00-17:00", hours2: "09:00-17:00", hours3: "09:00-17:00", hours4: "09:00-17:00", hours5: "09:00-17:00", hours6: "", hours7: "" };

describe("Consultations you take", () => {
  it("saves an admin's own hours with one type ticked, then with two", async () => {
    const me = await createStaffSession("admin");
    const [first, second] = [await makeType("Initial"), await makeType("Site visit")];
    const save = (typeIds: string | string[]) =>
      outcome(() =>
        account.action(routeArgs(me.request("/admin/account", formPost({ intent: "engineer-save", takesConsultations: "on", typeIds, ...week, daysOff: "", meetingRoomUrl: "" })))),
      );

    const one = await save(first);
    expect(reply(one)).toMatchObject({ ok: true, message: "Consultations saved" });
    expect(one.status).toBe(200);
    let profile = await getEngineerProfile(me.adminId);
    expect(profile).toMatchObject({ takesConsultations: true, typeIds: [first] });
    expect(profile.hours[1]).toEqual([{ startTime: "09:00", endTime: "17:00" }]);

    const two = await save([first, second]);
    expect(reply(two)).toMatchObject({ ok: true });
    profile = await getEngineerProfile(me.adminId);
    expect([...profile.typeIds].sort()).toEqual([first, second].sort());
  });

  it("refuses an editor (403) and stores nothing", async () => {
    const editor = await createStaffSession("editor");
    const type = await makeType("Initial");
    const refused = await outcome(() =>
      account.action(routeArgs(editor.request("/admin/account", formPost({ intent: "engineer-save", takesConsultations: "on", typeIds: type, ...week })))),
    );
    expect(refused.status).toBe(403);
    expect(reply(refused)).toMatchObject({ ok: false, message: "Your role does not take consultations." });
    expect(await db.select().from(engineers).where(eq(engineers.adminUserId, editor.adminId))).toEqual([]);
  });
});
