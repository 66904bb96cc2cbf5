/**
 * WordPress imports run from the portal: an upload is streamed to a private file and planned (the
 * dry run stored, audited); a file that is not an export, or one past 100 MB, is refused with the
 * reason and nothing is kept; applying is a job that goes a window at a time, holds a lease
 * (another instance does not take a held run), goes on from its stored progress once the lease
 * lapses (a restart), ends with the same articles as the command line and deletes the file; a
 * run whose file another instance holds is left to it.
 */
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

const DATA_DIR = vi.hoisted(() => {
  const dir = `${process.env.TMPDIR ?? "/tmp"}/wxr-runs-${process.pid}-${Date.now()}`;
  process.env.DATA_DIR = dir;
  process.env.WORDPRESS_ALLOW_PRIVATE = "true";
  return dir;
});

import { db } from "~/db/client.server";
import { adminUsers, auditLog, insights, redirects, user, wordpressImportRuns } from "~/db/schema";
import { setupTestDatabase } from "../../../tests/setup/database";
import { authorField, BYLINE, categoryField, MAX_EXPORT_BYTES } from "./import-form";
import { closeParser } from "./parse.server";
import { applyDueRuns, getRun, mappingFromForm, startRun, uploadExport } from "./runs.server";
import { exportsDir } from "./upload.server";

setupTestDatabase();

const FIXTURES = path.resolve(import.meta.dirname, "../../../tests/fixtures/wordpress");
const manager = { userId: "u-manager", email: "manager@staff.test", name: "Morgan Manager" };
let server: Server;
let dir = "";
let CLASSIC = "";

beforeAll(async () => {
  // The old site's pictures: every one answers 404 (the test never reaches the internet).
  server = createServer((_req, res) => res.writeHead(404).end());
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  dir = await mkdtemp(path.join(tmpdir(), "wxr-runs-src-"));
  CLASSIC = path.join(dir, "themeunittestdata.wordpress.xml");
  const text = await readFile(path.join(FIXTURES, "themeunittestdata.wordpress.xml"), "utf8");
  await writeFile(CLASSIC, text.replace(/https:\/\/(?:wpthemetestdata\.files\.wordpress\.com|upload\.wikimedia\.org)/g, `${origin}/pictures`));
});
afterAll(async () => {
  await closeParser();
  await new Promise((resolve) => server.close(resolve));
  await rm(dir, { recursive: true, force: true });
  await rm(DATA_DIR, { recursive: true, force: true });
});

/** The upload of `body` as the browser posts it (multipart/form-data). */
function uploadRequest(body: Blob, name: string): Request {
  const form = new FormData();
  form.set("file", body, name);
  return new Request("http://localhost/admin/site/wordpress", { method: "POST", body: form });
}

async function seedManager() {
  await db.insert(user).values({ id: manager.userId, name: manager.name, email: manager.email, emailVerified: true });
  await db.insert(adminUsers).values({ userId: manager.userId, name: manager.name, email: manager.email, role: "admin" });
}

