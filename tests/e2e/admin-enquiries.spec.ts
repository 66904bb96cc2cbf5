/**
 * Admin enquiries management (`docs/design.md` section 6): from the contact page to the list,
 * status changes that persist, the detail panel, deletion with confirmation, search and filters in
 * the URL, the spam view, the CSV export and accessibility. Fixture enquiries:
 * tests/e2e/support/enquiry-fixtures.ts.
 */
import { readFile } from "node:fs/promises";
import { parse } from "csv-parse/sync";
import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./support/a11y";
import { signInAsAdmin } from "./support/auth";
import { waitForHydration } from "./support/hydration";
import { ENQUIRY_FIXTURES } from "./support/enquiry-fixtures";
import { waitUntilHumanPace } from "./support/human-pace";

// The contact form allows 5 enquiries per address per hour; this file's requests come from an
// address of their own (the server trusts X-Forwarded-For from loopback).
test.use({ extraHTTPHeaders: { "x-forwarded-for": "198.51.100.46" } });
test.describe.configure({ mode: "serial" });

const { girder, shelter, removable, rollback, spam } = ENQUIRY_FIXTURES;

const statusSelect = (page: Page, name: string) => page.getByLabel(`Status of the enquiry from ${name}`);
const prioritySelect = (page: Page, name: string) => page.getByLabel(`Priority of the enquiry from ${name}`);
const row = (page: Page, name: string) => page.getByRole("row").filter({ has: page.getByRole("rowheader", { name }) });

/** Waits for the enquiries action to answer a POST. */
const actionDone = (page: Page) =>
  page.waitForResponse((r) => r.url().includes("/admin/enquiries") && r.request().method() === "POST");

test("an enquiry from the contact page appears in the list and its status change persists", async ({ page }) => {
  // A whole journey over the contact page and the portal: more than the default 30 s on a 2-core machine.
  test.slow();
  const name = `Contact Tester ${Date.now()}`;
  await page.goto("/contact");
  await page.getByRole("textbox", { name: "Full name", exact: true }).fill(name);
  await page.getByRole("textbox", { name: "E-mail address", exact: true }).fill("contact.tester@example.com");
  await page.getByRole("textbox", { name: "Company", exact: true }).fill("Tester Structures Ltd");
  await page.getByRole("combobox", { name: "Enquiry type", exact: true }).selectOption("Commercial Engineering");
  await page.getByRole("textbox", { name: "Message", exact: true }).fill("A new mezzanine floor in a listed warehouse.");
  await waitUntilHumanPace(page);
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.locator("[data-toast]").filter({ hasText: "Message sent successfully!" })).toBeVisible({ timeout: 10_000 });

  await signInAsAdmin(page);
  await page.goto("/admin/enquiries");
  await expect(page.getByRole("heading", { name: "Contact Enquiries", level: 1 })).toBeVisible();
  for (const column of ["Contact", "Type", "Message", "Status", "Priority", "Date", "Actions"]) {
    await expect(page.getByRole("columnheader", { name: column, exact: true })).toBeVisible();
  }
  const newRow = row(page, name);
  await expect(newRow).toContainText("Commercial Engineering");
  await expect(newRow).toContainText("Tester Structures Ltd");
  await expect(newRow).toContainText("A new mezzanine floor in a listed warehouse.");
  await expect(statusSelect(page, name)).toHaveValue("new");
  await expect(prioritySelect(page, name)).toHaveValue("medium");
  // Spam is kept out of the main list.
  await expect(row(page, spam.name)).toHaveCount(0);

  const saved = actionDone(page);
  await statusSelect(page, name).selectOption({ label: "In Review" });
  await expect(statusSelect(page, name)).toHaveValue("in_review");
  expect((await saved).status()).toBe(200);
  const savedPriority = actionDone(page);
  await prioritySelect(page, name).selectOption({ label: "High" });
  expect((await savedPriority).status()).toBe(200);

  await page.reload();
  await expect(statusSelect(page, name)).toHaveValue("in_review");
  await expect(statusSelect(page, name).locator("option:checked")).toHaveText("In Review");
  await expect(prioritySelect(page, name)).toHaveValue("high");
  await expectNoSeriousA11yViolations(page);
});

