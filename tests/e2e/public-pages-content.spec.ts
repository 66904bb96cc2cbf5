/**
 * The public site's fixed-content pages: home (every section, the hero's rotation and reduced
 * motion), about, services, the two service pages, privacy, terms and the 404 page. The header,
 * footer and mobile layout are in public-pages-shell.spec.ts; axe on each page in
 * public-pages-a11y.spec.ts.
 */
import { expect, test } from "@playwright/test";
import { gotoOk } from "./support/goto";

test.describe("fixed-content pages", () => {
  // The home page's motion as most visitors see it: this project's browsers otherwise ask for
  // reduced motion (playwright.config.ts).
  test.describe("home with motion", () => {
    test.use({ reducedMotion: "no-preference" });

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
