/**
 * A member of staff presses a list row's control the moment the row is on screen, before or while
 * the portal hydrates: what they pressed opens every time, for the right row. The processor is
 * slowed fourfold (Chromium's CPU throttling) so hydration takes long enough for early presses to
 * land before it, during it and after it. A control pressed before hydration is a plain link the
 * server answers; after it, React's. Either way nothing may move under the pointer as React takes
 * over (a control drawn only then would push its neighbours aside, and a press begun on one would
 * land between them).
 */
import { expect, test, type Locator, type Page } from "@playwright/test";
import { signInAsAdmin } from "./support/auth";

const ROUNDS = 12;
const PHONE = { width: 390, height: 844 };

async function throttle(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
}

/**
 * Opens `path` and, without waiting for anything but the first bytes, presses the control
 * `control` finds as soon as it is visible (by its place from the top, never `.last()`: the page
 * is still arriving), then checks what staff see with `expectOpened` (given the pressed row's
 * name, read from the control's accessible name by `nameOf`). Repeated {@link ROUNDS} times on a
 * fresh load.
 */
async function pressEarly(
  page: Page,
  path: string,
  control: (page: Page) => Locator,
  nameOf: (label: string) => string,
  expectOpened: (name: string, round: string) => Promise<void>,
): Promise<void> {
  await signInAsAdmin(page);
  await throttle(page);
  for (let round = 1; round <= ROUNDS; round++) {
    await page.goto(path, { waitUntil: "commit" });
    const pressed = control(page);
    const name = nameOf(((await pressed.textContent()) || (await pressed.getAttribute("aria-label")) || "").trim());
    expect(name, "the control names its row").not.toBe("");
    await pressed.click();
    await expectOpened(name, `round ${round}`);
  }
}

test.describe.configure({ timeout: 300_000 });

for (const viewport of [null, PHONE]) {
  test.describe(viewport ? "on a phone" : "on a desktop", () => {
    if (viewport) test.use({ viewport });

    test("a booking's View pressed as soon as it is visible opens the booking, every time", async ({ page }) => {
      await pressEarly(
        page,
        "/admin/consultations",
        (p) => p.getByRole("link", { name: /^View booking of/ }).nth(4),
        (label) => label.replace(/^View\s*booking of\s*/, ""),
        async (name, round) => {
          // Pressed before hydration, the link loads `?booking=`, which opens the dialog once hydrated.
          const dialog = page.getByRole("dialog", { name: /^Booking #[0-9a-f]{8}$/ });
          await expect(dialog, round).toBeVisible({ timeout: 20_000 });
          await expect(dialog, round).toContainText(name);
        },
      );
    });

    test("an enquiry's View pressed as soon as it is visible opens that enquiry, every time", async ({ page }) => {
      await pressEarly(
        page,
        "/admin/enquiries",
        (p) => p.getByRole("link", { name: /^View enquiry from / }).nth(2),
        (label) => label.replace(/^View enquiry from /, ""),
        async (name, round) => {
          const panel = page.getByRole("dialog", { name });
          await expect(panel, round).toBeVisible({ timeout: 20_000 });
          await expect(panel.getByRole("heading", { name: "Message" }), round).toBeVisible();
        },
      );
    });

    test("an enquiry's Delete pressed as soon as it is visible asks about that enquiry, every time", async ({ page }) => {
      await pressEarly(
        page,
        "/admin/enquiries",
        (p) => p.getByRole("link", { name: /^Delete enquiry from / }).nth(1),
        (label) => label.replace(/^Delete enquiry from /, ""),
        async (name, round) => {
          // Once hydrated, the confirmation; pressed before, the enquiry's detail with its Delete.
          const asked = page.getByRole("alertdialog", { name: "Delete this enquiry?" });
          const detail = page.getByRole("dialog", { name });
          await expect(asked.or(detail), round).toBeVisible({ timeout: 20_000 });
          if (await asked.isVisible()) await expect(asked, round).toContainText(`the enquiry from “${name}”`);
          else await expect(detail.getByRole("button", { name: "Delete enquiry" }), round).toBeVisible();
        },
      );
    });

    test("a member's Consultations pressed as soon as it is visible opens theirs, every time", async ({ page }) => {
      await pressEarly(
        page,
        "/admin/users",
        (p) => p.getByRole("link", { name: /^Consultations of / }).first(),
        (label) => label.replace(/^Consultations\s*of\s*/, ""),
        async (name, round) => {
          await expect(page.getByRole("heading", { level: 1, name: `Consultations: ${name}` }), round).toBeVisible({ timeout: 20_000 });
        },
      );
    });
  });
}
