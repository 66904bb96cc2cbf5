/**
 * Engineers end to end: staff mark a member of staff as taking a consultation type with weekly
 * hours and days off (a range and a single day); a visitor (a fresh browser, clicking after hydration) books that type and is given the
 * engineer; staff see who takes it and confirm; the visitor's confirmation e-mail and manage page
 * show the engineer's meeting link; the visitor cancels from the e-mailed link in another fresh
 * browser, and the engineer is sent the cancellation (METHOD:CANCEL, same UID). Screenshots of the
 * engineer settings and the booking detail at 1440 and 390 px.
 */
import { expect, test } from "@playwright/test";
import { formatLongDate } from "../../app/utils/format";
import { addDays } from "../../app/utils/time";
import { expectNoSeriousA11yViolations } from "./support/a11y";
import { signInAsAdmin } from "./support/auth";
import { fillDetails, pickSlot, toTypeWeek } from "./support/booking-flow";
import { type Mail, outbox, sentTo } from "./support/mail";
import { engineerFixtures } from "./support/engineer-fixtures";
import { waitUntilHumanPace } from "./support/human-pace";
import { waitForEnhancement, waitForHydration } from "./support/hydration";
import { shootScreens as shoot } from "./support/screenshots";

const F = engineerFixtures();

const attachmentText = (a: Mail["attachments"][number]) => (typeof a.content === "string" ? a.content : new TextDecoder().decode(a.content));

async function mailTo(email: string, match: (m: Mail) => boolean): Promise<Mail> {
  let found: Mail | undefined;
  await expect.poll(async () => (found = (await outbox()).find((m) => sentTo(m, email) && match(m))), { timeout: 20_000 }).toBeTruthy();
  return found!;
}

