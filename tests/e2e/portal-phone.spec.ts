import path from "node:path";
/**
 * Phones: every portal screen at 390 px without sideways scrolling. The route
 * list comes from app/routes.ts itself, so a screen added later is visited too; a route with a
 * `:param` needs an example value below, and the test names any route it cannot visit. Downloads
 * (a loader answering something other than HTML) are not screens and are left out.
 */
import { expect, test, type Page } from "@playwright/test";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "../../app/routes";
import { photoJpeg } from "../setup/images";
import { signInAsAdmin } from "./support/auth";
import { waitForHydration } from "./support/hydration";
import { saveScreenshot } from "./support/screenshots";

const PHONE = { width: 390, height: 844 };

/** Every URL pattern under /admin in app/routes.ts, in order. */
function portalPatterns(entries: RouteConfigEntry[], parent = ""): string[] {
  const out: string[] = [];
  for (const entry of entries) {
    const path = entry.index ? parent : entry.path ? `${parent}/${entry.path}`.replace(/\/+/g, "/") : parent;
    if (entry.path !== undefined || entry.index) out.push(path || "/");
    if (entry.children) out.push(...portalPatterns(entry.children, path));
  }
  return [...new Set(out.filter((p) => p === "/admin" || p.startsWith("/admin/")))];
}

/** Screens reached without a session (the rest are visited signed in as the super admin). */
const SIGNED_OUT = new Set(["/admin/login", "/admin/set-password", "/admin/forgot-password"]);
/** Routes that are actions or data, not screens (visiting logout would sign the worker's session out). */
const NOT_SCREENS = new Set([
  "/admin/logout",
  "/admin/media/upload",
  "/admin/calendar/:token",
  "/admin/enquiries/:id/conversation",
  "/admin/enquiries/attachments/:id",
]);

