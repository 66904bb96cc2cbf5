/**
 * Writes of the content studio shared by projects and insights: create with a unique
 * slug, save with an edit-conflict check, status changes (archive, restore, unpublish), delete,
 * and the revision kept by every save. Each write is one transaction: the row, its revision and
 * its audit entry are written together or not at all.
 *
 * Publication: `published` + a date at or before now is live, `published` +
 * a future date is scheduled, `draft` has no date, `archived` is never public.
 */
import { and, type AnyColumn, desc, eq, gt, isNull, like, lte, or, type SQL, sql } from "drizzle-orm";
import { db, type Transaction } from "~/db/client.server";
import { cmsProjects, cmsRevisions, contentTranslations, insights } from "~/db/schema";
import { isUniqueViolation } from "~/db/sql";
import { recordAudit } from "~/features/audit/audit.server";
import type { Publication } from "./form-values";
import { formatUkDateTime, type ContentStatus } from "./publication";
import type { ContentKindName, ContentStatusFilter } from "./kinds";
import { slugCandidate, slugify } from "./slug";

/** The two kinds of content. */
export type ContentKind = ContentKindName;
/** Everything the studio keeps revisions of: the two kinds, and the site's pages. */
export type RevisedKind = ContentKind | "page";

/** How a conflict message names an item of each kind. */
const KIND_NOUNS: Record<RevisedKind, string> = { project: "project", insight: "post", page: "page" };

/** The member of staff saving: for the audit log and the revision's author. */
export type CmsActor = { userId: string; email: string; name: string };

/** Revisions kept per item; older ones are deleted on save. */
export const REVISIONS_KEPT = 50;

// Both tables have id, slug, title, version and updated_at; the status and date columns differ.
const KINDS = {
  project: { table: cmsProjects, status: "displayStatus", date: "publishedAt", fallbackSlug: "project" },
  insight: { table: insights, status: "status", date: "publishedDate", fallbackSlug: "post" },
} as const;

type AnyTable = typeof cmsProjects;
const tableOf = (kind: ContentKind) => KINDS[kind].table as unknown as AnyTable;
/**
 * The SQL condition of an admin list's display-status filter at `now`: published splits into live
 * (no date, or a date at or before now) and scheduled (a future date); undefined for all.
 */
export function contentStatusCondition(kind: ContentKind, status: ContentStatusFilter, now: Date): SQL | undefined {
  const columns = KINDS[kind].table as unknown as Record<string, AnyColumn>;
  const stored = columns[KINDS[kind].status]!;
  const date = columns[KINDS[kind].date]!;
  switch (status) {
    case "all":
      return undefined;
    case "published":
      return and(eq(stored, "published"), or(isNull(date), lte(date, now)));
    case "scheduled":
      return and(eq(stored, "published"), gt(date, now));
    default:
      return eq(stored, status);
  }
}

/** A saved row as revisions and the audit log see it (pages pass their key as slug, their name as title). */
export type Row = Record<string, unknown> & { id: string; slug: string; title: string; version: number; updatedAt: Date };

/** Column values of a save, by Drizzle property name (never slug, status, date, version). */
export type ContentValues = Record<string, unknown> & { title: string };

/** The outcome of a change to an existing item. */
export type ChangeResult =
  | { ok: true; id: string; slug: string; version: number; status: ContentStatus; publishedAt: Date | null }
  | { ok: false; reason: "missing" }
  | { ok: false; reason: "conflict"; message: string };

function publicationColumns(kind: ContentKind, publication: Publication, now: Date): Record<string, unknown> {
  const { status, date } = KINDS[kind];
  switch (publication.intent) {
    case "draft":
      return { [status]: "draft", [date]: null };
    case "publish":
      return { [status]: "published", [date]: now };
    case "schedule":
      return { [status]: "published", [date]: publication.at };
    case "keep":
      return {};
  }
}

/** The audit verb of a save: what happened to publication, else "updated"/"created". */
function saveAction(before: ContentStatus | null, publication: Publication): string {
  if (publication.intent === "publish") return "published";
  if (publication.intent === "schedule") return "scheduled";
  if (publication.intent === "draft" && before === "published") return "unpublished";
  return before === null ? "created" : "updated";
}

/**
 * Keeps `row` as a revision of its item in `language` ("en": the item itself; another language:
 * its translation, `row.id` still the item's id) and deletes all but that language's newest
 * REVISIONS_KEPT.
 */
export async function recordRevision(tx: Transaction, kind: RevisedKind, row: Row, action: string, actor: CmsActor, language = "en"): Promise<void> {
  await tx.insert(cmsRevisions).values({
    entityType: kind,
    entityId: row.id,
    language,
    version: row.version,
    action,
    snapshot: JSON.parse(JSON.stringify(row)) as Record<string, unknown>,
    authorUserId: actor.userId,
    authorName: actor.name || actor.email,
  });
  await tx.execute(sql`
    delete from ${cmsRevisions}
    where ${cmsRevisions.entityType} = ${kind} and ${cmsRevisions.entityId} = ${row.id} and ${cmsRevisions.language} = ${language}
      and ${cmsRevisions.id} not in (
        select ${cmsRevisions.id} from ${cmsRevisions}
        where ${cmsRevisions.entityType} = ${kind} and ${cmsRevisions.entityId} = ${row.id} and ${cmsRevisions.language} = ${language}
        order by ${cmsRevisions.id} desc limit ${REVISIONS_KEPT})`);
}

