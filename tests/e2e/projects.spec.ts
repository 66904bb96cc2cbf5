import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./support/a11y";

// Demo content (app/db/seed/projects.ts): 8 published projects, 5 commercial and 3 humanitarian,
// plus a draft (glasgow-hospital-extension) and an archived one (haiti-community-water-tower).
const tab = (page: Page, name: string) => page.getByRole("navigation", { name: "Project categories" }).getByRole("link", { name: new RegExp(`^${name}`) });
const cards = (page: Page) => page.getByRole("main").getByRole("article");

test.describe("projects list", () => {
  test("shows tabs with counts, filters by category and search, and keeps the state in the URL", async ({ page }) => {
    await page.goto("/projects");
    await expect(tab(page, "All Projects")).toHaveText(/All Projects\s*8/);
    await expect(tab(page, "Commercial Engineering")).toHaveText(/Commercial Engineering\s*5/);
    await expect(tab(page, "Humanitarian Engineering")).toHaveText(/Humanitarian Engineering\s*3/);
    await expect(tab(page, "All Projects")).toHaveAttribute("aria-current", "page");
    await expect(cards(page)).toHaveCount(8);
    await expect(page.getByText("Glasgow Hospital Extension")).toHaveCount(0);
    await expect(page.getByText("Les Cayes Community Water Tower")).toHaveCount(0);

    await tab(page, "Humanitarian Engineering").click();
    await expect(page).toHaveURL(/\/projects\?category=humanitarian$/);
    await expect(cards(page)).toHaveCount(3);
    await expect(tab(page, "Humanitarian Engineering")).toHaveAttribute("aria-current", "page");

    // Typing filters without pressing Enter (debounced navigation), combined with the category.
    await page.getByLabel("Search projects").fill("NEPAL");
    await expect(page).toHaveURL(/category=humanitarian&q=NEPAL/);
    await expect(cards(page)).toHaveCount(1);
    await expect(cards(page).first()).toContainText("Gorkha District School Seismic Retrofit");
    await expect(cards(page).first()).toContainText("Build Back Safer Nepal");
    // Counts follow the search text.
    await expect(tab(page, "All Projects")).toHaveText(/All Projects\s*1/);

    await page.getByLabel("Search projects").fill("bristol");
    await expect(page.getByText("No projects found")).toBeVisible();
    await expect(page.getByText("Try adjusting your search terms or filters")).toBeVisible();
    await page.getByRole("link", { name: "Clear Filters" }).click();
    await expect(page).toHaveURL(/\/projects$/);
    await expect(cards(page)).toHaveCount(8);
    await expect(page.getByLabel("Search projects")).toHaveValue("");
    await expect(tab(page, "All Projects")).toHaveAttribute("aria-current", "page");
  });

  test("a shared URL opens the same filtered view", async ({ page }) => {
    await page.goto("/projects?category=commercial&q=london");
    await expect(page.getByLabel("Search projects")).toHaveValue("london");
    await expect(cards(page)).toHaveCount(1);
    await expect(cards(page).first()).toContainText("Thames Wharf Mixed-Use Tower");
  });

  test("search treats % literally", async ({ page }) => {
    await page.goto("/projects?q=%25");
    await expect(page.getByText("No projects found")).toBeVisible();
  });

  test("cards show client, at most 3 tags, labelled metrics and link to the project", async ({ page }) => {
    await page.goto("/projects");
    const card = cards(page).filter({ hasText: "Thames Wharf Mixed-Use Tower" });
    await expect(card).toContainText("Riverside Quarter Developments");
    await expect(card.getByRole("list", { name: "Tags" }).getByRole("listitem")).toHaveCount(3);
    await expect(card).toContainText("BUILDING HEIGHT");
    await expect(card).toContainText("112 m");
    await expect(card).toContainText("PROJECT VALUE");
    await card.getByRole("link", { name: /VIEW PROJECT/ }).click();
    await expect(page).toHaveURL(/\/projects\/thames-wharf-mixed-use-tower$/);
    await expect(page.getByRole("heading", { level: 1, name: "Thames Wharf Mixed-Use Tower" })).toBeVisible();
  });

  test("is accessible", async ({ page }) => {
    await page.goto("/projects");
    await expectNoSeriousA11yViolations(page);
    await page.goto("/projects?q=nothing-matches");
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe("projects list without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("tabs, search and Clear Filters work as plain links and a GET form", async ({ page }) => {
    await page.goto("/projects");
    await expect(cards(page)).toHaveCount(8);
    await tab(page, "Commercial Engineering").click();
    await expect(page).toHaveURL(/category=commercial/);
    await expect(cards(page)).toHaveCount(5);

    await page.getByLabel("Search projects").fill("manchester");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/category=commercial&q=manchester/);
    await expect(cards(page)).toHaveCount(1);
    await expect(cards(page).first()).toContainText("Ancoats Mill Timber Office Retrofit");

    await tab(page, "Humanitarian Engineering").click();
    await expect(page).toHaveURL(/category=humanitarian&q=manchester/);
    await expect(page.getByText("No projects found")).toBeVisible();
    await page.getByRole("link", { name: "Clear Filters" }).click();
    await expect(page).toHaveURL(/\/projects$/);
    await expect(cards(page)).toHaveCount(8);
  });
});

