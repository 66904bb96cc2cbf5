/**
 * The upload pipeline and the library: each refusal with its message and nothing stored
 * (no file, no row), EXIF/GPS gone from every file, the orientation applied, variants' widths and
 * formats, and the refusal to delete an image still in use.
 */
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { eq } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { cmsProjects, contentTranslations, insights, media, sitePages } from "~/db/schema";
import { SITE_PAGE_SEED } from "~/features/site-pages/defaults";
import { setupTestDatabase } from "../../../tests/setup/database";
import { PDF_DOCUMENT, photoJpeg, pixelBombPng, polyglotJpeg, smallPng, SVG_IMAGE, truncatedJpeg } from "../../../tests/setup/images";
import { addToLibrary, deleteMedia, listLibrary, updateMediaDetails } from "./library.server";
import { MAX_UPLOAD_BYTES, UPLOAD_MESSAGES } from "./pipeline.server";
import { createLocalStorage } from "./storage.server";

setupTestDatabase();

const actor = { userId: "u1", email: "editor@example.com" };
let root: string;
let files: ReturnType<typeof createLocalStorage>;

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), "media-lib-"));
  files = createLocalStorage(root);
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

async function storedFiles(): Promise<string[]> {
  try {
    return await readdir(path.join(root, "project-images"));
  } catch {
    return [];
  }
}

describe("refusals: a clear message, nothing stored", () => {
  const cases: [string, () => Promise<Buffer>, string, string, number][] = [
    ["a PDF under an image extension", async () => PDF_DOCUMENT, "photo.jpg", UPLOAD_MESSAGES.notImage, 415],
    ["an SVG", async () => SVG_IMAGE, "logo.svg", UPLOAD_MESSAGES.notImage, 415],
    ["HTML under an image extension", async () => Buffer.from("<!doctype html><html><body>hi</body></html>"), "page.png", UPLOAD_MESSAGES.notImage, 415],
    ["a JPEG/HTML polyglot", polyglotJpeg, "innocent.jpg", UPLOAD_MESSAGES.polyglot, 415],
    ["5 MB + 1 byte", async () => Buffer.concat([await photoJpeg(400, 300), Buffer.alloc(MAX_UPLOAD_BYTES)]).subarray(0, MAX_UPLOAD_BYTES + 1), "big.jpg", UPLOAD_MESSAGES.tooLarge, 413],
    ["a pixel bomb", pixelBombPng, "bomb.png", UPLOAD_MESSAGES.tooManyPixels, 422],
    ["a truncated JPEG", truncatedJpeg, "half.jpg", UPLOAD_MESSAGES.damaged, 422],
  ];
  it.each(cases)("refuses %s", async (_label, make, name, message, status) => {
    const bytes = await make();
    await expect(addToLibrary({ bytes, originalName: name, altText: "A picture", createdBy: actor }, files)).rejects.toMatchObject({ message, status });
    expect(await storedFiles()).toEqual([]);
    expect(await db.select().from(media)).toHaveLength(0);
  });

  it("refuses an image without alt text", async () => {
    await expect(addToLibrary({ bytes: await smallPng(), originalName: "a.png", altText: "   ", createdBy: actor }, files)).rejects.toMatchObject({
      message: UPLOAD_MESSAGES.altRequired,
      status: 400,
    });
    expect(await storedFiles()).toEqual([]);
  });
});

