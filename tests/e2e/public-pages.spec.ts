/**
 * The public site's shell and fixed-content pages (`shared/spec/public-site.md` sections 2, 3,
 * 8 and 9): header navigation (desktop and 390 px mobile), footer, home, about, services, the two
 * service pages, privacy, terms and the 404 page, plus axe on each.
 */
import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./support/a11y";
import { waitForSettled } from "./support/hydration";

const year = String(new Date().getFullYear());

async function gotoOk(page: Page, path: string) {
  const response = await page.goto(path);
  expect(response?.status(), `status of ${path}`).toBe(200);
}

test.describe("fixed-content pages", () => {
  test("home shows every section in the spec's order", async ({ page }) => {
    await gotoOk(page, "/");
    await expect(page.getByRole("heading", { level: 1, name: "Building a resilient, sustainable future" })).toBeVisible();
    await expect(page.getByText(/^Welcome to /)).toBeVisible();
    const hero = page.locator("section").first();
    await expect(hero.getByRole("link", { name: "Book Free Consultation" })).toHaveAttribute("href", "/book-consultation");
    await expect(hero.getByRole("link", { name: "View Our Work" })).toHaveAttribute("href", "/projects");
    await expect(page.getByText("Trusted by leading organizations worldwide")).toBeVisible();
    const track = page.getByTestId("partner-track");
    expect(await track.evaluate((el) => getComputedStyle(el).animationDuration)).toBe("20s");
    await expect(track.getByRole("img")).toHaveCount(7);

    // Hero: 3 images in the HTML, the first is the high-priority LCP candidate with a srcset.
    const heroImages = page.locator("img[data-active]");
    await expect(heroImages).toHaveCount(3);
    await expect(heroImages.first()).toHaveAttribute("fetchpriority", "high");
    await expect(heroImages.first()).toHaveAttribute("srcset", /hero-1-640\.webp 640w/);
    // The server marks the first slide active; the enhancement moves it on every 6 seconds, so a
    // slow run may already show the second: one slide is active at any time.
    expect(await (await page.request.get("/")).text()).toMatch(/<img[^>]*hero-1-640\.webp[^>]*data-active="true"/);
    await expect(page.locator('img[data-active="true"]')).toHaveCount(1);

    // Services cards.
    for (const text of [
      "Structural Excellence",
      "Sustainability Solutions",
      "Project Management Excellence",
      "Post-Disaster",
      "Risk & Mitigation",
      "Community Infrastructure",
    ]) {
      await expect(page.getByText(text, { exact: true })).toBeVisible();
    }
    await expect(page.locator('a[href="/services/commercial"]').filter({ hasText: "Structural Excellence" })).toHaveCount(1);
    await expect(page.locator('a[href="/services/humanitarian"]').filter({ hasText: "Post-Disaster" })).toHaveCount(1);

    // About block, approach.
    await expect(page.getByRole("link", { name: "More about us" })).toHaveAttribute("href", "/about");
    await expect(page.getByRole("heading", { name: "Precision with Purpose" })).toBeVisible();
    for (const pillar of ["Intelligent Engineering", "Sustainable Infrastructure", "Risk-Resilient Thinking"]) {
      await expect(page.getByRole("heading", { name: pillar })).toBeVisible();
    }
    const video = page.getByTestId("approach-video");
    await expect(video).toHaveJSProperty("muted", true);
    await expect(video).toHaveJSProperty("loop", true);

    // Latest projects and insights: at most 3 each, or the empty text.
    await expect(page.getByRole("link", { name: "VIEW ALL PROJECTS" })).toHaveAttribute("href", "/projects");
    await expect(page.getByRole("link", { name: "View all blogs" })).toHaveAttribute("href", "/insights");
    const projectCards = page.locator('section[aria-labelledby="projects-heading"] li article');
    const projectCount = await projectCards.count();
    expect(projectCount).toBeLessThanOrEqual(3);
    if (projectCount === 0) await expect(page.getByText("No projects available")).toBeVisible();
    const insightCards = page.locator('section[aria-labelledby="insights-heading"] li article');
    const insightCount = await insightCards.count();
    expect(insightCount).toBeLessThanOrEqual(3);
    if (insightCount === 0) await expect(page.getByText("No insights available")).toBeVisible();

    // Team and headline figures.
    await expect(page.getByRole("heading", { name: "Daniel Mensah" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Sarah Whitfield" })).toBeVisible();
    const team = page.locator('section[aria-labelledby="team-heading"]');
    await expect(team.getByText("95%", { exact: true })).toBeVisible();
    await expect(team.getByText("10+", { exact: true })).toBeVisible();

    // Testimonials: three columns with 15/19/17 s loops and nine distinct quotes.
    const columns = page.getByTestId("testimonial-column");
    await expect(columns).toHaveCount(3);
    const durations = await columns.evaluateAll((cols) => cols.map((c) => (c.firstElementChild as HTMLElement).style.animationDuration));
    expect(durations).toEqual(["15s", "19s", "17s"]);
    const computed = await columns.evaluateAll((cols) => cols.map((c) => getComputedStyle(c.firstElementChild as HTMLElement).animationDuration));
    expect(computed).toEqual(["15s", "19s", "17s"]);
    await expect(page.locator('[data-testid="testimonial-column"] > div > div:not([aria-hidden]) figure')).toHaveCount(9);

    // Closing call to action.
    await expect(page.getByRole("heading", { name: "Get your free consultation" })).toBeVisible();
    await expect(page.getByRole("link", { name: "BOOK FREE CALL" })).toHaveAttribute("href", "/book-consultation");
    await expect(page.getByRole("link", { name: "VIEW PROJECTS" })).toHaveAttribute("href", "/projects");

    await expect(page).toHaveTitle(/Meridian Engineering/);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/$/);
  });

  test("the hero rotates to the next image after 6 seconds", async ({ page }) => {
    await page.clock.install();
    await gotoOk(page, "/");
    const active = page.locator('img[data-active="true"]');
    await expect(active).toHaveAttribute("src", /hero-1-/);
    await page.clock.runFor(6_100);
    await expect(active).toHaveAttribute("src", /hero-2-/);
    await page.clock.runFor(6_000);
    await expect(active).toHaveAttribute("src", /hero-3-/);
    await page.clock.runFor(6_000);
    await expect(active).toHaveAttribute("src", /hero-1-/);
  });

  test("the hero does not rotate and strips do not move under reduced motion", async ({ browser }) => {
    const context = await browser.newContext({ reducedMotion: "reduce" });
    const page = await context.newPage();
    await page.clock.install();
    await gotoOk(page, "/");
    await page.clock.runFor(13_000);
    await expect(page.locator('img[data-active="true"]')).toHaveAttribute("src", /hero-1-/);
    const iterations = await page.getByTestId("partner-track").evaluate((el) => getComputedStyle(el).animationIterationCount);
    expect(iterations).toBe("1");
    await context.close();
  });

  test("about: founders with independently expandable experience, countries and values", async ({ page }) => {
    await gotoOk(page, "/about");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Daniel Mensah" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Sarah Whitfield" })).toBeVisible();

    const entries = page.locator("button[aria-expanded][aria-controls*='-exp-']");
    expect(await entries.count()).toBeGreaterThanOrEqual(4);
    const first = entries.nth(0);
    const second = entries.nth(1);
    await expect(first).toHaveAttribute("aria-expanded", "false");
    await first.click();
    await expect(first).toHaveAttribute("aria-expanded", "true");
    await expect(page.getByText(/more than £70,000 of revenue/)).toBeVisible();
    // Media item of the first entry.
    await expect(page.getByRole("img", { name: /Steel frame of a mid-rise commercial building/ })).toBeVisible();
    await second.click();
    await expect(first).toHaveAttribute("aria-expanded", "true");
    await expect(second).toHaveAttribute("aria-expanded", "true");
    await first.click();
    await expect(first).toHaveAttribute("aria-expanded", "false");
    await expect(second).toHaveAttribute("aria-expanded", "true");
    await expect(page.getByText(/more than £70,000 of revenue/)).toBeHidden();

    await expect(page.getByText("15+", { exact: true })).toBeVisible();
    await expect(page.getByText("12+", { exact: true })).toBeVisible();
    await expect(page.getByText("30+", { exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Areas of expertise" })).toBeVisible();
    await expect(page.getByRole("heading", { name: /work spans 17 countries/ })).toBeVisible();
    await expect(page.getByRole("list", { name: "Countries we have worked in" }).getByRole("listitem")).toHaveCount(16);
    for (const value of ["Engineering Excellence", "Humanitarian Impact", "Collaborative Approach", "Innovation & Sustainability"]) {
      await expect(page.getByRole("heading", { name: value })).toBeVisible();
    }
    await expect(page.locator('section[aria-labelledby="cta-heading"]').getByRole("link").first()).toHaveAttribute("href", "/book-consultation");
    await expect(page).toHaveTitle(/About Us \| Meridian Engineering/);
  });

  test("services: two pillars with stats, the four-step process and a call to action", async ({ page }) => {
    await gotoOk(page, "/services");
    const commercial = page.locator('article[aria-labelledby="pillar-commercial"]');
    const humanitarian = page.locator('article[aria-labelledby="pillar-humanitarian"]');
    await expect(commercial.getByRole("heading", { name: "Commercial Engineering" })).toBeVisible();
    await expect(commercial.getByText("30+", { exact: true })).toBeVisible();
    await expect(commercial.getByText("8", { exact: true })).toBeVisible();
    await expect(commercial.getByText("15+", { exact: true })).toBeVisible();
    await expect(commercial.getByRole("heading", { name: "Core services" })).toBeVisible();
    await expect(commercial.getByRole("heading", { name: "Project types" })).toBeVisible();
    await expect(commercial.getByRole("link", { name: /Explore Commercial Engineering/ })).toHaveAttribute("href", "/services/commercial");
    await expect(humanitarian.getByText("20+", { exact: true })).toBeVisible();
    await expect(humanitarian.getByText("12", { exact: true })).toBeVisible();
    await expect(humanitarian.getByText("10+", { exact: true })).toBeVisible();
    await expect(humanitarian.getByRole("link", { name: /Explore Humanitarian Engineering/ })).toHaveAttribute("href", "/services/humanitarian");

    const steps = page.locator('section[aria-labelledby="process-heading"] li');
    await expect(steps).toHaveCount(4);
    for (const [i, title] of ["Initial Consultation", "Design & Planning", "Implementation", "Support & Maintenance"].entries()) {
      await expect(steps.nth(i)).toContainText(`0${i + 1}`);
      await expect(steps.nth(i)).toContainText(title);
    }
    const cta = page.locator('section[aria-labelledby="cta-heading"]');
    await expect(cta.locator('a[href="/book-consultation"]')).toHaveCount(1);
    await expect(cta.locator('a[href="/projects"]')).toHaveCount(1);
  });

  test("commercial and humanitarian service pages", async ({ page }) => {
    await gotoOk(page, "/services/commercial");
    await expect(page.getByRole("heading", { level: 1, name: "Commercial Engineering" })).toBeVisible();
    for (const category of ["Residential", "Commercial Projects", "Industrial Solutions"]) {
      await expect(page.getByRole("heading", { level: 3, name: category, exact: true })).toBeVisible();
    }
    await expect(page.getByRole("heading", { name: "Why choose us" })).toBeVisible();
    await expect(page.locator('section[aria-labelledby="points-heading"] li')).toHaveCount(4);
    await expect(page.locator('section[aria-labelledby="cta-heading"] a[href="/book-consultation"]')).toHaveCount(1);

    await gotoOk(page, "/services/humanitarian");
    await expect(page.getByRole("heading", { level: 1, name: "Humanitarian Engineering" })).toBeVisible();
    for (const category of ["Post-Disaster Recovery", "Risk Assessment & Mitigation", "Community Infrastructure"]) {
      await expect(page.getByRole("heading", { level: 3, name: category, exact: true })).toBeVisible();
    }
    await expect(page.getByRole("heading", { name: "Our principles" })).toBeVisible();
    await expect(page.locator('section[aria-labelledby="points-heading"] li')).toHaveCount(4);
  });

  test("privacy and terms have real content", async ({ page }) => {
    await gotoOk(page, "/privacy");
    await expect(page.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeVisible();
    await expect(page.getByText(/UK General Data Protection Regulation/).first()).toBeVisible();
    await expect(page.getByRole("heading", { name: /Cookies/ })).toBeVisible();
    await expect(page.getByText(/Privacy and Electronic Communications Regulations/)).toBeVisible();
    await expect(page.getByRole("link", { name: "ico.org.uk" })).toBeVisible();

    await gotoOk(page, "/terms");
    await expect(page.getByRole("heading", { level: 1, name: "Terms of Service" })).toBeVisible();
    await expect(page.getByText(/law of England and Wales/).first()).toBeVisible();
  });

  test("an unknown path answers 404 with the not-found page", async ({ page, request }) => {
    const api = await request.get("/this/page/does-not-exist");
    expect(api.status()).toBe(404);
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.getByText("404", { exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: "Page Not Found" })).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
    await page.getByRole("link", { name: "Return to Home" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { level: 1, name: "Building a resilient, sustainable future" })).toBeVisible();
  });
});

test.describe("header and footer", () => {
  test("desktop nav marks the active item; Home only on exactly /", async ({ page }) => {
    await gotoOk(page, "/");
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "Home" })).toHaveAttribute("aria-current", "page");
    await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);

    await nav.getByRole("link", { name: "About" }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(nav.getByRole("link", { name: "About" })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link", { name: "Home" })).not.toHaveAttribute("aria-current", "page");

    await gotoOk(page, "/services/commercial");
    await expect(nav.getByRole("link", { name: "Services", exact: true })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link", { name: "Home" })).not.toHaveAttribute("aria-current", "page");

    for (const [label, href] of [
      ["Projects", "/projects"],
      ["Insights", "/insights"],
      ["Contact", "/contact"],
    ]) {
      await expect(nav.getByRole("link", { name: label, exact: true })).toHaveAttribute("href", href);
    }
    await expect(page.getByRole("banner").getByRole("link", { name: "Book Free Consultation" })).toHaveAttribute("href", "/book-consultation");
  });

  test("the Services dropdown opens on hover and by keyboard", async ({ page }) => {
    await gotoOk(page, "/about");
    const nav = page.getByRole("navigation", { name: "Main" });
    const commercial = nav.getByRole("link", { name: "Commercial Engineering" });
    await expect(commercial).toBeHidden();
    await nav.getByRole("link", { name: "Services", exact: true }).hover();
    await expect(commercial).toBeVisible();
    await expect(nav.getByRole("link", { name: "Humanitarian Engineering" })).toHaveAttribute("href", "/services/humanitarian");
    await page.mouse.move(700, 600);
    await expect(commercial).toBeHidden();

    // Keyboard: focus the toggle, open with Enter, Tab into the menu, Escape closes.
    const toggle = nav.getByRole("button", { name: "Services menu" });
    await toggle.focus();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await page.keyboard.press("Enter");
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Tab");
    await expect(commercial).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(commercial).toBeHidden();
    await expect(toggle).toBeFocused();

    await page.keyboard.press("Enter");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/services\/commercial$/);
    await expect(page.getByRole("heading", { level: 1, name: "Commercial Engineering" })).toBeVisible();
    await expect(commercial).toBeHidden();
  });

  test("the header takes the scrolled style after 20 px", async ({ page }) => {
    await gotoOk(page, "/about");
    const header = page.getByRole("banner");
    await expect(header).toHaveAttribute("data-scrolled", "false");
    await page.evaluate(() => window.scrollTo(0, 15));
    await waitForSettled(page);
    await expect(header).toHaveAttribute("data-scrolled", "false");
    await page.evaluate(() => window.scrollTo(0, 40));
    await expect(header).toHaveAttribute("data-scrolled", "true");
    await expect(header).toHaveClass(/backdrop-blur-xl/);
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(header).toHaveAttribute("data-scrolled", "false");
  });

  test("footer: links, contact details and the current year", async ({ page }) => {
    await gotoOk(page, "/");
    const footer = page.getByRole("contentinfo");
    for (const [label, href] of [
      ["Privacy Policy", "/privacy"],
      ["Terms of Service", "/terms"],
      ["Commercial Engineering", "/services/commercial"],
      ["Humanitarian Engineering", "/services/humanitarian"],
      ["About Us", "/about"],
      ["Projects", "/projects"],
      ["Insights", "/insights"],
    ]) {
      await expect(footer.getByRole("link", { name: label, exact: true })).toHaveAttribute("href", href);
    }
    await expect(footer.getByRole("link", { name: "hello@meridian-engineering.co.uk" })).toHaveAttribute("href", "mailto:hello@meridian-engineering.co.uk");
    await expect(footer.getByRole("link", { name: "+44 20 7946 0321" })).toHaveAttribute("href", "tel:+442079460321");
    await expect(footer.locator("address")).toContainText("London");
    await expect(footer.locator("address")).toContainText("United Kingdom");
    await expect(footer.getByRole("link", { name: /LinkedIn/ })).toHaveAttribute("href", /linkedin\.com/);
    await expect(footer.getByText(`© ${year} Meridian Engineering`)).toBeVisible();

    await footer.getByRole("link", { name: "Terms of Service" }).click();
    await expect(page).toHaveURL(/\/terms$/);
    await expect(page.getByRole("heading", { level: 1, name: "Terms of Service" })).toBeVisible();
  });
});

