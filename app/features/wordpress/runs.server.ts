/**
 * WordPress imports run from the portal (Admin > Site > Import from WordPress), as rows of
 * `wordpress_import_runs`:
 *
 * 1. **Upload** (`uploadExport`): the file is streamed to DATA_DIR (`upload.server.ts`), its dry
 *    run made in the parsing worker (`dryRunImport`, the command line's), and the run stored as
 *    "planned" with the dry run. A file that is not a WordPress export is deleted and refused with
 *    the reason; nothing is stored.
 * 2. **Apply** (`startRun`): staff's mapping of categories and authors is stored and the run
 *    becomes "applying". Nothing is written to the articles yet.
 * 3. **The job** (`applyDueRuns`, a periodic task): claims one applying run whose lease has lapsed
 *    (`FOR UPDATE SKIP LOCKED`, then a lease of RUN_LEASE_MS, renewed while it works), applies it with `applySteps` (the
 *    command line's code) a window of STEP_WINDOW posts and a time budget of STEP_BUDGET_MS at a
 *    time, and stores the progress and the report after each batch, renewing the lease. A run
 *    left by a stopped instance is taken over when its lease lapses and goes on from its last
 *    stored progress (every item is matched by GUID, so a batch applied twice writes nothing new).
 *    The file is on the disk of the instance that received it: with several instances and no
 *    shared DATA_DIR, only that one applies it (the others let go of it at once).
 * 4. **The end**: "done" (or "failed" with the reason); the uploaded file is deleted. A run nobody
 *    applied is discarded, its file deleted, after UNAPPLIED_RETENTION_MS, or when staff discard it.
 *
 * Upload, apply, discard and the end are audited.
 */
