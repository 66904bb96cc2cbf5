/**
 * A member of staff presses a list row's control the moment the row is on screen, before or while
 * the portal hydrates: what they pressed opens every time, for the right row. The processor is
 * slowed fourfold (Chromium's CPU throttling) so hydration takes long enough for early presses to
 * land before it, during it and after it. A control pressed before hydration is a plain link the
 * server answers; after it, React's. Either way nothing may move under the pointer as React takes
 * over (a control drawn only then would push its neighbours aside, and a press begun on one would
 * land between them). A Users row's Deactivate or Reset two-factor asks first however early it is
 * pressed: before hydration the server answers the unconfirmed post with its confirmation step,
 * after it React opens the dialog; either way nothing changes until the person confirms.
 */
import { expect, test, type Locator, type Page, type Route } from "@playwright/test";
import { signInAsAdmin } from "./support/auth";
import { waitForHydration, waitForSettled } from "./support/hydration";
import { waitForMail } from "./support/mail";
import { shootScreens } from "./support/screenshots";
import { USER_CONTROLS } from "./support/user-controls-fixtures";

/** How many fresh loads a row's control is pressed on (each at a moment the machine decides). */
const ROUNDS = 8;
/**
 * The same for the Users controls that ask first: each of their rounds loads two pages (the list,
 * then the server's confirmation step when the press beat hydration), and a press certainly before
 * hydration is tested on its own after them.
 */
const CONFIRM_ROUNDS = 4;
const PHONE = { width: 390, height: 844 };

async function throttle(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
}

/**
 * Opens `path` and, without waiting for anything but the first bytes, presses the control
 * `control` finds as soon as it is visible (by its place from the top, never `.last()`: the page
 * is still arriving), then checks what staff see with `expectOpened` (given the pressed row's
 * name, read from the control's accessible name by `nameOf`). Repeated `rounds` times on a
 * fresh load.
 */
async function pressEarly(
  page: Page,
  path: string,
  control: (page: Page) => Locator,
  nameOf: (label: string) => string,
  expectOpened: (name: string, round: string) => Promise<void>,
  rounds = ROUNDS,
): Promise<void> {
  await signInAsAdmin(page);
  await throttle(page);
  for (let round = 1; round <= rounds; round++) {
    await page.goto(path, { waitUntil: "commit" });
    const pressed = control(page);
    const name = nameOf(((await pressed.textContent()) || (await pressed.getAttribute("aria-label")) || "").trim());
    expect(name, "the control names its row").not.toBe("");
    await pressed.click();
    await expectOpened(name, `round ${round}`);
  }
}

/**
 * The Users row of the member with `email`, found by CSS rather than by role: while the dialog is
 * open, everything behind it is hidden from the accessibility tree.
 */
const staffRow = (page: Page, email: string) => page.locator('ul[aria-label="Staff"] > li').filter({ hasText: email });

/** The question `title` as the person sees it: React's dialog, or the server's confirmation step. */
const question = (page: Page, title: string) => page.getByRole("alertdialog", { name: title }).or(page.getByRole("region", { name: title }));

/**
 * Holds back every script the page asks for until the returned `release` is called: a press
 * meanwhile certainly lands before hydration, whatever the machine's speed.
 */
async function holdScripts(page: Page): Promise<() => Promise<void>> {
  let letGo!: () => void;
  const released = new Promise<void>((resolve) => (letGo = resolve));
  const hold = async (route: Route) => {
    await released;
    // A script of a page left meanwhile (the press posted its form) was cancelled with it.
    await route.continue().catch(() => undefined);
  };
  await page.route("**/*.js", hold);
  return async () => {
    letGo();
    await page.unroute("**/*.js", hold);
  };
}

/**
 * Presses `button` of the fixture member's row early {@link CONFIRM_ROUNDS} times: every press asks
 * `title` and changes nothing (the row still shows `unchanged`). Then presses it once more before
 * the page's scripts have run: the server's confirmation step asks, and stays where it is, as does
 * the button, when the page hydrates. The change is confirmed there (`confirmIn: "step"`) or in
 * the dialog the button opens once hydrated (`"dialog"`); the outcome `done` is shown.
 */
