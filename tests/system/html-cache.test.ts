/**
 * The HTML cache across two production instances on one PostgreSQL (ADR "HTML cache"):
 * a settings change saved through one instance reaches the cached pages of the other within one
 * second (triggers + LISTEN/NOTIFY), and the analytics banner then shows on content pages but
 * never under /admin or on token pages.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn, startServers, type Cluster } from "./support/servers";

const SETTINGS = {
  companyName: "Meridian Engineering",
  email: "hello@meridian-engineering.co.uk",
  phone: "+44 20 7946 0321",
  location: "London, United Kingdom",
  linkedinUrl: "https://www.linkedin.com/company/meridian-engineering",
  notificationRecipients: "hello@meridian-engineering.co.uk",
  minimumNoticeHours: "24",
  bookingWeeksAhead: "8",
  analyticsMode: "first_party",
  analyticsId: "",
  siteVerification: "",
};

describe("HTML cache on two instances", () => {
  let cluster: Cluster;
  beforeAll(async () => {
    cluster = await startServers(2);
  });
  afterAll(async () => {
    await cluster?.stop();
  });

  it("an edit saved on one instance invalidates the other's cached pages within one second", async () => {
    const [a, b] = cluster.servers;
    const page = (path: string) => fetch(`${b.base}${path}`);
    await page("/about");
    const cached = await page("/about");
    expect(cached.headers.get("x-html-cache")).toBe("hit");
    expect(await cached.text()).toContain("© ");

    const cookie = await signIn(a.base);
    const save = (values: Record<string, string>) =>
      fetch(`${a.base}/admin/settings`, {
        method: "POST",
        redirect: "manual",
        headers: { cookie, origin: a.base, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ ...SETTINGS, ...values }),
      });
    const saved = await save({ companyName: "Meridian Cache Test", analyticsMode: "with_google", analyticsId: "G-CACHE1234" });
    expect(saved.status).toBe(200);
    const savedAt = Date.now();

    // When the first request that got the new page was sent (its own render time is not invalidation time).
    let seenAt = 0;
    while (Date.now() - savedAt < 3000) {
      const sentAt = Date.now();
      const html = await (await page("/about")).text();
      if (html.includes("Meridian Cache Test")) {
        seenAt = sentAt;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(seenAt, "the other instance never showed the new name").toBeGreaterThan(0);
    expect(seenAt - savedAt).toBeLessThan(1000);

    // The consent banner (and so GA4) on content pages only; consent is part of the key.
    const about = await (await page("/about")).text();
    expect(about).toContain('data-measurement-id="G-CACHE1234"');
    const decided = await (await fetch(`${b.base}/about`, { headers: { cookie: "cookie_consent=rejected" } })).text();
    expect(decided).toMatch(/<section[^>]*data-cookie-banner=""[^>]*hidden=""/);
    for (const path of ["/admin/login", "/admin/set-password?token=secret", "/book-consultation/manage/not-a-real-token"]) {
      const html = await (await page(path)).text();
      expect([path, html.includes("data-cookie-banner")]).toEqual([path, false]);
      expect([path, html.includes("Cookie settings")]).toEqual([path, false]);
    }
    expect((await save({})).status).toBe(200);
  });
});
