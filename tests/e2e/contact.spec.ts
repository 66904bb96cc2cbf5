import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./support/a11y";
import { waitUntilHumanPace } from "./support/human-pace";
import { outbox, type Mail } from "./support/mail";

const recipients = (m: Mail) => (m.to ?? []).map((a) => ("address" in a ? a.address : ""));
/** A message to `email` (the acknowledgement) or about it (the staff notification). */
const mentions = (m: Mail, email: string) => recipients(m).includes(email) || Boolean(m.text?.includes(email));

async function fillEnquiry(page: Page, v: { name: string; email: string; company?: string; type: string; message: string }) {
  await page.getByRole("textbox", { name: "Full name", exact: true }).fill(v.name);
  await page.getByRole("textbox", { name: "E-mail address", exact: true }).fill(v.email);
  if (v.company) await page.getByRole("textbox", { name: "Company", exact: true }).fill(v.company);
  await page.getByRole("combobox", { name: "Enquiry type", exact: true }).selectOption(v.type);
  await page.getByRole("textbox", { name: "Message", exact: true }).fill(v.message);
}

test.describe("contact page", () => {
  test("shows the contact details, promises and a labelled form, with no serious accessibility violations", async ({ page }) => {
    await page.goto("/contact");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByText("London, United Kingdom").first()).toBeVisible();
    await expect(page.getByRole("link", { name: /@/ }).first()).toHaveAttribute("href", /^mailto:/);
    await expect(page.getByRole("link", { name: /\+44/ }).first()).toHaveAttribute("href", /^tel:/);
    for (const promise of ["24-hour response", "Free consultation", "Confidential"]) {
      await expect(page.getByRole("heading", { name: promise })).toBeVisible();
    }
    await expect(page.getByRole("textbox", { name: "E-mail address", exact: true })).toHaveAttribute("type", "email");
    await expect(page.getByRole("textbox", { name: "Message", exact: true })).toHaveAttribute("rows", "4");
    const options = await page.getByRole("combobox", { name: "Enquiry type", exact: true }).locator("option:not([disabled])").allTextContents();
    expect(options).toEqual([
      "General Enquiry",
      "Project Consultation",
      "Partnership Opportunity",
      "Commercial Engineering",
      "Humanitarian Engineering",
      "Media & Press",
      "Careers",
      "Other",
    ]);
    await expectNoSeriousA11yViolations(page);
  });

  test("with JavaScript: sends, pauses, toasts, confirms in place of the form, resets it, and mails staff and the visitor", async ({ page }) => {
    const email = `ada.${Date.now()}@example.com`;
    await page.goto("/contact");
    await page.waitForLoadState("networkidle");

    // Empty submit: errors inline, focus on the first field, nothing sent.
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText("Please enter your full name.")).toBeVisible();
    await expect(page.getByText("Please choose an enquiry type.")).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Full name", exact: true })).toBeFocused();
    await expectNoSeriousA11yViolations(page);

    await fillEnquiry(page, {
      name: "Ada Lovelace",
      email,
      company: "Analytical Engines Ltd",
      type: "Commercial Engineering",
      message: "We are planning a 12-storey timber-hybrid office in Manchester.",
    });
    await waitUntilHumanPace(page);
    const clickedAt = Date.now();
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByRole("button", { name: "Sending..." })).toBeDisabled();

    const toast = page.locator("[data-toast]").filter({ hasText: "Message sent successfully!" });
    await expect(toast).toBeVisible();
    expect(Date.now() - clickedAt).toBeGreaterThanOrEqual(1_500);
    await expect(toast).toContainText(
      "We'll get back to you within 24 hours. Your enquiry has been logged and assigned to our team.",
    );
    // The confirmation stands where the form was (tests/e2e/new-staff.spec.ts); the form comes back reset.
    await page.getByRole("button", { name: "Send another message" }).click();
    await expect(page.getByRole("textbox", { name: "Full name", exact: true })).toHaveValue("");
    await expect(page.getByRole("textbox", { name: "E-mail address", exact: true })).toHaveValue("");
    await expect(page.getByRole("combobox", { name: "Enquiry type", exact: true })).toHaveValue("");
    await expect(page.getByRole("textbox", { name: "Message", exact: true })).toHaveValue("");
    await expect(page.getByRole("button", { name: "Send Message" })).toBeEnabled();

    // The mail worker writes the acknowledgement and the staff notification to the outbox folder.
    await expect
      .poll(async () => (await outbox()).filter((m) => mentions(m, email)).map((m) => m.subject).sort(), { timeout: 15_000 })
      .toEqual(["New enquiry: Commercial Engineering from Ada Lovelace", "We've received your enquiry - Meridian Engineering"]);
    const mail = (await outbox()).filter((m) => mentions(m, email));
    const ack = mail.find((m) => recipients(m).includes(email))!;
    expect(ack.text).toContain("within 24 hours");
    const notification = mail.find((m) => m.subject?.startsWith("New enquiry"))!;
    expect(notification.text).toContain("Analytical Engines Ltd");
    expect(notification.text).toContain("12-storey timber-hybrid office");
    expect(notification.text).toMatch(/\/admin\/enquiries/);
  });
});