async function askedEveryTime(
  page: Page,
  member: { email: string; name: string },
  { button, title, unchanged, done, confirmIn }: { button: RegExp; title: string; unchanged: string; done: string; confirmIn: "step" | "dialog" },
): Promise<void> {
  const control = (p: Page) => staffRow(p, member.email).getByRole("button", { name: button });
  await pressEarly(
    page,
    "/admin/users",
    control,
    () => member.name,
    async (_name, round) => {
      await expect(question(page, title), round).toBeVisible({ timeout: 20_000 });
      await expect(staffRow(page, member.email).getByText(unchanged, { exact: true }), round).toBeVisible();
    },
    CONFIRM_ROUNDS,
  );

  const release = await holdScripts(page);
  await page.goto("/admin/users", { waitUntil: "commit" });
  await control(page).click();
  const step = page.getByRole("region", { name: title });
  await expect(step).toBeVisible({ timeout: 20_000 });
  await expect(staffRow(page, member.email).getByText(unchanged, { exact: true })).toBeVisible();
  const before = [await step.boundingBox(), await control(page).boundingBox()];
  await release();
  await waitForHydration(page);
  await waitForSettled(page);
  expect([await step.boundingBox(), await control(page).boundingBox()], "nothing moves at hydration").toEqual(before);

  if (confirmIn === "dialog") await control(page).click();
  const asked = confirmIn === "dialog" ? page.getByRole("alertdialog", { name: title }) : step;
  await asked.getByRole("button", { name: button }).click();
  await expect(page.getByText(done).first()).toBeVisible({ timeout: 20_000 });
}

// One after another: two throttled browsers side by side each take twice as long or more.
test.describe.configure({ timeout: 300_000 });

for (const viewport of [null, PHONE]) {
  test.describe(viewport ? "on a phone" : "on a desktop", () => {
    if (viewport) test.use({ viewport });
    const members = USER_CONTROLS[viewport ? 390 : 1440];

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

    test("a member's Deactivate pressed as soon as it is visible asks first, every time; confirming deactivates them", async ({ page }) => {
      const member = members.deactivate;
      await askedEveryTime(page, member, {
        button: /^Deactivate/,
        title: `Deactivate ${member.name}?`,
        unchanged: "Active",
        done: "Account deactivated. Their sessions have ended.",
        confirmIn: viewport ? "dialog" : "step",
      });
      // What the database now holds, as the list shows it when loaded afresh.
      await page.goto("/admin/users");
      await expect(staffRow(page, member.email).getByText("Deactivated", { exact: true })).toBeVisible();
      await expect(staffRow(page, member.email).getByRole("button", { name: /^Reactivate/ })).toBeVisible();
    });

    test("a member's Reset two-factor pressed as soon as it is visible asks first, every time; confirming resets it", async ({ page }) => {
      const member = members.reset;
      await askedEveryTime(page, member, {
        button: /^Reset two-factor/,
        title: `Reset ${member.name}'s two-factor?`,
        unchanged: "Two-factor on",
        done: "Two-factor reset. They have been told by e-mail.",
        confirmIn: viewport ? "step" : "dialog",
      });
      await waitForMail(member.email);
      await page.goto("/admin/users");
      await expect(staffRow(page, member.email)).toBeVisible();
      await expect(staffRow(page, member.email).getByText("Two-factor on", { exact: true })).toHaveCount(0);
      await expect(staffRow(page, member.email).getByRole("button", { name: /^Reset two-factor/ })).toHaveCount(0);
    });
  });
}

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("Deactivate and Reset two-factor ask on a page of the server's; Cancel changes nothing, confirming there does it", async ({ page }) => {
    const { deactivate, reset } = USER_CONTROLS.noJs;
    await signInAsAdmin(page);
    for (const { member, button, title, unchanged, done } of [
      { member: deactivate, button: /^Deactivate/, title: `Deactivate ${deactivate.name}?`, unchanged: "Active", done: "Account deactivated. Their sessions have ended." },
      { member: reset, button: /^Reset two-factor/, title: `Reset ${reset.name}'s two-factor?`, unchanged: "Two-factor on", done: "Two-factor reset. They have been told by e-mail." },
    ]) {
      await page.goto("/admin/users");
      await staffRow(page, member.email).getByRole("button", { name: button }).click();
      const step = page.getByRole("region", { name: title });
      await expect(step).toBeVisible();
      await shootScreens(page, `users-confirm-${member === deactivate ? "deactivate" : "reset-two-factor"}-no-js`);
      await expect(staffRow(page, member.email).getByText(unchanged, { exact: true })).toBeVisible();
      await step.getByRole("link", { name: "Cancel" }).click();
      await expect(page.getByRole("region", { name: title })).toHaveCount(0);
      await expect(staffRow(page, member.email).getByText(unchanged, { exact: true })).toBeVisible();

      await staffRow(page, member.email).getByRole("button", { name: button }).click();
      await page.getByRole("region", { name: title }).getByRole("button", { name: button }).click();
      await expect(page.getByRole("status").filter({ hasText: done })).toBeVisible();
      await expect(page.getByRole("region", { name: title })).toHaveCount(0);
    }
    await page.goto("/admin/users");
    await expect(staffRow(page, deactivate.email).getByText("Deactivated", { exact: true })).toBeVisible();
    await expect(staffRow(page, reset.email).getByText("Two-factor on", { exact: true })).toHaveCount(0);
  });
});