describe("a stored image", () => {
  it("has no EXIF or GPS in any file, is turned upright, and has AVIF and WebP variants never enlarged", async () => {
    const original = await photoJpeg(1600, 1000, { gps: true, orientation: 6 });
    const before = await sharp(original).metadata();
    expect(before.exif?.toString("latin1")).toContain("Secret Location Ltd");
    expect(before.orientation).toBe(6);

    const item = await addToLibrary({ bytes: original, originalName: "Site Visit.JPG", altText: "Steel frame at dusk", createdBy: actor }, files);
    // Orientation 6 is a quarter turn: the stored picture is upright, 1000 wide and 1600 high.
    expect([item.width, item.height]).toEqual([1000, 1600]);
    expect(item.url).toMatch(/^\/uploads\/project-images\/[0-9a-f]{16}-\d{13}\.jpg$/);

    const [row] = await db.select().from(media);
    expect(row!.variants.map((v) => `${v.format}:${v.width}x${v.height}`)).toEqual([
      "avif:320x512", "webp:320x512", "avif:640x1024", "webp:640x1024", "avif:960x1536", "webp:960x1536", "avif:1000x1600", "webp:1000x1600",
    ]);
    const names = await storedFiles();
    expect(names).toHaveLength(9);
    for (const key of [row!.storageKey, ...row!.variants.map((v) => v.key)]) {
      const stored = await files.get(key);
      const meta = await sharp(stored!.body).metadata();
      expect(meta.exif, key).toBeUndefined();
      expect(meta.orientation ?? 1, key).toBe(1);
      expect(stored!.body.toString("latin1")).not.toContain("Secret Location");
      const variant = row!.variants.find((v) => v.key === key);
      if (variant) {
        expect(meta.format === "heif" ? "avif" : meta.format).toBe(variant.format);
        expect([meta.width, meta.height]).toEqual([variant.width, variant.height]);
        expect(variant.bytes).toBe(stored!.body.byteLength);
      }
    }
    expect(row!.placeholder).toMatch(/^data:image\/webp;base64,/);
    expect(row!.placeholder.length).toBeLessThan(1200);
  });

  it("keeps a small image at its own width only", async () => {
    const item = await addToLibrary({ bytes: await smallPng(200, 120), originalName: "icon.png", altText: "Icon", createdBy: actor }, files);
    const [row] = await db.select().from(media);
    expect(row!.variants.map((v) => `${v.format}:${v.width}`)).toEqual(["avif:200", "webp:200"]);
    expect(item.contentType).toBe("image/png");
  });
});

describe("details and deletion", () => {
  it("edits alt text and focal point, refusing an empty alt text", async () => {
    const item = await addToLibrary({ bytes: await smallPng(), originalName: "a.png", altText: "First", createdBy: actor }, files);
    expect(await updateMediaDetails(item.id, { altText: "", focalX: 10, focalY: 20 }, actor)).toMatchObject({ ok: false, status: 400 });
    expect(await updateMediaDetails(item.id, { altText: " Better ", focalX: 10, focalY: 90 }, actor)).toEqual({ ok: true });
    const [row] = await db.select().from(media);
    expect([row!.altText, row!.focalX, row!.focalY]).toEqual(["Better", 10, 90]);
  });

  it("refuses to delete an image in use and says where; deletes it and its files once free", async () => {
    const item = await addToLibrary({ bytes: await smallPng(), originalName: "a.png", altText: "A", createdBy: actor }, files);
    await db.insert(cmsProjects).values({ slug: "p", title: "Harbour Footbridge", category: "commercial", images: ["/x.jpg", item.url] });
    await db.insert(insights).values({ slug: "i", title: "Seismic Retrofit Notes", authorImage: item.url });
    const refused = await deleteMedia(item.id, actor, files);
    expect(refused).toMatchObject({ ok: false, status: 409 });
    expect(refused.ok ? "" : refused.message).toBe(
      "This image is still used by the project 'Harbour Footbridge' (gallery) and the article 'Seismic Retrofit Notes' (author image). Choose another image there first.",
    );
    expect(await storedFiles()).toHaveLength(3);

    await db.delete(cmsProjects);
    await db.delete(insights);
    expect(await deleteMedia(item.id, actor, files)).toEqual({ ok: true });
    expect(await storedFiles()).toEqual([]);
    expect(await db.select().from(media)).toHaveLength(0);
  });
});