import { existsSync } from "node:fs";
import { rm } from "node:fs/promises";
import { and, desc, eq, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { adminUsers, wordpressImportRuns } from "~/db/schema";
import { recordAudit, type AuditActor } from "~/features/audit/audit.server";
import type { CmsActor } from "~/features/cms/content.server";
import { INSIGHT_CATEGORIES, type InsightCategory } from "~/features/insights/kind";
import { logger } from "~/utils/logger.server";
import { applySteps, initialApplyState, type ApplyReport, type ImportMapping } from "./apply.server";
import { mapAuthors, type AuthorChoice } from "./authors.server";
import { dryRunImport, type DryRun } from "./dry-run.server";
import { authorField, BYLINE, categoryField, type RunSummary, type RunView } from "./import-form";
import { ExportUploadError, receiveExport } from "./upload.server";

/** How long a claimed run is held by the instance applying it before another may take it over (ms). */
export const RUN_LEASE_MS = 2 * 60_000;
/** How long one turn of the job applies a run before it lets go (ms); the next turn goes on. */
export const STEP_BUDGET_MS = 20_000;
/** Most posts and pages whose bodies one turn reads: bounds the memory of a large export. */
export const STEP_WINDOW = 200;
/** How long an uploaded export nobody applies is kept (ms): a day. */
export const UNAPPLIED_RETENTION_MS = 24 * 60 * 60_000;

/** Units a dry run applies: the posts and pages it creates or updates, and the attachments. */
function unitsOf(plan: DryRun): number {
  return plan.totals.post.create + plan.totals.post.update + plan.totals.page.create + plan.totals.page.update + plan.totals.attachment.create;
}

/**
 * Receives an export uploaded by `actor` (see `receiveExport` for the limits), makes its dry run
 * and stores the run as "planned". Returns its id, or `{ ok: false, status, message }` (413 too
 * large, 415/400 not an upload, 400 not a readable WordPress export) with nothing kept.
 */
export async function uploadExport(actor: CmsActor, request: Request): Promise<{ ok: true; id: string } | { ok: false; status: number; message: string }> {
  let received;
  try {
    received = await receiveExport(request);
  } catch (error) {
    if (error instanceof ExportUploadError) return { ok: false, status: error.status, message: error.message };
    throw error;
  }
  const result = await dryRunImport(received.file).catch(async (error: unknown) => {
    await rm(received.file, { force: true });
    throw error;
  });
  if (!result.ok) {
    await rm(received.file, { force: true });
    return { ok: false, status: 400, message: result.message };
  }
  const id = await db.transaction(async (tx) => {
    const [run] = await tx
      .insert(wordpressImportRuns)
      .values({ fileName: received.name, filePath: received.file, fileBytes: received.bytes, uploadedBy: actor.userId, plan: result.dryRun, total: unitsOf(result.dryRun) })
      .returning({ id: wordpressImportRuns.id });
    await recordAudit(tx, {
      actor,
      action: "wordpress_import.uploaded",
      entityType: "wordpress_import_run",
      entityId: run!.id,
      details: { fileName: received.name, bytes: received.bytes, site: result.dryRun.site.link, totals: result.dryRun.totals },
    });
    return run!.id;
  });
  return { ok: true, id };
}

/**
 * The mapping staff chose on the dry run's form: `category:<slug>` (an article category, or ""
 * for the default) for each WordPress category, `defaultCategory`, and `author:<login>` (a member
 * of staff's user id, or "byline") for each author (checked by `mapAuthors`). Returns the
 * mapping, or the message of the first value that is not one the form offers.
 */
export async function mappingFromForm(plan: DryRun, form: FormData): Promise<{ ok: true; mapping: ImportMapping } | { ok: false; message: string }> {
  const isCategory = (v: string): v is InsightCategory => (INSIGHT_CATEGORIES as readonly string[]).includes(v);
  const defaultCategory = String(form.get("defaultCategory") ?? "");
  if (!isCategory(defaultCategory)) return { ok: false, message: "Choose the default category from the list." };
  const categories: Record<string, InsightCategory> = {};
  for (const term of plan.categories) {
    const value = String(form.get(categoryField(term.slug)) ?? "");
    if (value === "") continue;
    if (!isCategory(value)) return { ok: false, message: `Choose an article category for "${term.name}" from the list.` };
    categories[term.slug] = value;
  }
  const choices = Object.fromEntries(
    plan.authors.map((author): [string, AuthorChoice] => {
      const value = String(form.get(authorField(author.login)) ?? BYLINE);
      return [author.login, value === BYLINE ? "byline" : { userId: value }];
    }),
  );
  const authors = await mapAuthors(plan, choices);
  if (!authors.ok) return authors;
  return { ok: true, mapping: { categories, defaultCategory, authors: authors.authors } };
}

/** The staff a WordPress author may be mapped to: active members, by name. */
export async function staffChoices(): Promise<{ userId: string; name: string }[]> {
  return db.select({ userId: adminUsers.userId, name: adminUsers.name }).from(adminUsers).where(eq(adminUsers.isActive, true)).orderBy(adminUsers.name);
}

/** The runs, newest first (the 20 latest), for the upload screen's list. */
export async function listRuns(): Promise<RunSummary[]> {
  const rows = await db
    .select({ id: wordpressImportRuns.id, fileName: wordpressImportRuns.fileName, uploadedBy: adminUsers.name, status: wordpressImportRuns.status, done: wordpressImportRuns.done, total: wordpressImportRuns.total, createdAt: wordpressImportRuns.createdAt, site: sql<string>`${wordpressImportRuns.plan}->'site'->>'title'` })
    .from(wordpressImportRuns)
    .leftJoin(adminUsers, eq(adminUsers.userId, wordpressImportRuns.uploadedBy))
    .orderBy(desc(wordpressImportRuns.createdAt))
    .limit(20);
  return rows.map((r) => ({ ...r, site: r.site ?? "", createdAt: r.createdAt.toISOString() }));
}

/** One run as its screen shows it, or null when there is none with that id. */
export async function getRun(id: string): Promise<RunView | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const [row] = await db
    .select({ run: wordpressImportRuns, uploadedBy: adminUsers.name })
    .from(wordpressImportRuns)
    .leftJoin(adminUsers, eq(adminUsers.userId, wordpressImportRuns.uploadedBy))
    .where(eq(wordpressImportRuns.id, id));
  if (!row) return null;
  const { run } = row;
  return {
    id: run.id,
    fileName: run.fileName,
    fileBytes: run.fileBytes,
    uploadedBy: row.uploadedBy,
    status: run.status,
    done: run.done,
    total: run.total,
    plan: run.plan as DryRun,
    mapping: run.mapping as RunView["mapping"],
    report: run.report as ApplyReport | null,
    error: run.error,
    createdAt: run.createdAt.toISOString(),
    finishedAt: run.finishedAt?.toISOString() ?? null,
  };
}