test("search and filters live in the URL and survive a reload", async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto("/admin/enquiries");
  await page.getByRole("searchbox", { name: "Search enquiries" }).fill("GIRDERFIELD");
  await expect(page).toHaveURL(/[?&]q=GIRDERFIELD/);
  await expect(row(page, girder.name)).toBeVisible();
  await expect(row(page, shelter.name)).toHaveCount(0);

  await page.getByRole("combobox", { name: "Status", exact: true }).selectOption("in_review");
  await expect(page).toHaveURL(/status=in_review/);
  await expect(row(page, girder.name)).toBeVisible();

  await page.reload();
  await expect(page.getByRole("searchbox", { name: "Search enquiries" })).toHaveValue("GIRDERFIELD");
  await expect(page.getByRole("combobox", { name: "Status", exact: true })).toHaveValue("in_review");
  await expect(row(page, girder.name)).toBeVisible();

  // A filter that matches nothing shows the filtered empty state.
  await page.goto("/admin/enquiries?q=girderfield&priority=low");
  await expect(page.getByText("No enquiries found")).toBeVisible();
  await expect(page.getByText("Try adjusting your search or filters.")).toBeVisible();
  await page.getByRole("link", { name: "Clear" }).click();
  await expect(page).toHaveURL(/\/admin\/enquiries$/);
  await expect(page.getByRole("searchbox", { name: "Search enquiries" })).toHaveValue("");
  await expect(page.getByRole("combobox", { name: "Priority", exact: true })).toHaveValue("");
  await expect(row(page, shelter.name)).toBeVisible();

  // Priority filter alone, and a search on the company.
  await page.goto("/admin/enquiries?priority=low");
  await expect(row(page, shelter.name)).toBeVisible();
  await expect(row(page, girder.name)).toHaveCount(0);
  await page.goto("/admin/enquiries?q=relief%20PARTNERS");
  await expect(page.getByRole("row")).toHaveCount(2);
  await expect(row(page, shelter.name)).toBeVisible();
});

test("the detail panel shows the full enquiry, a reply link and saves internal notes", async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto("/admin/enquiries?q=girderfield");
  await page.getByRole("link", { name: `View enquiry from ${girder.name}` }).click();
  const panel = page.getByRole("dialog", { name: girder.name });
  await expect(panel).toBeVisible();
  await expect(panel.getByText("The client wants options by March.")).toBeVisible();
  await expect(panel.getByText(girder.company)).toBeVisible();
  const reply = panel.getByRole("link", { name: "Reply by email" });
  await expect(reply).toHaveAttribute("href", /^mailto:fiona@girderfield\.example\?subject=/);
  await expectNoSeriousA11yViolations(page);

  await panel.getByLabel("Internal notes").fill("Called Fiona on Tuesday; sending fee proposal.");
  await panel.getByRole("button", { name: "Save notes" }).click();
  await expect(page.getByText("Notes saved")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(panel).toBeHidden();
  // Closing the panel drops the enquiry from the address; reloading before that would reopen it.
  await expect(page).not.toHaveURL(/[?&]id=/);

  await page.reload();
  await page.getByRole("link", { name: `View enquiry from ${girder.name}` }).click();
  await expect(page.getByRole("dialog", { name: girder.name }).getByLabel("Internal notes")).toHaveValue(
    "Called Fiona on Tuesday; sending fee proposal.",
  );
});

test("an enquiry is deleted only after confirmation", async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto("/admin/enquiries");
  // The confirmation is React's: pressed before hydration, Delete opens the enquiry's detail instead.
  await waitForHydration(page);
  await page.getByRole("link", { name: `Delete enquiry from ${removable.name}` }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText(`Are you sure you want to delete the enquiry from “${removable.name}”?`);
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toBeHidden();
  await expect(row(page, removable.name)).toBeVisible();

  await page.getByRole("link", { name: `Delete enquiry from ${removable.name}` }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Enquiry deleted")).toBeVisible();
  await expect(row(page, removable.name)).toHaveCount(0);
  await page.reload();
  await expect(row(page, removable.name)).toHaveCount(0);
  await expect(row(page, girder.name)).toBeVisible();
});

test("spam sits in its own view with its reason and can be marked not spam", async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto("/admin/enquiries");
  await page.getByRole("link", { name: /Spam/ }).click();
  await expect(page).toHaveURL(/view=spam/);
  const spamRow = row(page, spam.name);
  await expect(spamRow).toContainText("Spam: honeypot");
  await expect(row(page, girder.name)).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  await spamRow.getByRole("button", { name: /Not spam/ }).click();
  await expect(page.getByText("Moved to enquiries")).toBeVisible();
  await expect(row(page, spam.name)).toHaveCount(0);
  await page.getByRole("link", { name: /^Enquiries/ }).click();
  await expect(row(page, spam.name)).toBeVisible();
});

