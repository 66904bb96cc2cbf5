/**
 * The content studio's project screens and rules, through the real route loaders and
 * actions with real better-auth sessions: slugs (also under concurrent creates), validation
 * messages, null mapping, publish / draft / schedule with an injected clock, preview links,
 * revisions, the edit conflict and role checks.
 */
import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { auditLog, cmsProjects, cmsRevisions } from "~/db/schema";
import { createContent, REVISIONS_KEPT, updateContent, type CmsActor } from "~/features/cms/content.server";
import { createPreviewToken, PREVIEW_TTL_SECONDS, verifyPreviewToken } from "~/features/cms/preview.server";
import { slugify } from "~/features/cms/slug";
import { editAction } from "~/features/cms/actions.server";
import { PROJECT_KIND } from "~/features/projects/kind";
import { getPreviewProjectBySlug, getPublishedProjectBySlug, listPublishedProjects } from "~/features/projects/projects.server";
import * as createRoute from "~/routes/admin/cms/project-create";
import * as editRoute from "~/routes/admin/cms/project-edit";
import * as listRoute from "~/routes/admin/cms/projects";
import { createStaffSession, formPost, outcome, routeArgs, TEST_ORIGIN, type StaffSession } from "../setup/admin-session";
import { setupTestDatabase } from "../setup/database";

setupTestDatabase();

const valid = { title: "Harbour Bridge", client: "City Council", category: "commercial", status: "Completed", overview: "A bridge." };
const actor: CmsActor = { userId: "u1", email: "ed@staff.test", name: "Ed Editor" };
const T0 = new Date("2026-03-01T12:00:00Z");

let editor: StaffSession;
beforeEach(async () => {
  editor = await createStaffSession("editor", { name: "Eve Editor" });
});

async function projectBySlug(slug: string) {
  const [row] = await db.select().from(cmsProjects).where(eq(cmsProjects.slug, slug));
  return row!;
}

describe("slugs", () => {
  it("derives the slug from the title", () => {
    expect(slugify("Hello,  World -- 2025!", "project")).toBe("hello-world-2025");
    expect(slugify("Café Extension", "project")).toBe("cafe-extension");
    expect(slugify("!!!", "project")).toBe("project");
  });

  it("appends -1, -2 ... and stays unique when ten staff create the same title at once", async () => {
    const made = await Promise.all(Array.from({ length: 10 }, () => createContent("project", actor, { ...valid, title: "Same Title" }, { intent: "draft" })));
    const slugs = made.map((m) => m.slug).sort();
    expect(new Set(slugs).size).toBe(10);
    expect(slugs).toContain("same-title");
    for (let i = 1; i < 10; i++) expect(slugs).toContain(`same-title-${i}`);
    expect(await db.select().from(cmsRevisions)).toHaveLength(10);
  });

  it("keeps the slug on edit even when the title changes", async () => {
    const made = await createContent("project", actor, valid, { intent: "draft" });
    await updateContent("project", actor, made.id, 1, { ...valid, title: "Renamed" }, { intent: "keep" });
    expect((await projectBySlug("harbour-bridge")).title).toBe("Renamed");
  });
});

