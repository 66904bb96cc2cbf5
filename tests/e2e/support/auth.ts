/**
 * Signing in for browser tests, through the real login screen (/admin/login).
 *
 * - `signIn(page, { email, password })`: fills the form, presses Sign In and waits until the
 *   browser has left /admin/login (to /admin/dashboard or the `redirectTo` page).
 * - `signInAsAdmin(page)`: the same for the super admin E2E_ADMIN (playwright.config.ts). The
 *   session cookie is reused within a worker (the login form is rate limited per address), and
 *   checked: if that session has ended, it signs in again. Ends on /admin/dashboard.
 */
import { expect, type BrowserContext, type Page } from "@playwright/test";
import { E2E_ADMIN } from "../../../playwright.config";

export type Credentials = { email: string; password: string };

/** Signs in through the login form and waits to land inside the portal. */
export async function signIn(page: Page, credentials: Credentials, options: { redirectTo?: string } = {}): Promise<void> {
  const query = options.redirectTo ? `?redirectTo=${encodeURIComponent(options.redirectTo)}` : "";
  await page.goto(`/admin/login${query}`);
  await page.getByLabel("Email", { exact: true }).fill(credentials.email);
  await page.getByLabel("Password", { exact: true }).fill(credentials.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).not.toHaveURL(/\/admin\/login/, { timeout: 15_000 });
}

type Cookies = Awaited<ReturnType<BrowserContext["cookies"]>>;
let cachedAdminCookies: Cookies | null = null;

/** Signs in as the e2e super admin (E2E_ADMIN) and opens /admin/dashboard. */
export async function signInAsAdmin(page: Page): Promise<void> {
  if (cachedAdminCookies) {
    await page.context().addCookies(cachedAdminCookies);
    await page.goto("/admin/dashboard");
    if (new URL(page.url()).pathname === "/admin/dashboard") return;
    cachedAdminCookies = null;
  }
  await signIn(page, E2E_ADMIN);
  if (new URL(page.url()).pathname !== "/admin/dashboard") await page.goto("/admin/dashboard");
  cachedAdminCookies = await page.context().cookies();
}

/** Forgets the cached admin session (call after a test that signs the e2e admin out). */
export function forgetAdminSession(): void {
  cachedAdminCookies = null;
}
