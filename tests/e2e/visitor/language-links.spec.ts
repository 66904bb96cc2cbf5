/**
 * A visitor stays in their language (project "visitor"): on the demo's French and Arabic pages
 * (app/db/seed/page-translations.ts, translations.ts) the logo, the header's and the footer's links
 * and the 404 page's "back home" lead to the pages in that language wherever they exist in it (the
 * home page, the projects and insights lists while one of their items is published there), and to
 * English only where they do not; the home page's `<title>` and the footer's postal address are in
 * the language; and an address
 * written another way (`/fr/About`, `/%66r/about`, `/ar/Contact/`) lands on the page's one address
 * in its language. On a desktop and on a phone, clicking as soon as a link is visible. With
 * E2E_SCREENSHOTS set, the pages are photographed at 390 and 1440 px (test-results/language-links/).
 */
import { DESKTOP, PHONE, expectDocumentIn, photograph } from "../support/languages";
import { expect, test } from "../support/visitor";

const WORDS = {
  fr: {
    home: "/fr",
    title: "Meridian Engineering | Ingénierie structurelle et humanitaire",
    homeHeading: "Bâtir un avenir résilient et durable",
    mainNav: "Navigation principale",
    mobileNav: "Navigation mobile",
    openMenu: "Ouvrir le menu",
    homeLabel: "Meridian Engineering, accueil",
    projects: "Projets",
    insights: "Analyses",
    projectsHeading: "Des projets qui résistent à l’épreuve du temps",
    insightsHeading: "Analyses et actualités",
    aboutHeading: "Une ingénierie qui protège les personnes et les lieux dont elles dépendent",
    notFound: "Page introuvable",
    backHome: "Retour à l’accueil",
    address: "Londres,Royaume-Uni",
  },
  ar: {
    home: "/ar",
    title: "Meridian Engineering | الهندسة الإنشائية والإنسانية",
    homeHeading: "نبني مستقبلًا مرنًا ومستدامًا",
    mainNav: "التنقل الرئيسي",
    mobileNav: "تنقل الجوال",
    openMenu: "فتح القائمة",
    homeLabel: "Meridian Engineering، الصفحة الرئيسية",
    projects: "المشاريع",
    insights: "مقالات",
    projectsHeading: "مشاريع تصمد أمام الزمن",
    insightsHeading: "مقالات ومستجدات",
    aboutHeading: "هندسة تحمي الناس والأماكن التي يعتمدون عليها",
    notFound: "الصفحة غير موجودة",
    backHome: "العودة إلى الصفحة الرئيسية",
    address: "لندن،المملكة المتحدة",
  },
} as const;

test.describe.configure({ timeout: 120_000 });

test("a French visitor on a desktop: the title, the logo and the header's and footer's lists stay French", async ({ newVisitor }) => {
  const fr = WORDS.fr;
  const visitor = await newVisitor({ viewport: DESKTOP });
  const { page } = visitor;
  await visitor.open("/fr/about", { hydrated: false });
  await expectDocumentIn(page, "fr");
  const nav = page.getByRole("navigation", { name: fr.mainNav });

  await visitor.followToDocument(nav.getByRole("link", { name: fr.projects }), page.getByRole("heading", { level: 1, name: fr.projectsHeading }));
  await expect(page).toHaveURL(/\/fr\/projects$/);
  await expectDocumentIn(page, "fr");
  await photograph(page, "test-results/language-links/projects-fr", DESKTOP);

  await visitor.followToDocument(nav.getByRole("link", { name: fr.insights }), page.getByRole("heading", { level: 1, name: fr.insightsHeading }));
  await expect(page).toHaveURL(/\/fr\/insights$/);

  await visitor.followToDocument(page.getByRole("banner").getByRole("link", { name: fr.homeLabel }), page.getByRole("heading", { level: 1, name: fr.homeHeading }));
  await expect(page).toHaveURL(/\/fr$/);
  await expect(page).toHaveTitle(fr.title);
  // The home page's own links to the lists are French too.
  await expect(page.getByRole("main").locator('a[href="/projects"], a[href="/insights"]')).toHaveCount(0);
  await photograph(page, "test-results/language-links/home-fr", DESKTOP);

  const footer = page.getByRole("contentinfo");
  // The footer's address is the French contact page's.
  await expect(footer.locator("address")).toHaveText(fr.address);
  await visitor.followToDocument(footer.getByRole("link", { name: fr.insights }), page.getByRole("heading", { level: 1, name: fr.insightsHeading }));
  await expect(page).toHaveURL(/\/fr\/insights$/);
  await visitor.followToDocument(footer.getByRole("link", { name: fr.homeLabel }), page.getByRole("heading", { level: 1, name: fr.homeHeading }));
  await expect(page).toHaveURL(/\/fr$/);
  // A page not in French keeps its English address.
  await expect(page.getByRole("navigation", { name: fr.mainNav }).getByRole("link", { name: "Services", exact: true })).toHaveAttribute("href", "/services");
});