describe("validation and null mapping", () => {
  it("answers 400 with the spec's messages and writes nothing", async () => {
    const r = await outcome(() => createRoute.action(routeArgs(editor.request("/admin/cms/projects/create", formPost({ intent: "draft", title: " ", client: "", category: "", status: "" })))));
    expect(r.status).toBe(400);
    const errors = (r.value as { data: { errors: Record<string, string[]> } }).data.errors;
    expect(errors.category).toEqual(["Please select a category."]);
    expect(errors.status).toEqual(["Please select a status."]);
    expect(errors.title).toEqual(["Please enter a title."]);
    expect(errors.client).toEqual(["Please enter the client."]);
    const publish = await outcome(() => createRoute.action(routeArgs(editor.request("/admin/cms/projects/create", formPost({ ...valid, intent: "publish", overview: "" })))));
    expect(publish.status).toBe(400);
    expect((publish.value as { data: { title: string; errors: Record<string, string[]> } }).data).toMatchObject({
      title: "Error creating project",
      errors: { overview: ["Please enter an overview before publishing."] },
    });
    const badUrl = await outcome(() => createRoute.action(routeArgs(editor.request("/admin/cms/projects/create", formPost({ ...valid, intent: "draft", heroImage: "javascript:alert(1)" })))));
    expect(badUrl.status).toBe(400);
    // `/\host` is `//host` to a browser, for the hero image and the gallery alike.
    const tricks: Record<string, string | string[]>[] = [{ heroImage: "/\\evil.example/a.png" }, { images: ["/uploads/a.webp", "/\\evil.example/b.png"] }, { videoUrl: "/\t/evil.example" }];
    for (const fields of tricks) {
      const tricked = await outcome(() => createRoute.action(routeArgs(editor.request("/admin/cms/projects/create", formPost({ ...valid, intent: "draft", ...fields })))));
      expect(tricked.status, JSON.stringify(fields)).toBe(400);
      expect(JSON.stringify((tricked.value as { data: { errors: unknown } }).data.errors)).toContain("Enter a web address starting with https://");
    }
    expect(await db.select().from(cmsProjects)).toHaveLength(0);
  });

  it("stores empty optional fields and lists as null, trims and de-duplicates lists, keeps spec and metric order", async () => {
    const r = await outcome(() =>
      createRoute.action(
        routeArgs(
          editor.request(
            "/admin/cms/projects/create",
            formPost({
              ...valid,
              intent: "draft",
              category: "something-else",
              subtitle: "  ",
              tags: [" Steel ", "Steel", "", "Timber"],
              teamMembers: ["", " "],
              specKey: ["Zeta span", "Alpha load", ""],
              specValue: ["68 m", "5 kN", ""],
              metricKey: ["savings", "powerRating"],
              metricValue: ["£2m", "40"],
              metricUnit: ["", "m"],
            }),
          ),
        ),
      ),
    );
    expect(r.status).toBe(302);
    const row = await projectBySlug("harbour-bridge");
    expect(row).toMatchObject({ category: "commercial", subtitle: null, location: null, tags: ["Steel", "Timber"], teamMembers: null, awards: null, images: null, displayStatus: "draft", publishedAt: null });
    expect(row.technicalSpecs).toEqual([{ key: "Zeta span", value: "68 m" }, { key: "Alpha load", value: "5 kN" }]);
    expect(row.metrics).toEqual([{ key: "savings", value: "£2m" }, { key: "powerRating", value: "40", unit: "m" }]);
    expect(r.location).toBe(`/admin/cms/projects/edit/${row.id}?saved=draft`);
  });
});

describe("gallery order", () => {
  it("keeps the gallery in the order posted, through a reorder and a removal, on the edit form and the public page", async () => {
    const a = "/uploads/project-images/aaaaaaaaaaaaaaaa-1763880000000.jpg";
    const b = "/uploads/project-images/bbbbbbbbbbbbbbbb-1763880000001.png";
    const c = "https://images.example.com/site-visit.jpg";
    const post = (fields: Record<string, string | string[]>) => formPost({ ...valid, heroImage: a, ...fields });
    const created = await outcome(() => createRoute.action(routeArgs(editor.request("/admin/cms/projects/create", post({ intent: "publish", images: [b, c, a] })))));
    expect(created.status).toBe(302);
    const row = await projectBySlug("harbour-bridge");
    expect(row.images).toEqual([b, c, a]);

    // Moved up and down in the form, then one removed: the next save stores the new order.
    const edit = (fields: Record<string, string | string[]>, version: number) =>
      outcome(() => editRoute.action(routeArgs(editor.request(`/admin/cms/projects/edit/${row.id}`, post({ intent: "keep", version: String(version), ...fields })), { id: row.id })));
    expect((await edit({ images: [a, b, c] }, 1)).status).toBe(200);
    expect((await projectBySlug("harbour-bridge")).images).toEqual([a, b, c]);
    expect((await edit({ images: [c, a] }, 2)).status).toBe(200);
    expect((await projectBySlug("harbour-bridge")).images).toEqual([c, a]);

    const data = (await editRoute.loader(routeArgs(editor.request(`/admin/cms/projects/edit/${row.id}`), { id: row.id }))) as Awaited<ReturnType<typeof editRoute.loader>>;
    expect(data.project.images).toEqual([c, a]);
    expect((await getPublishedProjectBySlug("harbour-bridge"))?.images).toEqual([c, a]);
  });
});

