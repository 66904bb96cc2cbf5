/**
 * Webhooks in the browser: a super admin adds an endpoint (a local receiver started here, allowed
 * by WEBHOOK_ALLOW_PRIVATE in the test server), copies the secret shown once, sends a test event
 * from the endpoint's page and sees it in the delivery log; the receiver got it signed with that
 * secret (checked with the Standard Webhooks library). At 1440 and 390 px.
 */
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";
import { Webhook } from "standardwebhooks";
import { signInAsAdmin } from "./support/auth";
import { waitForHydration } from "./support/hydration";
import { saveScreenshot, shootScreens } from "./support/screenshots";

test.describe.configure({ mode: "serial" });

const received: { headers: IncomingHttpHeaders; body: string }[] = [];
let server: Server;
let receiverUrl = "";
test.beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      res.writeHead(200, { "content-type": "application/json" });
      res.end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  receiverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/meridian`;
});
test.afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const stamp = Date.now();

for (const width of [1440, 390]) {
  // Tagged @site-settings: an endpoint gets the events of every booking and enquiry other tests
  // make, so it runs after them, alone, to find "Nothing sent yet" and exactly one delivery.
  test(`a super admin adds an endpoint, sees its secret once and sends a test event (${width} px) @site-settings`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await signInAsAdmin(page);
    await page.goto("/admin/settings");
    await waitForHydration(page);
    await page.getByRole("navigation", { name: "More settings" }).getByRole("link", { name: "Webhooks" }).click();
    await expect(page.getByRole("heading", { name: "Webhooks", level: 1 })).toBeVisible();

    const description = `CRM ${width} ${stamp}`;
    await page.getByLabel("Address").fill(`${receiverUrl}?w=${width}`);
    await page.getByLabel("Description").fill(description);
    await page.getByRole("checkbox", { name: /booking\.rescheduled/ }).uncheck();
    await page.getByRole("button", { name: "Add endpoint" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Endpoint added" })).toBeVisible();
    const secret = await page.getByRole("textbox", { name: "Signing secret" }).inputValue();
    expect(secret).toMatch(/^whsec_/);
    await expect(page.getByRole("link", { name: description })).toBeVisible();
    await saveScreenshot(page, test.info().outputPath(`webhooks-${width}.png`), { fullPage: true });

    // The secret is shown once: not after a reload.
    await page.reload();
    await waitForHydration(page);
    await expect(page.getByRole("textbox", { name: "Signing secret" })).toHaveCount(0);
    await expect(page.locator("body")).not.toContainText(secret);

    await page.getByRole("link", { name: description }).click();
    await expect(page.getByRole("heading", { name: description, level: 1 })).toBeVisible();
    await expect(page.getByText("Nothing sent yet")).toBeVisible();
    const before = received.length;
    await page.getByRole("button", { name: "Send test event" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Test event queued" })).toBeVisible();
    const log = page.getByRole("list", { name: "Delivery log" });
    await expect(log.getByRole("listitem").first()).toContainText("webhook.test", { timeout: 15_000 });
    await expect(log.getByRole("listitem").first()).toContainText("200");
    await expect(log.getByRole("listitem").first()).toContainText("attempt 1");

    const got = received.slice(before);
    expect(got).toHaveLength(1);
    const payload = new Webhook(secret).verify(got[0]!.body, got[0]!.headers as Record<string, string>);
    expect(payload).toMatchObject({ type: "webhook.test" });
    await saveScreenshot(page, test.info().outputPath(`webhook-endpoint-${width}.png`), { fullPage: true });
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(width);

    // Delete, after the confirmation.
    await page.getByRole("button", { name: "Delete" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Delete this endpoint?" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Delete endpoint" }).click();
    await expect(page).toHaveURL(/\/admin\/settings\/webhooks$/);
    await expect(page.getByRole("link", { name: description })).toHaveCount(0);
  });
}

// Tagged @site-settings like the tests above: the endpoint would otherwise get other tests' events.
test("a receiver that fails: the log says when the waiting delivery is tried next (1440 and 390 px) @site-settings", async ({ page }) => {
  test.setTimeout(60_000);
  const failing = createServer((_req, res) => res.writeHead(500).end("down for maintenance"));
  await new Promise<void>((resolve) => failing.listen(0, "127.0.0.1", resolve));
  try {
    await signInAsAdmin(page);
    await page.goto("/admin/settings/webhooks");
    await waitForHydration(page);
    const description = `Failing CRM ${stamp}`;
    await page.getByLabel("Address").fill(`http://127.0.0.1:${(failing.address() as AddressInfo).port}/down`);
    await page.getByLabel("Description").fill(description);
    await page.getByRole("button", { name: "Add endpoint" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Endpoint added" })).toBeVisible();
    await page.getByRole("link", { name: description }).click();
    await expect(page.getByRole("heading", { name: description, level: 1 })).toBeVisible();
    await waitForHydration(page);
    await page.getByRole("button", { name: "Send test event" }).click();
    const log = page.getByRole("list", { name: "Delivery log" });
    await expect(log.getByRole("listitem").first()).toContainText("500", { timeout: 15_000 });
    // Tried again 5 seconds after the first attempt: the day and time of the next try, UK time.
    await expect(page.getByRole("status").filter({ hasText: /\d+ deliver(y|ies) waiting, next try \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}/ })).toBeVisible();
    await shootScreens(page, "webhook-waiting");
    await page.getByRole("button", { name: "Delete" }).click();
    await page.getByRole("alertdialog", { name: "Delete this endpoint?" }).getByRole("button", { name: "Delete endpoint" }).click();
    await expect(page).toHaveURL(/\/admin\/settings\/webhooks$/);
  } finally {
    await new Promise<void>((resolve) => failing.close(() => resolve()));
  }
});