test("an Arabic visitor on a phone: the menu's lists, the logo and the title stay Arabic, right to left", async ({ newVisitor }) => {
  const ar = WORDS.ar;
  const visitor = await newVisitor({ viewport: PHONE });
  const { page } = visitor;
  await visitor.open("/ar/about", { hydrated: false });
  await expectDocumentIn(page, "ar");
  // The menu opens by its link before the header's script runs, by its button after.
  const banner = page.getByRole("banner");
  await banner.getByRole("button", { name: ar.openMenu }).or(banner.getByRole("link", { name: ar.openMenu })).first().click();
  const menu = page.getByRole("navigation", { name: ar.mobileNav });
  await visitor.followToDocument(menu.getByRole("link", { name: ar.projects }), page.getByRole("heading", { level: 1, name: ar.projectsHeading }));
  await expect(page).toHaveURL(/\/ar\/projects$/);
  await expectDocumentIn(page, "ar");
  await photograph(page, "test-results/language-links/projects-ar", PHONE);

  await visitor.followToDocument(page.getByRole("banner").getByRole("link", { name: ar.homeLabel }), page.getByRole("heading", { level: 1, name: ar.homeHeading }));
  await expect(page).toHaveURL(/\/ar$/);
  await expect(page).toHaveTitle(ar.title);
  // The footer's address is the Arabic contact page's, with the Arabic comma.
  await expect(page.getByRole("contentinfo").locator("address")).toHaveText(ar.address);
  await photograph(page, "test-results/language-links/home-ar", PHONE);
});

test("the 404 page's way home leads to the home page in the language of the address", async ({ browser }) => {
  for (const [language, viewport] of [["fr", DESKTOP], ["ar", PHONE]] as const) {
    const words = WORDS[language];
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    const response = await page.goto(`/${language}/pas-de-page`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: words.notFound })).toBeVisible();
    await photograph(page, `test-results/language-links/404-${language}`, viewport);
    await page.getByRole("main").getByRole("link", { name: words.backHome }).click();
    await expect(page.getByRole("heading", { level: 1, name: words.homeHeading })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/${language}$`));
    await expectDocumentIn(page, language);
    await context.close();
  }
});

test("an address written another way lands on the page's one address, in its language", async ({ browser }) => {
  // A plain context: the visitor fixture counts each redirect hop as a document of its own.
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  for (const [typed, landed, language, heading] of [
    ["/fr/About", "/fr/about", "fr", WORDS.fr.aboutHeading],
    ["/%66r/about", "/fr/about", "fr", WORDS.fr.aboutHeading],
    ["/fr/ABOUT/", "/fr/about", "fr", WORDS.fr.aboutHeading],
    ["/AR", "/ar", "ar", WORDS.ar.homeHeading],
  ] as const) {
    const response = await page.goto(typed);
    expect([typed, response?.request().redirectedFrom()?.url().replace(/^https?:\/\/[^/]+/, ""), response?.status()]).toEqual([typed, typed, 200]);
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    expect(new URL(page.url()).pathname, typed).toBe(landed);
    await expectDocumentIn(page, language);
  }
  await context.close();
});