test("with JavaScript: a failed send shows the destructive toast and keeps what was typed", async ({ page }) => {
  await page.goto("/contact");
  await page.waitForLoadState("networkidle");
  // The network drops the form post (the server is unreachable).
  await page.route(
    (url) => url.pathname.startsWith("/contact"),
    (route) => (route.request().method() === "POST" ? route.abort("connectionrefused") : route.continue()),
  );
  await fillEnquiry(page, { name: "Nikola Tesla", email: "nikola@example.com", type: "Other", message: "Is anyone there?" });
  await page.getByRole("button", { name: "Send Message" }).click();
  const toast = page.locator("[data-toast]").filter({ hasText: "Error sending message" });
  await expect(toast).toBeVisible();
  await expect(toast).toContainText("Please try again or contact us directly.");
  await expect(page.getByRole("textbox", { name: "Full name", exact: true })).toHaveValue("Nikola Tesla");
  await expect(page.getByRole("button", { name: "Send Message" })).toBeEnabled();
});

test.describe("contact page without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("shows field errors with a 400 on an empty submit, then a confirmation after a valid one", async ({ page }) => {
    const email = `grace.${Date.now()}@example.com`;
    await page.goto("/contact");

    const [empty] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/contact")),
      page.getByRole("button", { name: "Send Message" }).click(),
    ]);
    expect(empty.status()).toBe(400);
    await expect(page.getByText("Please enter your full name.")).toBeVisible();
    await expect(page.getByText("Please enter your e-mail address.")).toBeVisible();
    await expect(page.getByText("Please choose an enquiry type.")).toBeVisible();
    await expect(page.getByText("Please enter your message.")).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Full name", exact: true })).toHaveAttribute("aria-invalid", "true");

    // A bad e-mail keeps what was typed.
    await fillEnquiry(page, { name: "Grace Hopper", email: "grace-at-example", type: "Careers", message: "Do you hire graduates?" });
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText("Please enter a valid e-mail address, like name@example.com.")).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Full name", exact: true })).toHaveValue("Grace Hopper");
    await expect(page.getByRole("combobox", { name: "Enquiry type", exact: true })).toHaveValue("Careers");

    await page.getByRole("textbox", { name: "E-mail address", exact: true }).fill(email);
    await waitUntilHumanPace(page);
    const [sent] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/contact")),
      page.getByRole("button", { name: "Send Message" }).click(),
    ]);
    expect(sent.status()).toBe(200);
    await expect(page.getByRole("heading", { name: "Message sent successfully!" })).toBeVisible();
    await expect(
      page.getByText("We'll get back to you within 24 hours. Your enquiry has been logged and assigned to our team."),
    ).toBeVisible();
    await expect(page.getByRole("link", { name: "Send another message" })).toHaveAttribute("href", "/contact");

    await expect
      .poll(async () => (await outbox()).filter((m) => recipients(m).includes(email)).length, { timeout: 15_000 })
      .toBe(1);
  });
});
