/**
 * The booking wizard's steps for browser tests (booking, calendar feed): the slot radios, and the
 * way from step 1 to the Confirm Booking button.
 * Fixture slots: ./booking-fixtures.ts.
 */
import { expect, type Page } from "@playwright/test";
import { formatLongDate, formatMonthYear } from "../../../app/utils/format";
import { bookingFixtures } from "./booking-fixtures";
import { waitUntilHumanPace } from "./human-pace";
import { waitForEnhancement } from "./hydration";

const F = bookingFixtures();

/** The slot radio of a London date and time (its accessible name is "<long date> HH:MM[ Full]"). */
export const slotRadio = (page: Page, date: string, time: string) => page.getByRole("radio", { name: new RegExp(`^${formatLongDate(date)} ${time}`) });

/**
 * Chooses the wizard's slot at `time` (UK, `HH:MM`) on `date` (`yyyy-mm-dd`) as a visitor does: a
 * press on its tile, the radio's label. (The radio itself is visually hidden: a page whose scroll
 * the browser restored, after Back, can leave it where a press cannot reach.)
 */
export const pickSlot = (page: Page, date: string, time: string) => page.locator("label", { has: slotRadio(page, date, time) }).click();

/** From the start to step 2 of the fixture week, via Continue and two Next Week clicks. */
export async function toFixtureWeek(page: Page) {
  await page.goto("/book-consultation");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("heading", { name: "Select Date & Time" })).toBeVisible();
  await page.getByRole("link", { name: "Next Week" }).click();
  await expect(page).toHaveURL(/week=/);
  await page.getByRole("link", { name: "Next Week" }).click();
  await expect(page).toHaveURL(new RegExp(`week=${F.week}`));
  await expect(page.getByRole("heading", { name: formatMonthYear(F.week) })).toBeVisible();
}

/**
 * From the start, once the page's scripts have run, to step 2 of a consultation type (by its name) in `week` (the
 * Monday, `yyyy-mm-dd`, two weeks ahead as the engineer fixtures are), via Continue and two Next
 * Week clicks.
 */
export async function toTypeWeek(page: Page, typeName: string, week: string) {
  await page.goto("/book-consultation");
  await waitForEnhancement(page);
  await page.getByRole("radio", { name: new RegExp(typeName) }).check({ force: true });
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("heading", { name: "Select Date & Time" })).toBeVisible();
  for (let i = 0; i < 2; i++) {
    await page.getByRole("link", { name: "Next Week" }).click();
    await expect(page).toHaveURL(/week=/);
  }
  await expect(page).toHaveURL(new RegExp(`week=${week}`));
}

/** Fills step 3 (Your Information) with a person and a commercial project. */
export async function fillDetails(page: Page, v: { name: string; email: string }) {
  await page.getByRole("textbox", { name: "Full name" }).fill(v.name);
  await page.getByRole("textbox", { name: "Email address" }).fill(v.email);
  await page.getByRole("combobox", { name: "Project type" }).selectOption("commercial");
  await page.getByRole("textbox", { name: "Project description" }).fill("Two-storey extension with a steel frame.");
}

/**
 * Steps 2 to 4 for a slot: choose it, fill the details, arrive at the summary, and wait until the
 * details page is old enough for the server's bot check to let Confirm Booking through.
 */
export async function bookUpToConfirm(page: Page, slot: { date: string; startTime: string }, person: { name: string; email: string }) {
  await toFixtureWeek(page);
  await pickSlot(page, slot.date, slot.startTime);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("heading", { name: "Your Information" })).toBeVisible();
  const shownAt = Date.now();
  await fillDetails(page, person);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("heading", { name: "Confirmation" })).toBeVisible();
  await waitUntilHumanPace(shownAt);
}