test.describe("mobile (390 px)", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("menu opens, Services expands, navigating closes the menu and clears the submenu", async ({ page }) => {
    await gotoOk(page, "/");
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    const toggle = page.getByRole("button", { name: "Open menu" });
    await toggle.click();
    const menu = page.getByRole("navigation", { name: "Mobile" });
    await expect(menu).toBeVisible();
    await expect(page.getByRole("button", { name: "Close menu" })).toHaveAttribute("aria-expanded", "true");
    await expect(menu.getByRole("link", { name: "Book Free Consultation" })).toHaveAttribute("href", "/book-consultation");
    await expect(menu.getByRole("link", { name: "Home" })).toHaveAttribute("aria-current", "page");

    const group = menu.getByRole("button", { name: "Show Services pages" });
    await expect(menu.getByRole("link", { name: "Humanitarian Engineering" })).toBeHidden();
    await group.click();
    await expect(group).toHaveAttribute("aria-expanded", "true");
    await menu.getByRole("link", { name: "Humanitarian Engineering" }).click();

    await expect(page).toHaveURL(/\/services\/humanitarian$/);
    await expect(page.getByRole("heading", { level: 1, name: "Humanitarian Engineering" })).toBeVisible();
    await expect(menu).toBeHidden();
    await expect(page.getByRole("button", { name: "Open menu" })).toHaveAttribute("aria-expanded", "false");

    // Reopened: the Services group starts collapsed again.
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(menu.getByRole("button", { name: "Show Services pages" })).toHaveAttribute("aria-expanded", "false");
    await expect(menu.getByRole("link", { name: "Commercial Engineering" })).toBeHidden();
    await menu.getByRole("link", { name: "About" }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(menu).toBeHidden();
  });

  test("two testimonial columns are hidden on small screens", async ({ page }) => {
    await gotoOk(page, "/");
    const columns = page.getByTestId("testimonial-column");
    await expect(columns.nth(0)).toBeVisible();
    await expect(columns.nth(1)).toBeHidden();
    await expect(columns.nth(2)).toBeHidden();
  });

  test("media files are cached for 30 days, other static files for an hour", async ({ request }) => {
    const media = await request.get("/media/hero/hero-1-640.webp");
    expect(media.status()).toBe(200);
    expect(media.headers()["cache-control"]).toContain("max-age=2592000");
    const favicon = await request.get("/favicon.svg");
    expect(favicon.status()).toBe(200);
    expect(favicon.headers()["cache-control"]).toContain("max-age=3600");
  });

  test("no horizontal overflow on the fixed-content pages", async ({ page }) => {
    for (const path of ["/", "/about", "/services", "/services/commercial", "/privacy"]) {
      await gotoOk(page, path);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
  });
});

test.describe("accessibility", () => {
  // axe on the long, animated home page takes several seconds on a busy 2-core machine.
  test.describe.configure({ timeout: 90_000 });
  for (const path of ["/", "/about", "/services", "/services/commercial", "/services/humanitarian", "/privacy", "/terms", "/no-such-page"]) {
    test(`axe finds no serious violation on ${path}`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    });
  }

  // The header takes its scrolled style past 20 px and then sits over dark heroes: its logo and
  // links must keep their contrast there too (spec section 9, "stronger blur after 20 px").
  for (const path of ["/", "/projects/thames-wharf-mixed-use-tower", "/book-consultation"]) {
    test(`axe finds no serious violation with the header scrolled over the dark hero of ${path}`, async ({ page }) => {
      await gotoOk(page, path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      const header = page.locator("header").first();
      // Scroll inside the poll: hydration and the root's scroll-to-top may land after the first scroll.
      await expect(async () => {
        await page.evaluate(() => window.scrollTo(0, 200));
        await expect(header).toHaveAttribute("data-scrolled", "true", { timeout: 500 });
      }).toPass();
      // The dark hero is now behind the header; wait for its colour transition to finish.
      await waitForSettled(page);
      await expectNoSeriousA11yViolations(page);
    });
  }

  test("axe is clean with the mobile menu open", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await gotoOk(page, "/about");
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("button", { name: "Show Services pages" }).click();
    await expectNoSeriousA11yViolations(page);
  });
});
