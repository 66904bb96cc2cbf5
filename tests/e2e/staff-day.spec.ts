/**
 * A day of staff use at 390 and 1440 px: the overdue enquiry is found from the
 * dashboard, answered from its detail panel (status change with a toast, the Overdue badge gone,
 * a response time shown, the reply subject right); today's consultation is confirmed from the
 * dashboard; and the visitor's booking success screen shows the time (UK and their own), that it
 * awaits confirmation, the calendar file and the manage link, without the token in the URL; and a
 * project gallery is filled from the media library (two chosen at once, one uploaded in the
 * picker), reordered by keyboard, published and shown in that order, and an article gets a library
 * image with alt text (refused without) and a caption, shown as a <picture> in a <figure> on the
 * public page with no extra JavaScript. Axe is clean (the dialogs open); screenshots go to
 * test-results/screens/staff-day-*.png. Fixtures: support/staff-day-fixtures.ts.
 */
import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { formatInZone, formatLongDate } from "../../app/utils/format";
import { expectNoSeriousA11yViolations } from "./support/a11y";
import { signInAsAdmin } from "./support/auth";
import { bookingFixtures } from "./support/booking-fixtures";
import { bookUpToConfirm } from "./support/booking-flow";
import { STAFF_DAY } from "./support/staff-day-fixtures";
import { waitForHydration } from "./support/hydration";
import { photoJpeg } from "../setup/images";
import { saveScreenshot } from "./support/screenshots";
import { expectNoSidewaysScroll } from "./support/languages";

/** Two demo library images (app/db/seed/media/manifest.json). */
const LIBRARY = ["Thames Wharf Mixed-Use Tower: city towers at dusk", "Ancoats Mill Timber Office Retrofit: city towers at dusk"] as const;

const F = bookingFixtures();

// A whole staff day per test: longer than the default 30 s on a busy machine.
test.describe.configure({ timeout: 120_000 });

