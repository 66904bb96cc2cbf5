/**
 * Staff account security, each on a fixture account of its own
 * (support/account-fixtures.ts): forgot password through the link in the .eml; an authenticator
 * enrolled and used to sign in with a code, then with a recovery code; a passkey added and used to
 * sign in with Chromium's virtual authenticator (CDP WebAuthn); sessions listed and one signed out.
 * Axe on each screen; screenshots at 390 and 1440 px under test-results/accounts/.
 */
import { expect, test, type Page } from "@playwright/test";
import * as OTPAuth from "otpauth";
import { E2E_PORT } from "../../playwright.config";
import { expectNoSeriousA11yViolations } from "./support/a11y";
import { ACCOUNT_FIXTURES } from "./support/account-fixtures";
import { signIn } from "./support/auth";
import { saveScreenshot } from "./support/screenshots";
import { waitForMail } from "./support/mail";

// Sign-in is rate limited per address: this file signs in from an address of its own.
test.use({ extraHTTPHeaders: { "x-forwarded-for": "198.51.100.71" } });
// Each test walks a whole flow (several sign-ins, screenshots at two widths).
test.describe.configure({ timeout: 60_000 });

const SHOTS = "test-results/accounts";

/**
 * Screenshots of the page at 1440 and 390 px wide (full page), then back to 1440. At 390 px the
 * page must not scroll sideways once the layout has settled (the shell animates its sidebar).
 */
async function screenshots(page: Page, name: string) {
  await saveScreenshot(page, `${SHOTS}/${name}-1440.png`, { fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), {
      message: `${name} scrolls sideways at 390 px`,
    })
    .toBeLessThanOrEqual(0);
  await saveScreenshot(page, `${SHOTS}/${name}-390.png`, { fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });
}

const totp = (secret: string, at = Date.now()) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret.replace(/\s+/g, "")), digits: 6, period: 30 }).generate({ timestamp: at });