/** The audit entry `{kind}.{action}` of a change, with the item's title and slug. */
export async function audit(tx: Transaction, kind: RevisedKind, actor: CmsActor, action: string, row: Row, details: Record<string, unknown> = {}) {
  await recordAudit(tx, {
    actor: { userId: actor.userId, email: actor.email },
    action: `${kind}.${action}`,
    entityType: kind,
    entityId: row.id,
    details: { title: row.title, slug: row.slug, ...details },
  });
}

const resultOf = (kind: ContentKind, row: Row): ChangeResult => ({
  ok: true,
  id: row.id,
  slug: row.slug,
  version: row.version,
  status: row[KINDS[kind].status] as ContentStatus,
  publishedAt: (row[KINDS[kind].date] as Date | null) ?? null,
});

/** The smallest free slug for `base` (base, base-1, base-2 ...) as the transaction sees it now. */
async function nextFreeSlug(tx: Transaction, kind: ContentKind, base: string): Promise<string> {
  const table = tableOf(kind);
  const taken = new Set(
    (await tx.select({ slug: table.slug }).from(table).where(or(eq(table.slug, base), like(table.slug, `${base}-%`)))).map((r) => r.slug),
  );
  for (let n = 0; ; n++) if (!taken.has(slugCandidate(base, n))) return slugCandidate(base, n);
}

/**
 * Creates an item with a slug derived from its title, unique with -1, -2 ... even when two staff
 * create the same title at once (the unique index decides; a clash retries with the next number
 * inside a savepoint). Records revision 1 and the audit entry ("created", "published" or
 * "scheduled"). `publication.intent` "keep" is treated as draft. `slugBase` replaces the title as
 * the slug's base (an imported item keeps its old slug where free). Returns the new item.
 */
export async function createContent(
  kind: ContentKind,
  actor: CmsActor,
  values: ContentValues,
  publication: Publication,
  now: Date = new Date(),
  slugBase?: string,
): Promise<Extract<ChangeResult, { ok: true }>> {
  const table = tableOf(kind);
  const base = slugBase ?? slugify(values.title, KINDS[kind].fallbackSlug);
  const effective: Publication = publication.intent === "keep" ? { intent: "draft" } : publication;
  return db.transaction(async (tx) => {
    for (let attempt = 0; attempt < 25; attempt++) {
      const slug = await nextFreeSlug(tx, kind, base);
      try {
        const [row] = (await tx.transaction(async (sp) =>
          sp
            .insert(table)
            .values({ ...values, ...publicationColumns(kind, effective, now), slug, version: 1, createdAt: now, updatedAt: now } as never)
            .returning(),
        )) as unknown as Row[];
        const action = saveAction(null, effective);
        await recordRevision(tx, kind, row!, action, actor);
        await audit(tx, kind, actor, action === "updated" ? "created" : action, row!, action === "scheduled" ? { at: (row![KINDS[kind].date] as Date).toISOString() } : {});
        return resultOf(kind, row!) as Extract<ChangeResult, { ok: true }>;
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
      }
    }
    throw new Error(`Could not find a free slug for "${base}"`);
  });
}

/** Why a save was refused: who saved last and when (UK time), from the newest revision in `language`. */
export async function conflictMessage(tx: Transaction, kind: RevisedKind, row: Pick<Row, "id" | "updatedAt">, language = "en"): Promise<string> {
  const [last] = await tx
    .select({ authorName: cmsRevisions.authorName, createdAt: cmsRevisions.createdAt })
    .from(cmsRevisions)
    .where(and(eq(cmsRevisions.entityType, kind), eq(cmsRevisions.entityId, row.id), eq(cmsRevisions.language, language)))
    .orderBy(desc(cmsRevisions.id))
    .limit(1);
  const who = last?.authorName ?? "Another member of staff";
  const when = formatUkDateTime(last?.createdAt ?? row.updatedAt);
  return `${who} saved this ${KIND_NOUNS[kind]} on ${when} (UK time), after you opened it. Your changes were not saved: copy anything you need, then reload the page to see their version.`;
}

