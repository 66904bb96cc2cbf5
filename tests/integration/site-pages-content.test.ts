/**
 * The content of the site studio's public pages through the real route loaders and actions with
 * real better-auth sessions: the company figures used consistently on every page that shows them,
 * and the Home, Services, Privacy and Terms pages (what a new install shows, hostile input and
 * limits, publishing previewed first). The studio's workflow and roles are in
 * site-pages-publishing.test.ts.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { cmsProjects } from "~/db/schema";
import { SITE_PAGE_SEED } from "~/features/site-pages/defaults";
import { createPreviewToken } from "~/features/cms/preview.server";
import { getEditablePage, resolveFigures } from "~/features/site-pages/pages.server";
import { pageSchema } from "~/features/site-pages/schemas";
import { inlineText } from "~/features/insights/blocks";
import type { InsightBlock } from "~/db/schema";
import * as privacyRoute from "~/routes/public/privacy";
import * as termsRoute from "~/routes/public/terms";
import * as aboutRoute from "~/routes/public/about";
import * as homeRoute from "~/routes/public/home";
import * as servicesRoute from "~/routes/public/services";
import * as commercialRoute from "~/routes/public/services-commercial";
import * as humanitarianRoute from "~/routes/public/services-humanitarian";
import { createStaffSession, outcome, routeArgs, TEST_ORIGIN, type StaffSession } from "../setup/admin-session";
import { setupTestDatabase } from "../setup/database";
import { save, T0 } from "../setup/site-pages";

setupTestDatabase();

let editor: StaffSession;
beforeEach(async () => {
  editor = await createStaffSession("editor", { name: "Eve Editor" });
});

describe("company figures", () => {
  it("change once and show the new number on every page that shows them", async () => {
    const page = await getEditablePage("figures", T0);
    const figures = SITE_PAGE_SEED.figures.figures.map((f) =>
      f.key === "years-of-expertise" ? { ...f, value: "11+" } : f.key === "projects-delivered" ? { ...f, value: "31+" } : f,
    );
    expect((await save(editor, "figures", { figures }, { intent: "publish", version: String(page.version) })).status).toBe(200);
    const request = new Request(`${TEST_ORIGIN}/`);
    const home = (await outcome(() => homeRoute.loader(routeArgs(request)))).value as { data: { page: { headline: { value: string }[]; aboutFigure: { value: string } } } };
    expect(home.data.page.headline.map((f) => f.value)).toEqual(["95%", "11+"]);
    expect(home.data.page.aboutFigure.value).toBe("11+");
    const about = (await outcome(() => aboutRoute.loader(routeArgs(new Request(`${TEST_ORIGIN}/about`))))).value as { data: { figures: Record<string, { value: string }> } };
    expect(about.data.figures["years-of-expertise"]!.value).toBe("11+");
    expect(about.data.figures["projects-delivered"]!.value).toBe("31+");
    const services = (await servicesData()).pillars;
    expect(services[0]!.stats.find((s) => s.label === "Projects")!.value).toBe("31+");
    expect(services[1]!.stats.find((s) => s.label === "Years")!.value).toBe("11+");
  });

  it("computes a figure from the published projects", async () => {
    const map = await resolveFigures({ figures: [{ key: "live", label: "Projects published", value: "", source: "projects-published" }] });
    expect(map.live!.value).toBe("0");
  });
});

type HomeData = {
  data: {
    page: {
      home: typeof SITE_PAGE_SEED.home;
      heroFigures: { value: string; label: string }[];
      projects: { slug: string }[];
      preview: boolean;
    };
  };
};
const homeData = async (url = "/") => ((await outcome(() => homeRoute.loader(routeArgs(new Request(`${TEST_ORIGIN}${url}`))))).value as HomeData).data.page;

describe("the Home page", () => {
  it("shows on a new install exactly the spec's home page that app/content held", async () => {
    const { home, heroFigures } = await homeData();
    expect(home.hero.slides.map((s) => s.image.src)).toEqual(["/media/hero/hero-1-1280.webp", "/media/hero/hero-2-1280.webp", "/media/hero/hero-3-1280.webp"]);
    expect(home.hero.headline).toBe("Building a resilient, sustainable future");
    expect(home.hero.badge).toBe("Welcome to Meridian Engineering");
    expect(home.hero.intro).toBe(
      "Structural engineering for ambitious commercial projects and disaster-resilient infrastructure for communities, delivered from London to projects in 20+ countries.",
    );
    expect(heroFigures.map((f) => `${f.value} ${f.label}`)).toEqual(["20+ Countries", "95% Client satisfaction", "10+ Years of expertise"]);
    expect(home.partners.heading).toBe("Trusted by leading organizations worldwide");
    expect(home.partners.partners.map((p) => [p.name, p.logo.src])).toEqual([
      ["Northbank Homes", "/media/partners/northbank.svg"],
      ["Aldgate Developments", "/media/partners/aldgate.svg"],
      ["Relief Works International", "/media/partners/reliefworks.svg"],
      ["Crestline Property", "/media/partners/crestline.svg"],
      ["Bennett Construction", "/media/partners/bennett.svg"],
      ["Shelter Alliance", "/media/partners/shelter-alliance.svg"],
      ["Harbour Infrastructure", "/media/partners/harbour.svg"],
    ]);
    expect(home.services.cards.map((c) => [c.title, c.href, c.points.map((p) => p.title)])).toEqual([
      ["Commercial Engineering", "/services/commercial", ["Structural Excellence", "Sustainability Solutions", "Project Management Excellence"]],
      ["Humanitarian Engineering", "/services/humanitarian", ["Post-Disaster", "Risk & Mitigation", "Community Infrastructure"]],
    ]);
    expect(home.approach.title).toBe("Precision with Purpose");
    expect(home.approach.pillars.map((p) => p.title)).toEqual(["Intelligent Engineering", "Sustainable Infrastructure", "Risk-Resilient Thinking"]);
    expect(home.approach.pillars[2]!.description).toBe("Every design is tested against the hazards it may face: earthquakes, floods, storms and a changing climate.");
    expect(home.about.paragraphs[1]).toBe("We are small by design: every project is led by a founder, and every design is checked before it leaves the office.");
    expect([home.projects.show, home.insights.show]).toEqual(["latest", "latest"]);
  });

  it("refuses hostile input and over-long fields, and is never published empty", () => {
    const draft = pageSchema("home", "draft");
    const publish = pageSchema("home", "publish");
    const seed = SITE_PAGE_SEED.home;
    const with_ = (patch: (h: typeof seed) => void) => {
      const h = structuredClone(seed);
      patch(h);
      return h;
    };
    expect(draft.safeParse(with_((h) => (h.hero.headline = "x".repeat(121)))).success).toBe(false);
    expect(draft.safeParse(with_((h) => (h.hero.badge = "Hi\u202Ethere"))).success).toBe(false);
    expect(draft.safeParse(with_((h) => (h.partners.partners[0]!.url = "javascript:alert(1)"))).success).toBe(false);
    expect(draft.safeParse(with_((h) => (h.hero.slides[0]!.image.src = "data:image/png;base64,AAAA"))).success).toBe(false);
    expect(draft.safeParse(with_((h) => (h.hero.slides = Array.from({ length: 6 }, () => seed.hero.slides[0]!)))).success).toBe(false);
    // A slide needs its alt text, and the hero at least one slide, to publish (a draft may lack both).
    const noAlt = with_((h) => (h.hero.slides[0]!.image.alt = ""));
    expect(draft.safeParse(noAlt).success).toBe(true);
    expect(publish.safeParse(noAlt).success).toBe(false);
    const empty = with_((h) => {
      h.hero.slides = [];
      h.hero.headline = "";
      h.partners.partners = [];
    });
    expect(draft.safeParse(empty).success).toBe(true);
    const refused = publish.safeParse(empty);
    expect(refused.success).toBe(false);
    expect(refused.error!.issues.map((i) => i.path.join("."))).toEqual(expect.arrayContaining(["hero.slides", "hero.headline", "partners.partners"]));
    expect(publish.safeParse(with_((h) => (h.projects.show = "chosen"))).success).toBe(false);
  });

  it("publishes a new headline and slide text, previews it first, and refuses an unknown figure in the introduction", async () => {
    const page = await getEditablePage("home", T0);
    const draft = structuredClone(SITE_PAGE_SEED.home);
    draft.hero.headline = "Engineering that lasts";
    draft.hero.slides[0]!.image.alt = "A new bridge at dawn";
    const unknown = await save(editor, "home", { ...draft, hero: { ...draft.hero, intro: "In {no-such} countries." } }, { intent: "publish", version: String(page.version) });
    expect(unknown.status).toBe(400);
    expect((unknown.value as { data: { fieldErrors: Record<string, string[]> } }).data.fieldErrors["hero.intro"]).toEqual(['No company figure has the key "no-such".']);
    expect((await save(editor, "home", draft, { intent: "keep", version: String(page.version) })).status).toBe(200);
    expect((await homeData()).home.hero.headline).toBe("Building a resilient, sustainable future");
    const saved = await getEditablePage("home");
    const preview = await homeData(`/?preview=${createPreviewToken("page", saved.id)}`);
    expect([preview.home.hero.headline, preview.preview]).toEqual(["Engineering that lasts", true]);
    expect((await save(editor, "home", draft, { intent: "publish", version: String(saved.version) }, new Date())).status).toBe(200);
    const live = await homeData();
    expect(live.home.hero.headline).toBe("Engineering that lasts");
    expect(live.home.hero.slides[0]!.image.alt).toBe("A new bridge at dawn");
  });

  it("shows the chosen projects in the chosen order, published ones only", async () => {
    const at = (day: number) => new Date(Date.UTC(2025, 0, day));
    await db.insert(cmsProjects).values(
      ["a", "b", "c", "d"].map((slug, i) => ({ slug, title: slug, category: "commercial" as const, displayStatus: slug === "d" ? ("draft" as const) : ("published" as const), createdAt: at(i + 1), publishedAt: at(i + 1) })),
    );
    expect((await homeData()).projects.map((p) => p.slug)).toEqual(["c", "b", "a"]);
    const page = await getEditablePage("home");
    const draft = { ...SITE_PAGE_SEED.home, projects: { ...SITE_PAGE_SEED.home.projects, show: "chosen", slugs: ["a", "d", "c"] } };
    expect((await save(editor, "home", draft, { intent: "publish", version: String(page.version) }, new Date())).status).toBe(200);
    expect((await homeData()).projects.map((p) => p.slug)).toEqual(["a", "c"]);
  });
});

type ServicesData = {
  hero: { title: string };
  pillars: (Omit<typeof SITE_PAGE_SEED.services.commercial, "stats"> & { key: string; href: string; stats: { label: string; value: string }[] })[];
  process: typeof SITE_PAGE_SEED.services.process;
  cta: { title: string };
  preview: boolean;
};
const servicesData = async (url = "/services") => ((await outcome(() => servicesRoute.loader(routeArgs(new Request(`${TEST_ORIGIN}${url}`))))).value as { data: ServicesData }).data;
type DetailData = { page: typeof SITE_PAGE_SEED.services.commercialPage; preview: boolean };
const detailData = async (route: Pick<typeof commercialRoute | typeof humanitarianRoute, "loader">, url: string) =>
  ((await outcome(() => route.loader(routeArgs(new Request(`${TEST_ORIGIN}${url}`))))).value as { data: DetailData }).data;

describe("the Services pages", () => {
  it("show on a new install exactly the spec's services pages that app/content held", async () => {
    const services = await servicesData();
    expect(services.hero.title).toBe("Engineering services for buildings and communities");
    expect(services.pillars.map((p) => [p.key, p.href, p.title, p.tagline])).toEqual([
      ["commercial", "/services/commercial", "Commercial Engineering", "Structural excellence for buildings that perform"],
      ["humanitarian", "/services/humanitarian", "Humanitarian Engineering", "Resilient infrastructure where it matters most"],
    ]);
    expect(services.pillars.map((p) => p.stats.map((s) => `${s.value} ${s.label}`))).toEqual([
      ["30+ Projects", `${SITE_PAGE_SEED.figures.figures.find((f) => f.key === "commercial-countries")!.value} Countries`, "15+ Years"],
      [
        `${SITE_PAGE_SEED.figures.figures.find((f) => f.key === "humanitarian-projects")!.value} Projects`,
        `${SITE_PAGE_SEED.figures.figures.find((f) => f.key === "field-countries")!.value} Countries`,
        "10+ Years",
      ],
    ]);
    expect(services.pillars[0]!.features).toHaveLength(6);
    expect(services.pillars[0]!.features[0]).toBe("Structural design and calculations");
    expect(services.pillars[1]!.projects).toEqual(["Post-disaster reconstruction", "Disaster risk reduction", "Public buildings", "Water and sanitation", "Capacity building programmes"]);
    expect(services.process.steps.map((s) => s.title)).toEqual(["Initial Consultation", "Design & Planning", "Implementation", "Support & Maintenance"]);
    expect(services.cta.title).toBe("Ready to start your project?");

    const commercial = (await detailData(commercialRoute, "/services/commercial")).page;
    expect(commercial.categories.map((c) => c.title)).toEqual(["Residential", "Commercial Projects", "Industrial Solutions"]);
    expect([commercial.eyebrow, commercial.pointsHeading, commercial.points.length]).toEqual(["Commercial services", "Why choose us", 4]);
    expect(commercial.image.src).toBe("/media/hero/hero-2-1280.webp");
    const humanitarian = (await detailData(humanitarianRoute, "/services/humanitarian")).page;
    expect(humanitarian.categories.map((c) => c.title)).toEqual(["Post-Disaster Recovery", "Risk Assessment & Mitigation", "Community Infrastructure"]);
    expect([humanitarian.eyebrow, humanitarian.pointsHeading, humanitarian.points.map((p) => p.title)]).toEqual([
      "Humanitarian services",
      "Our principles",
      ["Community first", "Build back safer", "Local capacity", "Accountable delivery"],
    ]);
    expect(humanitarian.cta.title).toBe("Discuss your project with us");
  });

  it("refuse hostile input and over-long fields, and are never published empty", () => {
    const draft = pageSchema("services", "draft");
    const publish = pageSchema("services", "publish");
    const with_ = (patch: (s: typeof SITE_PAGE_SEED.services) => void) => {
      const s = structuredClone(SITE_PAGE_SEED.services);
      patch(s);
      return s;
    };
    expect(draft.safeParse(with_((s) => (s.commercial.tagline = "x".repeat(161)))).success).toBe(false);
    expect(draft.safeParse(with_((s) => (s.commercialPage.intro = "bad\u0000byte"))).success).toBe(false);
    expect(draft.safeParse(with_((s) => (s.hero.image.src = "javascript:alert(1)"))).success).toBe(false);
    expect(draft.safeParse(with_((s) => (s.humanitarian.features = Array.from({ length: 13 }, (_, i) => `Service ${i}`)))).success).toBe(false);
    // Decorative header images need no alt text, even to publish.
    expect(publish.safeParse(SITE_PAGE_SEED.services).success).toBe(true);
    const empty = with_((s) => {
      s.commercial.features = [];
      s.process.steps = [];
      s.humanitarianPage.categories = [];
      s.commercialPage.title = "";
    });
    expect(draft.safeParse(empty).success).toBe(true);
    const refused = publish.safeParse(empty);
    expect(refused.error!.issues.map((i) => i.path.join("."))).toEqual(
      expect.arrayContaining(["commercial.features", "process.steps", "humanitarianPage.categories", "commercialPage.title"]),
    );
  });

  it("publish a changed tagline and category, previewed first on /services and its pages", async () => {
    const page = await getEditablePage("services");
    const draft = structuredClone(SITE_PAGE_SEED.services);
    draft.humanitarian.tagline = "Infrastructure that outlasts the next disaster";
    draft.commercialPage.categories[0]!.title = "Homes";
    expect((await save(editor, "services", draft, { intent: "keep", version: String(page.version) }, new Date())).status).toBe(200);
    expect((await servicesData()).pillars[1]!.tagline).toBe("Resilient infrastructure where it matters most");
    const token = createPreviewToken("page", page.id);
    expect((await servicesData(`/services?preview=${token}`)).pillars[1]!.tagline).toBe("Infrastructure that outlasts the next disaster");
    expect((await detailData(commercialRoute, `/services/commercial?preview=${token}`)).page.categories[0]!.title).toBe("Homes");
    expect((await detailData(commercialRoute, "/services/commercial")).page.categories[0]!.title).toBe("Residential");
    const saved = await getEditablePage("services");
    expect((await save(editor, "services", draft, { intent: "publish", version: String(saved.version) }, new Date())).status).toBe(200);
    expect((await servicesData()).pillars[1]!.tagline).toBe("Infrastructure that outlasts the next disaster");
    expect((await detailData(commercialRoute, "/services/commercial")).page.categories[0]!.title).toBe("Homes");
  });
});

/** A document's text, block by block: "## Heading", a paragraph's text, a list's items joined by " | ", an image's alt text. */
const textOf = (blocks: InsightBlock[]) =>
  blocks.map((b) =>
    b.type === "heading" ? `## ${inlineText(b.content)}` : b.type === "list" ? b.items.map(inlineText).join(" | ") : b.type === "image" ? b.alt : inlineText(b.content),
  );
