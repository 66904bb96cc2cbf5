/**
 * `POST /consent` (the cookie banner's Accept and Reject without JavaScript): the same
 * cookie the enhancement module writes, a 303 back to the page, never cached; another site's form,
 * an unknown choice and a return address off this site are refused.
 */
import { describe, expect, it } from "vitest";
import { parseConsent } from "~/features/site/consent";
import { action } from "~/routes/resources/consent";
import { outcome, TEST_ORIGIN } from "../setup/admin-session";

function post(fields: Record<string, string>, origin: string | null = TEST_ORIGIN, requestOrigin = TEST_ORIGIN): Request {
  const headers: Record<string, string> = { "content-type": "application/x-www-form-urlencoded" };
  if (origin) headers.origin = origin;
  return new Request(`${requestOrigin}/consent`, { method: "POST", headers, body: new URLSearchParams(fields) });
}

const call = (request: Request) => outcome(() => action({ request, params: {}, context: {} } as unknown as Parameters<typeof action>[0]));

async function errors(result: { value?: unknown }): Promise<Record<string, string[]>> {
  return ((await (result.value as Response).json()) as { fieldErrors: Record<string, string[]> }).fieldErrors;
}

describe("POST /consent", () => {
  it("stores Accept for 180 days and goes back to the page, query string and all", async () => {
    const result = await call(post({ choice: "accepted", returnTo: "/projects?category=humanitarian" }));
    expect(result.status).toBe(303);
    expect(result.location).toBe("/projects?category=humanitarian");
    const response = result.value as Response;
    const cookie = response.headers.get("set-cookie")!;
    expect(cookie).toBe("cookie_consent=accepted; Max-Age=15552000; Path=/; SameSite=Lax");
    expect(parseConsent(cookie.split(";")[0])).toBe("accepted");
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  it("stores Reject and returns home when no page was given", async () => {
    const result = await call(post({ choice: "rejected" }));
    expect(result.status).toBe(303);
    expect(result.location).toBe("/");
    expect((result.value as Response).headers.get("set-cookie")).toMatch(/^cookie_consent=rejected;/);
  });

  it("accepts the PUBLIC_URL origin behind a proxy that rewrites Host", async () => {
    // The proxy forwards to 127.0.0.1:3000 with its own Host; the browser's Origin is PUBLIC_URL's.
    const publicOrigin = new URL(process.env.PUBLIC_URL!).origin;
    const result = await call(post({ choice: "accepted", returnTo: "/about" }, publicOrigin, "http://127.0.0.1:3000"));
    expect(result.status).toBe(303);
    expect((result.value as Response).headers.get("set-cookie")).toMatch(/^cookie_consent=accepted;/);
    // Only that one: another origin is still refused however the Host was rewritten.
    const other = await call(post({ choice: "accepted", returnTo: "/about" }, "http://127.0.0.1:3001", "http://127.0.0.1:3000"));
    expect(other.status).toBe(403);
  });

  it("refuses a form sent from another site, or with no origin, and sets nothing", async () => {
    for (const origin of ["https://evil.example", "null", null]) {
      const result = await call(post({ choice: "accepted", returnTo: "/" }, origin));
      expect(result.status).toBe(403);
      expect((result.value as Response).headers.get("set-cookie")).toBeNull();
    }
  });

  it("answers 400 naming the field for an unknown choice or a return address off this site", async () => {
    const bad = await call(post({ choice: "maybe", returnTo: "/" }));
    expect(bad.status).toBe(400);
    expect(await errors(bad)).toEqual({ choice: ["Choose Accept or Reject."] });
    for (const returnTo of ["//evil.example/x", "https://evil.example/", "/\\evil.example", "about"]) {
      const result = await call(post({ choice: "accepted", returnTo }));
      expect(result.status, returnTo).toBe(400);
      expect(await errors(result)).toEqual({ returnTo: ["Return to a page of this site."] });
      expect((result.value as Response).headers.get("set-cookie")).toBeNull();
    }
  });
});