async function change(
  kind: ContentKind,
  actor: CmsActor,
  id: string,
  expectedVersion: number | null,
  set: Record<string, unknown>,
  actionFor: (before: ContentStatus) => string | null,
  now: Date,
): Promise<ChangeResult> {
  const table = tableOf(kind);
  const statusKey = KINDS[kind].status;
  return db.transaction(async (tx) => {
    const [before] = (await tx.select().from(table).where(eq(table.id, id)).for("update")) as unknown as Row[];
    if (!before) return { ok: false, reason: "missing" };
    if (expectedVersion !== null && before.version !== expectedVersion) {
      return { ok: false, reason: "conflict", message: await conflictMessage(tx, kind, before) };
    }
    // The version check is repeated in the UPDATE's WHERE, so nothing is overwritten even if
    // the row lock above were ever dropped.
    const [row] = (await tx
      .update(table)
      .set({ ...set, version: sql`${table.version} + 1`, updatedAt: now } as never)
      .where(and(eq(table.id, id), eq(table.version, before.version)))
      .returning()) as unknown as Row[];
    if (!row) return { ok: false, reason: "conflict", message: await conflictMessage(tx, kind, before) };
    const action = actionFor(before[statusKey] as ContentStatus) ?? "updated";
    await recordRevision(tx, kind, row, action, actor);
    const date = row[KINDS[kind].date] as Date | null;
    await audit(tx, kind, actor, action, row, action === "scheduled" && date ? { at: date.toISOString() } : {});
    return resultOf(kind, row);
  });
}

/**
 * Saves an edit form: `values` replace the item's fields (slug never changes) and `publication`
 * sets its status and date. Refused with reason "conflict" (naming who saved last, and when)
 * when the item's version is no longer `expectedVersion`; "missing" when it was deleted.
 */
export function updateContent(
  kind: ContentKind,
  actor: CmsActor,
  id: string,
  expectedVersion: number,
  values: ContentValues,
  publication: Publication,
  now: Date = new Date(),
): Promise<ChangeResult> {
  return change(kind, actor, id, expectedVersion, { ...values, ...publicationColumns(kind, publication, now) }, (before) => saveAction(before, publication), now);
}

/** A status change from a list or the publishing panel. */
export type StatusChange = "archive" | "restore" | "unpublish";

/**
 * Archive (kept, never public), Restore (back to draft, never published by itself) or Unpublish
 * (back to draft, date cleared). `expectedVersion` null skips the conflict check (list buttons).
 */
export function changeContentStatus(
  kind: ContentKind,
  actor: CmsActor,
  id: string,
  op: StatusChange,
  expectedVersion: number | null = null,
  now: Date = new Date(),
): Promise<ChangeResult> {
  const { status, date } = KINDS[kind];
  const set = op === "archive" ? { [status]: "archived" } : { [status]: "draft", [date]: null };
  const verb = op === "archive" ? "archived" : op === "restore" ? "restored" : "unpublished";
  return change(kind, actor, id, expectedVersion, set, () => verb, now);
}

/** Deletes an item, its translations and every language's revisions; false when it did not exist. Audited with its title. */
export async function deleteContent(kind: ContentKind, actor: CmsActor, id: string): Promise<boolean> {
  const table = tableOf(kind);
  return db.transaction(async (tx) => {
    const [row] = (await tx.delete(table).where(eq(table.id, id)).returning()) as unknown as Row[];
    if (!row) return false;
    await tx.delete(cmsRevisions).where(and(eq(cmsRevisions.entityType, kind), eq(cmsRevisions.entityId, id)));
    await tx.delete(contentTranslations).where(and(eq(contentTranslations.entityType, kind), eq(contentTranslations.entityId, id)));
    await audit(tx, kind, actor, "deleted", row);
    return true;
  });
}

/** One entry of an item's history, newest first on the edit screen. */
export type RevisionSummary = { id: number; version: number; action: string; authorName: string | null; createdAt: string };

/** The kept revisions of an item in `language` ("en": the item itself), newest first (at most REVISIONS_KEPT). */
export async function listRevisions(kind: RevisedKind, id: string, language = "en"): Promise<RevisionSummary[]> {
  const rows = await db
    .select({ id: cmsRevisions.id, version: cmsRevisions.version, action: cmsRevisions.action, authorName: cmsRevisions.authorName, createdAt: cmsRevisions.createdAt })
    .from(cmsRevisions)
    .where(and(eq(cmsRevisions.entityType, kind), eq(cmsRevisions.entityId, id), eq(cmsRevisions.language, language)))
    .orderBy(desc(cmsRevisions.id))
    .limit(REVISIONS_KEPT);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

/**
 * The whole item (or its translation in `language`) as one revision stored it (JSON: dates as ISO
 * strings), or null when that revision does not belong to the item in that language. Restoring
 * puts it in the form only; nothing is saved.
 */
export async function getRevisionSnapshot(kind: RevisedKind, id: string, revisionId: number, language = "en"): Promise<Record<string, unknown> | null> {
  const [row] = await db
    .select({ snapshot: cmsRevisions.snapshot })
    .from(cmsRevisions)
    .where(and(eq(cmsRevisions.id, revisionId), eq(cmsRevisions.entityType, kind), eq(cmsRevisions.entityId, id), eq(cmsRevisions.language, language)));
  return row?.snapshot ?? null;
}