/** Fills a pattern's `:params` from the portal's own lists; null when no example is known. */
async function exampleUrl(page: Page, pattern: string): Promise<string | null> {
  if (!pattern.includes(":")) return pattern;
  const editLink = async (list: string) => {
    await page.goto(list);
    return page.locator(`a[href^="${list}/edit/"]`).first().getAttribute("href");
  };
  if (pattern === "/admin/cms/projects/edit/:id") return editLink("/admin/cms/projects");
  if (pattern === "/admin/cms/blog/edit/:id") return editLink("/admin/cms/blog");
  if (pattern === "/admin/cms/projects/edit/:id/:lang") return `${await editLink("/admin/cms/projects")}/fr`;
  if (pattern === "/admin/cms/blog/edit/:id/:lang") return `${await editLink("/admin/cms/blog")}/fr`;
  if (pattern === "/admin/site/consultation-types/:typeId/questions") {
    await page.goto("/admin/site/consultation-types");
    return page.locator('a[href^="/admin/site/consultation-types/"][href$="/questions"]').first().getAttribute("href");
  }
  if (pattern === "/admin/site/wordpress/:id") {
    // A dry run of a real export (nothing is written until it is applied): the run's own screen.
    await page.goto("/admin/site/wordpress");
    await waitForHydration(page);
    await page.getByLabel("WordPress export file").setInputFiles(path.resolve("tests/fixtures/wordpress/64-block-test-data.xml"));
    await page.getByRole("button", { name: "Upload and check" }).click();
    await page.waitForURL(/\/admin\/site\/wordpress\/[0-9a-f-]{36}$/, { timeout: 60_000 });
    return new URL(page.url()).pathname;
  }
  if (pattern === "/admin/site/:page") return "/admin/site/about";
  if (pattern === "/admin/site/:page/:lang") return "/admin/site/about/fr";
  if (pattern === "/admin/users/:id/calendar" || pattern === "/admin/users/:id/consultations") {
    // The super admin's own row: every member has a consultations link, and the calendar screen
    // takes any member's id.
    await page.goto("/admin/users");
    const href = await page.locator('a[href^="/admin/users/"][href$="/consultations"]').first().getAttribute("href");
    return href && pattern.replace("/admin/users/:id", href.replace(/\/consultations$/, ""));
  }
  if (pattern === "/admin/settings/webhooks/:id") {
    // An endpoint of its own, turned off so it receives no events.
    await page.goto("/admin/settings/webhooks");
    await waitForHydration(page);
    await page.getByLabel("Address").fill("https://hooks.example.com/portal-phone");
    await page.getByLabel("Description").fill("Portal phone check");
    await page.getByLabel("Send events to this endpoint").uncheck();
    await page.getByRole("button", { name: "Add endpoint" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Endpoint added" })).toBeVisible();
    return page.getByRole("link", { name: "Portal phone check" }).first().getAttribute("href");
  }
  return null;
}

/**
 * Sideways scrolling on the page: the document's width beyond the viewport (CSS px), and any box
 * that scrolls sideways inside it (a table in an `overflow-x: auto` frame is still a sideways
 * scroll on a phone). `widest` names the elements that stick out, so a failure says where to look.
 */
async function sidewaysOverflow(page: Page): Promise<{ overflow: number; widest: string[] }> {
  return page.evaluate(() => {
    const name = (el: Element) => `${el.tagName.toLowerCase()}.${[...el.classList].slice(0, 4).join(".")}`;
    const viewport = document.documentElement.clientWidth;
    const overflow = Math.max(document.documentElement.scrollWidth, document.body.scrollWidth) - viewport;
    const all = [...document.body.querySelectorAll<HTMLElement>("*")];
    const sticking = all.filter((el) => el.getBoundingClientRect().right > viewport + 1);
    const scrollers = all.filter((el) => {
      const x = getComputedStyle(el).overflowX;
      return (x === "auto" || x === "scroll") && el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0;
    });
    const widest = [...scrollers.map((el) => `scrolls sideways: ${name(el)}`), ...sticking.slice(0, 4).map(name)];
    return { overflow: Math.max(overflow, scrollers.length ? 1 : 0), widest };
  });
}

test.describe("portal at 390 px", () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

  test("every portal route from app/routes.ts fits the phone's width", async ({ page }) => {
    test.setTimeout(180_000);
    const patterns = portalPatterns(routes);
    expect(patterns).toContain("/admin/dashboard");
    await signInAsAdmin(page);

    const missing: string[] = [];
    const tooWide: string[] = [];
    const visited: string[] = [];
    for (const pattern of patterns) {
      if (NOT_SCREENS.has(pattern) || SIGNED_OUT.has(pattern)) continue;
      const url = await exampleUrl(page, pattern);
      if (!url) {
        missing.push(pattern);
        continue;
      }
      const probe = await page.request.get(url, { maxRedirects: 0 });
      if (!probe.headers()["content-type"]?.includes("text/html")) continue; // a download
      await page.goto(url);
      await waitForHydration(page);
      visited.push(url);
      await saveScreenshot(page, test.info().outputPath(`${url.replace(/\W+/g, "-")}.png`), { fullPage: true });
      const { overflow, widest } = await sidewaysOverflow(page);
      if (overflow > 0) tooWide.push(`${url}: ${overflow} px too wide (${widest.join(", ")})`);
    }

    await page.context().clearCookies();
    for (const pattern of SIGNED_OUT) {
      await page.goto(pattern);
      visited.push(pattern);
      const { overflow, widest } = await sidewaysOverflow(page);
      if (overflow > 0) tooWide.push(`${pattern}: ${overflow} px too wide (${widest.join(", ")})`);
    }

    expect(missing, "portal routes with a :param and no example value in this test").toEqual([]);
    expect(tooWide, `visited ${visited.join(" ")}`).toEqual([]);
    expect(visited.length).toBeGreaterThan(12);
  });

  test("the portal's dialogs fit the phone's screen", async ({ page }) => {
    test.setTimeout(90_000);
    await signInAsAdmin(page);
    const fits = async (name: string | RegExp) => {
      const dialog = page.getByRole("dialog", { name });
      await expect(dialog).toBeVisible();
      const box = (await dialog.boundingBox())!;
      expect(box.x, `${name} starts on screen`).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, `${name} ends on screen`).toBeLessThanOrEqual(PHONE.width);
      expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height);
      const scrollers = await dialog.evaluate((root) =>
        [root, ...root.querySelectorAll<HTMLElement>("*")]
          .filter((el) => el.scrollWidth > el.clientWidth + 1 && ["auto", "scroll"].includes(getComputedStyle(el).overflowX))
          .map((el) => el.className),
      );
      expect(scrollers, `${name}: nothing inside scrolls sideways`).toEqual([]);
      await saveScreenshot(page, test.info().outputPath(`dialog-${String(name).replace(/\W+/g, "-")}.png`));
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
    };

    await page.goto("/admin/enquiries");
    await waitForHydration(page);
    await page.getByRole("link", { name: /^View enquiry from/ }).first().click();
    await fits(/.+/);

    await page.goto("/admin/consultations");
    await waitForHydration(page);
    await page.getByRole("link", { name: /^View booking of/ }).first().click();
    await fits(/^Booking #/);
    await page.getByRole("tab", { name: "Availability" }).click();
    await page.getByRole("button", { name: "Add Availability" }).first().click();
    await fits("Add Availability");

    await page.goto("/admin/media");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Upload image" }).click();
    await fits("Upload image");
    await page.getByRole("button", { name: /^Edit / }).first().click();
    await fits("Edit image");

    await page.goto("/admin/cms/projects/create");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Choose from library" }).first().click();
    await fits(/image/i);
  });
});

