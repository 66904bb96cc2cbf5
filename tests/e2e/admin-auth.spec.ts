/**
 * Admin sign-in, roles, users and settings:
 * sign in and out, the wrong-password toast, show/hide password, a signed-in visit to the login
 * page, a new editor invited by mail who sets a password and is kept out of Users and Settings,
 * a settings change on the public footer without a restart, and axe on the pages.
 */
import { expect, test, type Page } from "@playwright/test";
import { E2E_ADMIN } from "../../playwright.config";
import { expectNoSeriousA11yViolations } from "./support/a11y";
import { signIn, signInAsAdmin } from "./support/auth";
import { waitForMail } from "./support/mail";

// The login form is rate limited per address: this file signs in from an address of its own.
test.use({ extraHTTPHeaders: { "x-forwarded-for": "198.51.100.45" } });

const emailInput = (page: Page) => page.getByLabel("Email", { exact: true });
const passwordInput = (page: Page) => page.getByLabel("Password", { exact: true });
const signInButton = (page: Page) => page.getByRole("button", { name: "Sign In" });

test("a wrong password shows the 'Login failed' toast and leaves the visitor signed out", async ({ page }) => {
  await page.goto("/admin/login");
  await expect(signInButton(page)).toBeDisabled();
  await emailInput(page).fill(`  ${E2E_ADMIN.email}  `);
  await expect(signInButton(page)).toBeDisabled();
  await passwordInput(page).fill("not-the-right-password");
  await expect(signInButton(page)).toBeEnabled();
  await signInButton(page).click();
  const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Login failed" });
  await expect(toast).toBeVisible();
  await expect(toast).toContainText("Invalid email or password");
  await expect(page).toHaveURL(/\/admin\/login/);
  await page.goto("/admin/dashboard");
  await expect(page).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin%2Fdashboard/);
});

test("the show/hide toggle reveals and hides the password", async ({ page }) => {
  await page.goto("/admin/login");
  await passwordInput(page).fill("secret-value-123");
  await expect(passwordInput(page)).toHaveAttribute("type", "password");
  await page.getByRole("button", { name: "Show password" }).click();
  await expect(passwordInput(page)).toHaveAttribute("type", "text");
  await expect(passwordInput(page)).toHaveValue("secret-value-123");
  await page.getByRole("button", { name: "Hide password" }).click();
  await expect(passwordInput(page)).toHaveAttribute("type", "password");
});

test("an admin signs in (e-mail trimmed), is sent from the login page to the dashboard, and signs out", async ({ page }) => {
  await signIn(page, { email: `  ${E2E_ADMIN.email.toUpperCase()} `, password: E2E_ADMIN.password });
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Login successful" })).toContainText("Welcome to the admin portal");
  await expect(page.getByText("Admin Portal", { exact: true })).toBeVisible();
  await expect(page.getByText(/^Welcome back, /)).toBeVisible();
  const nav = page.getByRole("complementary", { name: "Admin navigation" });
  for (const link of ["Dashboard", "Contact Enquiries", "Consultations", "Our Work (Projects)", "Blog Posts", "Users", "Settings", "Data protection"]) {
    await expect(nav.getByRole("link", { name: new RegExp(`^${link.replace(/[()]/g, "\\$&")}`) })).toBeVisible();
  }
  await expect(nav.getByText("super admin", { exact: true })).toBeVisible();
  await expect(page.locator('meta[name="robots"][content*="noindex"]').first()).toBeAttached();
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  await expect(page.getByText("Service Distribution")).toBeVisible();
  await expect(page.getByRole("link", { name: /Add Project/ })).toHaveAttribute("href", "/admin/cms/projects/create");
  await expect(page.getByRole("link", { name: /New Blog Post/ })).toHaveAttribute("href", "/admin/cms/blog/create");

  await page.goto("/admin/login");
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/admin\/dashboard$/);

  await page.getByRole("button", { name: "Sign Out" }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await page.goto("/admin/users");
  await expect(page).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin%2Fusers/);
});

test("the sidebar collapses below 1024 px and opens with the toggle", async ({ page }) => {
  await signInAsAdmin(page);
  const sidebar = page.locator("#admin-sidebar");
  expect((await sidebar.boundingBox())?.width).toBe(280);
  await page.setViewportSize({ width: 900, height: 800 });
  await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(80);
  await page.getByRole("button", { name: "Expand navigation" }).click();
  await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(280);
  await page.keyboard.press("Escape");
  await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(80);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(sidebar).toBeHidden();
  await page.getByRole("button", { name: "Expand navigation" }).click();
  await expect(sidebar.getByRole("link", { name: "Dashboard" })).toBeVisible();
});

