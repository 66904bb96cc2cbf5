/**
 * The public site's shell: header navigation (the active item, the Services dropdown, the scrolled
 * style), the footer, and the 390 px mobile layout (the menu, hidden testimonial columns, no
 * horizontal overflow), plus the cache lifetimes of static files.
 */
import { expect, test } from "@playwright/test";
import { gotoOk } from "./support/goto";
import { waitForSettled } from "./support/hydration";

const year = String(new Date().getFullYear());

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