/**
 * The focal point is measured against the image, not its letterboxed frame: a tall
 * photo is drawn narrower than the dialog; a click at a known point of the drawn image is stored
 * as that point, at 390 and at 1440 px, and the edit dialog shows the same point.
 */
for (const viewport of [PHONE, { width: 1440, height: 900 }]) {
  test(`a focal point click is stored where it landed on the image (${viewport.width} px)`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(viewport);
    await signInAsAdmin(page);
    await page.goto("/admin/media");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Upload image" }).click();
    const dialog = page.getByRole("dialog", { name: "Upload image" });
    await dialog.getByLabel("Image file").setInputFiles({ name: "column.jpg", mimeType: "image/jpeg", buffer: await photoJpeg(600, 1200) });
    const image = dialog.getByRole("slider", { name: "Focal point" }).locator("img");
    await expect(image).toBeVisible();
    const box = (await image.boundingBox())!;
    expect(box.width, "the tall image is drawn narrower than the dialog").toBeLessThan(box.height);
    await page.mouse.click(box.x + box.width * 0.3, box.y + box.height * 0.8);
    await expect(dialog.getByRole("slider", { name: "Focal point" })).toHaveAttribute("aria-valuetext", "30% from the left, 80% from the top");
    const alt = `Tall column at ${viewport.width} px ${Date.now()}`;
    await dialog.getByLabel("Alt text (required)").fill(alt);
    await dialog.getByRole("button", { name: "Upload image" }).click();
    await expect(page.getByText("Image uploaded successfully")).toBeVisible({ timeout: 45_000 });

    const card = page.getByRole("listitem").filter({ hasText: alt });
    await expect(card.getByRole("img", { name: alt })).toHaveAttribute("style", /object-position: 30% 80%/);
    await card.getByRole("button", { name: `Edit ${alt}` }).click();
    const edit = page.getByRole("dialog", { name: "Edit image" });
    await expect(edit.getByRole("slider", { name: "Focal point" })).toHaveAttribute("aria-valuetext", "30% from the left, 80% from the top");
    // The marker sits where the click landed on the drawn image.
    const drawn = (await edit.getByRole("slider", { name: "Focal point" }).locator("img").boundingBox())!;
    const marker = (await edit.getByRole("slider", { name: "Focal point" }).locator("span").boundingBox())!;
    expect(Math.abs(marker.x + marker.width / 2 - (drawn.x + drawn.width * 0.3))).toBeLessThan(2);
    expect(Math.abs(marker.y + marker.height / 2 - (drawn.y + drawn.height * 0.8))).toBeLessThan(2);
    await saveScreenshot(page, test.info().outputPath(`focal-${viewport.width}.png`));
  });
}