test("a new editor invited by the super admin sets a password from the e-mail and is kept out of Users and Settings", async ({ page, browser }) => {
  // A whole journey over several portal pages: more than the default 30 s on a 2-core machine.
  test.slow();
  const email = `editor.${Date.now()}@e2e.test`;
  await signInAsAdmin(page);
  await page.goto("/admin/users");
  await page.getByRole("textbox", { name: "Name", exact: true }).fill("Erin Editor");
  await page.getByRole("textbox", { name: "E-mail", exact: true }).fill(email);
  await page.getByRole("combobox", { name: "Role", exact: true }).selectOption("editor");
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: `Invitation sent to ${email}` })).toBeVisible();
  const row = page.getByRole("list", { name: "Staff" }).getByRole("listitem").filter({ hasText: email });
  await expect(row).toContainText("Invitation sent");
  await expect(page.getByText(`added ${email} as editor`)).toBeVisible();

  const { text = "" } = await waitForMail(email);
  const link = text.match(/https?:\/\/\S+\/admin\/set-password\?token=[\w%-]+/)?.[0];
  expect(link, "set-password link in the invitation").toBeTruthy();

  const context = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": "198.51.100.47" } });
  const editor = await context.newPage();
  await editor.goto(link!.replace(/^https?:\/\/[^/]+/, ""));
  await editor.getByLabel(/^New password/).fill("erin-editor-password");
  await editor.getByLabel(/^Repeat the new password/).fill("erin-editor-pass");
  await editor.getByRole("button", { name: "Set password" }).click();
  await expect(editor.getByText("The passwords do not match.")).toBeVisible();
  await editor.getByLabel(/^New password/).fill("erin-editor-password");
  await editor.getByLabel(/^Repeat the new password/).fill("erin-editor-password");
  await editor.getByRole("button", { name: "Set password" }).click();
  await expect(editor).toHaveURL(/\/admin\/login\?passwordSet=1/);
  await expect(editor.getByText("Your password is set.")).toBeVisible();

  await signIn(editor, { email, password: "erin-editor-password" });
  await expect(editor.getByText("Welcome back, Erin Editor")).toBeVisible();
  const nav = editor.getByRole("complementary", { name: "Admin navigation" });
  await expect(nav.getByRole("link", { name: "Blog Posts" })).toBeVisible();
  await expect(nav.getByText("editor", { exact: true })).toBeVisible();
  for (const hidden of ["Users", "Settings", "Contact Enquiries", "Consultations", "Data protection"]) {
    await expect(nav.getByRole("link", { name: new RegExp(`^${hidden}`) })).toHaveCount(0);
  }
  for (const url of ["/admin/users", "/admin/settings", "/admin/data-protection"]) {
    const response = await editor.goto(url);
    expect(response?.status()).toBe(403);
    await expect(editor.getByRole("heading", { name: "You do not have access to this page" })).toBeVisible();
  }
  // The link works once.
  await editor.goto(link!.replace(/^https?:\/\/[^/]+/, ""));
  await editor.getByLabel(/^New password/).fill("another-password-1");
  await editor.getByLabel(/^Repeat the new password/).fill("another-password-1");
  await editor.getByRole("button", { name: "Set password" }).click();
  await expect(editor.getByRole("alert")).toContainText("invalid or has expired");
  await context.close();
});

test("a settings change shows in the public site's footer at once", { tag: "@site-settings" }, async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto("/admin/settings");
  const phone = page.getByLabel("Phone");
  const original = await phone.inputValue();
  const changed = "+44 20 7946 0777";
  try {
    await phone.fill(changed);
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Settings saved" })).toBeVisible();
    await expect(page.getByText("updated settings: phone")).toBeVisible();
    await page.goto("/");
    await expect(page.getByRole("contentinfo")).toContainText(changed);

    // Bad input stores nothing and names the field.
    await page.goto("/admin/settings");
    await page.getByLabel("Google Analytics measurement ID").fill("UA-12345");
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Settings not saved" })).toBeVisible();
    await expect(page.getByText("Use a GA4 measurement id like G-ABC123XYZ")).toBeVisible();
  } finally {
    await page.goto("/admin/settings");
    await page.getByLabel("Phone").fill(original);
    await page.getByLabel("Google Analytics measurement ID").fill("");
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Settings saved" })).toBeVisible();
  }
});

test("login, dashboard, users and settings have no serious accessibility violations", async ({ page }) => {
  // A whole journey over several portal pages: more than the default 30 s on a 2-core machine.
  test.slow();
  await page.goto("/admin/login");
  await expectNoSeriousA11yViolations(page);
  await signInAsAdmin(page);
  await expectNoSeriousA11yViolations(page);
  for (const url of ["/admin/users", "/admin/settings", "/admin/cms/projects"]) {
    await page.goto(url);
    await expectNoSeriousA11yViolations(page);
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/admin/dashboard");
  await expectNoSeriousA11yViolations(page);
});
