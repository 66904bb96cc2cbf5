/**
 * The site studio through the real route loaders and actions with real better-auth
 * sessions: each page's schema (hostile input, limits, required-on-publish), draft / publish /
 * schedule with an injected clock, the published version shown while a draft waits, preview,
 * revisions and restore, the 409 edit conflict, audit, the figures used consistently on every
 * page that shows them, the seed's countries warning, and role checks on every loader and action.
 */
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { auditLog, cmsProjects, cmsRevisions, sitePages } from "~/db/schema";
import { SITE_PAGE_SEED } from "~/features/site-pages/defaults";
import { createPreviewToken } from "~/features/cms/preview.server";
import { buildEnquiryEmails, type EnquiryForEmail } from "~/features/enquiries/emails.server";
import { getMailSettings } from "~/features/mail/settings.server";
import { pageEditAction } from "~/features/site-pages/actions.server";
import { readField } from "~/features/site-pages/form-data";
import { getEditablePage, readPublicPages, resolveFigures } from "~/features/site-pages/pages.server";
import { EDITABLE_PAGE_KEYS, fillFigures, pageSchema, pageWarnings, type SitePageKey } from "~/features/site-pages/schemas";
import { INSIGHT_BLOCK_TYPES, inlineText } from "~/features/insights/blocks";
import type { InsightBlock } from "~/db/schema";
import * as privacyRoute from "~/routes/public/privacy";
import * as termsRoute from "~/routes/public/terms";
import * as aboutRoute from "~/routes/public/about";
import * as homeRoute from "~/routes/public/home";
import * as servicesRoute from "~/routes/public/services";
import * as commercialRoute from "~/routes/public/services-commercial";
import * as humanitarianRoute from "~/routes/public/services-humanitarian";
import * as indexRoute from "~/routes/admin/site/index";
import * as editRoute from "~/routes/admin/site/page-edit";
import { createStaffSession, formPost, outcome, routeArgs, TEST_ORIGIN, type StaffSession } from "../setup/admin-session";
import { setupTestDatabase } from "../setup/database";

setupTestDatabase();

const T0 = new Date("2026-03-01T12:00:00Z");

/** The form fields of a page value, named by path as the edit form names them (a block document posts as JSON). */
function fieldsOf(value: unknown, prefix = ""): Record<string, string> {
  const out: Record<string, string> = {};
  // An article block has a block type; an image block names a library image (a page's own media
  // rows, e.g. a founder's experience images, are typed "image" too but hold a file).
  const isBlock = (v: unknown) =>
    !!v && typeof v === "object" && (INSIGHT_BLOCK_TYPES as readonly unknown[]).includes((v as { type?: unknown }).type) && !("file" in v);
  const isDocument = Array.isArray(value) && value.length > 0 && value.every(isBlock);
  if (isDocument) out[prefix] = JSON.stringify(value);
  else if (Array.isArray(value)) value.forEach((v, i) => Object.assign(out, fieldsOf(v, `${prefix}.${i}`)));
  else if (value && typeof value === "object") for (const [k, v] of Object.entries(value)) Object.assign(out, fieldsOf(v, prefix ? `${prefix}.${k}` : k));
  else if (value === true) out[prefix] = "on";
  else if (value !== false && value !== null && value !== undefined) out[prefix] = String(value);
  return out;
}

const post = (session: StaffSession, key: SitePageKey, content: unknown, extra: Record<string, string>) =>
  session.request(`/admin/site/${key}`, formPost({ ...fieldsOf(content), ...extra }));

async function save(session: StaffSession, key: SitePageKey, content: unknown, extra: Record<string, string>, now = T0) {
  return outcome(() => pageEditAction(key, post(session, key, content, extra), now));
}

let editor: StaffSession;
beforeEach(async () => {
  editor = await createStaffSession("editor", { name: "Eve Editor" });
});

