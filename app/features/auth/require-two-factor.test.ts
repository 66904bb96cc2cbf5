import { describe, expect, it } from "vitest";
import { createStaffSession, formPost, outcome, routeArgs } from "../../../tests/setup/admin-session";
import { setupTestDatabase } from "../../../tests/setup/database";
import { TWO_FACTOR_ENROL_PATH } from "./guard.server";
import { setTwoFactorRequired } from "./two-factor.server";

setupTestDatabase();

type RouteModule = { loader?: (args: never) => Promise<unknown>; action?: (args: never) => Promise<unknown> };

// Every module of the portal: the signed-out screens (login, logout, set and forgot password, the
// two-factor step) are the only ones not behind the gate.
const modules = import.meta.glob<RouteModule>(["../../routes/admin/**/*.{ts,tsx}"], { eager: true });
const SIGNED_OUT = ["login", "logout", "set-password", "forgot-password", "two-factor"];
const portal = Object.entries(modules).filter(([file]) => !SIGNED_OUT.some((name) => file.endsWith(`/admin/${name}.tsx`)));

/** The URL path a module serves, near enough for the gate (which looks only at /admin/account). */
const pathOf = (file: string) => file.replace(/^.*\/routes\/admin\//, "/admin/").replace(/\.(tsx|ts)$/, "").replace(/\/index$/, "");

const params = { id: "00000000-0000-4000-8000-000000000000", token: "x" };

describe("Require two-factor for all staff", () => {
  it("covers the portal's modules", () => {
    expect(portal.length).toBeGreaterThanOrEqual(20);
    expect(portal.map(([file]) => pathOf(file))).toEqual(expect.arrayContaining(["/admin/layout", "/admin/users", "/admin/account", "/admin/media-upload"]));
  });

  it("sends a member without two-factor from every portal loader to enrol, and refuses every action but enrolling", async () => {
    const boss = await createStaffSession("super_admin");
    await setTwoFactorRequired({ userId: boss.userId, email: boss.email }, true);
    const results: { path: string; kind: string; status: number; location: string | null }[] = [];
    for (const [file, mod] of portal) {
      const path = pathOf(file);
      if (mod.loader) {
        const r = await outcome(() => mod.loader!(routeArgs(boss.request(path), params)));
        results.push({ path, kind: "loader", status: r.status, location: r.location });
      }
      if (mod.action) {
        const r = await outcome(() => mod.action!(routeArgs(boss.request(path, formPost({ intent: "change-name", name: "X" })), params)));
        results.push({ path, kind: "action", status: r.status, location: r.location });
      }
    }
    expect(results.length).toBeGreaterThanOrEqual(25);
    for (const r of results) {
      if (r.path === TWO_FACTOR_ENROL_PATH) {
        // Your account: the page opens, but only enrolling is allowed.
        expect({ ...r, status: r.status }).toEqual({ ...r, status: r.kind === "loader" ? 200 : 403 });
      } else if (r.path === "/admin/media-upload" && r.kind === "loader") {
        // The upload endpoint takes POSTs only: a GET is refused before anything is read.
        expect(r).toEqual({ ...r, status: 405 });
      } else if (r.kind === "loader") {
        expect(r).toEqual({ ...r, status: 302, location: `${TWO_FACTOR_ENROL_PATH}#two-factor` });
      } else {
        expect(r).toEqual({ ...r, status: 403 });
      }
    }
    // Enrolling itself goes through.
    const { action } = await import("~/routes/admin/account");
    const start = await outcome(() => action(routeArgs(boss.request("/admin/account", formPost({ intent: "totp-start", password: "test-password-123" })))));
    expect(start.status).toBe(200);
  });

  it("lets everyone in as before while it is off", async () => {
    const editor = await createStaffSession("editor");
    const { loader } = await import("~/routes/admin/dashboard");
    expect((await outcome(() => loader(routeArgs(editor.request("/admin/dashboard"))))).status).toBe(200);
  });
});
