/**
 * The site studio's workflow through the real route loaders and actions with real better-auth
 * sessions: each page's schema (hostile input, limits, required-on-publish), draft / publish /
 * schedule with an injected clock, the published version shown while a draft waits, preview,
 * revisions and restore, the 409 edit conflict, audit, the seed's countries warning, the limits
 * and derived words of the edit form, the address in e-mails, and role checks on every loader
 * and action. The content each public page shows is in site-pages-content.test.ts.
 */
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { auditLog, cmsRevisions, sitePages } from "~/db/schema";
import { SITE_PAGE_SEED } from "~/features/site-pages/defaults";
import { createPreviewToken } from "~/features/cms/preview.server";
import { buildEnquiryEmails, type EnquiryForEmail } from "~/features/enquiries/emails.server";
import { getMailSettings } from "~/features/mail/settings.server";
import { readField } from "~/features/site-pages/form-data";
import { getEditablePage, readPublicPages } from "~/features/site-pages/pages.server";
import { EDITABLE_PAGE_KEYS, fillFigures, pageSchema, pageWarnings } from "~/features/site-pages/schemas";
import * as aboutRoute from "~/routes/public/about";
import * as indexRoute from "~/routes/admin/site/index";
import * as editRoute from "~/routes/admin/site/page-edit";
import { createStaffSession, formPost, outcome, routeArgs, TEST_ORIGIN, type StaffSession } from "../setup/admin-session";
import { setupTestDatabase } from "../setup/database";
import { fieldsOf, save, T0 } from "../setup/site-pages";

setupTestDatabase();

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
    const enquiry = { id: "e1", name: "Ada", email: "ada@example.com", company: null, projectType: "General Enquiry", message: "Hello", createdAt: new Date(), language: "en" } as EnquiryForEmail;
    const acknowledgement = buildEnquiryEmails(enquiry, settings, settings.email).at(-1)!;
    expect(acknowledgement.to).toBe("ada@example.com");
    expect(acknowledgement.text).toContain("12 Bridge Street, London SE1 9AA");
  });
});
