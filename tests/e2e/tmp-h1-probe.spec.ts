import AxeBuilder from "@axe-core/playwright";
import { test } from "@playwright/test";
test.describe.configure({ timeout: 300_000 });
test.use({ javaScriptEnabled: false });
for (const path of ["/book-consultation", "/projects/thames-wharf-mixed-use-tower", "/"]) {
  test(`probe ${path}`, async ({ page }) => {
    await page.goto(path);
    await page.waitForTimeout(1500);
    for (const y of [15, 200]) {
      for (const wait of [0]) {
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.waitForTimeout(400);
        await page.evaluate((y) => window.scrollTo(0, y), y);
        if (wait) await page.waitForTimeout(wait);
        const r = await new AxeBuilder({ page }).withTags(["wcag2aa"]).include("header").analyze();
        const v = r.violations.filter((v) => v.id === "color-contrast");
        console.log(path, y, wait, v.flatMap((x) => x.nodes.map((n) => n.target.join(" ") + " :: " + n.any[0]?.message)).join(" | ") || "ok");
      }
    }
  });
}