describe("page schemas", () => {
  it("accept the seed content of every page for publication, and read back from form fields unchanged", () => {
    for (const key of EDITABLE_PAGE_KEYS) {
      const schema = pageSchema(key, "publish");
      expect(schema.safeParse(SITE_PAGE_SEED[key]).success, key).toBe(true);
      const form = new FormData();
      for (const [k, v] of Object.entries(fieldsOf(SITE_PAGE_SEED[key]))) form.append(k, v);
      expect(schema.parse(readField(schema, form, "")), key).toEqual(SITE_PAGE_SEED[key]);
    }
  });

  it("refuse control characters, over-long text, unsafe links and missing alt text", () => {
    const schema = pageSchema("testimonials", "draft");
    const base = SITE_PAGE_SEED.testimonials.testimonials[0]!;
    const bad = (patch: object) => schema.safeParse({ testimonials: [{ ...base, ...patch }] });
    expect(bad({ name: "Eve\u0007" }).success).toBe(false);
    expect(bad({ name: "Eve\u202E" }).success).toBe(false);
    expect(bad({ text: "x".repeat(601) }).success).toBe(false);
    expect(bad({ name: "two\nlines" }).success).toBe(false);
    expect(bad({ photo: { src: "javascript:alert(1)", alt: "x" } }).success).toBe(false);
    expect(bad({ photo: { src: "//evil.example/x.png", alt: "x" } }).success).toBe(false);
    // Alt text is required to publish an image, not to save a draft.
    expect(bad({ photo: { src: "/project-images/a.webp", alt: "" } }).success).toBe(true);
    const published = pageSchema("testimonials", "publish").safeParse({ testimonials: [{ ...base, photo: { src: "/project-images/a.webp", alt: "" } }] });
    expect(published.success).toBe(false);
    expect(schema.safeParse({ testimonials: Array.from({ length: 61 }, () => base) }).success).toBe(false);
  });

  it("enforce required parts on publish only", () => {
    const empty = { ...SITE_PAGE_SEED.contact, openingHours: [], addressLines: [] };
    expect(pageSchema("contact", "draft").safeParse(empty).success).toBe(true);
    expect(pageSchema("contact", "publish").safeParse(empty).success).toBe(false);
    const noName = { testimonials: [{ ...SITE_PAGE_SEED.testimonials.testimonials[0]!, name: "" }] };
    expect(pageSchema("testimonials", "draft").safeParse(noName).success).toBe(true);
    expect(pageSchema("testimonials", "publish").safeParse(noName).success).toBe(false);
  });

  it("refuse an image block in the privacy policy and the terms (their pages show text only)", () => {
    const legal = SITE_PAGE_SEED.legal;
    const withImage = { ...legal, terms: { ...legal.terms, body: [...legal.terms.body, { type: "image", mediaId: crypto.randomUUID(), alt: "A photo" }] } };
    const result = pageSchema("legal", "draft").safeParse(withImage);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual(["Terms holds text only: remove the image."]);
  });

  it("refuse a figure key used twice", () => {
    const twice = { figures: [...SITE_PAGE_SEED.figures.figures, SITE_PAGE_SEED.figures.figures[0]!] };
    expect(pageSchema("figures", "draft").safeParse(twice).success).toBe(false);
  });

  it("warn when the About countries heading and the list differ (the seed's own slip: 17 claimed, 16 listed)", () => {
    expect(SITE_PAGE_SEED.about.countries.list).toHaveLength(16);
    expect(pageWarnings("about", SITE_PAGE_SEED.about)).toEqual([
      "The countries heading says 17 but the list names 16 countries. Correct the heading or the list.",
    ]);
    const fixed = { ...SITE_PAGE_SEED.about, countries: { ...SITE_PAGE_SEED.about.countries, heading: "Our work spans 16 countries" } };
    expect(pageWarnings("about", fixed)).toEqual([]);
  });
});