describe("WordPress imports from the portal", () => {
  it("streams an upload to a private file, stores its dry run and audits it; refuses what is not an export, and what is too large, keeping nothing", async () => {
    await seedManager();
    const uploaded = await uploadExport(manager, uploadRequest(new Blob([await readFile(CLASSIC)]), "site.WordPress.2026-11-28.xml"));
    if (!uploaded.ok) throw new Error(uploaded.message);
    const run = await getRun(uploaded.id);
    expect(run).toMatchObject({ status: "planned", fileName: "site.WordPress.2026-11-28.xml", uploadedBy: manager.name, done: 0, total: 58 + 21 + 37 });
    expect(run!.plan.totals.menu).toEqual({ create: 0, update: 0, skip: 70 });
    const [row] = await db.select({ filePath: wordpressImportRuns.filePath }).from(wordpressImportRuns);
    expect(path.dirname(row!.filePath!)).toBe(exportsDir());
    expect((await stat(row!.filePath!)).mode & 0o777).toBe(0o600);
    expect((await stat(exportsDir())).mode & 0o777).toBe(0o700);
    expect(await db.select({ action: auditLog.action, actor: auditLog.actorUserId }).from(auditLog)).toEqual([{ action: "wordpress_import.uploaded", actor: manager.userId }]);

    const notExport = await uploadExport(manager, uploadRequest(new Blob([await readFile(path.join(FIXTURES, "README.md"))]), "README.md"));
    expect(notExport).toMatchObject({ ok: false, status: 400, message: expect.stringContaining("not a readable WordPress export") });
    const empty = await uploadExport(manager, uploadRequest(new Blob([]), "empty.xml"));
    expect(empty).toEqual({ ok: false, status: 400, message: "Choose a WordPress export file (.xml) to upload." });

    // Past 100 MB, sent without a length (streamed): cut off, 413, and nothing of it kept.
    // In pieces of 64 KB, as a socket delivers a body; the same piece each time, so the body's bytes
    // are never new memory unless the upload keeps them.
    const chunk = new Uint8Array(64 * 1024).fill(0x20);
    let sent = 0;
    const boundary = "----wxrboundary";
    const head = new TextEncoder().encode(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="huge.xml"\r\nContent-Type: text/xml\r\n\r\n`);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(head);
      },
      pull(controller) {
        if (sent > MAX_EXPORT_BYTES + 2 * chunk.length) return controller.close();
        sent += chunk.length;
        controller.enqueue(chunk);
      },
    });
    // What the upload holds: this thread's JavaScript heap and its buffers' memory, at their peak
    // (sampled meanwhile and at the end, before any collection could free a copy). Not the
    // resident size, which also grows as V8 enlarges its young generation under the allocation
    // rate (by 70-90 MB in the whole suite) and shrinks when it pleases.
    const held = () => {
      const { heapUsed, arrayBuffers } = process.memoryUsage();
      return heapUsed + arrayBuffers;
    };
    const before = held();
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, held())), 10);
    const huge = await uploadExport(manager, new Request("http://localhost/admin/site/wordpress", { method: "POST", body: stream, headers: { "content-type": `multipart/form-data; boundary=${boundary}` }, duplex: "half" } as RequestInit));
    clearInterval(sampler);
    peak = Math.max(peak, held());
    expect(huge).toMatchObject({ ok: false, status: 413, message: expect.stringContaining("larger than 100 MB") });
    expect(peak - before).toBeLessThan(64 * 1024 * 1024);
    expect(await readdir(exportsDir())).toEqual([path.basename(row!.filePath!)]);
    expect(await db.select({ n: count() }).from(wordpressImportRuns)).toEqual([{ n: 1 }]);
  });

  it("applies a run as a job, a window at a time, goes on after a lapsed lease, and deletes the file when done", async () => {
    await seedManager();
    // A member of staff with an author's e-mail: mapped to them unless staff keep the byline, as here.
    await db.insert(user).values({ id: "u-theme", name: "Theme Reviewer", email: "themereviewteam@gmail.com", emailVerified: true });
    await db.insert(adminUsers).values({ userId: "u-theme", name: "Theme Reviewer (staff)", email: "themereviewteam@gmail.com", role: "editor" });
    const uploaded = await uploadExport(manager, uploadRequest(new Blob([await readFile(CLASSIC)]), "export.xml"));
    if (!uploaded.ok) throw new Error(uploaded.message);
    const run = (await getRun(uploaded.id))!;
    const [{ filePath }] = (await db.select({ filePath: wordpressImportRuns.filePath }).from(wordpressImportRuns)) as [{ filePath: string }];
    expect(await readdir(exportsDir())).toContain(path.basename(filePath));
    const form = new FormData();
    form.set("defaultCategory", "Case Study");
    form.set(categoryField("markup"), "Technical Guide");
    form.set(authorField("themedemos"), manager.userId);
    form.set(authorField("themereviewteam"), BYLINE);
    const mapping = await mappingFromForm(run.plan, form);
    if (!mapping.ok) throw new Error(mapping.message);
    expect(mapping.mapping.authors).toEqual({ themedemos: manager.userId, themereviewteam: null });
    const bad = new FormData();
    bad.set("defaultCategory", "Gossip");
    expect(await mappingFromForm(run.plan, bad)).toEqual({ ok: false, message: "Choose the default category from the list." });
    // A user id that is no active member of staff (a forged form) is refused like a wrong category.
    form.set(authorField("themedemos"), "u-nobody");
    expect(await mappingFromForm(run.plan, form)).toEqual({ ok: false, message: "Choose a member of staff for Theme Buster, or keep the byline." });
    form.set(authorField("themedemos"), manager.userId);

    expect(await applyDueRuns()).toBeNull();
    expect(await startRun(manager, run.id, mapping.mapping)).toBe(true);
    expect(await startRun(manager, run.id, mapping.mapping)).toBe(false);

    // The first turn: 20 posts, then it lets go.
    expect(await applyDueRuns(new Date(), { window: 20 })).toBe(run.id);
    const first = (await getRun(run.id))!;
    expect(first).toMatchObject({ status: "applying", done: 20, total: 58 + 21 + 37 });
    expect(first.report!.totals.created).toBe(20);
    expect(await db.select({ n: count() }).from(insights)).toEqual([{ n: 20 }]);

    // Another instance holds it: this one leaves it alone. Its lease lapses (it stopped): taken over.
    await db.update(wordpressImportRuns).set({ leaseUntil: new Date(Date.now() + 60_000) });
    expect(await applyDueRuns()).toBeNull();
    await db.update(wordpressImportRuns).set({ leaseUntil: new Date(Date.now() - 1) });
    expect(await applyDueRuns()).toBe(run.id);

    const finished = (await getRun(run.id))!;
    expect(finished).toMatchObject({ status: "done", done: 116, total: 116 });
    expect(finished.report!.totals).toEqual({ created: 79, updated: 0, unchanged: 0, kept: 0, failed: 0 });
    expect(finished.report!.media.failed.length).toBeGreaterThan(0);
    expect(await db.select({ n: count() }).from(insights)).toEqual([{ n: 79 }]);
    const [markup] = await db.select().from(insights).where(eq(insights.slug, "markup-html-tags-and-formatting"));
    expect(markup).toMatchObject({ category: "Technical Guide", authorName: manager.name });
    const byAuthor = await db.select({ name: insights.authorName, n: count() }).from(insights).groupBy(insights.authorName).orderBy(insights.authorName);
    expect(byAuthor.map((a) => a.name)).toEqual(expect.arrayContaining([manager.name, "Theme Reviewer"]));
    expect(byAuthor.map((a) => a.name)).not.toContain("Theme Reviewer (staff)");
    expect(Number((await db.select({ n: count() }).from(redirects))[0]!.n)).toBe(finished.report!.redirects);
    const [row] = await db.select({ filePath: wordpressImportRuns.filePath }).from(wordpressImportRuns);
    expect(row!.filePath).toBeNull();
    expect(await readdir(exportsDir())).not.toContain(path.basename(filePath));
    expect((await db.select({ action: auditLog.action }).from(auditLog).orderBy(auditLog.id)).map((a) => a.action).filter((a) => a.startsWith("wordpress_import"))).toEqual([
      "wordpress_import.uploaded",
      "wordpress_import.applied",
      "wordpress_import.finished",
    ]);
  });

  it("leaves a run whose file is on another instance's disk to that instance, and fails it once nobody has had the file for a day", async () => {
    await seedManager();
    const uploaded = await uploadExport(manager, uploadRequest(new Blob([await readFile(CLASSIC)]), "export.xml"));
    if (!uploaded.ok) throw new Error(uploaded.message);
    expect(await startRun(manager, uploaded.id, {})).toBe(true);
    const [{ filePath }] = (await db.select({ filePath: wordpressImportRuns.filePath }).from(wordpressImportRuns)) as [{ filePath: string }];
    await rm(filePath);
    expect(await applyDueRuns()).toBeNull();
    expect(await getRun(uploaded.id)).toMatchObject({ status: "applying", done: 0 });
    await db.update(wordpressImportRuns).set({ createdAt: new Date(Date.now() - 25 * 60 * 60_000) });
    expect(await applyDueRuns()).toBe(uploaded.id);
    expect(await getRun(uploaded.id)).toMatchObject({ status: "failed", error: "The uploaded file is no longer here: upload it again." });
    expect(await db.select({ n: count() }).from(insights)).toEqual([{ n: 0 }]);
  });
});
