/**
 * Data protection in the browser: a super admin finds a person's records by e-mail,
 * downloads them (JSON and a CSV), erases them after a confirmation that names what goes and
 * makes staff agree to cancel the upcoming booking; the cancellation mail is sent; the person
 * is then not found. Axe is clean on the screen and the dialog; screenshots at 1440 and 390 px.
 * Fixture person: tests/e2e/support/data-protection-fixtures.ts.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./support/a11y";
import { signInAsAdmin } from "./support/auth";
import { DATA_PROTECTION_PERSON } from "./support/data-protection-fixtures";
import { saveScreenshot } from "./support/screenshots";
import { waitForMail } from "./support/mail";

test.describe.configure({ mode: "serial", timeout: 90_000 });
const { email } = DATA_PROTECTION_PERSON;
const shots = path.join("test-results", "data-protection");

test("find, export and erase a person's data from the screen", async ({ page }) => {
  await signInAsAdmin(page);
  await page.getByRole("link", { name: "Data protection" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Data protection" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Retention periods" })).toBeVisible();
  await expect(page.getByLabel("Spam submissions (days)")).toHaveValue("30");
  await expectNoSeriousA11yViolations(page);

  // Search, whatever the case of the address.
  await page.getByLabel("E-mail address").fill("GRACE.Hopperfield@e2e-person.example");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByText(`Records about ${email}`)).toBeVisible();
  await expect(page.getByRole("button", { name: "Search" })).toBeEnabled();
  // Axe checks what is on screen: move the pointer off the button it just pressed (hover colour).
  await page.mouse.move(0, 0);
  const enquiries = page.getByRole("region", { name: "Enquiries" });
  await expect(enquiries.getByRole("listitem")).toHaveCount(2);
  await expect(enquiries).toContainText("spam");
  const bookings = page.getByRole("region", { name: "Bookings" });
  await expect(bookings.getByRole("listitem")).toHaveCount(2);
  await expect(bookings.getByText("upcoming")).toHaveCount(1);
  await expect(page.getByRole("region", { name: "E-mails" }).getByRole("listitem")).toHaveCount(1);
  await expect(page.getByRole("region", { name: "Audit log entries" }).getByRole("listitem")).toHaveCount(1);
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, path.join(shots, "results-1440.png"), { fullPage: true });

  // One JSON file with everything.
  const jsonDownload = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download all (JSON)" }).click();
  const json = await jsonDownload;
  expect(json.suggestedFilename()).toMatch(/^subject-access-\d{4}-\d{2}-\d{2}\.json$/);
  const exported = JSON.parse(await readFile((await json.path())!, "utf8"));
  expect(exported.subject).toEqual({ email });
  expect(exported.enquiries).toHaveLength(2);
  expect(exported.bookings.map((b: { status: string }) => b.status).sort()).toEqual(["completed", "confirmed"]);
  // A sent message keeps what the portal shows; its content was erased once it was delivered.
  expect(exported.emails[0]).toMatchObject({ subject: "We received your enquiry", status: "sent", text: null, html: null, attachments: [] });
  expect(exported.audit).toHaveLength(1);

  // A CSV per kind; formula-like cells are neutralised.
  const csvDownload = page.waitForEvent("download");
  await page.getByRole("button", { name: "Enquiries CSV" }).click();
  const csv = await csvDownload;
  expect(csv.suggestedFilename()).toMatch(/^subject-access-enquiries-\d{4}-\d{2}-\d{2}\.csv$/);
  const rows = parse(await readFile((await csv.path())!, "utf8"), { bom: true, columns: true }) as Record<string, string>[];
  expect(rows.map((r) => r.Message).sort()).toEqual(["'=HYPERLINK(\"http://spam.example\")", "A mezzanine for our archive."]);

  // The confirmation names what goes and makes staff agree to cancel the upcoming booking.
  await page.getByRole("button", { name: "Erase personal data" }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog.getByRole("heading", { name: `Erase the personal data of ${email}?` })).toBeVisible();
  const list = dialog.getByRole("list", { name: "What will be anonymised" });
  await expect(list).toContainText("2 enquiries");
  await expect(list).toContainText("2 bookings");
  await expect(list).toContainText("1 e-mail");
  await expect(list).toContainText("1 audit log entry");
  const erase = dialog.getByRole("button", { name: "Erase", exact: true });
  await expect(erase).toBeDisabled();
  await dialog.getByRole("checkbox", { name: "Cancel 1 future booking and notify" }).check();
  await expect(erase).toBeEnabled();
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, path.join(shots, "dialog-1440.png"));
  await erase.click();

  await expect(page.getByText(`The personal data of ${email} has been erased.`)).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "1 upcoming cancelled" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The cancellation mail goes out to the person (then its copy is blanked).
  await waitForMail(email, { subject: /^Cancelled: consultation/ }, 20_000);

  // Searching again finds nothing.
  await page.getByLabel("E-mail address").fill(email);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByText(`No records mention ${email}.`)).toBeVisible();
});

test("the screen on a phone", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAsAdmin(page);
  await page.goto("/admin/data-protection");
  await page.getByLabel("E-mail address").fill("fiona@girderfield.example");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByText("Records about fiona@girderfield.example")).toBeVisible();
  await expect(page.getByRole("button", { name: "Search" })).toBeEnabled();
  await page.mouse.move(0, 0);
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, path.join(shots, "results-390.png"), { fullPage: true });
});

test("the privacy policy states the retention periods saved on the screen", async ({ page }) => {
  await page.goto("/privacy");
  await expect(page.getByText("Enquiries: 24 months after the enquiry is closed, then anonymised.")).toBeVisible();
  await expect(page.getByText("Submissions our spam checks flag: deleted after 30 days.")).toBeVisible();
  await expect(page.getByText("Waiting-list entries: deleted 30 days after you join the list, with the times we offered you; sooner if you leave the list or book that type of consultation.")).toBeVisible();

  await signInAsAdmin(page);
  await page.goto("/admin/data-protection");
  await page.getByLabel("Spam submissions (days)").fill("45");
  await page.getByRole("button", { name: "Save retention periods" }).click();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Retention periods saved" })).toBeVisible();

  await page.goto("/privacy");
  await expect(page.getByText("Submissions our spam checks flag: deleted after 45 days.")).toBeVisible();

  await page.goto("/admin/data-protection");
  await page.getByLabel("Spam submissions (days)").fill("30");
  await page.getByRole("button", { name: "Save retention periods" }).click();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Retention periods saved" })).toBeVisible();
});