type LegalData = { privacy: typeof SITE_PAGE_SEED.legal.privacy; terms: typeof SITE_PAGE_SEED.legal.terms; retention: unknown; preview: boolean };
const legalData = async (route: Pick<typeof privacyRoute | typeof termsRoute, "loader">, url: string) =>
  ((await outcome(() => route.loader(routeArgs(new Request(`${TEST_ORIGIN}${url}`))))).value as { data: LegalData }).data;

describe("Privacy and terms", () => {
  it("show on a new install the policy and terms the pages' code held, with the privacy sections from the settings kept", async () => {
    const privacy = await legalData(privacyRoute, "/privacy");
    expect(privacy.retention).toBeTruthy();
    const headings = (blocks: InsightBlock[]) => textOf(blocks).filter((t) => t.startsWith("## "));
    expect(headings(privacy.privacy.body)).toEqual(["## Who we are", "## The data we collect", "## How we use your data and our lawful bases", "## Who we share data with"]);
    expect(headings(privacy.privacy.closing)).toEqual(["## Your rights", "## Security", "## Complaints", "## Changes to this policy"]);
    expect(textOf(privacy.privacy.body)).toContain(
      "If you have any questions about this policy or how we handle your data, contact us at hello@meridian-engineering.co.uk or on +44 20 7946 0321.",
    );
    expect(textOf(privacy.privacy.body)).toContain(
      "Enquiries: your name, e-mail address, company (optional), the type of enquiry and your message, when you use our contact form. | Consultation bookings: your name, e-mail address, phone number (if given), company, project details and the time you choose, when you book a free consultation. | Correspondence: anything you send us by e-mail or telephone, and our replies. | Technical data: your IP address and basic request information kept in our server logs for security, and the visit statistics described below.",
    );
    expect(privacy.privacy.updated).toBe("1 September 2025");
    const terms = (await legalData(termsRoute, "/terms")).terms;
    expect(textOf(terms.body).filter((t) => t.startsWith("## "))).toEqual([
      "## About these terms",
      "## Information on this website",
      "## Free consultations and enquiries",
      "## Acceptable use",
      "## Intellectual property",
      "## Links to other websites",
      "## Our liability",
      "## Privacy and cookies",
      "## Governing law",
      "## Contact us",
    ]);
    expect(textOf(terms.body).at(-1)).toBe("Questions about these terms: e-mail hello@meridian-engineering.co.uk, call +44 20 7946 0321, or write to us in London, United Kingdom.");
  });

  it("refuse unsafe links, unknown blocks and over-long documents, and are never published empty", () => {
    const draft = pageSchema("legal", "draft");
    const publish = pageSchema("legal", "publish");
    const withBody = (body: unknown) => ({ ...SITE_PAGE_SEED.legal, terms: { ...SITE_PAGE_SEED.legal.terms, body } });
    expect(draft.safeParse(withBody([{ type: "paragraph", content: [{ text: "x", href: "javascript:alert(1)" }] }])).success).toBe(false);
    expect(draft.safeParse(withBody([{ type: "script", content: "alert(1)" }])).success).toBe(false);
    expect(draft.safeParse(withBody(Array.from({ length: 501 }, () => ({ type: "paragraph", content: "x" })))).success).toBe(false);
    expect(draft.safeParse(withBody([{ type: "paragraph", content: "x".repeat(10_001) }])).success).toBe(false);
    // Markup is only ever text.
    const markup = draft.safeParse(withBody([{ type: "paragraph", content: "<img src=x onerror=alert(1)>" }]));
    expect(markup.success && markup.data.terms.body[0]).toEqual({ type: "paragraph", content: "<img src=x onerror=alert(1)>" });
    expect(draft.safeParse(withBody([])).success).toBe(true);
    const refused = publish.safeParse({ ...withBody([]), privacy: { ...SITE_PAGE_SEED.legal.privacy, updated: "", body: [] } });
    expect(refused.error!.issues.map((i) => i.path.join("."))).toEqual(expect.arrayContaining(["terms.body", "privacy.body", "privacy.updated"]));
    // The closing part of the privacy policy may be empty.
    expect(publish.safeParse({ ...SITE_PAGE_SEED.legal, privacy: { ...SITE_PAGE_SEED.legal.privacy, closing: [] } }).success).toBe(true);
  });

  it("publish changed terms, previewed first", async () => {
    const page = await getEditablePage("legal");
    const draft = structuredClone(SITE_PAGE_SEED.legal);
    draft.terms.body = [{ type: "heading", level: 2, content: "Using this website" }, { type: "paragraph", content: "Be kind." }];
    expect((await save(editor, "legal", draft, { intent: "keep", version: String(page.version) }, new Date())).status).toBe(200);
    expect(textOf((await legalData(termsRoute, "/terms")).terms.body)[0]).toBe("## About these terms");
    const token = createPreviewToken("page", page.id);
    const preview = await legalData(termsRoute, `/terms?preview=${token}`);
    expect([textOf(preview.terms.body), preview.preview]).toEqual([["## Using this website", "Be kind."], true]);
    const saved = await getEditablePage("legal");
    expect((await save(editor, "legal", draft, { intent: "publish", version: String(saved.version) }, new Date())).status).toBe(200);
    expect(textOf((await legalData(termsRoute, "/terms")).terms.body)).toEqual(["## Using this website", "Be kind."]);
    expect(textOf((await legalData(privacyRoute, "/privacy")).privacy.body)[0]).toBe("## Who we are");
  });
});
