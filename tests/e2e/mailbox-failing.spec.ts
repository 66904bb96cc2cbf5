/**
 * A broken mailbox is no longer silent: a super admin saving the firm's mailbox (a real Dovecot
 * started here) with a wrong app password is refused with the reason on the field and nothing is
 * saved; with the right one it saves. When the provider later revokes the password, the settings
 * screen turns red with the reason and the dashboard warns; once the password works again both
 * clear. axe on each state; screenshots at 1440 and 390 px with E2E_SCREENSHOTS.
 */
import { expect, test, type Page } from "@playwright/test";
import { TestImap } from "../setup/test-imap";
import { expectNoSeriousA11yViolations } from "./support/a11y";
import { signInAsAdmin } from "./support/auth";
import { shootScreens as shoot } from "./support/screenshots";

const imap = new TestImap();
test.beforeAll(async () => {
  await imap.start();
});
test.afterAll(async () => {
  await imap.stop();
});

async function fillMailbox(page: Page, password: string) {
  await page.getByLabel("Reply address").fill(imap.user);
  await page.getByLabel("Read replies from this mailbox").check();
  await page.getByLabel("IMAP server").fill("127.0.0.1");
  await page.getByLabel("Port").fill(String(imap.port));
  await page.getByLabel("Use TLS").uncheck();
  await page.getByLabel("User name").fill(imap.user);
  await page.getByLabel("App password").fill(password);
  await page.getByRole("button", { name: "Save mailbox settings" }).click();
}

test("a mailbox that cannot be read is refused when saved, and shows red on its screen and the dashboard when it starts failing", async ({ page }) => {
  test.setTimeout(180_000);
  await signInAsAdmin(page);
  await page.goto("/admin/settings/mailbox");

  // A wrong app password: the reason, on the field; nothing saved.
  await fillMailbox(page, "not-the-password");
  await expect(page.getByText("Mailbox settings not saved: check the highlighted fields.")).toBeVisible();
  await expect(page.getByText("The mail server refused this user name and app password.")).toBeVisible();
  await expect(page.getByLabel("App password")).toHaveAttribute("aria-invalid", "true");
  await expectNoSeriousA11yViolations(page);
  await shoot(page, "mailbox-wrong-password");

  await fillMailbox(page, imap.password);
  await expect(page.getByRole("status").filter({ hasText: "Mailbox settings saved" })).toBeVisible();

  // The provider revokes the app password: within a read or two the screen turns red.
  await imap.setPassword("revoked-by-the-provider");
  const notice = page.getByRole("alert").filter({ hasText: "The mailbox cannot be read" });
  try {
    await expect(async () => {
      await page.reload();
      await expect(notice).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    await expect(notice).toContainText("The mail server refused this user name and app password.");
    await expect(notice).toContainText("Correct the settings below and save");
    await expectNoSeriousA11yViolations(page);
    await shoot(page, "mailbox-failing-settings");

    // The dashboard warns too, with a way to the settings.
    await page.getByRole("link", { name: "Dashboard" }).first().click();
    const warning = page.getByRole("alert").filter({ hasText: "The mailbox cannot be read" });
    await expect(warning).toContainText("visitors' replies to enquiries are not arriving");
    await expect(warning).toContainText("The mail server refused this user name and app password.");
    await expectNoSeriousA11yViolations(page);
    await shoot(page, "mailbox-failing-dashboard");
    await warning.getByRole("link", { name: "Check the mailbox settings" }).click();
    await expect(page.getByRole("heading", { name: "Mailbox", level: 1 })).toBeVisible();
  } finally {
    await imap.setPassword(imap.password);
  }

  // Working again: the red goes; reading is then turned off so no later test meets this Dovecot gone.
  await expect(async () => {
    await page.reload();
    await expect(page.getByText(/^Last checked/)).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expect(notice).toHaveCount(0);
  await page.getByLabel("Read replies from this mailbox").uncheck();
  await page.getByRole("button", { name: "Save mailbox settings" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Mailbox settings saved" })).toBeVisible();
});