async function signOut(page: Page) {
  await page.getByRole("button", { name: "Sign Out", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
}

test("forgot password: from the login page, through the link in the e-mail, to signing in with the new password", async ({ page }) => {
  const { email } = ACCOUNT_FIXTURES.reset;
  await page.goto("/admin/login");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await screenshots(page, "forgot-password");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByRole("status")).toContainText("If that address belongs to a staff account");

  const { text = "" } = await waitForMail(email, { text: /set-password\?token=/ });
  expect(text).toContain("expires in one hour");
  const link = text.match(/https?:\/\/\S+\/admin\/set-password\?token=[\w%-]+/)![0];
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page.getByText(/Common or easily guessed passwords are refused/)).toBeVisible();
  await page.getByLabel(/^New password/).fill("password1234");
  await page.getByLabel(/^Repeat the new password/).fill("password1234");
  await page.getByRole("button", { name: "Set password" }).click();
  await expect(page.getByText(/too common or easy to guess/)).toBeVisible();
  await page.getByLabel(/^New password/).fill("copper kettle midnight harbour");
  await page.getByLabel(/^Repeat the new password/).fill("copper kettle midnight harbour");
  await page.getByRole("button", { name: "Set password" }).click();
  await expect(page).toHaveURL(/\/admin\/login\?passwordSet=1/);
  await signIn(page, { email, password: "copper kettle midnight harbour" });
  await expect(page).toHaveURL(/\/admin\/dashboard/);
});

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("two-factor: confirming the first code shows the recovery codes once, and this browser stays signed in", async ({ page }) => {
    const account = ACCOUNT_FIXTURES.twoFactorNoJs;
    await signIn(page, account, { redirectTo: "/admin/account" });
    const card = page.locator("#two-factor");
    await card.getByLabel("Your password").fill(account.password);
    await card.getByRole("button", { name: "Set up authenticator app" }).click();
    const secret = (await card.getByTestId("totp-secret").textContent())!.trim();
    await card.getByLabel("2. Enter the code your app shows").fill(totp(secret));
    await card.getByRole("button", { name: "Turn on two-factor" }).click();

    await expect(page).toHaveURL(/\/admin\/account$/);
    const shown = page.locator("#two-factor");
    await expect(shown.getByRole("status")).toContainText("Two-factor is on");
    const codes = (await shown.getByTestId("recovery-codes").locator("li").allTextContents()).map((c) => c.trim());
    expect(codes).toHaveLength(10);
    await expect(shown.getByText("Recovery codes left: 10 of 10")).toBeVisible();
    await screenshots(page, "two-factor-recovery-codes-no-js");

    // Shown once: the page again has the count, not the codes.
    await page.reload();
    await expect(page.locator("#two-factor").getByText("Recovery codes left: 10 of 10")).toBeVisible();
    await expect(page.getByTestId("recovery-codes")).toHaveCount(0);

    // Turning it off replaces the session too: still on Your account, signed in.
    await page.locator("#two-factor").getByLabel("Your password").last().fill(account.password);
    await page.getByRole("button", { name: "Turn off two-factor" }).click();
    await expect(page).toHaveURL(/\/admin\/account(\?|$)/);
    await expect(page.locator("#two-factor").getByRole("status")).toHaveText("Two-factor is off");
    await expect(page.getByRole("button", { name: "Set up authenticator app" })).toBeVisible();
  });

  test("password: changing it lands on Your account, signed in with the new session, the others signed out", async ({ page, browser }) => {
    const account = ACCOUNT_FIXTURES.passwordNoJs;
    const newPassword = "velvet compass drifting slowly";
    // Another browser signed in as the same member, which the change signs out.
    const other = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": "198.51.100.72" } });
    const otherPage = await other.newPage();
    await signIn(otherPage, account, { redirectTo: "/admin/account" });

    await signIn(page, account, { redirectTo: "/admin/account" });
    await changePassword(page, account.password, newPassword);
    await expect(page).toHaveURL(/\/admin\/account(\?|$)/);
    await expect(page.getByRole("heading", { level: 1, name: "Your account" })).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "Password changed" })).toHaveText("Password changed. Your other sessions have been signed out.");
    await screenshots(page, "password-changed-no-js");
    // Still signed in: another portal page opens, and so does Your account again.
    await page.goto("/admin/dashboard");
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await page.goto("/admin/account");
    await expect(page.getByRole("heading", { level: 1, name: "Your account" })).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "Password changed" })).toHaveCount(0);

    await otherPage.goto("/admin/account");
    await expect(otherPage).toHaveURL(/\/admin\/login/);
    await other.close();
  });
});

/** Fills Your account > Password and presses Change password. */
async function changePassword(page: Page, current: string, next: string) {
  await page.getByLabel("Current password").fill(current);
  await page.getByLabel(/^New password/).fill(next);
  await page.getByLabel(/^Repeat the new password/).fill(next);
  await page.getByRole("button", { name: "Change password" }).click();
}

test("password: with JavaScript, changing it answers on Your account and keeps this browser signed in", async ({ page }) => {
  const account = ACCOUNT_FIXTURES.password;
  await signIn(page, account, { redirectTo: "/admin/account" });
  await changePassword(page, account.password, "amber trellis sleeping loudly");
  await expect(page.getByRole("status").filter({ hasText: "Password changed" })).toHaveText("Password changed. Your other sessions have been signed out.");
  await expect(page.getByLabel("Current password")).toHaveValue("");
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Your account" })).toBeVisible();
});

