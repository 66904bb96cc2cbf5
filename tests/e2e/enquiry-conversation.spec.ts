/**
 * Enquiry conversations in the browser: staff set up the firm's mailbox (a real Dovecot started
 * here), reply to an enquiry from its detail panel at 1440 px and at 390 px, the reply's e-mail
 * carries the threading headers, and the visitor's answer, delivered to the mailbox, shows on the
 * enquiry after the worker's next read (every half second in browser tests).
 */
import { expect, test, type Page } from "@playwright/test";
import { TestImap } from "../setup/test-imap";
import { signInAsAdmin } from "./support/auth";
import { saveScreenshot } from "./support/screenshots";
import { waitUntilHumanPace } from "./support/human-pace";
import { waitForMail } from "./support/mail";

test.use({ extraHTTPHeaders: { "x-forwarded-for": "198.51.100.77" } });
test.describe.configure({ mode: "serial" });

const imap = new TestImap();
test.beforeAll(async () => {
  await imap.start();
});
test.afterAll(async () => {
  await imap.stop();
});

const stamp = Date.now();
const visitor = { name: `Thread Tester ${stamp}`, email: `thread.${stamp}@client.example` };

let enquiryId = "";

async function openEnquiry(page: Page) {
  await page.goto(`/admin/enquiries?q=${encodeURIComponent(visitor.email)}`);
  const view = page.getByRole("link", { name: `View enquiry from ${visitor.name}` });
  enquiryId = new URL((await view.getAttribute("href"))!, "http://x").searchParams.get("id")!;
  await view.click();
  const panel = page.getByRole("dialog", { name: visitor.name });
  await expect(panel.getByRole("heading", { name: "Conversation" })).toBeVisible();
  return panel;
}