describe("publish, draft and schedule (injected clock)", () => {
  const post = (id: string, fields: Record<string, string>, now: Date) =>
    outcome(() => editAction(PROJECT_KIND, editor.request(`/admin/cms/projects/edit/${id}`, formPost(fields)), id, PROJECT_KIND.parse, now));

  it("Publish sets the date to now, Save Draft clears it, Schedule goes live at its UK time", async () => {
    const made = await createContent("project", actor, valid, { intent: "draft" }, T0);
    expect(await getPublishedProjectBySlug("harbour-bridge", T0)).toBeNull();

    expect((await post(made.id, { ...valid, intent: "publish", version: "1" }, T0)).status).toBe(200);
    expect((await projectBySlug("harbour-bridge")).publishedAt).toEqual(T0);
    expect((await listPublishedProjects({}, T0)).counts).toEqual({ all: 1, commercial: 1, humanitarian: 0 });

    expect((await post(made.id, { ...valid, intent: "draft", version: "2" }, T0)).status).toBe(200);
    expect((await projectBySlug("harbour-bridge")).publishedAt).toBeNull();
    expect(await getPublishedProjectBySlug("harbour-bridge", T0)).toBeNull();

    // 1 March 2026 is GMT: 13:30 UK is 13:30Z.
    const past = await post(made.id, { ...valid, intent: "schedule", scheduleAt: "2026-03-01T11:00", version: "3" }, T0);
    expect(past.status).toBe(400);
    expect((past.value as { data: { errors: Record<string, string[]> } }).data.errors.scheduleAt).toEqual(["Choose a time in the future."]);
    expect((await post(made.id, { ...valid, intent: "schedule", scheduleAt: "2026-03-01T13:30", version: "3" }, T0)).status).toBe(200);
    const row = await projectBySlug("harbour-bridge");
    expect(row.displayStatus).toBe("published");
    expect(row.publishedAt).toEqual(new Date("2026-03-01T13:30:00Z"));
    expect(await getPublishedProjectBySlug("harbour-bridge", new Date("2026-03-01T13:29:59Z"))).toBeNull();
    expect((await listPublishedProjects({}, new Date("2026-03-01T13:29:59Z"))).counts.all).toBe(0);
    expect(await getPublishedProjectBySlug("harbour-bridge", new Date("2026-03-01T13:30:00Z"))).not.toBeNull();

    const actions = (await db.select({ action: auditLog.action }).from(auditLog)).map((a) => a.action);
    expect(actions).toEqual(["project.created", "project.published", "project.unpublished", "project.scheduled"]);
  });

  it("Archive hides a live project and Restore brings it back as a draft", async () => {
    const made = await createContent("project", actor, valid, { intent: "publish" }, T0);
    expect((await post(made.id, { intent: "archive", version: "1" }, T0)).status).toBe(200);
    expect(await getPublishedProjectBySlug("harbour-bridge", T0)).toBeNull();
    expect((await post(made.id, { intent: "restore", version: "2" }, T0)).status).toBe(200);
    expect(await projectBySlug("harbour-bridge")).toMatchObject({ displayStatus: "draft", publishedAt: null });
  });
});