for (const width of [390, 1440] as const) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 390 ? 844 : 900 } });
    const people = STAFF_DAY[width];

    test("answer an overdue enquiry from its detail panel, then confirm today's consultation", async ({ page }) => {
      await signInAsAdmin(page);
      const promise = page.getByRole("link", { name: /Overdue enquiries/ });
      await expect(promise).toBeVisible();
      await saveScreenshot(page, `test-results/screens/staff-day-dashboard-${width}.png`, { fullPage: true });
      await promise.click();
      await expect(page).toHaveURL(/status=overdue/);
      await expect(page.getByRole("combobox", { name: "Status", exact: true })).toHaveValue("overdue");

      await page.getByRole("link", { name: `View enquiry from ${people.enquirer}` }).click();
      const panel = page.getByRole("dialog", { name: people.enquirer });
      await expect(panel.getByText("Overdue", { exact: true })).toBeVisible();
      await expect(panel.getByText(/Overdue: reply was due/)).toBeVisible();
      const reply = panel.getByRole("link", { name: "Reply by email" });
      const subject = decodeURIComponent((await reply.getAttribute("href"))!.split("subject=")[1]!);
      // The subject the portal's own replies use: the acknowledgement's, in the visitor's language.
      expect(subject).toMatch(/^Re: We've received your enquiry - .+$/);
      // The pointer still rests where View was; the shared Button's hover colour is checked too.
      await page.mouse.move(0, 0);
      await expectNoSeriousA11yViolations(page);

      await panel.getByRole("combobox", { name: "Status", exact: true }).selectOption({ label: "Responded" });
      await expect(page.getByText("Status set to Responded")).toBeVisible();
      await expect(panel.getByText("Overdue", { exact: true })).toHaveCount(0);
      // It arrived 30 hours before the server started; this test runs some minutes after that.
      await expect(panel.getByText(/^Answered in 3\d h/)).toBeVisible();
      await panel.getByRole("combobox", { name: "Priority", exact: true }).selectOption({ label: "High" });
      await expect(page.getByText("Priority set to High")).toBeVisible();
      await saveScreenshot(page, `test-results/screens/staff-day-enquiry-${width}.png`);
      await page.keyboard.press("Escape");

      // The answered enquiry left the Overdue filter; it kept its new status after a reload.
      await page.reload();
      await expect(page.getByRole("link", { name: `View enquiry from ${people.enquirer}` })).toHaveCount(0);

      // Today's consultation, from the dashboard.
      await page.goto("/admin/dashboard");
      const today = page.getByRole("region", { name: "Today" });
      await today.getByRole("link", { name: new RegExp(people.client) }).click();
      const dialog = page.getByRole("dialog");
      await expect(dialog).toContainText(people.client);
      await expect(dialog.getByText(people.client === STAFF_DAY[390].client ? STAFF_DAY[1440].client : STAFF_DAY[390].client)).toBeVisible();
      await dialog.getByRole("combobox", { name: "Update status" }).selectOption("confirmed");
      await dialog.getByRole("button", { name: "Update Booking" }).click();
      await expect(page.getByText("Booking updated")).toBeVisible();
      await page.goto("/admin/dashboard");
      await expect(page.getByRole("region", { name: "Today" }).getByRole("link", { name: new RegExp(people.client) })).toContainText("Confirmed");
      await expectNoSeriousA11yViolations(page);
    });

    test("gallery images from the library (one uploaded in the picker), reordered, and an article image with alt text and a caption", async ({ page }) => {
      test.setTimeout(240_000);
      const stamp = Date.now();
      const uploadedAlt = `Site engineer checking a bolted splice ${width} ${stamp}`;
      const title = `Harbour Canopy ${width} ${stamp}`;
      const slug = title.toLowerCase().replace(/\s+/g, "-");
      await signInAsAdmin(page);
      await page.goto("/admin/cms/projects/create");
      await waitForHydration(page);
      await page.getByLabel("Project Title").fill(title);
      await page.getByLabel("Client").fill("Harbour Trust");
      await page.getByLabel("Category").selectOption("commercial");
      await page.getByLabel("Status").selectOption("Completed");
      await page.getByLabel("Overview").fill("A steel canopy over the ferry steps, fabricated in three pieces.");
      const hero = page.getByRole("group", { name: /^Hero Image/ });
      await hero.getByRole("button", { name: "Choose from library" }).click();
      await page.getByRole("dialog", { name: "Hero Image" }).getByRole("button", { name: new RegExp(`^${LIBRARY[0]}`) }).click();

      // Two library images at once, then one uploaded in the picker joins the selection.
      const gallery = page.getByRole("group", { name: /^Gallery Images/ });
      await gallery.getByRole("button", { name: "Add images" }).click();
      const picker = page.getByRole("dialog", { name: "Gallery Images" });
      const library = picker.getByRole("list", { name: "Library images (select several)" });
      for (const alt of LIBRARY) await library.getByRole("button", { name: new RegExp(`^${alt}`) }).click();
      await expect(library.getByRole("button", { pressed: true })).toHaveCount(2);
      await expect(picker.getByText("2 selected")).toBeVisible();
      await picker.getByRole("tab", { name: "Upload" }).click();
      await picker.getByLabel("Image file").setInputFiles({ name: "splice.jpg", mimeType: "image/jpeg", buffer: await photoJpeg(1200, 800) });
      await picker.getByLabel("Alt text (required)").fill(uploadedAlt);
      await picker.getByRole("button", { name: "Upload image" }).click();
      await expect(library.getByRole("button", { name: new RegExp(`^${uploadedAlt}`) })).toHaveAttribute("aria-pressed", "true", { timeout: 45_000 });
      await expect(picker.getByText("3 selected")).toBeVisible();
      await page.mouse.move(0, 0);
      await expectNoSeriousA11yViolations(page);
      await expectNoSidewaysScroll(page);
      await saveScreenshot(page, `test-results/screens/staff-day-gallery-picker-${width}.png`);
      await picker.getByRole("button", { name: "Add 3 images" }).click();
      await expect(picker).toBeHidden();

      // Reordered by keyboard: the upload moves to the top, focus stays on its move button.
      const rows = gallery.getByRole("list", { name: "Gallery Images" }).getByRole("listitem");
      await expect(rows).toHaveCount(3);
      const stored = () => gallery.locator('input[name="images"]').evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
      const urls = await stored();
      await gallery.getByRole("button", { name: "Move image 3 up" }).focus();
      await page.keyboard.press("Enter");
      await expect(gallery.getByRole("button", { name: "Move image 2 up" })).toBeFocused();
      await page.keyboard.press("Enter");
      await expect(gallery.getByText("Image moved up: now 1 of 3.")).toBeAttached();
      await expect.poll(stored).toEqual([urls[2]!, urls[0]!, urls[1]!]);
      await saveScreenshot(page, `test-results/screens/staff-day-gallery-form-${width}.png`);
      await expectNoSidewaysScroll(page);
      await page.getByRole("button", { name: "Publish" }).click();
      await expect(page.getByText("Project published!")).toBeVisible();
      await expect.poll(stored).toEqual([urls[2]!, urls[0]!, urls[1]!]);

      await page.goto(`/projects/${slug}`);
      const slides = page.getByRole("region", { name: "Project gallery" }).locator("[data-gallery-slide] img");
      await expect(slides).toHaveCount(3);
      expect(await slides.evaluateAll((imgs) => imgs.map((i) => i.getAttribute("alt")))).toEqual([uploadedAlt, LIBRARY[0], LIBRARY[1]]);

      // An article image: chosen from the library, refused without alt text, then with a caption.
      const article = `Splice Notes ${width} ${stamp}`;
      await page.goto("/admin/cms/blog/create");
      await waitForHydration(page);
      await page.getByRole("textbox", { name: "Title", exact: true }).fill(article);
      await page.getByLabel("Excerpt").fill("What a bolted splice needs on site.");
      await page.getByLabel("Summary").fill("Bolted splices, checked.");
      await page.getByLabel("Author Name").fill("Priya Shah");
      const body = page.getByRole("textbox", { name: "Article body" });
      await body.click();
      await page.keyboard.type("Every splice is checked twice.");
      await page.getByRole("toolbar", { name: "Article body formatting" }).getByRole("button", { name: "Image" }).click();
      const chooser = page.getByRole("dialog", { name: "Add an image" });
      await expect(chooser.getByRole("tab", { name: "URL" })).toHaveCount(0);
      await expect(chooser.getByRole("button", { name: new RegExp(`^${uploadedAlt}`) })).toBeVisible();
      await page.mouse.move(0, 0);
      await expectNoSeriousA11yViolations(page);
      await saveScreenshot(page, `test-results/screens/staff-day-article-picker-${width}.png`);
      await chooser.getByRole("button", { name: new RegExp(`^${uploadedAlt}`) }).click();
      await expect(chooser).toBeHidden();
      const alt = page.getByRole("textbox", { name: "Image alt text" });
      await expect(alt).toHaveValue(uploadedAlt);
      await alt.fill("");
      await expect(page.getByText("Alt text is required: describe the image for people who cannot see it.")).toBeVisible();
      await page.getByRole("button", { name: "Publish" }).click();
      await expect(page.getByText("Block 2: the image needs alt text: describe it for people who cannot see it.")).toBeVisible();
      const articleAlt = `A bolted splice on the canopy's main beam ${width}`;
      await page.getByRole("textbox", { name: "Image alt text" }).fill(articleAlt);
      await page.getByRole("textbox", { name: "Image caption (optional)" }).fill("Twelve M20 bolts, torqued and marked.");
      // Enter in the block's inputs does not submit the form.
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(/\/admin\/cms\/blog\/create$/);
      await expect(page.getByText("Block 2: the image needs alt text")).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await expectNoSidewaysScroll(page);
      await saveScreenshot(page.locator("[data-image-block]"), `test-results/screens/staff-day-article-editor-${width}.png`);
      await page.getByRole("button", { name: "Publish" }).click();
      await expect(page.getByText("Blog post published!")).toBeVisible();
      await expect(page.getByRole("textbox", { name: "Image alt text" })).toHaveValue(articleAlt);

      // The public article: a <picture> in a <figure> with its caption, and no more scripts than a demo article.
      const articleSlug = article.toLowerCase().replace(/\s+/g, "-");
      await page.goto(`/insights/${articleSlug}`);
      const figure = page.locator("figure").filter({ has: page.locator("picture") }).filter({ hasText: "Twelve M20 bolts" });
      await expect(figure.locator("figcaption")).toHaveText("Twelve M20 bolts, torqued and marked.");
      await expect(figure.locator('picture source[type="image/avif"]')).toHaveAttribute("srcset", /-320\.avif 320w/);
      const img = figure.getByRole("img", { name: articleAlt });
      await expect(img).toHaveJSProperty("complete", true);
      await img.scrollIntoViewIfNeeded();
      await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0);
      const scripts = () => page.locator("script[src], link[rel=modulepreload]").evaluateAll((els) => els.map((e) => (e.getAttribute("src") ?? e.getAttribute("href"))!.replace(/-[\w-]{8}\.js$/, "")).sort());
      const withImage = await scripts();
      await expectNoSidewaysScroll(page);
      await expectNoSeriousA11yViolations(page);
      await figure.scrollIntoViewIfNeeded();
      await saveScreenshot(page, `test-results/screens/staff-day-article-image-${width}.png`);
      await page.goto("/insights");
      await page.locator('a[href^="/insights/"]:not([href$=".xml"])').filter({ hasNotText: article }).first().click();
      expect(withImage).toEqual(await scripts());

      // Leave the demo content as it was: other specs count published projects and articles.
      for (const [list, name, toast] of [
        ["/admin/cms/projects", title, "Project deleted"],
        ["/admin/cms/blog", article, "Blog post deleted"],
      ] as const) {
        await page.goto(list);
        await waitForHydration(page);
        await page.getByRole("button", { name: `Delete ${name}` }).click();
        await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
        await expect(page.getByText(toast)).toBeVisible();
      }
    });

    test("the booking success screen gives the time, the calendar file and the manage link", async ({ browser }) => {
      const context = await browser.newContext({ viewport: { width, height: 900 }, timezoneId: "America/New_York" });
      const page = await context.newPage();
      await bookUpToConfirm(page, F.open, { name: `Sam Success ${width}`, email: `sam.success.${width}.${Date.now()}@example.com` });
      await page.getByRole("button", { name: "Confirm Booking" }).click();
      await expect(page.getByRole("heading", { name: "Booking Confirmed!" })).toBeVisible();
      await expect(page.getByRole("heading", { name: "What happens next?" })).toBeVisible();
      expect(page.url()).toMatch(/\/book-consultation\?step=5$/);

      const receipt = page.getByRole("region", { name: "Your consultation" });
      await expect(receipt).toContainText(`${formatLongDate(F.open.date)} at 18:00 UK time`);
      await expect(receipt).toContainText(`${formatInZone(F.open.date, "18:00", "America/New_York")} your time`);
      await expect(receipt).toContainText("Awaiting confirmation.");
      const download = page.waitForEvent("download");
      await receipt.getByRole("link", { name: "Add to calendar" }).click();
      const ics = await readFile((await (await download).path())!, "utf8");
      expect(ics).toContain("STATUS:TENTATIVE");
      expect(ics).toMatch(/DTSTART:\d{8}T\d{4}00Z/);
      await expectNoSeriousA11yViolations(page);
      await saveScreenshot(page, `test-results/screens/staff-day-success-${width}.png`, { fullPage: true });

      // A reload keeps the receipt; the manage link opens the booking.
      await page.reload();
      await expect(receipt).toContainText("Awaiting confirmation.");
      await receipt.getByRole("link", { name: "Manage your booking" }).click();
      await expect(page).toHaveURL(/\/book-consultation\/manage\/[\w-]+$/);
      await expect(page.getByText(formatLongDate(F.open.date)).first()).toBeVisible();
      await context.close();
    });
  });
}
