/**
 * The site studio (issue 16): staff change a founder's bio and photo, a testimonial, a company
 * figure, the opening hours, the home page's headline and a hero slide, a services pillar and a
 * service page's category, and a consultation type in Admin > Site; the public site keeps the published version while
 * the drafts wait, the signed preview shows them, and after publishing every change is on the
 * public pages, the same with JavaScript off. The About editor warns about the seed's countries
 * slip. axe on every new screen; screenshots at 1440 and 390 px in test-results/site-studio/.
 * Tagged @site-settings: it changes what every visitor sees, so it runs after the other tests.
 */
import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./support/a11y";
import { signInAsAdmin } from "./support/auth";
import { saveScreenshot } from "./support/screenshots";

test.describe.configure({ mode: "serial", timeout: 300_000 });

const shot = (page: Page, name: string) => saveScreenshot(page, `test-results/site-studio/${name}.png`, { fullPage: true });

async function noSidewaysScroll(page: Page) {
  // Polled: right after a viewport change the layout may not have settled yet.
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

/** The editor open in `page` fits 1440 and 390 px (screenshots `<name>-editor-<width>`); leaves it at 1440 px. */
async function checkEditorAtBothWidths(page: Page, name: string) {
  for (const [width, height] of [
    [1440, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await noSidewaysScroll(page);
    await shot(page, `${name}-editor-${width}`);
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

const stamp = Date.now().toString(36);
const BIO = `Daniel designs and checks structures across the UK and West Africa (${stamp}).`;
const QUOTE = `They answered every site query within the hour (${stamp}).`;
const HOURS = "8:30 to 18:00";

async function saveDraft(page: Page, title: string) {
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText(`${title} saved as a draft`)).toBeVisible({ timeout: 20_000 });
}

async function saveAndPublish(page: Page, title: string) {
  await page.getByRole("button", { name: "Update & Publish" }).click();
  // The toast follows the revalidation of the whole form, which a busy machine may take a while to render.
  await expect(page.getByText(`${title} published`)).toBeVisible({ timeout: 20_000 });
}

test("staff edit the About page, a testimonial, a figure and the opening hours, preview and publish", { tag: "@site-settings" }, async ({ page, browser }) => {
  await signInAsAdmin(page);
  await page.getByRole("link", { name: "Site", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Site", level: 1 })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await shot(page, "site-1440");

  // About: the seed's countries slip is pointed out; a founder's bio and photo change as a draft.
  await page.getByRole("link", { name: /^About/ }).click();
  await expect(page.getByRole("heading", { name: "Edit About", level: 1 })).toBeVisible();
  await expect(page.getByText("The countries heading says 17 but the list names 16 countries.")).toBeVisible();
  const daniel = page.getByRole("group", { name: "person 1", exact: true });
  await daniel.getByLabel("Biography").fill(BIO);
  await daniel.getByRole("button", { name: "Paste URL" }).first().click();
  await page.getByLabel("Image URL").fill("/media/hero/hero-1-1280.webp");
  await page.getByLabel("Image URL").press("Enter");
  await daniel.getByLabel("Photo: alt text").fill("Daniel Mensah on site");
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("About saved as a draft")).toBeVisible();

  // Visitors still see the published page; the preview shows the draft.
  const visitor = await browser.newPage();
  await visitor.goto("/about");
  await expect(visitor.getByText(BIO)).toHaveCount(0);
  const preview = await page.getByRole("link", { name: /^Preview/ }).getAttribute("href");
  await visitor.goto(preview!);
  await expect(visitor.getByText(BIO)).toBeVisible();
  await expect(visitor.getByAltText("Daniel Mensah on site")).toBeVisible();

  await saveAndPublish(page, "About");
  await page.setViewportSize({ width: 390, height: 844 });
  await noSidewaysScroll(page);
  await shot(page, "about-editor-390");
  await page.setViewportSize({ width: 1440, height: 900 });

  // A testimonial.
  await page.goto("/admin/site/testimonials");
  await page.getByRole("group", { name: "testimonial 1", exact: true }).getByLabel("Quote").fill(QUOTE);
  await saveAndPublish(page, "Testimonials");

  // A figure: years of expertise.
  await page.goto("/admin/site/figures");
  const years = page.getByRole("group", { name: "figure 1", exact: true });
  await expect(years.getByLabel("Key")).toHaveValue("years-of-expertise");
  await years.getByLabel("Value").fill("11+");
  await expectNoSeriousA11yViolations(page);
  await saveAndPublish(page, "Company figures");

  // The opening hours.
  await page.goto("/admin/site/contact");
  await page.getByRole("group", { name: "line 1", exact: true }).getByLabel("Hours").fill(HOURS);
  await saveAndPublish(page, "Contact and footer");

  // Every change is on the public site, at both widths.
  for (const [width, height] of [
    [1440, 900],
    [390, 844],
  ] as const) {
    await visitor.setViewportSize({ width, height });
    await visitor.goto("/about");
    await expect(visitor.getByText(BIO)).toBeVisible();
    const photo = visitor.getByAltText("Daniel Mensah on site");
    await photo.scrollIntoViewIfNeeded();
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await expect(visitor.getByText("11+").first()).toBeVisible();
    await noSidewaysScroll(visitor);
    await shot(visitor, `about-${width}`);
    await visitor.goto("/");
    await expect(visitor.getByText(QUOTE).first()).toBeAttached();
    await expect(visitor.locator("#hero-heading ~ dl")).toContainText("11+");
    await shot(visitor, `home-${width}`);
    await visitor.goto("/contact");
    await expect(visitor.getByText(`Monday to Friday, ${HOURS}`)).toBeVisible();
    await shot(visitor, `contact-${width}`);
  }
  await visitor.close();

  // Without JavaScript the public pages show the same.
  const noJs = await browser.newContext({ javaScriptEnabled: false });
  const plain = await noJs.newPage();
  await plain.goto("/about");
  await expect(plain.getByText(BIO)).toBeVisible();
  await plain.goto("/contact");
  await expect(plain.getByText(`Monday to Friday, ${HOURS}`)).toBeVisible();
  await noJs.close();
});

const HEADLINE = `Engineering that outlasts the storm (${stamp})`;
const TAGLINE = `Infrastructure built for the next disaster (${stamp})`;
const CATEGORY = `Homes and extensions (${stamp})`;

test("staff edit the home page and the services pages, preview and publish", { tag: "@site-settings" }, async ({ page, browser }) => {
  await signInAsAdmin(page);
  await page.goto("/admin/site");
  await expect(page.getByRole("link", { name: /^Home/ })).toBeVisible();
  await expect(page.getByRole("link", { name: /^Services/ })).toBeVisible();
  await expect(page.getByRole("link", { name: /^Privacy and terms/ })).toBeVisible();

  // Home: the headline and the first slide's alt text, saved as a draft.
  await page.getByRole("link", { name: /^Home/ }).click();
  await expect(page.getByRole("heading", { name: "Edit Home", level: 1 })).toBeVisible();
  await page.getByLabel("Headline").fill(HEADLINE);
  await page.getByRole("group", { name: "slide 1", exact: true }).getByLabel("Image: alt text").fill(`Harbour at dawn (${stamp})`);
  await expectNoSeriousA11yViolations(page);
  await saveDraft(page, "Home");

  const visitor = await browser.newPage();
  await visitor.goto("/");
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText("Building a resilient, sustainable future");
  const homePreview = await page.getByRole("link", { name: /^Preview/ }).getAttribute("href");
  await visitor.goto(homePreview!);
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(HEADLINE);
  await saveAndPublish(page, "Home");
  await checkEditorAtBothWidths(page, "home");

  // Services: the humanitarian pillar's tagline and a category of /services/commercial.
  await page.goto("/admin/site/services");
  await expect(page.getByRole("heading", { name: "Edit Services", level: 1 })).toBeVisible();
  await page.getByLabel("Tagline").nth(1).fill(TAGLINE);
  await page.getByRole("group", { name: "category 1", exact: true }).first().getByLabel("Title").fill(CATEGORY);
  await expectNoSeriousA11yViolations(page);
  await saveDraft(page, "Services");
  const servicesPreview = await page.getByRole("link", { name: /^Preview/ }).getAttribute("href");
  await visitor.goto(servicesPreview!);
  await expect(visitor.getByText(TAGLINE)).toBeVisible();
  await visitor.goto(servicesPreview!.replace("/services?", "/services/commercial?"));
  await expect(visitor.getByRole("heading", { name: CATEGORY })).toBeVisible();
  await visitor.goto("/services/commercial");
  await expect(visitor.getByRole("heading", { name: CATEGORY })).toHaveCount(0);
  await saveAndPublish(page, "Services");
  await checkEditorAtBothWidths(page, "services");

  // The legal documents' editor.
  await page.goto("/admin/site/legal");
  await expect(page.getByRole("heading", { name: "Edit Privacy and terms", level: 1 })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await shot(page, "legal-editor-1440");

  // Both are on the public site, at both widths, and the same without JavaScript.
  for (const [width, height] of [
    [1440, 900],
    [390, 844],
  ] as const) {
    await visitor.setViewportSize({ width, height });
    await visitor.goto("/");
    await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(HEADLINE);
    await expect(visitor.getByAltText(`Harbour at dawn (${stamp})`)).toBeAttached();
    await noSidewaysScroll(visitor);
    await shot(visitor, `home-published-${width}`);
    await visitor.goto("/services");
    await expect(visitor.getByText(TAGLINE)).toBeVisible();
    await noSidewaysScroll(visitor);
    await shot(visitor, `services-${width}`);
    await visitor.goto("/services/commercial");
    await expect(visitor.getByRole("heading", { name: CATEGORY })).toBeVisible();
    await noSidewaysScroll(visitor);
    await shot(visitor, `services-commercial-${width}`);
    await visitor.goto("/privacy");
    await noSidewaysScroll(visitor);
    await shot(visitor, `privacy-${width}`);
  }
  await visitor.close();
  const noJs = await browser.newContext({ javaScriptEnabled: false });
  const plain = await noJs.newPage();
  await plain.goto("/");
  await expect(plain.getByRole("heading", { level: 1 })).toHaveText(HEADLINE);
  await plain.goto("/services");
  await expect(plain.getByText(TAGLINE)).toBeVisible();
  await noJs.close();
});

test("an admin adds a consultation type, the wizard offers it, and once deactivated it is gone", { tag: "@site-settings" }, async ({ page, browser }) => {
  // A consultation type: added (offered in the wizard with its duration), then deactivated (gone).
  await signInAsAdmin(page);
  await page.goto("/admin/site");
  await page.getByRole("link", { name: /^Consultation types/ }).click();
  await expect(page.getByRole("heading", { name: "Consultation types", level: 1 })).toBeVisible();
  const add = page.getByRole("region", { name: "Add a consultation type" });
  await add.getByLabel("Name").fill(`Retrofit Appraisal Call ${stamp}`);
  await add.getByLabel("Duration").selectOption("45");
  await add.getByLabel("Description").fill("Thirty years of a building's life in three quarters of an hour.");
  await add.getByRole("button", { name: "Add type" }).click();
  await expect(page.getByText("Consultation type added")).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await noSidewaysScroll(page);
  await shot(page, "consultation-types-390");
  await page.setViewportSize({ width: 1440, height: 900 });
  const visitor = await browser.newPage();
  await visitor.goto("/book-consultation");
  const card = visitor.getByText(`Retrofit Appraisal Call ${stamp}`);
  await expect(card).toBeVisible();
  await expect(visitor.getByText("45 minutes")).toBeVisible();
  const item = page.getByRole("listitem").filter({ hasText: `Retrofit Appraisal Call ${stamp}` });
  await item.getByText(`Edit Retrofit Appraisal Call ${stamp}`).click();
  await item.getByRole("checkbox", { name: "Active (offered in the booking wizard)" }).uncheck();
  await item.getByRole("button", { name: `Save Retrofit Appraisal Call ${stamp}` }).click();
  await expect(page.getByText("Consultation type saved")).toBeVisible();
  await visitor.goto("/book-consultation");
  await expect(visitor.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(card).toHaveCount(0);

  await visitor.close();
});
