/**
 * The content studio's blog: a post from Save Draft (404 in public) through a signed
 * Preview, Publish (in /insights, the RSS feed and the sitemap), edit, search and Delete; a post
 * scheduled a few seconds ahead appearing on its own at its time; the leave dialog; axe on the
 * list, the forms and the dialogs; screenshots at 1440 and 390 px in test-results/cms-screens/.
 */
import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./support/a11y";
import { signInAsAdmin } from "./support/auth";
import { checkListAndDeleteDialog, expectLeavePromptKeepsText, openSignedPreview, shot } from "./support/cms-screens";

test.describe.configure({ mode: "serial", timeout: 150_000 });


/** The UK wall-clock "YYYY-MM-DDTHH:mm:ss" `ms` from now (the schedule field's value). */
function ukWallClock(ms: number): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23" })
      .formatToParts(new Date(Date.now() + ms))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}`;
}

/** Fills the required fields of the create form. */
async function fillPost(page: Page, title: string, options: { summary?: boolean } = {}) {
  await page.getByRole("textbox", { name: "Title", exact: true }).fill(title);
  await page.getByLabel("Excerpt").fill("How a river town learnt to live with the water.");
  await page.getByLabel("Author Name").fill("Priya Shah");
  if (options.summary !== false) await page.getByLabel("Summary").fill("Flood resilience is a design brief, not an afterthought.");
}

test("a post goes from draft through preview, publish, feed, sitemap, edit and delete", async ({ page, context }) => {
  const title = `Living With Floods ${Date.now()}`;
  const slug = title.toLowerCase().replace(/\s+/g, "-");

  await signInAsAdmin(page);
  await page.goto("/admin/cms/blog");
  await expect(page.getByRole("heading", { name: "Blog & Insights Management", level: 1 })).toBeVisible();
  await expect(page.getByText("Total Posts")).toBeVisible();
  await page.getByRole("link", { name: "New Post" }).first().click();
  await expect(page.getByRole("heading", { name: "New Blog Post", level: 1 })).toBeVisible();

  // Title, excerpt and author name are required before anything is sent (the server's own
  // messages for them are tested in tests/integration/cms-insights-editing.test.ts).
  await page.getByRole("button", { name: "Save Draft" }).click();
  expect(await page.getByRole("textbox", { name: "Title", exact: true }).evaluate((el: HTMLInputElement) => el.validity.valueMissing)).toBe(true);
  await expect(page).toHaveURL(/\/admin\/cms\/blog\/create$/);

  await fillPost(page, title, { summary: false });
  await page.getByLabel("Category").selectOption("Humanitarian");
  // The body, typed with the keyboard in the block editor.
  await page.getByRole("textbox", { name: "Article body" }).click();
  await page.keyboard.type("Raised thresholds and sacrificial ground floors kept the high street open.");
  await page.getByRole("textbox", { name: "Tags" }).fill("Flooding");
  await page.keyboard.press("Enter");
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByText("Please enter a summary before publishing.")).toBeVisible();
  await page.getByLabel("Summary").fill("Flood resilience is a design brief, not an afterthought.");
  await page.getByRole("button", { name: "Save Draft" }).click();
  await expect(page).toHaveURL(/\/admin\/cms\/blog\/edit\//);
  await expect(page.getByText("Blog post saved as draft!")).toBeVisible();
  await expect(page.getByText("Raised thresholds and sacrificial ground floors")).toBeVisible();

  // Draft: 404 in public; the signed preview shows it, never cached, not indexed.
  const { preview } = await openSignedPreview(page, context, `/insights/${slug}`, title);
  await expect(preview.getByText("Raised thresholds and sacrificial ground floors")).toBeVisible();
  await preview.close();

  // Publish: on the page, the list, the feed and the sitemap.
  await page.getByRole("button", { name: "Update & Publish" }).click();
  await expect(page.getByText("Blog post published!")).toBeVisible();
  const live = await page.request.get(`/insights/${slug}`);
  expect(live.status()).toBe(200);
  expect(await live.text()).toContain("Raised thresholds and sacrificial ground floors");
  await page.goto("/insights");
  await expect(page.getByRole("link", { name: new RegExp(title) }).first()).toBeVisible();
  expect(await (await page.request.get("/insights/rss.xml")).text()).toContain(title);
  expect(await (await page.request.get("/sitemap.xml")).text()).toContain(`/insights/${slug}`);

  // Edit from the list, found by the search.
  await page.goto(`/admin/cms/blog?q=${encodeURIComponent(title)}`);
  await expect(page.getByRole("heading", { name: title, level: 2 })).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: title }).getByText("Published", { exact: true }).first()).toBeVisible();
  await page.getByRole("link", { name: `Edit ${title}` }).click();
  await page.getByLabel("Subtitle").fill("Lessons from a river town");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Blog post updated!")).toBeVisible();
  await expect(page.getByText(/Saved by/).first()).toBeVisible();

  // Delete from the list, with the spec's confirmation.
  await page.goto(`/admin/cms/blog?q=${encodeURIComponent(title)}`);
  await page.getByRole("button", { name: `Delete ${title}` }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText(`Are you sure you want to delete "${title}"? This action cannot be undone.`);
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Blog post deleted")).toBeVisible();
  await expect(page.getByText("No posts found")).toBeVisible();
  await expect(page.getByText("Try adjusting your search or filters.")).toBeVisible();
  expect((await page.request.get(`/insights/${slug}`)).status()).toBe(404);
});

test("a post scheduled a few seconds ahead goes live at its time without anyone acting", async ({ page }) => {
  const title = `Scheduled Note ${Date.now()}`;
  const slug = title.toLowerCase().replace(/\s+/g, "-");
  await signInAsAdmin(page);
  await page.goto("/admin/cms/blog/create");
  await fillPost(page, title);
  const at = Date.now() + 20_000;
  await page.getByLabel("Schedule for (UK time)").fill(ukWallClock(20_000));
  await page.getByRole("button", { name: "Schedule" }).click();
  await expect(page.getByText("Blog post scheduled")).toBeVisible();
  await expect(page.getByText(/goes live \d+ \w+ \d{4}, \d\d:\d\d \(UK time\)/)).toBeVisible();
  expect(Date.now()).toBeLessThan(at);
  expect((await page.request.get(`/insights/${slug}`)).status()).toBe(404);
  expect(await (await page.request.get("/insights")).text()).not.toContain(title);
  expect(await (await page.request.get("/insights/rss.xml")).text()).not.toContain(title);

  await page.waitForTimeout(Math.max(0, at - Date.now()) + 500);
  expect((await page.request.get(`/insights/${slug}`)).status()).toBe(200);
  expect(await (await page.request.get("/insights")).text()).toContain(title);
  expect(await (await page.request.get("/insights/rss.xml")).text()).toContain(title);
  expect(await (await page.request.get("/sitemap.xml")).text()).toContain(`/insights/${slug}`);

  // Deleted from its edit screen, so later specs see only the demo articles.
  await page.reload();
  await page.getByRole("button", { name: `Delete ${title}` }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expect(page).toHaveURL(/\/admin\/cms\/blog$/);
  await expect(page.getByText("Blog post deleted")).toBeVisible();
  expect((await page.request.get(`/insights/${slug}`)).status()).toBe(404);
});

test("leaving the post form with unsaved changes asks first", async ({ page }) => {
  await signInAsAdmin(page);
  await expectLeavePromptKeepsText(page, "/admin/cms/blog/create", page.getByRole("textbox", { name: "Title", exact: true }), "Half-written post");
});

test("the blog screens and dialogs pass axe; screenshots at 1440 and 390 px", async ({ page }) => {
  await signInAsAdmin(page);
  await checkListAndDeleteDialog(page, { path: "/admin/cms/blog", heading: "Blog & Insights Management", screenshot: "blog-list-1440" });
  await page.goto("/admin/cms/blog?q=zzz-no-such-post");
  await expect(page.getByText("No posts found")).toBeVisible();
  await page.goto("/admin/cms/blog");
  await page.getByRole("link", { name: /^Edit / }).first().click();
  await expect(page.getByRole("heading", { name: "Edit Blog Post" })).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Article body" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await shot(page, "blog-edit-1440");
  await page.goto("/admin/cms/blog/create");
  await fillPost(page, "Axe check", { summary: false });
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByText("Please enter a summary before publishing.")).toBeVisible();
  // Off the Publish button: its hover colour is the shared Button's (noted in the report).
  await page.mouse.move(0, 0);
  await expectNoSeriousA11yViolations(page);
  await shot(page, "blog-create-errors-1440");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/admin/cms/blog/create");
  await expectNoSeriousA11yViolations(page);
  await shot(page, "blog-create-390");
  await page.goto("/admin/cms/blog");
  await expectNoSeriousA11yViolations(page);
  await shot(page, "blog-list-390");
});