/**
 * Asks for the planned run `id` to be applied by the job with `mapping`, as `actor`. False when
 * the run is not planned (already applying, done, discarded, or gone).
 */
export async function startRun(actor: AuditActor, id: string, mapping: ImportMapping): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [run] = await tx
      .update(wordpressImportRuns)
      .set({ status: "applying", mapping, updatedAt: new Date() })
      .where(and(eq(wordpressImportRuns.id, id), eq(wordpressImportRuns.status, "planned"), isNotNull(wordpressImportRuns.filePath)))
      .returning({ id: wordpressImportRuns.id });
    if (!run) return false;
    await recordAudit(tx, { actor, action: "wordpress_import.applied", entityType: "wordpress_import_run", entityId: id, details: { mapping } });
    return true;
  });
}

/** Discards the planned run `id` as `actor`: its file is deleted. False when it is not planned. */
export async function discardRun(actor: AuditActor, id: string): Promise<boolean> {
  const file = await db.transaction(async (tx) => {
    const [run] = await tx
      .select({ filePath: wordpressImportRuns.filePath })
      .from(wordpressImportRuns)
      .where(and(eq(wordpressImportRuns.id, id), eq(wordpressImportRuns.status, "planned")))
      .for("update");
    if (!run) return undefined;
    await tx.update(wordpressImportRuns).set({ status: "discarded", filePath: null, finishedAt: new Date(), updatedAt: new Date() }).where(eq(wordpressImportRuns.id, id));
    await recordAudit(tx, { actor, action: "wordpress_import.discarded", entityType: "wordpress_import_run", entityId: id });
    return run.filePath;
  });
  if (file) await rm(file, { force: true });
  return file !== undefined;
}

/**
 * Claims one applying run whose lease has lapsed (or was never taken) and holds it for
 * RUN_LEASE_MS; null when there is none. Two instances never claim the same run.
 */
async function claimRun(now: Date) {
  return db.transaction(async (tx) => {
    const [run] = await tx
      .select()
      .from(wordpressImportRuns)
      .where(and(eq(wordpressImportRuns.status, "applying"), or(isNull(wordpressImportRuns.leaseUntil), lt(wordpressImportRuns.leaseUntil, now))))
      .orderBy(wordpressImportRuns.createdAt)
      .limit(1)
      .for("update", { skipLocked: true });
    if (!run) return null;
    const [claimed] = await tx
      .update(wordpressImportRuns)
      .set({ leaseUntil: new Date(now.getTime() + RUN_LEASE_MS), startedAt: run.startedAt ?? now, updatedAt: now })
      .where(eq(wordpressImportRuns.id, run.id))
      .returning();
    return claimed!;
  });
}

/** Ends the run `id` as "done" or "failed" (with `error`), deletes its file, and audits the end with the totals. */
async function finishRun(id: string, file: string | null, outcome: { status: "done" | "failed"; error?: string; report?: ApplyReport; done?: number; total?: number }, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(wordpressImportRuns)
      .set({ status: outcome.status, error: outcome.error ?? null, filePath: null, leaseUntil: null, finishedAt: now, updatedAt: now, ...(outcome.report ? { report: outcome.report } : {}), ...(outcome.done !== undefined ? { done: outcome.done, total: outcome.total } : {}) })
      .where(eq(wordpressImportRuns.id, id));
    await recordAudit(tx, {
      actor: null,
      action: outcome.status === "done" ? "wordpress_import.finished" : "wordpress_import.failed",
      entityType: "wordpress_import_run",
      entityId: id,
      details: outcome.report ? { totals: outcome.report.totals, redirects: outcome.report.redirects, picturesFailed: outcome.report.media.failed.length } : { error: outcome.error },
    });
  });
  if (file) await rm(file, { force: true });
}

/**
 * One turn of the job: claims a run (see `claimRun`) and applies it for STEP_BUDGET_MS (or
 * `turn.budgetMs`), STEP_WINDOW posts and pages at most (or `turn.window`), storing
 * the progress after each batch; ends it when every unit is applied. Returns the id of the run
 * it worked on, or null when none was due. A run that fails (its file unreadable, an error
 * writing it) is marked failed with the reason and its file deleted.
 */