describe("preview links", () => {
  it("are valid for their item for one hour, and refused when expired, forged or for another item", async () => {
    const a = await createContent("project", actor, valid, { intent: "draft" }, T0);
    const b = await createContent("project", actor, { ...valid, title: "Other" }, { intent: "draft" }, T0);
    const token = createPreviewToken("project", a.id, T0);
    expect(verifyPreviewToken(token, "project", a.id, T0)).toBe(true);
    expect(await getPreviewProjectBySlug("harbour-bridge", token, T0)).toMatchObject({ title: "Harbour Bridge" });
    expect(await getPreviewProjectBySlug("harbour-bridge", token, new Date(T0.getTime() + PREVIEW_TTL_SECONDS * 1000))).toBeNull();
    expect(await getPreviewProjectBySlug("other", token, T0)).toBeNull();
    expect(verifyPreviewToken(token, "insight", a.id, T0)).toBe(false);
    const [expiry, sig] = token.split(".");
    expect(await getPreviewProjectBySlug("harbour-bridge", `${Number(expiry) + 3600}.${sig}`, T0)).toBeNull();
    expect(await getPreviewProjectBySlug("harbour-bridge", `${expiry}.${"A".repeat(43)}`, T0)).toBeNull();
    expect(b.id).not.toBe(a.id);
  });

  it("the public page answers the preview with no-store and noindex, and 404 without a valid link", async () => {
    const { loader, headers } = await import("~/routes/public/project");
    const a = await createContent("project", actor, valid, { intent: "draft" });
    const plain = await outcome(() => loader(routeArgs(new Request(`${TEST_ORIGIN}/projects/harbour-bridge`), { slug: "harbour-bridge" })));
    expect(plain.status).toBe(404);
    const bad = await outcome(() => loader(routeArgs(new Request(`${TEST_ORIGIN}/projects/harbour-bridge?preview=1.x`), { slug: "harbour-bridge" })));
    expect(bad.status).toBe(404);
    const good = (await loader(routeArgs(new Request(`${TEST_ORIGIN}/projects/harbour-bridge?preview=${createPreviewToken("project", a.id)}`), { slug: "harbour-bridge" }))) as unknown as {
      data: { project: { title: string }; preview: boolean };
      init: { headers: Record<string, string> };
    };
    expect(good.data).toMatchObject({ project: { title: "Harbour Bridge" }, preview: true });
    const h = new Headers(headers({ loaderHeaders: new Headers(good.init.headers) } as never) as HeadersInit);
    expect(h.get("cache-control")).toBe("no-store");
    expect(h.get("x-robots-tag")).toContain("noindex");
  });
});

describe("revisions and the edit conflict", () => {
  it("keeps a revision per save (at most 50) and restores one into the form without saving", async () => {
    const made = await createContent("project", actor, { ...valid, subtitle: "First words" }, { intent: "draft" });
    for (let v = 1; v <= REVISIONS_KEPT + 2; v++) await updateContent("project", actor, made.id, v, { ...valid, subtitle: `Words ${v}` }, { intent: "keep" });
    const revisions = await db.select().from(cmsRevisions).where(and(eq(cmsRevisions.entityId, made.id)));
    expect(revisions).toHaveLength(REVISIONS_KEPT);
    const data = (await editRoute.loader(routeArgs(editor.request(`/admin/cms/projects/edit/${made.id}`), { id: made.id }))) as Awaited<ReturnType<typeof editRoute.loader>>;
    const oldest = data.revisions.at(-1)!;
    expect(data.revisions[0]).toMatchObject({ authorName: "Ed Editor", version: REVISIONS_KEPT + 3 });
    const restored = (await editRoute.loader(routeArgs(editor.request(`/admin/cms/projects/edit/${made.id}?revision=${oldest.id}`), { id: made.id }))) as Awaited<
      ReturnType<typeof editRoute.loader>
    >;
    expect(restored.restored?.values.subtitle).toBe(`Words ${oldest.version - 1}`);
    expect((await projectBySlug("harbour-bridge")).subtitle).toBe(`Words ${REVISIONS_KEPT + 2}`);
  });

  it("refuses a stale save, naming who saved and when, and overwrites nothing", async () => {
    const made = await createContent("project", actor, valid, { intent: "draft" });
    const admin = await createStaffSession("admin", { name: "Ada Admin" });
    const first = await outcome(() => editRoute.action(routeArgs(admin.request(`/admin/cms/projects/edit/${made.id}`, formPost({ ...valid, intent: "keep", version: "1", subtitle: "Ada's" })), { id: made.id })));
    expect(first.status).toBe(200);
    const second = await outcome(() => editRoute.action(routeArgs(editor.request(`/admin/cms/projects/edit/${made.id}`, formPost({ ...valid, intent: "publish", version: "1", subtitle: "Eve's" })), { id: made.id })));
    expect(second.status).toBe(409);
    expect((second.value as { data: { description: string } }).data.description).toMatch(/^Ada Admin saved this project on \d+ \w+ 2\d{3}, \d\d:\d\d \(UK time\)/);
    expect(await projectBySlug("harbour-bridge")).toMatchObject({ subtitle: "Ada's", displayStatus: "draft", version: 2 });
  });

  it("answers 404 for a missing project and redirects the edit screen to the list", async () => {
    const id = "00000000-0000-4000-8000-000000000000";
    expect((await outcome(() => editRoute.action(routeArgs(editor.request(`/admin/cms/projects/edit/${id}`, formPost({ ...valid, intent: "keep", version: "1" })), { id })))).status).toBe(404);
    expect(await outcome(() => editRoute.loader(routeArgs(editor.request(`/admin/cms/projects/edit/${id}`), { id })))).toMatchObject({ status: 302, location: "/admin/cms/projects?error=load" });
  });
});