test("staff reply from the portal, and the visitor's answer comes back", async ({ page }) => {
  test.setTimeout(90_000);
  // The visitor's enquiry, through the contact form (its acknowledgement is the thread's root).
  await page.goto("/contact");
  await page.getByRole("textbox", { name: "Full name", exact: true }).fill(visitor.name);
  await page.getByRole("textbox", { name: "E-mail address", exact: true }).fill(visitor.email);
  await page.getByRole("combobox", { name: "Enquiry type", exact: true }).selectOption("Commercial Engineering");
  await page.getByRole("textbox", { name: "Message", exact: true }).fill("Can you check a steel frame for a mezzanine?");
  await waitUntilHumanPace(page);
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.locator("[data-toast]").filter({ hasText: "Message sent successfully!" })).toBeVisible({ timeout: 10_000 });
  const acknowledgement = await waitForMail(visitor.email, { subject: /^We've received your enquiry/ });

  // The firm's mailbox.
  await signInAsAdmin(page);
  await page.goto("/admin/settings/mailbox");
  await page.getByLabel("Reply address").fill(imap.user);
  await page.getByLabel("The mail server accepts plus addresses").check();
  await page.getByLabel("Read replies from this mailbox").check();
  await page.getByLabel("IMAP server").fill("127.0.0.1");
  await page.getByLabel("Port").fill(String(imap.port));
  await page.getByLabel("Use TLS").uncheck();
  await page.getByLabel("User name").fill(imap.user);
  await page.getByLabel("App password").fill(imap.password);
  await page.getByRole("button", { name: "Save mailbox settings" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Mailbox settings saved" })).toBeVisible();
  await expect(page.getByLabel("App password")).toHaveValue("");

  // A reply at desktop width.
  await page.setViewportSize({ width: 1440, height: 900 });
  let panel = await openEnquiry(page);
  await expect(panel.getByLabel("Status after sending")).toHaveValue("responded");
  await panel.getByLabel("Your reply").fill("Hello,\n\nYes, we can:\n\n- check the frame\n- send a short report\n\nhttps://example.com/steel");
  await panel.getByRole("button", { name: "Send reply" }).click();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Reply sent" })).toBeVisible();
  const timeline = panel.getByRole("list", { name: "Timeline" });
  await expect(timeline.getByRole("link", { name: "https://example.com/steel" })).toBeVisible();
  await expect(timeline).toContainText("Status: New → Responded");
  await saveScreenshot(panel, test.info().outputPath("conversation-1440.png"));

  const reply = await waitForMail(visitor.email, { subject: /^Re: We've received your enquiry/ });
  expect(reply.inReplyTo).toBe(acknowledgement.messageId);
  expect(reply.references).toBe(acknowledgement.messageId);
  expect(reply.replyTo?.[0]).toMatchObject({ address: expect.stringMatching(/^enquiries\+[a-z2-7]{20}@meridian\.example$/) });
  expect(reply.text).toContain("- check the frame");

  // The visitor answers from their mail program; the worker reads it on its next poll.
  await imap.append(`From: ${visitor.name} <${visitor.email}>
To: ${reply.replyTo![0]!.address}
Subject: Re: ${reply.subject}
Message-ID: <answer-${stamp}@client.example>
In-Reply-To: ${reply.messageId}
References: ${acknowledgement.messageId} ${reply.messageId}

Thank you, Monday works for a visit.

On Thu, 26 Nov 2026 at 12:00, Meridian Engineering <hello@meridian-engineering.example> wrote:
> Hello,
> Yes, we can:
`);
  await expect
    .poll(
      async () => {
        const response = await page.request.get(`/admin/enquiries/${enquiryId}/conversation`);
        return (await response.text()).includes("Monday works for a visit");
      },
      { timeout: 15_000, message: "the visitor's answer on the enquiry" },
    )
    .toBe(true)
    .catch(async (error: unknown) => {
      // Say why: the mailbox settings page shows the last read's error.
      await page.goto("/admin/settings/mailbox");
      throw new Error(`${String(error)}\n${await page.locator("main").innerText()}`);
    });

  // At phone width: the answer shows (quoted history hidden) and staff reply again.
  await page.setViewportSize({ width: 390, height: 844 });
  panel = await openEnquiry(page);
  const answer = panel.getByRole("listitem").filter({ hasText: "Monday works for a visit" });
  await expect(answer).toBeVisible();
  await expect(answer).not.toContainText("Yes, we can:");
  await answer.getByRole("button", { name: "Show the whole e-mail" }).click();
  await expect(answer).toContainText("Yes, we can:");
  await panel.getByLabel("Your reply").fill("See you on Monday at 10:00.");
  await panel.getByRole("button", { name: "Send reply" }).scrollIntoViewIfNeeded();
  await expect(panel.getByRole("button", { name: "Send reply" })).toBeInViewport();
  await panel.getByRole("button", { name: "Send reply" }).click();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Reply sent" })).toBeVisible();
  await expect(panel.getByRole("list", { name: "Timeline" })).toContainText("See you on Monday at 10:00.");
  const second = await waitForMail(visitor.email, { subject: /^Re: /, text: "See you on Monday" });
  expect(second.inReplyTo).toBe(`<answer-${stamp}@client.example>`);
  await saveScreenshot(page, test.info().outputPath("conversation-390.png"), { fullPage: true });
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
});

test("without JavaScript the enquiry shows its whole timeline", async ({ page, browser }) => {
  test.skip(!enquiryId, "needs the conversation of the test before");
  await signInAsAdmin(page);
  const noJs = await browser.newContext({ javaScriptEnabled: false, extraHTTPHeaders: { "x-forwarded-for": "198.51.100.77" } });
  await noJs.addCookies(await page.context().cookies());
  const plain = await noJs.newPage();
  await plain.goto(`/admin/enquiries?id=${enquiryId}`);
  const timeline = plain.getByRole("list", { name: "Timeline" });
  await expect(timeline).toContainText("Status: New → Responded");
  await expect(timeline).toContainText("Monday works for a visit");
  await expect(timeline).toContainText("See you on Monday at 10:00.");
  await expect(plain.getByText("Loading the conversation…")).toHaveCount(0);
  await noJs.close();
});