describe("search and the unused filter", () => {
  it("finds images by alt text or file name, literally, and lists the ones nothing uses", async () => {
    const add = (originalName: string, altText: string) => addToLibrary({ bytes: smallPngBytes, originalName, altText, createdBy: actor }, files);
    const smallPngBytes = await smallPng();
    const bridge = await add("bridge.png", "Harbour footbridge at dusk");
    await add("school_100%.png", "Earthquake-safe school in Nepal");
    const hero = await add("tower.png", "Riverside tower crane");
    const author = await add("portrait.png", "Portrait of the author");
    await db.insert(cmsProjects).values({ slug: "p", title: "Harbour Footbridge", category: "commercial", heroImage: hero.url, images: ["/elsewhere.jpg", bridge.url] });
    await db.insert(insights).values({ slug: "i", title: "Notes", authorImage: author.url });
    const inBody = await add("figure.png", "Shake-table test of a school frame");
    await db.insert(insights).values({
      slug: "j",
      title: "Shake tables",
      content: [{ type: "paragraph", content: "Before." }, { type: "image", mediaId: inBody.id, alt: "The frame on the table" }],
    });

    const alts = (items: { altText: string }[]) => items.map((i) => i.altText).sort();
    expect(alts(await listLibrary({ q: "FOOTBRIDGE" }, files))).toEqual(["Harbour footbridge at dusk"]);
    expect(alts(await listLibrary({ q: "school_100%" }, files))).toEqual(["Earthquake-safe school in Nepal"]);
    expect(await listLibrary({ q: "100_%" }, files)).toEqual([]);
    expect(await listLibrary({ q: "l%" }, files)).toEqual([]);
    expect(alts(await listLibrary({ unused: true }, files))).toEqual(["Earthquake-safe school in Nepal"]);
    expect(await listLibrary({ unused: true, q: "bridge" }, files)).toEqual([]);
    expect(await listLibrary({}, files)).toHaveLength(5);

    await db.delete(cmsProjects);
    expect(alts(await listLibrary({ unused: true }, files))).toEqual(["Earthquake-safe school in Nepal", "Harbour footbridge at dusk", "Riverside tower crane"]);
    // The article's image block is the only use of its image: deleting it is refused, naming the article.
    const refused = await deleteMedia(inBody.id, actor, files);
    expect(refused.ok ? "" : refused.message).toBe("This image is still used by the article 'Shake tables' (article body). Choose another image there first.");
    // A translation's body alone keeps it in use too (ADR 33).
    const [article] = await db.select().from(insights).where(eq(insights.slug, "j"));
    await db.update(insights).set({ content: [{ type: "paragraph", content: "Before." }] }).where(eq(insights.id, article!.id));
    const french = { fields: { content: [{ type: "image" as const, mediaId: inBody.id, alt: "Le cadre sur la table" }] }, fallback: [] };
    await db.insert(contentTranslations).values({ entityType: "insight", entityId: article!.id, language: "fr", slug: "tables", draft: french, sourceVersion: 1, sourceDigest: "-" });
    expect(alts(await listLibrary({ unused: true }, files))).not.toContain("Shake-table test of a school frame");
    const stillRefused = await deleteMedia(inBody.id, actor, files);
    expect(stillRefused.ok ? "" : stillRefused.message).toBe("This image is still used by the article 'Shake tables' (translated article body). Choose another image there first.");
    await db.delete(contentTranslations);
    await db.delete(insights);
    expect(await listLibrary({ unused: true }, files)).toHaveLength(5);
  });

  it("counts an image a site page names as used, in its draft, published or scheduled version, and refuses to delete it", async () => {
    const bytes = await smallPng();
    const slide = await addToLibrary({ bytes, originalName: "slide.png", altText: "Hero slide", createdBy: actor }, files);
    const logo = await addToLibrary({ bytes, originalName: "logo.png", altText: "Partner logo", createdBy: actor }, files);
    const portrait = await addToLibrary({ bytes, originalName: "portrait.png", altText: "Founder portrait", createdBy: actor }, files);
    await addToLibrary({ bytes, originalName: "spare.png", altText: "Spare photo", createdBy: actor }, files);
    const home = structuredClone(SITE_PAGE_SEED.home);
    home.hero.slides[1]!.image = { src: slide.url, alt: "Hero slide" };
    const scheduled = structuredClone(home);
    scheduled.partners.partners[0]!.logo = { src: logo.url, alt: "Partner logo" };
    const about = structuredClone(SITE_PAGE_SEED.about);
    about.team.people[0]!.photo = { src: portrait.url, alt: "Founder portrait" };
    await db.insert(sitePages).values([
      { key: "home", draft: home, published: SITE_PAGE_SEED.home, scheduled, scheduledAt: new Date(Date.now() + 86_400_000) },
      { key: "about", draft: SITE_PAGE_SEED.about, published: about },
    ]);
    const alts = (items: { altText: string }[]) => items.map((i) => i.altText).sort();
    expect(alts(await listLibrary({ unused: true }, files))).toEqual(["Spare photo"]);
    // Nor can such an image be deleted while the page names it.
    const refused = await deleteMedia(slide.id, actor, files);
    expect(refused).toMatchObject({ ok: false, status: 409, message: "This image is still used by the site page 'Home'. Choose another image there first." });
    expect(await db.select().from(media)).toHaveLength(4);
  });
});