describe("roles", () => {
  it.each(["editor", "admin", "super_admin"] as const)("%s may use every loader and action", async (role) => {
    const staff = await createStaffSession(role);
    const made = await createContent("project", actor, valid, { intent: "draft" });
    expect((await outcome(() => listRoute.loader(routeArgs(staff.request("/admin/cms/projects?status=draft"))))).status).toBe(200);
    expect((await outcome(() => createRoute.loader(routeArgs(staff.request("/admin/cms/projects/create"))))).status).toBe(200);
    expect((await outcome(() => editRoute.loader(routeArgs(staff.request(`/admin/cms/projects/edit/${made.id}`), { id: made.id })))).status).toBe(200);
    expect((await outcome(() => createRoute.action(routeArgs(staff.request("/admin/cms/projects/create", formPost({ ...valid, intent: "draft" })))))).status).toBe(302);
    expect((await outcome(() => editRoute.action(routeArgs(staff.request(`/admin/cms/projects/edit/${made.id}`, formPost({ ...valid, intent: "keep", version: "1" })), { id: made.id })))).status).toBe(200);
    expect((await outcome(() => listRoute.action(routeArgs(staff.request("/admin/cms/projects", formPost({ intent: "delete", id: made.id })))))).status).toBe(200);
  });

  it("anonymous visitors are sent to login and foreign origins refused, with nothing written", async () => {
    const made = await createContent("project", actor, valid, { intent: "draft" });
    const anon = (path: string, init?: RequestInit) => new Request(`${TEST_ORIGIN}${path}`, init);
    for (const run of [
      () => listRoute.loader(routeArgs(anon("/admin/cms/projects"))),
      () => createRoute.loader(routeArgs(anon("/admin/cms/projects/create"))),
      () => editRoute.loader(routeArgs(anon(`/admin/cms/projects/edit/${made.id}`), { id: made.id })),
      () => createRoute.action(routeArgs(anon("/admin/cms/projects/create", formPost({ ...valid, intent: "draft" })))),
      () => editRoute.action(routeArgs(anon(`/admin/cms/projects/edit/${made.id}`, formPost({ intent: "archive", version: "1" })), { id: made.id })),
      () => listRoute.action(routeArgs(anon("/admin/cms/projects", formPost({ intent: "delete", id: made.id })))),
    ]) {
      expect((await outcome(run)).status).toBe(302);
    }
    const foreign = editor.request("/admin/cms/projects", { ...formPost({ intent: "delete", id: made.id }), headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://evil.example" } });
    expect((await outcome(() => listRoute.action(routeArgs(foreign)))).status).toBe(403);
    expect(await db.select().from(cmsProjects)).toHaveLength(1);
  });
});