test("Export downloads the filtered list as CSV with formula cells neutralised", async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto("/admin/enquiries?q=shelterton");
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^enquiries-\d{4}-\d{2}-\d{2}\.csv$/);
  const rows = parse(await readFile((await download.path())!, "utf8"), { bom: true }) as string[][];
  expect(rows[0]).toEqual(["Created", "Name", "Email", "Company", "Type", "Status", "Priority", "Message"]);
  expect(rows).toHaveLength(2);
  expect(rows[1]!.slice(1)).toEqual([
    shelter.name,
    shelter.email,
    "'+Relief Partners",
    shelter.projectType,
    "new",
    "low",
    shelter.message,
  ]);
});

test("the list stays usable on a 390 px phone", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAsAdmin(page);
  await page.goto("/admin/enquiries?q=girderfield");
  await expect(page.getByRole("rowheader", { name: girder.name })).toBeInViewport();
  await expect(page.getByRole("searchbox", { name: "Search enquiries" })).toBeInViewport();
  // The page itself never scrolls sideways; only the table does.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.getByRole("link", { name: `View enquiry from ${girder.name}` }).click();
  await expect(page.getByRole("dialog", { name: girder.name }).getByRole("link", { name: "Reply by email" })).toBeInViewport();
});

test("a refused change rolls back with an error toast", async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto("/admin/enquiries?q=rollback");
  const href = await page.getByRole("link", { name: `View enquiry from ${rollback.name}` }).getAttribute("href");
  const id = new URL(href!, "http://x").searchParams.get("id")!;
  // Someone else deletes it while this list is open.
  const deleted = await page.request.post("/admin/enquiries", { form: { intent: "delete", id } });
  expect(deleted.status()).toBe(200);

  const refused = actionDone(page);
  await statusSelect(page, rollback.name).selectOption("closed");
  expect((await refused).status()).toBe(404);
  await expect(page.getByText("Could not update the status")).toBeVisible();
  await expect(page.getByText("This enquiry no longer exists.")).toBeVisible();
  await expect(statusSelect(page, rollback.name)).toHaveValue("new");
});

test("search, filters, status changes and the detail work without JavaScript", async ({ page, browser }) => {
  await signInAsAdmin(page);
  const context = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
    baseURL: test.info().project.use.baseURL,
    extraHTTPHeaders: { "x-forwarded-for": "198.51.100.46" },
  });
  const noJs = await context.newPage();
  await noJs.goto("/admin/enquiries");
  await noJs.getByRole("searchbox", { name: "Search enquiries" }).fill("girderfield");
  await noJs.getByRole("button", { name: "Search" }).click();
  await expect(noJs).toHaveURL(/q=girderfield/);
  await expect(row(noJs, girder.name)).toBeVisible();
  await expect(row(noJs, shelter.name)).toHaveCount(0);

  const girderRow = row(noJs, girder.name);
  await prioritySelect(noJs, girder.name).selectOption("low");
  await girderRow.getByRole("button", { name: "Save" }).nth(1).click();
  await expect(noJs.getByRole("status").filter({ hasText: "Priority set to Low" })).toBeVisible();
  await expect(prioritySelect(noJs, girder.name)).toHaveValue("low");
  await noJs.goto("/admin/enquiries?q=girderfield");
  await expect(prioritySelect(noJs, girder.name)).toHaveValue("low");

  await noJs.getByRole("link", { name: `View enquiry from ${girder.name}` }).click();
  await expect(noJs.getByRole("heading", { name: girder.name, level: 2 })).toBeVisible();
  await expect(noJs.getByRole("link", { name: "Reply by email" })).toHaveAttribute("href", /^mailto:fiona@girderfield\.example/);
  await context.close();
});
