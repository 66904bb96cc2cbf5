/**
 * A keyboard-only booking (project "visitor"): a fresh browser on a phone (390 px), no mouse,
 * books through every step of the wizard in English and in Arabic with Tab, Space and Enter (and
 * the arrow keys a radio group answers to, to move to another time), each step a page of its own
 * sent without React. Every step is scanned with axe and, with E2E_SCREENSHOTS set, photographed
 * at 390 and 1440 px (test-results/booking-keyboard/).
 */
import type { Locator, Page } from "@playwright/test";
import { formatLongDate, formatMonthYear } from "../../../app/utils/format";
import { languageInfo, type Language } from "../../../app/utils/i18n";
import { m } from "../../../app/utils/paraglide/messages";
import { expectNoSeriousA11yViolations } from "../support/a11y";
import { waitUntilHumanPace } from "../support/human-pace";
import { expectDocumentIn, PHONE, photograph } from "../support/languages";
import { expect, test, type Visitor } from "../support/visitor";
import { visitorFixtures } from "../support/visitor-fixtures";

const F = visitorFixtures();

test.describe.configure({ timeout: 180_000 });

/** Presses Tab until `target` has the focus (at most `max` times); fails otherwise. */
async function tabTo(page: Page, target: Locator, max = 80) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

/** Axe on the step, then its screenshots at 390 and 1440 px (back at 390 px). */
async function check(page: Page, shot: string) {
  await expectNoSeriousA11yViolations(page);
  await photograph(page, `test-results/booking-keyboard/${shot}`, PHONE);
}

/** Presses `key` on the focused control and waits for the document it loads (`documents` of them) until `arrived` shows. */
async function pressTo(visitor: Visitor, key: "Enter" | "Space", arrived: Locator, documents = 1) {
  await visitor.followToDocument(() => visitor.page.keyboard.press(key), arrived, { documents });
}

async function bookByKeyboard(visitor: Visitor, language: Language) {
  const { page } = visitor;
  const locale = { locale: language };
  const intl = languageInfo(language).intl;
  const path = language === "en" ? "/book-consultation" : `/${language}/book-consultation`;
  const heading = (name: string) => page.getByRole("heading", { name, exact: true });
  const continueButton = page.getByRole("button", { name: m.wizard_continue({}, locale) });
  const email = `keys.${language}.${Date.now()}@example.com`;

  await visitor.open(path);
  await expectDocumentIn(page, language);
  await expect(page.getByRole("radio").first()).toBeChecked();
  await check(page, `${language}-step1`);

  // Step 1: the first type is chosen; Tab to Continue, Enter.
  await tabTo(page, continueButton);
  await pressTo(visitor, "Enter", heading(m.step_title_time({}, locale)));
  // The new step's heading has the focus: the keyboard goes on from there.
  await expect(heading(m.step_title_time({}, locale))).toBeFocused();

  // Step 2: Next Week until the fixture week, each by Tab and Enter.
  const nextWeek = page.getByRole("link", { name: m.week_next_week({}, locale) });
  while (new URL(page.url()).searchParams.get("week") !== F.week) {
    const before = page.url();
    await tabTo(page, nextWeek);
    await pressTo(visitor, "Enter", nextWeek);
    await expect(page).not.toHaveURL(before);
  }
  await expect(page.getByRole("heading", { name: formatMonthYear(F.week, intl) })).toBeVisible();
  await expect(continueButton).toBeDisabled();
  await check(page, `${language}-step2`);

  // The times are one radio group: Tab enters it, the arrow keys move to the fixture's time.
  const wanted = page.getByRole("radio", { name: new RegExp(`^${formatLongDate(F.keyboard.date, intl)} ${F.keyboard.startTime}`) });
  await tabTo(page, page.locator('input[name="slot"]:not([disabled])').first());
  for (let i = 0; i < 60 && !(await wanted.isChecked()); i++) await page.keyboard.press("ArrowDown");
  await expect(wanted).toBeChecked();
  await expect(continueButton).toBeEnabled();
  await tabTo(page, continueButton);
  await pressTo(visitor, "Space", heading(m.step_title_details({}, locale)));
  const shownAt = Date.now();

  // Step 3: Continue with nothing typed is refused in place, the focus on the name.
  const name = page.getByRole("textbox", { name: m.field_full_name({}, locale) });
  await tabTo(page, continueButton);
  await page.keyboard.press("Enter");
  await expect(page.getByText(m.validation_name_required({}, locale))).toBeVisible();
  await expect(name).toBeFocused();
  await page.keyboard.type(language === "ar" ? "ليلى حسن" : "Kim Keys");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("textbox", { name: m.field_email_address({}, locale) })).toBeFocused();
  await page.keyboard.type(email);
  await check(page, `${language}-step3`);
  await tabTo(page, continueButton);
  await pressTo(visitor, "Enter", heading(m.step_title_confirm({}, locale)));
  await expect(page.getByText(email)).toBeVisible();
  await check(page, `${language}-step4`);

  // Step 4: Confirm Booking, once the form guard allows it; answered by a redirect to step 5.
  await waitUntilHumanPace(shownAt);
  await tabTo(page, page.getByRole("button", { name: m.wizard_confirm({}, locale) }));
  await pressTo(visitor, "Enter", page.getByRole("heading", { name: m.success_heading({}, locale) }), 2);
  await expect(page.getByText(m.wizard_toast_success_title({}, locale))).toBeVisible();
  await check(page, `${language}-step5`);
}

test("a visitor books with the keyboard alone on a phone, in English", async ({ newVisitor }) => {
  await bookByKeyboard(await newVisitor({ viewport: PHONE }), "en");
});

test("a visitor books with the keyboard alone on a phone, in Arabic, right to left", async ({ newVisitor }) => {
  await bookByKeyboard(await newVisitor({ viewport: PHONE, timezoneId: "Africa/Cairo" }), "ar");
});