test("staff set up an engineer; a visitor books, sees the engineer's meeting link once confirmed, and cancels from the e-mailed link", async ({ browser, page }) => {
  test.setTimeout(180_000);

  // Staff: Users > Eve Engineer > Consultations: the type and Wednesday's hours.
  await signInAsAdmin(page);
  await page.goto("/admin/users");
  await waitForHydration(page);
  await page.getByRole("listitem").filter({ hasText: F.engineer.email }).getByRole("link", { name: "Consultations" }).click();
  await expect(page.getByRole("heading", { name: `Consultations: ${F.engineer.name}` })).toBeVisible();
  await waitForHydration(page);
  await page.getByRole("checkbox", { name: /Takes consultations/ }).check();
  await page.getByRole("checkbox", { name: F.typeName }).check();
  await page.getByRole("textbox", { name: "Wednesday" }).fill("12:00-13:00, 9:00-10:00");
  await page.getByRole("button", { name: "Save consultations" }).click();
  await expect(page.getByText("Write hours like 09:00-12:30, 13:30-17:00 (each range ending after it starts).")).toBeVisible();
  await page.getByRole("textbox", { name: "Wednesday" }).fill("09:00-10:00, 12:00-13:00");
  await page.getByRole("button", { name: "Save consultations" }).click();
  await expect(page.getByText(`Consultations saved for ${F.engineer.name}`)).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Wednesday" })).toHaveValue("09:00-10:00, 12:00-13:00");
  // Days off as a range (the week after the slot's) and a single day; a range backwards is refused.
  const daysOff = page.getByRole("textbox", { name: "Days off" });
  const [off1, off2, off3] = [addDays(F.week, 7), addDays(F.week, 11), addDays(F.week, 21)];
  await daysOff.fill(`${off2} to ${off1}`);
  await page.getByRole("button", { name: "Save consultations" }).click();
  await expect(page.getByText(`${off2} to ${off1}: a range of days off must end on or after its first day.`)).toBeVisible();
  await daysOff.fill(`${off3}\n${off1} to ${off2}`);
  // Each save has a toast of its own, and the first one's may still be showing: wait for this
  // save's answer, then for its toast.
  const saved = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname.includes("/consultations"));
  await page.getByRole("button", { name: "Save consultations" }).click();
  expect((await saved).status()).toBe(200);
  await expect(page.getByText(`Consultations saved for ${F.engineer.name}`).last()).toBeVisible();
  // As stored: sorted, one range a line.
  await page.reload();
  await waitForHydration(page);
  await expect(daysOff).toHaveValue(`${off1} to ${off2}\n${off3}`);
  await expectNoSeriousA11yViolations(page);
  await shoot(page, "engineer-settings");

  // A visitor in a fresh browser books the engineer's type.
  const email = `engineer.visitor.${Date.now()}@example.com`;
  const visitor = await (await browser.newContext()).newPage();
  await toTypeWeek(visitor, F.typeName, F.week);
  // Two places, one engineer: one spot offered.
  await pickSlot(visitor, F.slot.date, F.slot.startTime);
  await visitor.getByRole("button", { name: "Continue" }).click();
  await expect(visitor.getByRole("heading", { name: "Your Information" })).toBeVisible();
  const shownAt = Date.now();
  await fillDetails(visitor, { name: "Vic Visitor", email });
  await visitor.getByRole("button", { name: "Continue" }).click();
  await expect(visitor.getByRole("heading", { name: "Confirmation" })).toBeVisible();
  await waitUntilHumanPace(shownAt);
  await visitor.getByRole("button", { name: "Confirm Booking" }).click();
  await expect(visitor.getByRole("heading", { name: "Booking Confirmed!" })).toBeVisible();
  await visitor.context().close();

  // The engineer is told, with their copy of the invitation (ORGANIZER the engineer).
  const assigned = await mailTo(F.engineer.email, (m) => /Booked with you/.test(m.subject ?? ""));
  const invite = attachmentText(assigned.attachments.find((a) => a.filename?.endsWith(".ics"))!);
  expect(invite).toMatch(/ORGANIZER;CN="?Eve Engineer"?:mailto:eve\.engineer@example\.com/i);
  const uid = /UID:(\S+)/.exec(invite)![1];

  // Staff see who takes it and confirm it; the meeting link is made.
  await page.goto(`/admin/consultations?q=${encodeURIComponent(email)}`);
  await waitForHydration(page);
  await expect(page.getByText(`With ${F.engineer.name}`)).toBeVisible();
  await page.getByRole("link", { name: /View booking of Vic Visitor/ }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("definition").filter({ hasText: F.engineer.name })).toBeVisible();
  // Eve is the only engineer of the type: nobody else to give it to.
  await expect(dialog.getByText("Nobody else who takes this consultation type is free at its time.")).toBeVisible();
  await expect(dialog.getByRole("combobox", { name: "Give this booking to" })).toHaveCount(0);
  await dialog.getByRole("combobox", { name: "Update status" }).selectOption("confirmed");
  await dialog.getByRole("button", { name: "Update Booking" }).click();
  await expect(page.getByText("Booking updated")).toBeVisible();
  if (!(await dialog.isVisible())) await page.getByRole("link", { name: /View booking of Vic Visitor/ }).click();
  await expect(dialog.getByRole("link", { name: /Join Meeting/ })).toHaveAttribute("href", /^https:\/\/meet\.jit\.si\/[0-9a-f]{32}$/);
  await expectNoSeriousA11yViolations(page);
  await shoot(page, "engineer-booking-detail");

  // The confirmation e-mail carries the link; the manage page shows it, in a fresh browser.
  const confirmed = await mailTo(email, (m) => /^Confirmed:/.test(m.subject ?? ""));
  const meetingLink = /https:\/\/meet\.jit\.si\/[0-9a-f]{32}/.exec(confirmed.text ?? "")![0];
  const manageLink = /https?:\/\/\S+\/book-consultation\/manage\/[A-Za-z0-9_-]+/.exec(confirmed.text ?? "")![0];
  const fresh = await (await browser.newContext()).newPage();
  await fresh.goto(new URL(manageLink).pathname);
  await waitForEnhancement(fresh);
  await expect(fresh.getByRole("heading", { name: "Your consultation" })).toBeVisible();
  await expect(fresh.getByText(formatLongDate(F.slot.date))).toBeVisible();
  await expect(fresh.getByRole("link", { name: meetingLink })).toBeVisible();
  await fresh.getByRole("button", { name: "Cancel booking" }).click();
  await fresh.getByRole("button", { name: "Yes, cancel booking" }).click();
  await expect(fresh.getByRole("heading", { name: "Your booking has been cancelled" })).toBeVisible();
  await fresh.context().close();

  // The engineer's calendar entry is cancelled: METHOD:CANCEL, the same UID.
  const cancelled = await mailTo(F.engineer.email, (m) => /Off your diary/.test(m.subject ?? ""));
  const cancel = attachmentText(cancelled.attachments.find((a) => a.filename?.endsWith(".ics"))!);
  expect(cancel).toContain("METHOD:CANCEL");
  expect(cancel).toContain(`UID:${uid}`);
});
