/**
 * A week of real use, in the browser:
 * - an admin who takes consultations saves their own hours under Your account (one type ticked,
 *   then again with nothing changed); an editor is not offered the card;
 * - a French visitor (a fresh browser) sends an enquiry from /fr/contact; their acknowledgement
 *   carries a Reply-To; staff answer with a saved reply, whose booking link is the French wizard,
 *   under "Re: " and the acknowledgement's own French subject, with the same Reply-To;
 * - a visitor's answer is named by their name in the timeline, and their contact view shows their
 *   own history only: no staff mail, the booking with its Cancelled status and time, their answer
 *   without its quoted history;
 * - Export with the "Mine" filter downloads the signed-in member's enquiries;
 * - an answered enquiry set back to New is not overdue at once: its reply is due 24 hours on.
 * Screenshots of the account card, the timeline and the contact view at 1440 and 390 px.
 */
import { readFile } from "node:fs/promises";
import { parse } from "csv-parse/sync";
import { expect, test, type Page } from "@playwright/test";
import { signIn, signInAsAdmin } from "./support/auth";
import { CONVERSATION_FIXTURES as F } from "./support/conversation-fixtures";
import { waitUntilHumanPace } from "./support/human-pace";
import { waitForHydration } from "./support/hydration";
import { saveScreenshot, shootScreens } from "./support/screenshots";
import { waitForMail } from "./support/mail";

/** Nothing scrolls sideways at `width` (polled: the portal's sidebar slides away after a resize). */
const noSideways = (page: Page, width: number) => expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

test("an admin who takes consultations saves their own hours; an editor is not offered them", async ({ browser }) => {
  test.setTimeout(90_000);
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, F.engineerAdmin);
  await page.getByRole("link", { name: "Your account" }).first().click();
  const card = page.getByRole("form", { name: "Consultations you take" });
  await expect(card).toBeVisible();
  await waitForHydration(page);
  await card.getByRole("checkbox", { name: /I take consultations/ }).check();
  await card.getByRole("checkbox", { name: new RegExp(F.typeName) }).check();
  for (const day of ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"]) await card.getByRole("textbox", { name: day }).fill("09:00-17:00");
  await card.getByRole("button", { name: "Save consultations" }).click();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Consultations saved" })).toBeVisible();
  await expect(page.getByText("Invalid input")).toHaveCount(0);

  // As stored, and saved again with nothing changed.
  await page.reload();
  await waitForHydration(page);
  await expect(card.getByRole("checkbox", { name: new RegExp(F.typeName) })).toBeChecked();
  await expect(card.getByRole("textbox", { name: "Monday" })).toHaveValue("09:00-17:00");
  const saved = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/admin/account"));
  await card.getByRole("button", { name: "Save consultations" }).click();
  expect((await saved).status()).toBe(200);
  await expect(page.getByText("Check the highlighted fields")).toHaveCount(0);
  await saveScreenshot(card, "test-results/screens/account-consultations-1440.png");
  await page.setViewportSize({ width: 390, height: 844 });
  await noSideways(page, 390);
  await saveScreenshot(card, "test-results/screens/account-consultations-390.png");
  await context.close();

  // An editor does not take consultations: no card.
  const editorContext = await browser.newContext();
  const editor = await editorContext.newPage();
  await signIn(editor, F.editor);
  await editor.getByRole("link", { name: "Your account" }).first().click();
  await expect(editor.getByRole("heading", { name: "Your account" }).first()).toBeVisible();
  await expect(editor.getByRole("form", { name: "Consultations you take" })).toHaveCount(0);
  await editorContext.close();
});

test("a French visitor's enquiry: the acknowledgement has a Reply-To, and staff answer in French under its own subject with the French wizard's link", async ({ browser, page, baseURL }) => {
  test.setTimeout(90_000);
  const stamp = Date.now();
  const visitor = { name: `Camille Fil ${stamp}`, email: `camille.${stamp}@client.example` };
  const fresh = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": "198.51.100.91" } });
  const form = await fresh.newPage();
  await form.goto("/fr/contact");
  await form.getByRole("textbox", { name: "Nom complet", exact: true }).fill(visitor.name);
  await form.getByRole("textbox", { name: "Adresse e-mail", exact: true }).fill(visitor.email);
  await form.getByRole("combobox", { name: "Type de demande", exact: true }).selectOption("Humanitarian Engineering");
  await form.getByRole("textbox", { name: "Message", exact: true }).fill("Pouvez-vous étudier une école résistante aux inondations ?");
  await waitUntilHumanPace(form);
  await form.getByRole("button", { name: "Envoyer le message" }).click();
  await expect(form.locator("[data-toast]").filter({ hasText: "Message envoyé" })).toBeVisible({ timeout: 10_000 });
  await fresh.close();
  const acknowledgement = await waitForMail(visitor.email, { subject: /^Nous avons bien reçu votre demande/ });
  const replyTo = acknowledgement.replyTo?.[0]?.address;
  expect(replyTo).toMatch(/@/);

  await signInAsAdmin(page);
  await page.goto(`/admin/enquiries?q=${encodeURIComponent(visitor.email)}`);
  await page.getByRole("link", { name: `View enquiry from ${visitor.name}` }).click();
  const panel = page.getByRole("dialog", { name: visitor.name });
  await expect(panel.getByRole("heading", { name: "Conversation" })).toBeVisible();
  await waitForHydration(page);
  await panel.getByLabel("Saved reply").selectOption({ label: F.savedReply.title });
  await expect(panel.getByLabel("Your reply")).toHaveValue(`Bonjour ${visitor.name},\n\nRéservez ici : ${baseURL}/fr/book-consultation`);
  await panel.getByLabel("Your reply").scrollIntoViewIfNeeded();
  await saveScreenshot(page, "test-results/screens/composer-french-link-1440.png");
  await page.setViewportSize({ width: 390, height: 844 });
  await panel.getByLabel("Your reply").scrollIntoViewIfNeeded();
  await saveScreenshot(page, "test-results/screens/composer-french-link-390.png");
  await page.setViewportSize({ width: 1440, height: 900 });
  await panel.getByRole("button", { name: "Send reply" }).click();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Reply sent" })).toBeVisible();

  const reply = await waitForMail(visitor.email, { subject: /^Re: / });
  expect(reply.subject).toBe(`Re: ${acknowledgement.subject}`);
  expect(reply.subject).toBe("Re: Nous avons bien reçu votre demande - Meridian Engineering");
  expect(reply.replyTo?.[0]?.address).toBe(replyTo);
  expect(reply.inReplyTo).toBe(acknowledgement.messageId);
  expect(reply.text).toContain(`${baseURL}/fr/book-consultation`);
});

