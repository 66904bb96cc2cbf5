import { defineConfig, devices } from "@playwright/test";

// Browser tests drive Debian's Chromium against the production build on a fresh embedded
// database (tests/setup/e2e-prepare.ts). Mail goes to the outbox folder under E2E_DATA_DIR.
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4321);
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? "./data/e2e";
/**
 * The browser-test server's database: when TEST_DATABASE_URL names a PostgreSQL server (CI sets
 * it), a database of its own there, `<that database>_e2e_<port>`, made afresh by
 * tests/setup/e2e-prepare.ts; otherwise "" (the embedded PGlite under E2E_DATA_DIR).
 */
export const E2E_DATABASE_URL = process.env.TEST_DATABASE_URL
  ? Object.assign(new URL(process.env.TEST_DATABASE_URL), { pathname: `${new URL(process.env.TEST_DATABASE_URL).pathname}_e2e_${E2E_PORT}` }).toString()
  : "";
export const E2E_ADMIN = { email: "admin@e2e.test", password: "e2e-admin-password-1" };
/** The form guard's minimum render-to-submit time on the test server (3,000 ms in a deployment). */
export const E2E_FORM_GUARD_MIN_MS = 250;

const chromium = {
  executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
};

const desktop = { ...devices["Desktop Chrome"], viewport: { width: 1440, height: 900 }, launchOptions: chromium };
/**
 * The staff and feature tests ask for reduced motion: the hero's rotation, the partner strip, the
 * testimonial columns and the looping video otherwise keep each browser's compositor busy for the
 * whole test (about a fifth of a core per browser on the 2-core CI machine), and transitions
 * settle at once. The motion itself is tested with `test.use({ reducedMotion: "no-preference" })`
 * (public-pages-content.spec.ts), and the "visitor" project keeps the browser's default.
 */
const desktopReducedMotion = { ...desktop, reducedMotion: "reduce" as const };

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: chromium,
  },
  // Tests tagged @site-settings change what every visitor sees for a while (the footer, the cookie
  // banner, the project counts) or see what every other test does (a webhook endpoint gets every
  // booking's event); they run after all the others, alone, so no test on another worker meets them.
  // "visitor" (tests/e2e/visitor) walks the public journeys as a new visitor does: a fresh
  // context with no cookie, clicking after hydration (tests/e2e/support/visitor.ts). Its files
  // share nothing but two slots whose capacity covers every booking they make, so they take both
  // workers like the "desktop" files (they are scheduled after those, at the end of the first
  // phase, where a project limited to one worker would leave the other idle).
  projects: [
    { name: "desktop", grepInvert: /@site-settings/, testIgnore: /e2e\/visitor\//, use: desktopReducedMotion },
    { name: "visitor", testMatch: /e2e\/visitor\/.*\.spec\.ts$/, grepInvert: /@site-settings/, use: desktop },
    { name: "site-settings", grep: /@site-settings/, testIgnore: /e2e\/visitor\//, dependencies: ["desktop", "visitor"], fullyParallel: false, workers: 1, use: desktopReducedMotion },
  ],
  webServer: {
    command: "npx tsx tests/setup/e2e-prepare.ts && node server.js",
    url: `http://127.0.0.1:${E2E_PORT}/readyz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      NODE_ENV: "production",
      PORT: String(E2E_PORT),
      HOST: "127.0.0.1",
      PUBLIC_URL: `http://127.0.0.1:${E2E_PORT}`,
      DATABASE_URL: E2E_DATABASE_URL,
      DATA_DIR: E2E_DATA_DIR,
      PGLITE_DIR: `${E2E_DATA_DIR}/pglite`,
      BETTER_AUTH_SECRET: "e2e-secret-e2e-secret-e2e-secret-0123",
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      SEED_DEMO: "true",
      LOG_LEVEL: "warn",
      E2E_FAST_JOBS: "true",
      // The enquiry-conversation test's IMAP server (Dovecot) listens on 127.0.0.1; the mailbox is
      // read every half second so a visitor's reply shows after one poll.
      IMAP_ALLOW_PRIVATE: "true",
      MAILBOX_POLL_MS: "500",
      // The staff calendar test serves its ICS address from 127.0.0.1; calendars are read every
      // 3 seconds, so a calendar that stops answering is failing after 6.
      CALENDAR_ALLOW_PRIVATE: "true",
      CALENDAR_REFRESH_MS: "3000",
      // Bookings are written into engineers' CalDAV calendars (the calendar-writes test's Radicale)
      // within half a second of being queued.
      CALENDAR_WRITE_POLL_MS: "500",
      // The waiting list is looked at every second, so a freed time is offered at once.
      WAITING_LIST_CHECK_MS: "1000",
      // Page views are written every half second, so the analytics test sees them at once.
      ANALYTICS_FLUSH_MS: "500",
      // The webhooks test's receiver listens on 127.0.0.1 over plain http.
      WEBHOOK_ALLOW_PRIVATE: "true",
      // The WordPress import test serves the exports' pictures from 127.0.0.1 over plain http.
      WORDPRESS_ALLOW_PRIVATE: "true",
      // The daily backup job is tested in tests/system/backup-restore.test.ts.
      BACKUP_DAILY: "false",
      // Every browser test books and writes from 127.0.0.1 unless it names an address of its own;
      // the per-client limits themselves are tested in Vitest (past the enquiry limit a message is
      // kept as spam with no mail, which a later visitor test would read as lost).
      BOOKING_LIMIT_PER_CLIENT: "200",
      ENQUIRY_LIMIT_PER_CLIENT: "200",
      // Browser tests type faster than people; the three-second rule itself is tested in Vitest.
      FORM_GUARD_MIN_MS: String(E2E_FORM_GUARD_MIN_MS),
    },
  },
});
