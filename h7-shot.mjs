import { chromium } from "playwright-core";
const base = process.env.BASE ?? "http://127.0.0.1:4407";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
import { existsSync } from "node:fs";
const state = "/tmp/h7shots/state.json";
const ctx = await browser.newContext({ viewport: { width: 1440, height: 1000 }, storageState: existsSync(state) ? state : undefined });
const page = await ctx.newPage();
page.on("pageerror", (e) => console.log("pageerror", e.message));
page.on("console", (m) => { if (m.type() === "error") console.log("console", m.text()); });
await page.goto(base + "/admin/dashboard");
if (page.url().includes("login")) {
  await page.waitForTimeout(2000);
  await page.getByLabel("Email", { exact: true }).fill("h7@example.test");
  await page.getByLabel("Password", { exact: true }).fill("h7-password-123456");
  await page.getByRole("button", { name: "Sign In" }).click();
  await page.waitForURL(/dashboard/, { timeout: 20000 });
  await ctx.storageState({ path: state });
}
const shots = process.argv.slice(2);
for (const width of [1440, 390]) {
  await page.setViewportSize({ width, height: width === 390 ? 844 : 1000 });
  await page.goto(base + "/admin/consultations");
  await page.waitForTimeout(800);
  await page.screenshot({ path: `/tmp/h7shots/bookings-${width}.png`, fullPage: process.env.FULL === "1" });
  const view = page.getByRole("button", { name: /^View/ }).first();
  if (await view.count()) {
    await view.click();
    await page.waitForTimeout(400);
    await page.screenshot({ path: `/tmp/h7shots/dialog-${width}.png` });
    await page.keyboard.press("Escape");
  }
  await page.goto(base + "/admin/consultations?tab=availability");
  await page.waitForTimeout(800);
  await page.screenshot({ path: `/tmp/h7shots/avail-${width}.png`, fullPage: process.env.FULL === "1" });
  await page.getByRole("button", { name: "Add Availability" }).click();
  await page.getByRole("tab", { name: "Recurring Slots" }).click();
  await page.waitForTimeout(300);
  await page.screenshot({ path: `/tmp/h7shots/add-${width}.png` });
  await page.keyboard.press("Escape");
}
await browser.close();