test("a visitor's answer is named in the timeline; their contact view shows their own history", async ({ page }) => {
  test.setTimeout(90_000);
  await signInAsAdmin(page);
  await page.goto(`/admin/enquiries?q=${encodeURIComponent(F.visitor.email)}`);
  await page.getByRole("link", { name: `View enquiry from ${F.visitor.name}` }).click();
  const panel = page.getByRole("dialog", { name: F.visitor.name });
  const timeline = panel.getByRole("list", { name: "Timeline" });
  const answer = timeline.getByRole("listitem").filter({ hasText: "Merci, lundi me convient." });
  await expect(answer).toContainText(F.visitor.name);
  await expect(answer).not.toContainText("Chloe@Historique.example");
  // The timeline scrolls inside the panel: a picture of it at each width.
  await saveScreenshot(timeline, "test-results/screens/timeline-visitor-name-1440.png");
  await page.setViewportSize({ width: 390, height: 844 });
  await saveScreenshot(timeline, "test-results/screens/timeline-visitor-name-390.png");
  await page.setViewportSize({ width: 1440, height: 900 });

  await panel.getByRole("link", { name: "Everything from this person" }).click();
  await expect(page.getByRole("heading", { name: F.visitor.name, level: 1 })).toBeVisible();
  const history = page.getByRole("list", { name: "History" });
  // Staff mails about them are not theirs.
  await expect(history).not.toContainText("New booking");
  await expect(history).not.toContainText("Booked with you");
  await expect(history).not.toContainText("New enquiry");
  // Each line says what it is once.
  await expect(history).not.toContainText("E-mail:");
  const booking = history.getByRole("listitem").filter({ hasText: F.booking.type });
  await expect(booking).toContainText("Cancelled");
  await expect(booking).toContainText("Monday, 2 November 2026, 4:00 PM – 5:00 PM (UK time)");
  const email = history.getByRole("listitem").filter({ hasText: "Votre consultation est annulée" });
  await expect(email).toContainText("Booking cancelled");
  await expect(email).toContainText("Sent");
  const theirs = history.getByRole("listitem").filter({ hasText: "Merci, lundi me convient." });
  await expect(theirs).toContainText(F.visitor.name);
  await expect(theirs).not.toContainText("a écrit");
  await expect(history.getByRole("listitem").filter({ hasText: "Humanitarian Engineering" }).first()).toContainText("Responded");
  await shootScreens(page, "contact-view");
  await page.setViewportSize({ width: 390, height: 844 });
  await noSideways(page, 390);
});

test("Export with the Mine filter downloads the signed-in member's enquiries", async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto("/admin/enquiries");
  await waitForHydration(page);
  await page.getByLabel("Owner").selectOption("mine");
  await expect(page).toHaveURL(/owner=mine/);
  await expect(page.getByRole("link", { name: `View enquiry from ${F.mine.name}` })).toBeVisible();
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export" }).click();
  const file = await (await download).path();
  const rows = parse(await readFile(file!, "utf8"), { bom: true }) as string[][];
  expect(rows[0]).toEqual(["Created", "Name", "Email", "Company", "Type", "Status", "Priority", "Message"]);
  expect(rows.slice(1).map((r) => r[1])).toContain(F.mine.name);
  expect(rows.slice(1).map((r) => r[1])).not.toContain(F.visitor.name);
});

test("an answered enquiry set back to New is due 24 hours on, not overdue at once", async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto(`/admin/enquiries?q=${encodeURIComponent(F.reopened.email)}`);
  await waitForHydration(page);
  await page.getByRole("link", { name: `View enquiry from ${F.reopened.name}` }).click();
  const panel = page.getByRole("dialog", { name: F.reopened.name });
  const reopenedAt = Date.now();
  await panel.getByRole("combobox", { name: "Status", exact: true }).selectOption({ label: "New" });
  await expect(page.getByText("Status set to New")).toBeVisible();
  await expect(panel.getByText(/^Reopened: reply due \d{1,2} [A-Z][a-z]{2} \d{4}, \d{1,2}:\d{2} [ap]m$/)).toBeVisible();
  await expect(panel.getByText("Overdue", { exact: true })).toHaveCount(0);
  const due = await panel.getByText(/^Reopened: reply due/).innerText();
  const dueDay = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "Europe/London" }).format(reopenedAt + 24 * 3_600_000);
  expect(due).toContain(dueDay);
  await saveScreenshot(panel, "test-results/screens/enquiry-reopened-1440.png");
  await page.setViewportSize({ width: 390, height: 844 });
  await saveScreenshot(page, "test-results/screens/enquiry-reopened-390.png");
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.keyboard.press("Escape");
  await page.goto(`/admin/enquiries?status=overdue&q=${encodeURIComponent(F.reopened.email)}`);
  await expect(page.getByText("No enquiries found")).toBeVisible();
});