describe("publishing a page", () => {
  it("keeps showing the published version while a draft waits, then publishes it", async () => {
    const draft = { ...SITE_PAGE_SEED.contact, openingHours: [{ days: "Monday to Thursday", hours: "8:00 to 18:00" }] };
    const page = await getEditablePage("contact", T0);
    const saved = await save(editor, "contact", draft, { intent: "keep", version: String(page.version) });
    expect(saved.status).toBe(200);
    expect((await readPublicPages(["contact"], null, T0)).pages.contact.openingHours[0]!.days).toBe("Monday to Friday");
    const waiting = await getEditablePage("contact", T0);
    expect(waiting.unpublishedChanges).toBe(true);

    // The signed preview shows the draft; a token for another page does not.
    const token = createPreviewToken("page", waiting.id, T0);
    expect((await readPublicPages(["contact"], token, T0)).pages.contact.openingHours[0]!.days).toBe("Monday to Thursday");
    const about = await getEditablePage("about", T0);
    expect((await readPublicPages(["contact"], createPreviewToken("page", about.id, T0), T0)).pages.contact.openingHours[0]!.days).toBe("Monday to Friday");

    const published = await save(editor, "contact", draft, { intent: "publish", version: String(waiting.version) });
    expect(published.status).toBe(200);
    expect((await readPublicPages(["contact"], null, T0)).pages.contact.openingHours[0]!.days).toBe("Monday to Thursday");
    const audit = await db.select().from(auditLog).where(eq(auditLog.entityType, "page"));
    expect(audit.map((a) => a.action)).toEqual(["page.updated", "page.published"]);
  });

  it("publishes a scheduled version at its time without anyone acting", async () => {
    const page = await getEditablePage("contact", T0);
    const draft = { ...SITE_PAGE_SEED.contact, addressLines: ["1 New Street", "Bristol"] };
    const res = await save(editor, "contact", draft, { intent: "schedule", scheduleAt: "2026-03-02T09:00", version: String(page.version) });
    expect(res.status).toBe(200);
    expect((await readPublicPages(["contact"], null, T0)).pages.contact.addressLines).toEqual(["London", "United Kingdom"]);
    expect((await getEditablePage("contact", T0)).state).toBe("scheduled");
    const later = new Date("2026-03-02T09:00:01Z");
    expect((await readPublicPages(["contact"], null, later)).pages.contact.addressLines).toEqual(["1 New Street", "Bristol"]);
    expect((await getEditablePage("contact", later)).state).toBe("published");
  });

  it("refuses an empty publication with field errors, and saves the same as a draft", async () => {
    const page = await getEditablePage("testimonials", T0);
    const empty = { testimonials: [{ ...SITE_PAGE_SEED.testimonials.testimonials[0]!, text: "" }] };
    const refused = await save(editor, "testimonials", empty, { intent: "publish", version: String(page.version) });
    expect(refused.status).toBe(400);
    expect((refused.value as { data: { fieldErrors: Record<string, string[]> } }).data.fieldErrors["testimonials.0.text"]).toEqual(["Quote is required to publish."]);
    expect((await save(editor, "testimonials", empty, { intent: "keep", version: String(page.version) })).status).toBe(200);
  });

  it("refuses a figure key the figures list lacks when publishing", async () => {
    const page = await getEditablePage("about", T0);
    const about = structuredClone(SITE_PAGE_SEED.about);
    about.team.people[0]!.highlights[0]!.figure = "no-such-figure";
    const refused = await save(editor, "about", about, { intent: "publish", version: String(page.version) });
    expect(refused.status).toBe(400);
    expect((refused.value as { data: { fieldErrors: Record<string, string[]> } }).data.fieldErrors["team.people.0.highlights.0.figure"]).toEqual(['No company figure has the key "no-such-figure".']);
  });

  it("refuses a stale save with 409, naming who saved first; nothing is overwritten", async () => {
    const other = await createStaffSession("admin", { name: "Ada Admin" });
    const page = await getEditablePage("contact", T0);
    const first = { ...SITE_PAGE_SEED.contact, mapUrl: "https://maps.example/first" };
    expect((await save(other, "contact", first, { intent: "keep", version: String(page.version) })).status).toBe(200);
    const stale = await save(editor, "contact", { ...SITE_PAGE_SEED.contact, mapUrl: "https://maps.example/second" }, { intent: "keep", version: String(page.version) });
    expect(stale.status).toBe(409);
    expect((stale.value as { data: { description: string } }).data.description).toContain("Ada Admin saved this page");
    expect(((await getEditablePage("contact", T0)).draft as { mapUrl: string }).mapUrl).toBe("https://maps.example/first");
  });

  it("keeps the last 50 revisions, and a revision restores into the form only", async () => {
    let page = await getEditablePage("contact", T0);
    for (let i = 0; i < 52; i++) {
      const r = await save(editor, "contact", { ...SITE_PAGE_SEED.contact, mapUrl: `https://maps.example/${i}` }, { intent: "keep", version: String(page.version) });
      expect(r.status).toBe(200);
      page = await getEditablePage("contact", T0);
    }
    const revisions = await db.select().from(cmsRevisions).where(eq(cmsRevisions.entityId, page.id));
    expect(revisions).toHaveLength(50);
    const oldest = revisions.sort((a, b) => a.id - b.id)[0]!;
    const res = await outcome(() => editRoute.loader(routeArgs(editor.request(`/admin/site/contact?revision=${oldest.id}`), { page: "contact" })));
    expect((res.value as { restored: { draft: { mapUrl: string } } }).restored.draft.mapUrl).toBe("https://maps.example/2");
    expect(((await getEditablePage("contact", T0)).draft as { mapUrl: string }).mapUrl).toBe("https://maps.example/51");
  }, 120_000);
});

