/**
 * The waiting list, as people use it, in English and French at 390 and 1440 px: a fresh visitor
 * finds the evening they want full, joins the waiting list from the wizard's time step; staff
 * cancel the booking holding that time; the e-mailed offer's link, opened in a fresh browser,
 * goes straight to the details step for that time and books it; another browser opening the same
 * link afterwards is told the time has just been taken and shown that week. The staff list and the
 * join form (also in Arabic) are photographed with E2E_SCREENSHOTS set.
 */
import { expect, test, type Browser, type Page } from "@playwright/test";
import { formatLongDate, formatMonthYear } from "../../app/utils/format";
import { languageInfo, localizedPath, type Language } from "../../app/utils/i18n";
import { m } from "../../app/utils/paraglide/messages";
import { signInAsAdmin } from "./support/auth";
import { waitUntilHumanPace } from "./support/human-pace";
import { waitForEnhancement } from "./support/hydration";
import { expectNoSidewaysScroll } from "./support/languages";
import { mailedLink } from "./support/mail";
import { saveScreenshot } from "./support/screenshots";
import { waitingListFixtures, waitingListWeek } from "./support/waiting-list-fixtures";

const WEEK = waitingListWeek();

/** A fresh visitor's page: a new context (no cookie), in Haiti, at `width`. */
async function freshVisitor(browser: Browser, width: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, timezoneId: "America/Port-au-Prince" });
  return context.newPage();
}

/** Types the details of step 3 and goes through Confirm Booking. */
async function book(page: Page, language: Language, person: { name: string; email: string }) {
  const locale = { locale: language };
  await expect(page.getByRole("heading", { name: m.step_title_details({}, locale) })).toBeVisible();
  const shownAt = Date.now();
  await page.getByRole("textbox", { name: m.field_full_name({}, locale), exact: true }).fill(person.name);
  await page.getByRole("textbox", { name: m.field_email_address({}, locale), exact: true }).fill(person.email);
  await page.getByRole("button", { name: m.wizard_continue({}, locale) }).click();
  await expect(page.getByRole("button", { name: m.wizard_confirm({}, locale) })).toBeVisible();
  await waitUntilHumanPace(shownAt);
  await page.getByRole("button", { name: m.wizard_confirm({}, locale) }).click();
  await expect(page.getByRole("heading", { name: m.success_heading({}, locale) })).toBeVisible();
}

