/**
 * Presses made the moment a control is visible (project "visitor"): the public pages are sent
 * without React, so every control is a plain form or link from its first paint and no press may
 * be lost while the page's one script arrives. Each page's script is held back for a random
 * 0-1.2 s (as a slow connection does, so a press lands before, during or after it runs), and the
 * visitor clicks each step's control as soon as it shows, many times over: the booking wizard to
 * step 4 and Back (and to the end twice), the contact form, and the manage page's Cancel booking.
 */
import type { Page } from "@playwright/test";
import { formatLongDate } from "../../../app/utils/format";
import { mailedLink } from "../support/mail";
import { waitUntilHumanPace } from "../support/human-pace";
import { expect, test, type Visitor } from "../support/visitor";
import { visitorFixtures } from "../support/visitor-fixtures";

const F = visitorFixtures();
const ROUNDS = 6;

test.describe.configure({ timeout: 240_000 });

/** Holds each script of the site back for a random 0-1.2 s (from a fixed seed, so a failure repeats). */
async function slowScripts(page: Page, seed: number) {
  let state = seed;
  const next = () => ((state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31) * 1200;
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, next()));
    await route.continue();
  });
}

/** The wizard from its first page to step 4, each control clicked as soon as it shows; `book` confirms too. */
async function wizardRound(visitor: Visitor, round: number, book: boolean) {
  const { page } = visitor;
  const heading = (name: string) => page.getByRole("heading", { name, exact: true });
  await visitor.open("/book-consultation", { hydrated: false, waitUntil: "commit" });
  await visitor.followToDocument(page.getByRole("button", { name: "Continue" }), heading("Select Date & Time"));
  while (new URL(page.url()).searchParams.get("week") !== F.week) {
    const before = page.url();
    await visitor.followToDocument(page.getByRole("link", { name: "Next Week" }), page.getByRole("link", { name: "Next Week" }));
    await expect(page, `round ${round}`).not.toHaveURL(before);
  }
  await page.getByRole("radio", { name: new RegExp(`^${formatLongDate(F.early.date)} ${F.early.startTime}`) }).check({ force: true });
  await visitor.followToDocument(page.getByRole("button", { name: "Continue" }), heading("Your Information"));
  const shownAt = Date.now();
  await page.getByRole("textbox", { name: "Full name" }).fill(`Early Presser ${round}`);
  const email = `early.${round}.${Date.now()}@example.com`;
  await page.getByRole("textbox", { name: "Email address" }).fill(email);
  await visitor.followToDocument(page.getByRole("button", { name: "Continue" }), heading("Confirmation"));
  await expect(page.getByText(email)).toBeVisible();
  if (!book) {
    // Back to the details keeps what was typed.
    await visitor.followToDocument(page.getByRole("button", { name: "Back" }), heading("Your Information"));
    await expect(page.getByRole("textbox", { name: "Email address" })).toHaveValue(email);
    return null;
  }
  await waitUntilHumanPace(shownAt);
  await visitor.followToDocument(page.getByRole("button", { name: "Confirm Booking" }), page.getByRole("heading", { name: "Booking Confirmed!" }), { documents: 2 });
  return email;
}

test("every wizard step's control works when pressed as soon as it shows, whether the page's script has run or not", async ({ newVisitor }) => {
  const booked: string[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const visitor = await newVisitor();
    await slowScripts(visitor.page, round);
    const email = await wizardRound(visitor, round, round > ROUNDS - 2);
    if (email) booked.push(email);
  }

  // The manage page from the e-mail: Cancel booking and its Yes, each pressed as soon as it shows.
  const later = await newVisitor();
  await slowScripts(later.page, 99);
  const manage = later.page;
  await later.open(await mailedLink(booked[0]!, /https?:\/\/\S+\/book-consultation\/manage\/[\w-]+/), { hydrated: false, waitUntil: "commit" });
  await later.followToDocument(manage.getByRole("button", { name: "Cancel booking" }), manage.getByRole("heading", { name: "Cancel this consultation?" }));
  await later.followToDocument(manage.getByRole("button", { name: "Yes, cancel booking" }), manage.getByRole("heading", { name: "Your booking has been cancelled" }));
});

test("the contact form sends when filled and pressed as soon as it shows", async ({ browser }) => {
  for (let round = 1; round <= 3; round++) {
    // A fresh browser each time; before the script a plain post answers, after it the form is sent in place.
    const context = await browser.newContext();
    const page = await context.newPage();
    await slowScripts(page, 1000 + round);
    await page.goto("/contact", { waitUntil: "commit" });
    await page.getByRole("textbox", { name: "Full name", exact: true }).fill(`Quick Writer ${round}`);
    await page.getByRole("textbox", { name: "E-mail address", exact: true }).fill(`quick.${round}.${Date.now()}@example.com`);
    await page.getByRole("combobox", { name: "Enquiry type", exact: true }).selectOption("Other");
    await page.getByRole("textbox", { name: "Message", exact: true }).fill("Sent the moment the form showed.");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByRole("heading", { name: "Message sent successfully!" })).toBeVisible();
    await context.close();
  }
});
