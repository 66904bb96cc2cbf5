/**
 * The calendar card's routes as React Router calls them: Your account connects, refreshes and
 * disconnects the member's own calendar only (a posted userId is ignored); managers do the same
 * for another member on /admin/users/:id/calendar; editors may not; unknown members 404 and
 * unknown intents 400; secrets never reach the page's data.
 */
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  process.env.CALENDAR_ALLOW_PRIVATE = "true";
});

import { db } from "~/db/client.server";
import { calendarConnections } from "~/db/schema";
import * as account from "~/routes/admin/account";
import * as staffCalendar from "~/routes/admin/staff-calendar";
import { createStaffSession, formPost, outcome, routeArgs, type StaffSession } from "../setup/admin-session";
import { setupTestDatabase } from "../setup/database";

setupTestDatabase();

let server: Server;
let address = "";
beforeAll(async () => {
  const ics = readFileSync(path.join(__dirname, "../fixtures/calendars/google.ics"));
  server = createServer((_req, res) => res.writeHead(200, { "content-type": "text/calendar" }).end(ics));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  address = `http://127.0.0.1:${(server.address() as AddressInfo).port}/secret-token/basic.ics`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const reply = (o: { value?: unknown }) => {
  const v = o.value as { type?: string; data?: unknown };
  return (v?.type === "DataWithResponseInit" ? v.data : v) as { ok: boolean; message: string; fieldErrors?: Record<string, string[]>; values?: Record<string, string> };
};

describe("Your account", () => {
  let me: StaffSession;
  let other: StaffSession;
  beforeEach(async () => {
    me = await createStaffSession("editor");
    other = await createStaffSession("admin");
  });

  it("connects, refreshes and disconnects the member's own calendar, whatever userId is posted", async () => {
    const connect = await outcome(() => account.action(routeArgs(me.request("/admin/account", formPost({ intent: "calendar-connect", kind: "ics", icsUrl: address, userId: other.userId })))));
    expect(connect.status).toBe(200);
    expect(reply(connect)).toMatchObject({ ok: true, message: "Calendar connected" });
    const rows = await db.select().from(calendarConnections);
    expect(rows.map((r) => r.userId)).toEqual([me.userId]);

    const page = await outcome(() => account.loader(routeArgs(me.request("/admin/account"))));
    expect(page.value).toMatchObject({ calendar: { userId: me.userId, state: { connected: true, kind: "ics", host: "127.0.0.1" } } });
    expect(JSON.stringify(page.value)).not.toContain("secret-token");

    const refresh = await outcome(() => account.action(routeArgs(me.request("/admin/account", formPost({ intent: "calendar-refresh" })))));
    expect(reply(refresh)).toMatchObject({ ok: true, message: "Calendar refreshed" });
    const off = await outcome(() => account.action(routeArgs(me.request("/admin/account", formPost({ intent: "calendar-disconnect" })))));
    expect(reply(off)).toMatchObject({ ok: true, message: "Calendar disconnected" });
    expect((await outcome(() => account.action(routeArgs(me.request("/admin/account", formPost({ intent: "calendar-disconnect" })))))).status).toBe(409);
  });

  it("refuses bad input with field errors (400) and an unreadable calendar with the reason (422), echoing no secret", async () => {
    const missing = await outcome(() => account.action(routeArgs(me.request("/admin/account", formPost({ intent: "calendar-connect", kind: "caldav", caldavUrl: "ftp://x", caldavPassword: "hunter2" })))));
    expect(missing.status).toBe(400);
    expect(reply(missing).fieldErrors).toMatchObject({ caldavUrl: ["Enter an address starting with https://."], caldavUsername: ["Enter the user name."] });
    expect(JSON.stringify(reply(missing))).not.toContain("hunter2");

    const badAddress = await outcome(() => account.action(routeArgs(me.request("/admin/account", formPost({ intent: "calendar-connect", kind: "ics", icsUrl: "https://calendar.invalid/secret.ics" })))));
    expect(badAddress.status).toBe(422);
    expect(reply(badAddress)).toMatchObject({ ok: false, fieldErrors: { icsUrl: ["Could not read the calendar: That server's name could not be found."] } });
    expect(await db.$count(calendarConnections)).toBe(0);
    expect(JSON.stringify(reply(badAddress))).not.toContain("secret.ics");
  });
});

describe("another member's calendar", () => {
  it("lets managers connect and disconnect it, and refuses editors, unknown members and unknown intents", async () => {
    const engineer = await createStaffSession("editor", { name: "Sam Okafor" });
    const manager = await createStaffSession("admin");
    const url = `/admin/users/${engineer.adminId}/calendar`;
    const params = { id: engineer.adminId };

    const page = await outcome(() => staffCalendar.loader(routeArgs(manager.request(url), params)));
    expect(page.value).toMatchObject({ member: { userId: engineer.userId, name: "Sam Okafor" }, own: false, state: { connected: false } });
    const connect = await outcome(() => staffCalendar.action(routeArgs(manager.request(url, formPost({ intent: "calendar-connect", kind: "ics", icsUrl: address })), params)));
    expect(reply(connect)).toMatchObject({ ok: true, message: "Calendar connected" });
    expect((await db.select().from(calendarConnections)).map((r) => r.userId)).toEqual([engineer.userId]);

    expect((await outcome(() => staffCalendar.loader(routeArgs(engineer.request(url), params)))).status).toBe(403);
    expect((await outcome(() => staffCalendar.action(routeArgs(engineer.request(url, formPost({ intent: "calendar-disconnect" })), params)))).status).toBe(403);
    expect((await outcome(() => staffCalendar.loader(routeArgs(manager.request("/admin/users/nope/calendar"), { id: "nope" })))).status).toBe(404);
    expect((await outcome(() => staffCalendar.action(routeArgs(manager.request(url, formPost({ intent: "turn-on" })), params)))).status).toBe(400);

    const off = await outcome(() => staffCalendar.action(routeArgs(manager.request(url, formPost({ intent: "calendar-disconnect" })), params)));
    expect(reply(off)).toMatchObject({ ok: true, message: "Calendar disconnected" });
    expect(await db.$count(calendarConnections)).toBe(0);
  });
});