for (const f of waitingListFixtures()) {
  const [language, size] = f.run.split("-") as [Language, string];
  const width = Number(size);
  const locale = { locale: language };
  const intl = languageInfo(language).intl;
  const person = { name: `Wai Ting ${f.run}`, email: `wai-${f.run}@e2e-waitlist.example` };

  test(`a visitor waits for a full evening, is mailed when staff cancel it and books it; a later one is told it is gone (${f.run})`, async ({ browser }) => {
    test.setTimeout(90_000);
    // A fresh visitor looks for the evening of their fixture date: it is full.
    const visitor = await freshVisitor(browser, width);
    await visitor.goto(localizedPath("/book-consultation", language));
    await waitForEnhancement(visitor);
    await visitor.getByRole("button", { name: m.wizard_continue({}, locale) }).click();
    for (let i = 0; i < 3; i++) await visitor.getByRole("link", { name: m.week_next_week({}, locale) }).click();
    await expect(visitor).toHaveURL(new RegExp(`week=${WEEK}`));
    const full = visitor.getByRole("radio", { name: `${formatLongDate(f.date, intl)} 19:30 ${m.week_full({}, locale)}` });
    await expect(full).toBeDisabled();

    // They join the waiting list for that evening.
    await visitor.getByRole("link", { name: m.waitlist_link({}, locale) }).click();
    await expect(visitor.getByRole("heading", { level: 1, name: m.waitlist_title({}, locale) })).toBeVisible();
    await waitForEnhancement(visitor);
    const shownAt = Date.now();
    await visitor.getByLabel(m.field_full_name({}, locale)).fill(person.name);
    await visitor.getByLabel(m.field_email_address({}, locale)).fill(person.email);
    await visitor.locator("input[name=dateFrom]").fill(f.date);
    await visitor.locator("input[name=dateTo]").fill(f.date);
    await visitor.getByRole("checkbox", { name: m.waitlist_part_morning({}, locale) }).uncheck();
    await visitor.getByRole("checkbox", { name: m.waitlist_part_afternoon({}, locale) }).uncheck();
    await expect(visitor.getByText(m.waitlist_local_bound({ uk: "17:00", time: "12:00" }, locale))).toBeVisible(); // Haiti in winter: UK minus five hours
    await expectNoSidewaysScroll(visitor);
    await saveScreenshot(visitor, `test-results/waiting-list/join-${f.run}.png`, { fullPage: true });
    await waitUntilHumanPace(shownAt);
    await visitor.getByRole("button", { name: m.waitlist_submit({}, locale) }).click();
    await expect(visitor.getByRole("heading", { level: 2, name: m.waitlist_done_title({}, locale) })).toBeVisible();
    await expect(visitor.getByText(person.email)).toBeVisible();
    await visitor.context().close();

    // Staff see them on the list, then cancel the booking holding that evening.
    const staff = await (await browser.newContext({ viewport: { width, height: 900 }, reducedMotion: "reduce" })).newPage();
    await signInAsAdmin(staff);
    await staff.goto("/admin/consultations");
    await staff.getByRole("link", { name: "Waiting list" }).click();
    await expect(staff.getByRole("heading", { name: "Waiting list", level: 1 })).toBeVisible();
    await expect(staff.getByText(person.email)).toBeVisible();
    await expectNoSidewaysScroll(staff);
    await saveScreenshot(staff, `test-results/waiting-list/staff-list-${f.run}.png`, { fullPage: true });
    await staff.goto("/admin/consultations");
    await staff.getByRole("searchbox", { name: "Search by name, email or type" }).fill(f.holder);
    await staff.getByRole("button", { name: "Search" }).click();
    const card = staff.getByRole("listitem").filter({ hasText: f.holder });
    await card.getByRole("link", { name: /View booking of/ }).click();
    const dialog = staff.getByRole("dialog", { name: /^Booking #[0-9a-f]{8}$/ });
    await dialog.getByLabel("Update status").selectOption("cancelled");
    await dialog.getByRole("button", { name: "Update Booking" }).click();
    await expect(staff.getByText("Booking updated")).toBeVisible();
    await staff.context().close();

    // The offer arrives in the visitor's language; its link, in a fresh browser, goes to that time.
    const link = await mailedLink(person.email, /https?:\/\/\S+step=3\S+/);
    expect(link).toContain(localizedPath("/book-consultation", language));
    const again = await freshVisitor(browser, width);
    await again.goto(link);
    await waitForEnhancement(again);
    await expect(again.getByText(formatLongDate(f.date, intl), { exact: false }).first()).toBeVisible();
    await book(again, language, person);
    await again.context().close();

    // Someone else opening the same link afterwards is told the time has gone, and shown that week.
    const late = await freshVisitor(browser, width);
    await late.goto(link);
    await expect(late.getByRole("alert")).toHaveText(m.error_slot_just_full({}, locale));
    await expect(late.getByRole("heading", { name: formatMonthYear(WEEK, intl) })).toBeVisible();
    await expect(late.getByRole("radio", { name: `${formatLongDate(f.date, intl)} 19:30 ${m.week_full({}, locale)}` })).toBeDisabled();
    await late.context().close();
  });
}

test("the join form in Arabic, right to left, at 390 and 1440 px", async ({ browser }) => {
  for (const width of [390, 1440]) {
    const page = await freshVisitor(browser, width);
    await page.goto(`/ar/book-consultation/waiting-list?week=${WEEK}`);
    await waitForEnhancement(page);
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.getByRole("heading", { level: 1, name: m.waitlist_title({}, { locale: "ar" }) })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await saveScreenshot(page, `test-results/waiting-list/join-ar-${width}.png`, { fullPage: true });
    await page.context().close();
  }
});
