/**
 * /api/auth/* exposes only the better-auth endpoints the product uses: every
 * other endpoint answers 404 and does nothing (no password-reset mail to staff from anyone), and a
 * deactivated member of staff gets no session by any sign-in path.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { adminUsers, emailOutbox, session, user } from "~/db/schema";
import { createStaffAccount } from "~/features/auth/accounts.server";
import { signInWithPassword } from "~/features/auth/sign-in.server";
import * as loginRoute from "~/routes/admin/login";
import * as authRoute from "~/routes/resources/auth";
import { outcome, TEST_ORIGIN, TEST_PASSWORD } from "../setup/admin-session";
import { setupTestDatabase } from "../setup/database";

setupTestDatabase();

const EMAIL = "staff.member@firm.test";
let clientIp = 0;

/** Sends `method path` to the /api/auth route as a browser or script would (JSON body). */
async function call(method: string, path: string, body?: unknown, cookie?: string): Promise<Response> {
  const headers = new Headers({ origin: TEST_ORIGIN });
  if (body !== undefined) headers.set("content-type", "application/json");
  if (cookie) headers.set("cookie", cookie);
  const request = new Request(`${TEST_ORIGIN}/api/auth${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  clientIp += 1;
  const args = { request, params: {}, context: { clientIp: `192.0.2.${clientIp}` } } as never;
  return method === "GET" ? authRoute.loader(args) : authRoute.action(args);
}

async function staff() {
  return createStaffAccount(db, { email: EMAIL, name: "Staff Member", role: "admin", password: TEST_PASSWORD });
}

describe("/api/auth", () => {
  it.each([
    ["POST", "/request-password-reset", { email: EMAIL, redirectTo: "/admin/set-password" }],
    ["POST", "/reset-password", { token: "x", newPassword: "another-password-123" }],
    ["POST", "/sign-up/email", { email: "intruder@evil.test", password: "intruder-password-1", name: "Intruder" }],
    ["POST", "/change-password", { currentPassword: TEST_PASSWORD, newPassword: "another-password-123" }],
    ["POST", "/update-user", { name: "Renamed" }],
    ["GET", "/list-sessions", undefined],
    ["POST", "/revoke-sessions", {}],
    ["POST", "/sign-in/email/", { email: EMAIL, password: TEST_PASSWORD }],
  ])("answers %s %s with 404 and does nothing", async (method, path, body) => {
    await staff();
    const response = await call(method, path, body);
    expect(response.status).toBe(404);
    expect(await db.select().from(emailOutbox)).toHaveLength(0);
    expect(await db.select().from(session)).toHaveLength(0);
    expect((await db.select().from(user)).map((u) => [u.email, u.name])).toEqual([[EMAIL, "Staff Member"]]);
  });

  it("still signs staff in with JSON, reads the session and signs out", async () => {
    await staff();
    const signIn = await call("POST", "/sign-in/email", { email: EMAIL, password: TEST_PASSWORD });
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
    const current = await call("GET", "/get-session", undefined, cookie);
    expect(((await current.json()) as { user: { email: string } }).user.email).toBe(EMAIL);
    expect((await call("POST", "/sign-out", {}, cookie)).status).toBe(200);
    expect(await db.select().from(session)).toHaveLength(0);
  });
});

describe("a deactivated member of staff", () => {
  it("gets no session from the JSON endpoint, the sign-in helper or the login form", async () => {
    const { adminId } = await staff();
    await db.update(adminUsers).set({ isActive: false }).where(eq(adminUsers.id, adminId));

    const json = await call("POST", "/sign-in/email", { email: EMAIL, password: TEST_PASSWORD });
    expect(json.status).toBe(403);
    expect(json.headers.getSetCookie().filter((c) => !/Max-Age=0/i.test(c))).toEqual([]);

    expect(await signInWithPassword({ email: EMAIL, password: TEST_PASSWORD, clientIp: "192.0.2.200" })).toMatchObject({
      ok: false,
      status: 403,
      message: "This account does not have access to the admin portal.",
    });

    const form = new Request(`${TEST_ORIGIN}/admin/login`, {
      method: "POST",
      headers: { origin: TEST_ORIGIN, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: EMAIL, password: TEST_PASSWORD }).toString(),
    });
    const login = await outcome(() => loginRoute.action({ request: form, params: {}, context: { clientIp: "192.0.2.201" } } as never));
    expect(login.status).toBe(403);
    expect(JSON.stringify(login.value)).toContain("This account does not have access to the admin portal.");

    expect(await db.select().from(session)).toHaveLength(0);
  });
});