export async function applyDueRuns(now: Date = new Date(), turn: { window?: number; budgetMs?: number } = {}): Promise<string | null> {
  await discardUnapplied(now);
  const run = await claimRun(now);
  if (!run) return null;
  const applier = run.uploadedBy ? (await db.select({ userId: adminUsers.userId, email: adminUsers.email, name: adminUsers.name }).from(adminUsers).where(eq(adminUsers.userId, run.uploadedBy)))[0] : undefined;
  const actor = applier ?? { userId: "import:wordpress", email: "", name: "WordPress import" };
  const state = run.report ? { done: run.done, report: run.report as ApplyReport, since: run.startedAt ?? now } : initialApplyState(run.startedAt ?? now);
  if (!run.filePath || !existsSync(run.filePath)) {
    // The file is on another instance's disk (DATA_DIR not shared): that instance applies it. Past
    // UNAPPLIED_RETENTION_MS nobody has, and the run fails.
    if (run.createdAt.getTime() > now.getTime() - UNAPPLIED_RETENTION_MS) {
      await db.update(wordpressImportRuns).set({ leaseUntil: null }).where(eq(wordpressImportRuns.id, run.id));
      return null;
    }
    await finishRun(run.id, run.filePath, { status: "failed", error: "The uploaded file is no longer here: upload it again." }, new Date());
    return run.id;
  }
  // One unit may take minutes (a gallery of pictures that time out): the lease is renewed while the turn runs.
  const heartbeat = setInterval(() => {
    db.update(wordpressImportRuns)
      .set({ leaseUntil: new Date(Date.now() + RUN_LEASE_MS) })
      .where(and(eq(wordpressImportRuns.id, run.id), eq(wordpressImportRuns.status, "applying")))
      .catch((error: unknown) => logger.warn({ err: error, run: run.id }, "WordPress import lease not renewed"));
  }, RUN_LEASE_MS / 4);
  try {
    const result = await applySteps(run.filePath, actor, (run.mapping ?? {}) as ImportMapping, state, {
      window: turn.window ?? STEP_WINDOW,
      deadline: Date.now() + (turn.budgetMs ?? STEP_BUDGET_MS),
      onBatch: async (progress, total) => {
        await db
          .update(wordpressImportRuns)
          .set({ done: progress.done, total, report: progress.report, leaseUntil: new Date(Date.now() + RUN_LEASE_MS), updatedAt: new Date() })
          .where(eq(wordpressImportRuns.id, run.id));
      },
    }).finally(() => clearInterval(heartbeat));
    if (!result.ok) await finishRun(run.id, run.filePath, { status: "failed", error: result.message }, new Date());
    else if (result.finished) await finishRun(run.id, run.filePath, { status: "done", report: result.state.report, done: result.state.done, total: result.total }, new Date());
    // Not finished: let go at once, so the next turn (here or on another instance) goes on.
    else await db.update(wordpressImportRuns).set({ leaseUntil: null }).where(eq(wordpressImportRuns.id, run.id));
  } catch (error) {
    logger.error({ err: error, run: run.id }, "WordPress import failed");
    await finishRun(run.id, run.filePath, { status: "failed", error: "Applying stopped on an error; what was written so far is kept. Upload the file again to go on: items already imported are not written twice." }, new Date());
  }
  return run.id;
}

/** Discards runs planned more than UNAPPLIED_RETENTION_MS before `now` and deletes their files. */
async function discardUnapplied(now: Date): Promise<void> {
  const stale = await db
    .select({ id: wordpressImportRuns.id, filePath: wordpressImportRuns.filePath })
    .from(wordpressImportRuns)
    .where(and(eq(wordpressImportRuns.status, "planned"), lt(wordpressImportRuns.createdAt, new Date(now.getTime() - UNAPPLIED_RETENTION_MS))));
  for (const run of stale) {
    const [discarded] = await db
      .update(wordpressImportRuns)
      .set({ status: "discarded", filePath: null, finishedAt: now, updatedAt: now })
      .where(and(eq(wordpressImportRuns.id, run.id), eq(wordpressImportRuns.status, "planned")))
      .returning({ id: wordpressImportRuns.id });
    if (discarded && run.filePath) await rm(run.filePath, { force: true });
  }
}