describe("company figures", () => {
  it("change once and show the new number on every page that shows them", async () => {
    const page = await getEditablePage("figures", T0);
    const figures = SITE_PAGE_SEED.figures.figures.map((f) =>
      f.key === "years-of-expertise" ? { ...f, value: "11+" } : f.key === "projects-delivered" ? { ...f, value: "31+" } : f,
    );
    expect((await save(editor, "figures", { figures }, { intent: "publish", version: String(page.version) })).status).toBe(200);
    const request = new Request(`${TEST_ORIGIN}/`);
    const home = (await outcome(() => homeRoute.loader(routeArgs(request)))).value as { data: { headline: { value: string }[]; aboutFigure: { value: string } } };
    expect(home.data.headline.map((f) => f.value)).toEqual(["95%", "11+"]);
    expect(home.data.aboutFigure.value).toBe("11+");
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
    home: typeof SITE_PAGE_SEED.home;
    heroFigures: { value: string; label: string }[];
    projects: { slug: string }[];
    preview: boolean;
  };
};
const homeData = async (url = "/") => ((await outcome(() => homeRoute.loader(routeArgs(new Request(`${TEST_ORIGIN}${url}`))))).value as HomeData).data;

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

describe("roles", () => {
  it("let every staff role open and save pages; visitors are sent to sign in", async () => {
    const anonymous = new Request(`${TEST_ORIGIN}/admin/site`);
    expect((await outcome(() => indexRoute.loader(routeArgs(anonymous)))).status).toBe(302);
    expect((await outcome(() => editRoute.loader(routeArgs(new Request(`${TEST_ORIGIN}/admin/site/about`), { page: "about" })))).status).toBe(302);
    const anonymousPost = new Request(`${TEST_ORIGIN}/admin/site/contact`, { ...formPost({ intent: "keep", version: "1" }), headers: { origin: TEST_ORIGIN, "content-type": "application/x-www-form-urlencoded" } });
    expect((await outcome(() => editRoute.action(routeArgs(anonymousPost, { page: "contact" })))).status).toBe(302);
    expect((await db.select().from(sitePages)).length).toBe(0);
    for (const role of ["editor", "admin", "super_admin"] as const) {
      const session = role === "editor" ? editor : await createStaffSession(role);
      expect((await outcome(() => indexRoute.loader(routeArgs(session.request("/admin/site"))))).status).toBe(200);
      for (const page of EDITABLE_PAGE_KEYS) expect((await outcome(() => editRoute.loader(routeArgs(session.request(`/admin/site/${page}`), { page })))).status, page).toBe(200);
    }
    expect((await outcome(() => editRoute.loader(routeArgs(editor.request("/admin/site/nope"), { page: "nope" })))).location).toBe("/admin/site");
  });
});

describe("the studio's limits and derived words", () => {
  type Refusal = { data: { fieldErrors: Record<string, string[]> } };

  it("refuses a quote over 600 characters and a name over 120 with a message naming the limit, and stores one at the limit whole", async () => {
    const page = await getEditablePage("testimonials", T0);
    const first = SITE_PAGE_SEED.testimonials.testimonials[0]!;
    const long = { testimonials: [{ ...first, text: "q".repeat(601), name: "N".repeat(121) }] };
    for (const intent of ["keep", "publish"]) {
      const refused = await save(editor, "testimonials", long, { intent, version: String(page.version) });
      expect(refused.status, intent).toBe(400);
      const errors = (refused.value as Refusal).data.fieldErrors;
      expect([errors["testimonials.0.text"], errors["testimonials.0.name"]]).toEqual([["Quote: use at most 600 characters."], ["Name: use at most 120 characters."]]);
    }
    expect((await getEditablePage("testimonials", T0)).version).toBe(page.version);
    const atLimit = { testimonials: [{ ...first, text: "q".repeat(600), name: "N".repeat(120) }] };
    expect((await save(editor, "testimonials", atLimit, { intent: "publish", version: String(page.version) })).status).toBe(200);
    const shown = (await readPublicPages(["testimonials"], null, T0)).pages.testimonials.testimonials[0]!;
    expect([shown.text.length, shown.name.length]).toEqual([600, 120]);
  });

  it("keeps the /contact introduction and reply sentence of a page stored before they were editable, and publishes new ones", async () => {
    const { intro, replyNote, ...older } = SITE_PAGE_SEED.contact;
    expect([intro, replyNote]).toEqual([
      "Whether you are planning a commercial development or building resilience in a disaster-prone region, our engineers are ready to help. Tell us what you need and we'll respond within 24 hours.",
      "We reply within 24 hours, Monday to Friday.",
    ]);
    await db.insert(sitePages).values({ key: "contact", draft: older, published: older, publishedAt: T0 });
    expect((await readPublicPages(["contact"], null, T0)).pages.contact).toMatchObject({ intro, replyNote });

    const page = await getEditablePage("contact", T0);
    const changed = { ...SITE_PAGE_SEED.contact, openingHours: [{ days: "Monday to Thursday", hours: "8:00 to 18:00" }], replyNote: "We reply within 24 hours, Monday to Thursday." };
    expect((await save(editor, "contact", changed, { intent: "publish", version: String(page.version) })).status).toBe(200);
    expect((await readPublicPages(["contact"], null, T0)).pages.contact.replyNote).toBe("We reply within 24 hours, Monday to Thursday.");
    const tooLong = await save(editor, "contact", { ...changed, replyNote: "x".repeat(161) }, { intent: "keep", version: String(page.version + 1) });
    expect((tooLong.value as Refusal).data.fieldErrors.replyNote).toEqual(["When we reply (beside the Send button): use at most 160 characters."]);
  });

  it("moves the privacy policy's Last updated to the day a changed policy is published or scheduled; unchanged terms and a typed date keep theirs", async () => {
    const draft = structuredClone(SITE_PAGE_SEED.legal);
    draft.privacy.intro = "What we collect, why, and your rights.";
    let page = await getEditablePage("legal", T0);
    expect((await save(editor, "legal", draft, { intent: "keep", version: String(page.version) })).status).toBe(200);
    expect((await readPublicPages(["legal"], null, T0)).pages.legal.privacy.updated).toBe("1 September 2025");
    page = await getEditablePage("legal", T0);
    expect((await save(editor, "legal", draft, { intent: "publish", version: String(page.version) })).status).toBe(200);
    const published = (await readPublicPages(["legal"], null, T0)).pages.legal;
    expect([published.privacy.updated, published.terms.updated]).toEqual(["1 March 2026", "1 September 2025"]);

    // Scheduled: the day it goes live (Europe/London); a date staff typed is kept. The form holds what was published.
    expect((await getEditablePage("legal", T0)).draft).toEqual(published);
    Object.assign(draft, structuredClone(published));
    draft.privacy.intro = "What we collect and why.";
    draft.terms.intro = "The rules of this website.";
    draft.terms.updated = "28 February 2026";
    page = await getEditablePage("legal", T0);
    expect((await save(editor, "legal", draft, { intent: "schedule", scheduleAt: "2026-04-02T00:30", version: String(page.version) })).status).toBe(200);
    const scheduled = (await readPublicPages(["legal"], null, new Date("2026-04-02T00:00:00Z"))).pages.legal;
    expect([scheduled.privacy.updated, scheduled.terms.updated]).toEqual(["2 April 2026", "28 February 2026"]);
  });

  it("ties the About countries heading to the Countries figure: {countries} shows it, and a typed number that differs is pointed out", async () => {
    const values = { countries: { value: "20+" } };
    expect(pageWarnings("about", SITE_PAGE_SEED.about, values)).toEqual([
      "The countries heading says 17 but the list names 16 countries. Correct the heading or the list.",
      "The countries heading says 17 but the Countries figure is 20+. Write {countries} in the heading to show the figure, or correct one of them.",
    ]);
    const about = structuredClone(SITE_PAGE_SEED.about);
    about.countries.heading = "Our work spans {countries} countries";
    about.countries.list = about.countries.list.concat(["Chile", "Peru", "Fiji", "Samoa"]);
    expect(pageWarnings("about", about, values)).toEqual([]);

    const page = await getEditablePage("about", T0);
    expect((await save(editor, "about", about, { intent: "publish", version: String(page.version) })).status).toBe(200);
    const shown = (await outcome(() => aboutRoute.loader(routeArgs(new Request(`${TEST_ORIGIN}/about`))))).value as { data: { about: typeof about; figures: Record<string, { value: string }> } };
    expect(fillFigures(shown.data.about.countries.heading, shown.data.figures)).toBe("Our work spans 20+ countries");

    about.countries.heading = "Our work spans {no-such-figure} countries";
    const refused = await save(editor, "about", about, { intent: "publish", version: String(page.version + 1) });
    expect((refused.value as Refusal).data.fieldErrors["countries.heading"]).toEqual(['No company figure has the key "no-such-figure".']);
  });

  it("chooses the figures a section shows from the figures list: an unknown key is refused on publish", async () => {
    const page = await getEditablePage("home", T0);
    const home = structuredClone(SITE_PAGE_SEED.home);
    home.hero.figures = ["client-satisfaction", "typed-by-hand"];
    const refused = await save(editor, "home", home, { intent: "publish", version: String(page.version) });
    expect((refused.value as Refusal).data.fieldErrors["hero.figures.1"]).toEqual(['No company figure has the key "typed-by-hand".']);
  });
});

describe("the address in e-mails", () => {
  it("is the published address of Site > Contact and footer, so an enquiry's acknowledgement names the street", async () => {
    const page = await getEditablePage("contact", T0);
    const draft = { ...SITE_PAGE_SEED.contact, addressLines: ["12 Bridge Street", "London SE1 9AA"] };
    expect((await save(editor, "contact", draft, { intent: "publish", version: String(page.version) }, new Date())).status).toBe(200);
    const settings = await getMailSettings();
    expect(settings.address).toEqual(["12 Bridge Street", "London SE1 9AA"]);
    const enquiry = { id: "e1", name: "Ada", email: "ada@example.com", company: null, projectType: "General Enquiry", message: "Hello", createdAt: new Date() } as EnquiryForEmail;
    const acknowledgement = buildEnquiryEmails(enquiry, settings).at(-1)!;
    expect(acknowledgement.to).toBe("ada@example.com");
    expect(acknowledgement.text).toContain("12 Bridge Street, London SE1 9AA");
  });
});
