/**
 * Without `CALENDAR_ALLOW_PRIVATE`, a calendar address on this machine or a private network is
 * refused when connecting (nothing stored) and when read, even where a calendar answers there.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { calendarConnections } from "~/db/schema";
import { setupTestDatabase } from "../../../tests/setup/database";
import { connectCalendar } from "./connections.server";
import { readBusyIntervals } from "./read.server";

setupTestDatabase();

let server: Server;
let port = 0;
beforeAll(async () => {
  server = createServer((_req, res) => res.writeHead(200, { "content-type": "text/calendar" }).end("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n"));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined))));

const sam = { userId: "user-sam", email: "sam@meridian.example" };
const window = { start: new Date("2026-06-01T00:00:00Z"), end: new Date("2026-06-02T00:00:00Z") };

it("refuses to connect a calendar on 127.0.0.1, a private network or localhost", async () => {
  expect(await connectCalendar(sam, sam.userId, { kind: "ics", icsUrl: `http://127.0.0.1:${port}/cal.ics` })).toEqual({ ok: false, field: "icsUrl", message: "Use an https:// address." });
  expect(await connectCalendar(sam, sam.userId, { kind: "ics", icsUrl: `https://127.0.0.1:${port}/cal.ics` })).toMatchObject({ ok: false, message: "That address is on a private network. Use the calendar's public address." });
  expect(await connectCalendar(sam, sam.userId, { kind: "caldav", caldavUrl: "https://10.0.0.8/dav/", caldavUsername: "sam", caldavPassword: "x" })).toMatchObject({ ok: false, field: "caldavUrl" });
  expect(await connectCalendar(sam, sam.userId, { kind: "ics", icsUrl: "webcal://localhost/cal.ics" })).toMatchObject({ ok: false, field: "icsUrl" });
  expect(await db.$count(calendarConnections)).toBe(0);
});

it("refuses to read one at a stored address (the guard runs at every read)", async () => {
  await expect(readBusyIntervals({ kind: "ics", url: `https://127.0.0.1:${port}/cal.ics` }, window)).rejects.toThrow("That address is on a private network.");
  await expect(readBusyIntervals({ kind: "caldav", serverUrl: `https://[::1]:${port}/`, username: "sam", password: "x" }, window)).rejects.toThrow("That address is on a private network.");
  // Allowed explicitly, the same server reads.
  expect(await readBusyIntervals({ kind: "ics", url: `http://127.0.0.1:${port}/cal.ics` }, window, true)).toEqual([]);
});
