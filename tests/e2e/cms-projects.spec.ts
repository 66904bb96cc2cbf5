/**
 * The content studio's projects: a project from Save Draft (404 in public) through a
 * signed Preview, Publish (in /projects with the right counts), edit, Archive (gone) and Restore;
 * the unsaved-changes prompt; axe on the list, the form and the dialogs; screenshots at 1440 and
 * 390 px in test-results/cms-screens/.
 */
import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./support/a11y";
import { signInAsAdmin } from "./support/auth";
import { checkListAndDeleteDialog, expectLeavePromptKeepsText, openSignedPreview, shot } from "./support/cms-screens";

test.describe.configure({ mode: "serial", timeout: 120_000 });


async function publicCounts(page: Page): Promise<string> {
  await page.goto("/projects");
  return (await page.getByRole("navigation", { name: "Project categories" }).innerText()).replace(/\s+/g, " ");
}

// Tagged @site-settings: while it is published, the project changes the counts every visitor sees on
// /projects, which projects.spec.ts asserts for the demo content; it runs after the others, alone.
test("a project goes from draft through preview, publish, edit, archive and restore @site-settings", async ({ page, context }) => {
  const title = `Quayside Footbridge ${Date.now()}`;
  const countsBefore = await publicCounts(page);

  await signInAsAdmin(page);
  await page.goto("/admin/cms/projects");
  await expect(page.getByRole("heading", { name: "Our Work - Project Portfolio", level: 1 })).toBeVisible();
  await page.getByRole("link", { name: "Add Project" }).click();
  await expect(page.getByRole("heading", { name: "Add Project", level: 1 })).toBeVisible();

  // The server's messages for a missing category and status.
  await page.getByLabel("Project Title").fill(title);
  await page.getByLabel("Client").fill("Harbour Trust");
  await page.getByRole("button", { name: "Save Draft" }).click();
  await expect(page.getByText("Please select a category.")).toBeVisible();
  await expect(page.getByText("Please select a status.")).toBeVisible();

  await page.getByLabel("Category").selectOption("humanitarian");
  await page.getByLabel("Status").selectOption("In Progress");
  await page.getByLabel("Overview").fill("A lightweight steel footbridge reconnecting two halves of a fishing town.");
  await page.getByRole("textbox", { name: "Tags" }).fill("Steel");
  await page.keyboard.press("Enter");
  await page.getByRole("textbox", { name: "Tags" }).fill("Bridges");
  await page.getByRole("button", { name: "Add tag" }).click();
  await page.getByRole("button", { name: "Add specification" }).click();
  await page.getByLabel("Specification 1 label").fill("Span");
  await page.getByLabel("Specification 1 value").fill("42 m");
  await page.getByRole("button", { name: "Add specification" }).click();
  await page.getByLabel("Specification 2 label").fill("Deck");
  await page.getByLabel("Specification 2 value").fill("Orthotropic steel");
  await page.getByRole("button", { name: "Move specification 2 up" }).click();
  await page.getByRole("button", { name: "Save Draft" }).click();
  await expect(page).toHaveURL(/\/admin\/cms\/projects\/edit\//);
  await expect(page.getByText("Project saved as draft!")).toBeVisible();
  await expect(page.getByLabel("Specification 1 label")).toHaveValue("Deck");
  const slug = title.toLowerCase().replace(/\s+/g, "-");

  // Draft: 404 in public; the signed preview shows it, not indexed.
  const { preview, previewHref } = await openSignedPreview(page, context, `/projects/${slug}`, title);
  await preview.close();
  expect((await page.request.get(`/projects/${slug}?preview=${previewHref.split("preview=")[1]!.replace(/.$/, "x")}`)).status()).toBe(404);

  // Publish: public, counted in its category.
  await page.getByRole("button", { name: "Update & Publish" }).click();
  await expect(page.getByText("Project published!")).toBeVisible();
  const live = await page.request.get(`/projects/${slug}`);
  expect(live.status()).toBe(200);
  const countsAfter = await publicCounts(page);
  const n = (s: string, label: RegExp) => Number(label.exec(s)?.[1] ?? NaN);
  expect(n(countsAfter, /Humanitarian\D*(\d+)/i)).toBe(n(countsBefore, /Humanitarian\D*(\d+)/i) + 1);
  expect(n(countsAfter, /All Projects\D*(\d+)/i)).toBe(n(countsBefore, /All Projects\D*(\d+)/i) + 1);
  await expect(page.getByRole("link", { name: new RegExp(title) }).first()).toBeVisible();

  // Edit, then Archive (gone) and Restore (kept as a draft).
  await page.goBack();
  await page.goto(`/admin/cms/projects?status=published`);
  await page.getByRole("link", { name: `Edit ${title}` }).click();
  await page.getByLabel("Subtitle").fill("Reconnecting the harbour");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Project updated!")).toBeVisible();
  await expect(page.getByText(/Published by/).first()).toBeVisible();
  await page.getByRole("button", { name: "Archive" }).click();
  await expect(page.getByText("Project archived")).toBeVisible();
  expect((await page.request.get(`/projects/${slug}`)).status()).toBe(404);
  await page.getByRole("button", { name: "Restore", exact: true }).click();
  await expect(page.getByText("Project restored as a draft")).toBeVisible();
  await page.goto("/admin/cms/projects?status=draft");
  await expect(page.getByRole("heading", { name: title })).toBeVisible();
});

test("leaving a form with unsaved changes asks first", async ({ page }) => {
  await signInAsAdmin(page);
  await expectLeavePromptKeepsText(page, "/admin/cms/projects/create", page.getByLabel("Project Title"), "Half-written project");
});

test("the projects screens and dialogs pass axe; screenshots at 1440 and 390 px", async ({ page }) => {
  await signInAsAdmin(page);
  await checkListAndDeleteDialog(page, { path: "/admin/cms/projects", heading: "Our Work - Project Portfolio", screenshot: "projects-list-1440" });
  await page.getByRole("link", { name: /^Edit / }).first().click();
  await expect(page.getByRole("heading", { name: "Edit Project" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await shot(page, "project-edit-1440");
  await page.goto("/admin/cms/projects/create");
  await expectNoSeriousA11yViolations(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, "project-create-390");
  await page.goto("/admin/cms/projects");
  await shot(page, "projects-list-390");
});
