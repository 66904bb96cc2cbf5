/**
 * Staff accounts with real better-auth sessions for Vitest: sign in through better-auth and
 * build Requests that carry the session cookie, to call loaders and actions as that person.
 *
 *   const editor = await createStaffSession("editor");
 *   await loader({ request: editor.request("/admin/users"), ... })  // throws 403
 */
import type { AdminRole } from "~/features/auth/roles";
import { createStaffAccount } from "~/features/auth/accounts.server";
import { signInWithPassword } from "~/features/auth/sign-in.server";
import { db } from "~/db/client.server";

export const TEST_ORIGIN = "http://localhost:3000";
export const TEST_PASSWORD = "test-password-123";

let counter = 0;

export type StaffSession = {
  userId: string;
  adminId: string;
  email: string;
  /** The Cookie header value of the session. */
  cookie: string;
  /** A Request to a path on the test origin with the session cookie; POSTs carry our Origin. */
  request: (path: string, init?: RequestInit) => Request;
};

/** Creates an active admin with `role` and signs them in. */
export async function createStaffSession(role: AdminRole, options: { email?: string; name?: string } = {}): Promise<StaffSession> {
  counter += 1;
  const email = options.email ?? `${role.replace("_", "-")}-${counter}-${Date.now()}@staff.test`;
  const { userId, adminId } = await createStaffAccount(db, {
    email,
    name: options.name ?? `Test ${role}`,
    role,
    password: TEST_PASSWORD,
  });
  const result = await signInWithPassword({ email, password: TEST_PASSWORD, clientIp: `10.0.${counter % 250}.${(counter * 7) % 250}` });
  if (!result.ok) throw new Error(`test sign-in failed: ${result.status} ${result.message}`);
  const cookie = result.setCookie.map((c) => c.split(";")[0]).join("; ");
  return {
    userId,
    adminId,
    email,
    cookie,
    request: (path, init = {}) => {
      const headers = new Headers(init.headers);
      headers.set("cookie", cookie);
      const method = (init.method ?? "GET").toUpperCase();
      if (method !== "GET" && method !== "HEAD" && !headers.has("origin")) headers.set("origin", TEST_ORIGIN);
      return new Request(`${TEST_ORIGIN}${path}`, { ...init, headers });
    },
  };
}

/** What a loader or action threw or returned, as { status, location }. */
export async function outcome(run: () => Promise<unknown>): Promise<{ status: number; location: string | null; value?: unknown }> {
  try {
    const value = await run();
    if (value instanceof Response) return { status: value.status, location: value.headers.get("location"), value };
    const init = (value as { init?: { status?: number } } | null)?.init;
    if (value && typeof value === "object" && "type" in value && (value as { type: string }).type === "DataWithResponseInit") {
      return { status: init?.status ?? 200, location: null, value };
    }
    return { status: 200, location: null, value };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, location: thrown.headers.get("location") };
    const t = thrown as { type?: string; init?: { status?: number }; data?: unknown };
    if (t?.type === "DataWithResponseInit") return { status: t.init?.status ?? 200, location: null, value: t.data };
    throw thrown;
  }
}

/**
 * The argument of a route loader or action called directly in a test: `request`, its route
 * `params` and the server's `context` (e.g. `{ clientIp }`).
 */
export const routeArgs = (request: Request, params: Record<string, string> = {}, context: Record<string, unknown> = {}) =>
  ({ request, params, context }) as never;

/**
 * The `RequestInit` of a urlencoded form POST of `fields` (a list value posts the field once per
 * item), as a browser sends it.
 */
export function formPost(fields: Record<string, string | string[]>): RequestInit {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) for (const one of [v].flat()) body.append(k, one);
  return { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: body.toString() };
}