test.describe("project detail", () => {
  test("shows hero, sections, side panel and a working gallery", async ({ page }) => {
    await page.goto("/projects/nepal-school-seismic-retrofit");
    const hero = page.locator("section").first();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Gorkha District School Seismic Retrofit");
    await expect(hero).toContainText("Humanitarian Engineering");
    await expect(hero).toContainText("Gorkha, Nepal");
    await expect(hero).toContainText("2022");
    await expect(hero).toContainText("Build Back Safer Nepal (NGO consortium)");
    await expect(page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Projects" })).toHaveAttribute("href", "/projects");
    for (const heading of ["Project overview", "The challenge", "Our approach", "Technical solution", "Impact and results"]) {
      await expect(page.getByRole("heading", { level: 2, name: heading })).toBeVisible();
    }
    const aside = page.getByRole("complementary", { name: "Project information" });
    await expect(aside).toContainText("Project details");
    await expect(aside).toContainText("3 years");
    await expect(aside).toContainText("Technical specifications");
    await expect(aside).toContainText("Masons trained");
    await expect(aside).toContainText("Project team");
    await expect(aside).toContainText("Awards");
    await expect(aside).toContainText("Seismic retrofit");

    const gallery = page.locator("section", { has: page.getByRole("heading", { name: "Project gallery" }) });
    await expect(gallery.getByRole("button", { name: /Show image/ })).toHaveCount(4);
    await expect(gallery.getByText("1 / 4")).toBeVisible();
    await gallery.getByRole("button", { name: "Next image" }).click();
    await expect(gallery.getByText("2 / 4")).toBeVisible();
    await gallery.getByRole("button", { name: "Previous image" }).click();
    await gallery.getByRole("button", { name: "Previous image" }).click();
    await expect(gallery.getByText("4 / 4")).toBeVisible();
    await gallery.getByRole("button", { name: "Show image 3 of 4" }).click();
    await expect(gallery.getByText("3 / 4")).toBeVisible();
    await expect(gallery.getByRole("button", { name: "Show image 3 of 4" })).toHaveAttribute("aria-pressed", "true");
    await expectNoSeriousA11yViolations(page);
  });

  for (const slug of ["does-not-exist", "glasgow-hospital-extension", "haiti-community-water-tower"]) {
    test(`shows Project Not Found with 404 for ${slug}`, async ({ page }) => {
      const response = await page.goto(`/projects/${slug}`);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1, name: "Project Not Found" })).toBeVisible();
      await expect(page.getByText("The requested project could not be found.")).toBeVisible();
      await page.getByRole("link", { name: "View All Projects" }).click();
      await expect(page).toHaveURL(/\/projects$/);
    });
  }
});

test.describe("sitemap and robots", () => {
  test("sitemap lists public pages and published content only; robots links it", async ({ request, baseURL }) => {
    const sitemap = await request.get("/sitemap.xml");
    expect(sitemap.status()).toBe(200);
    expect(sitemap.headers()["content-type"]).toContain("xml");
    const xml = await sitemap.text();
    for (const path of ["/", "/about", "/services/commercial", "/projects", "/insights", "/contact", "/projects/thames-wharf-mixed-use-tower", "/insights/designing-schools-for-earthquakes"]) {
      expect(xml).toContain(`<loc>${baseURL}${path}</loc>`);
    }
    expect(xml).toContain("<lastmod>");
    expect(xml).not.toContain("glasgow-hospital-extension");
    expect(xml).not.toContain("building-safety-act");

    const robots = await (await request.get("/robots.txt")).text();
    expect(robots).toContain("Disallow: /admin");
    expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  });
});