test("two-factor: enrol an authenticator, then sign in with a code and with a recovery code", async ({ page }) => {
  const account = ACCOUNT_FIXTURES.twoFactor;
  await signIn(page, account, { redirectTo: "/admin/account" });
  const card = page.locator("#two-factor");
  await card.getByLabel("Your password").fill(account.password);
  await card.getByRole("button", { name: "Set up authenticator app" }).click();
  await expect(card.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
  const secret = (await card.getByTestId("totp-secret").textContent())!.trim();
  await screenshots(page, "two-factor-enrol");
  await card.getByLabel("2. Enter the code your app shows").fill(totp(secret));
  await card.getByRole("button", { name: "Turn on two-factor" }).click();
  await expect(card.getByRole("status")).toContainText("Two-factor is on");
  const codes = (await card.getByTestId("recovery-codes").locator("li").allTextContents()).map((c) => c.trim());
  expect(codes).toHaveLength(10);
  // Nothing to misread on paper: digits and capitals without I, L, O or U.
  for (const code of codes) expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}$/);
  const download = page.waitForEvent("download");
  await card.getByRole("link", { name: "Download as text file" }).click();
  expect((await download).suggestedFilename()).toBe("recovery-codes.txt");
  await expectNoSeriousA11yViolations(page);
  await screenshots(page, "two-factor-recovery-codes");

  // Password, then the code (the next 30-second code: the one used to enrol is spent).
  await signOut(page);
  await page.getByLabel("Email", { exact: true }).fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/admin\/two-factor/);
  await expect(page.getByRole("heading", { name: "Two-factor sign-in" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await screenshots(page, "two-factor-sign-in");
  await page.getByLabel("Authentication code").fill("000000");
  await page.getByRole("button", { name: "Verify and sign in" }).click();
  await expect(page.getByRole("alert")).toContainText("That code is not right");
  await page.getByLabel("Authentication code").fill(totp(secret, Date.now() + 30_000));
  await page.getByRole("button", { name: "Verify and sign in" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard/);

  // Then with a recovery code.
  await signOut(page);
  await page.getByLabel("Email", { exact: true }).fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await page.getByRole("link", { name: "Use a recovery code" }).click();
  await expect(page.getByLabel("Recovery code")).toHaveAttribute("placeholder", "7KQ2M-X9D4T");
  await screenshots(page, "two-factor-recovery-code");
  // Typed as a person reads it off paper on a phone: lower case, a space instead of the dash.
  await page.getByLabel("Recovery code").fill(codes[0]!.toLowerCase().replace("-", " "));
  await page.getByRole("button", { name: "Verify and sign in" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard/);
  await page.goto("/admin/account");
  await expect(page.locator("#two-factor")).toContainText("9 of 10");
});

test("passkeys: add one from Your account, then sign in with it without a password", async ({ browser }) => {
  const account = ACCOUNT_FIXTURES.passkey;
  // WebAuthn needs a domain name: passkeys live on localhost (auth.server.ts PASSKEY_ORIGIN).
  const context = await browser.newContext({ baseURL: `http://localhost:${E2E_PORT}`, extraHTTPHeaders: { "x-forwarded-for": "198.51.100.72" } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });

  await signIn(page, account, { redirectTo: "/admin/account" });
  await page.getByLabel("Passkey name").fill("E2E laptop");
  await page.getByRole("button", { name: "Add a passkey" }).click();
  await expect(page.getByRole("status").filter({ hasText: 'Passkey "E2E laptop" added' })).toBeVisible();
  await expect(page.getByRole("list", { name: "Your passkeys" })).toContainText("E2E laptop");
  await screenshots(page, "passkeys");

  await signOut(page);
  await page.getByRole("button", { name: "Use a passkey" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard/, { timeout: 15_000 });
  await expect(page.getByText(/^Welcome back, Priya/)).toBeVisible();
  await context.close();
});

test("sessions: both browsers are listed, and one signs the other out", async ({ page, browser }) => {
  const account = ACCOUNT_FIXTURES.sessions;
  const other = await browser.newContext({
    userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
    extraHTTPHeaders: { "x-forwarded-for": "198.51.100.73" },
  });
  const phone = await other.newPage();
  await signIn(phone, account);

  await signIn(page, account, { redirectTo: "/admin/account" });
  const list = page.getByRole("list", { name: "Your sessions" });
  await expect(list.getByRole("listitem")).toHaveCount(2);
  await expect(list.getByRole("listitem").first()).toContainText("This browser");
  await expect(list).toContainText("Mobile Safari 17 on iOS 17.5");
  await expectNoSeriousA11yViolations(page);
  await screenshots(page, "account");

  await list.getByRole("button", { name: "Sign out Mobile Safari 17 on iOS 17.5" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Signed out of that session" })).toBeVisible();
  await expect(list.getByRole("listitem")).toHaveCount(1);
  await phone.goto("/admin/dashboard");
  await expect(phone).toHaveURL(/\/admin\/login/);
  await other.close();
});
