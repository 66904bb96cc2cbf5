/**
 * Return addresses a header cannot carry as sent (control characters, non-Latin-1) in the cookie
 * banner's `returnTo` and the portal's `redirectTo`: answered with a safe, percent-encoded
 * redirect, never a 500 ("Cannot convert argument to a ByteString").
 */
import { describe, expect, it } from "vitest";
import { safeAdminRedirect } from "~/features/auth/redirect";
import { loader as loginLoader } from "~/routes/admin/login";
import { action as consentAction } from "~/routes/resources/consent";
import { encodeForLocation } from "~/utils/location-path";
import { createStaffSession, outcome, routeArgs, TEST_ORIGIN } from "../setup/admin-session";
import { setupTestDatabase } from "../setup/database";

setupTestDatabase();

const consent = (returnTo: string) =>
  outcome(() =>
    consentAction(
      routeArgs(
        new Request(`${TEST_ORIGIN}/consent`, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded", origin: TEST_ORIGIN },
          body: new URLSearchParams({ choice: "accepted", returnTo }),
        }),
      ),
    ),
  );

describe("return addresses with characters a header cannot carry", () => {
  it("encodes controls and non-ASCII as UTF-8 percent escapes and leaves the rest alone", () => {
    expect(encodeForLocation("/a\u0001b")).toBe("/a%01b");
    expect(encodeForLocation("/admin/\u0100")).toBe("/admin/%C4%80");
    expect(encodeForLocation("/caf\u00e9?x=\u{1F600}")).toBe("/caf%C3%A9?x=%F0%9F%98%80");
    expect(encodeForLocation("/a\uD800b")).toBe("/a%EF%BF%BDb");
    expect(encodeForLocation("/projects?category=commercial&q=a%20b")).toBe("/projects?category=commercial&q=a%20b");
    expect(() => new Headers({ location: encodeForLocation("/\u0000\u007f\u0080\u00ff\u0100") })).not.toThrow();
  });

  it("POST /consent with returnTo /a%01b or a non-Latin-1 path: a 303 to the encoded path", async () => {
    for (const [returnTo, location] of [
      ["/a\u0001b", "/a%01b"],
      ["/\u0100", "/%C4%80"],
      ["/insights/\u6f22\u5b57?utm_source=\u00e9", "/insights/%E6%BC%A2%E5%AD%97?utm_source=%C3%A9"],
    ]) {
      const result = await consent(returnTo!);
      expect([returnTo, result.status, result.location]).toEqual([returnTo, 303, location]);
    }
  });

  it("redirectTo=/admin/%C4%80 for a signed-in member: a redirect to the encoded path", async () => {
    expect(safeAdminRedirect("/admin/\u0100")).toBe("/admin/%C4%80");
    expect(safeAdminRedirect("/admin/a\u0001b")).toBe("/admin/a%01b");
    const staff = await createStaffSession("editor");
    for (const [redirectTo, location] of [
      ["/admin/%C4%80", "/admin/%C4%80"],
      ["/admin/%01x", "/admin/%01x"],
    ]) {
      const result = await outcome(() => loginLoader(routeArgs(staff.request(`/admin/login?redirectTo=${encodeURIComponent(decodeURIComponent(redirectTo!))}`))));
      expect([redirectTo, result.status, result.location]).toEqual([redirectTo, 302, location]);
    }
  });
});
