/**
 * Staff side of the contact enquiries (`docs/design.md` section 6): the filtered, paginated list,
 * status/priority/type/notes changes, deletion, the spam view and the CSV export.
 *
 * Everything is filtered, ordered and paginated in the database. Every change is written to the
 * audit log in the same transaction. Callers (routes) check the session and role first.
 */
import { containsPattern } from "~/db/sql";
import { and, count, desc, eq, ilike, isNotNull, isNull, or, type SQL } from "drizzle-orm";
import { db } from "~/db/client.server";
import { csvStream } from "~/utils/csv.server";
import { enquiries } from "~/db/schema";
import { recordAudit, type AuditActor } from "~/features/audit/audit.server";
import { enquiryEventData, recordWebhookEvent } from "~/features/webhooks/events.server";
import { ENQUIRY_PAGE_SIZE, type EnquiryFilters, type EnquiryUpdate } from "./admin-schema";
import { overdueWhere } from "./promise.server";
import { isOverdue } from "./response-time";

/** A stored enquiry row. `createdAt`/`updatedAt`/`respondedAt` are instants. */
export type EnquiryRecord = typeof enquiries.$inferSelect;

/** One enquiry as the admin screen shows it: the row and whether it is overdue at the read's `now`. */
export type AdminEnquiry = EnquiryRecord & { overdue: boolean };

const withOverdue = (now: Date) => (row: EnquiryRecord): AdminEnquiry => ({ ...row, overdue: isOverdue(row, now) });

/** A page of the list: `items` newest first, `total` rows matching the filters, `pageCount` at least 1. */
export type EnquiryPage = {
  items: AdminEnquiry[];
  total: number;
  page: number;
  pageSize: number;
  pageCount: number;
};

/** The owner filter: `owner` ("mine" or "none") and who "mine" is (the signed-in member's user id). */
type OwnerFilter = { owner?: EnquiryFilters["owner"]; viewerUserId?: string };

/** The WHERE clause of a set of filters (search, status or overdue at `now`, priority, spam view). */
function whereOf(filters: Pick<EnquiryFilters, "q" | "status" | "priority" | "spam"> & OwnerFilter, now: Date): SQL | undefined {
  const conditions: (SQL | undefined)[] = [
    filters.spam ? isNotNull(enquiries.spamReason) : isNull(enquiries.spamReason),
  ];
  if (filters.q) {
    const pattern = containsPattern(filters.q);
    conditions.push(
      or(
        ilike(enquiries.name, pattern),
        ilike(enquiries.email, pattern),
        ilike(enquiries.company, pattern),
        ilike(enquiries.message, pattern),
      ),
    );
  }
  if (filters.status === "overdue") conditions.push(overdueWhere(now));
  else if (filters.status) conditions.push(eq(enquiries.status, filters.status));
  if (filters.priority) conditions.push(eq(enquiries.priority, filters.priority));
  if (filters.owner === "mine") conditions.push(eq(enquiries.assignedTo, filters.viewerUserId ?? ""));
  else if (filters.owner === "none") conditions.push(isNull(enquiries.assignedTo));
  return and(...conditions);
}

/**
 * One page of enquiries matching the filters, newest `created_at` first (ties by id).
 * `q` matches name, e-mail, company and message case-insensitively, `%` and `_` literally.
 * Spam submissions (with `spam_reason`) are left out unless `spam` is true, which shows only them.
 * `status: "overdue"` keeps the enquiries overdue at `now`; each item says whether it is.
 * `owner: "mine"` keeps those owned by `viewerUserId`, `"none"` those nobody owns.
 * `pageSize` defaults to {@link ENQUIRY_PAGE_SIZE}; a page past the end returns no items.
 */
export async function listEnquiries(
  filters: Partial<EnquiryFilters> & { pageSize?: number; viewerUserId?: string } = {},
  now: Date = new Date(),
): Promise<EnquiryPage> {
  const pageSize = Math.min(Math.max(filters.pageSize ?? ENQUIRY_PAGE_SIZE, 1), 500);
  const page = Math.max(filters.page ?? 1, 1);
  const where = whereOf({ spam: false, ...filters }, now);
  const [items, [totalRow]] = await Promise.all([
    db
      .select()
      .from(enquiries)
      .where(where)
      .orderBy(desc(enquiries.createdAt), desc(enquiries.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ value: count() }).from(enquiries).where(where),
  ]);
  const total = Number(totalRow?.value ?? 0);
  return { items: items.map(withOverdue(now)), total, page, pageSize, pageCount: Math.max(1, Math.ceil(total / pageSize)) };
}

/** One enquiry by id (spam or not) with its overdue flag at `now`, or null when it does not exist. */
export async function getEnquiry(id: string, now: Date = new Date()): Promise<AdminEnquiry | null> {
  const [row] = await db.select().from(enquiries).where(eq(enquiries.id, id)).limit(1);
  return row ? withOverdue(now)(row) : null;
}

/** Number of enquiries flagged as spam (for the Spam view's tab label). */
export async function countSpamEnquiries(): Promise<number> {
  const [row] = await db.select({ value: count() }).from(enquiries).where(isNotNull(enquiries.spamReason));
  return Number(row?.value ?? 0);
}

const UPDATABLE = ["status", "priority", "projectType", "internalNotes"] as const;

/**
 * Changes an enquiry's status, priority, type and/or internal notes (empty notes clear them), in
 * one transaction that locks the row and writes an `enquiry.updated` audit entry with the changed
 * fields before and after. Returns the updated row, or null when the enquiry does not exist.
 * A change that changes nothing writes no audit entry. The first status change stamps
 * `responded_at = now` (the enquiry's response time); later ones keep it. A status change back to
 * `new` reopens the 24-hour promise from `now` (`awaiting_reply_since = now`: overdue after 24
 * hours, staff reminded at 20); any other status change ends a reopened clock.
 */
export async function updateEnquiry(
  actor: AuditActor,
  id: string,
  change: EnquiryUpdate,
  now: Date = new Date(),
): Promise<EnquiryRecord | null> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(enquiries).where(eq(enquiries.id, id)).for("update");
    if (!current) return null;
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    const set: Partial<typeof enquiries.$inferInsert> = {};
    for (const key of UPDATABLE) {
      let value = change[key];
      if (value === undefined) continue;
      if (key === "internalNotes" && value === "") value = null as never;
      if (current[key] === value) continue;
      before[key] = current[key];
      after[key] = value;
      (set as Record<string, unknown>)[key] = value;
    }
    if (Object.keys(set).length === 0) return current;
    if (set.status && current.respondedAt === null) set.respondedAt = now;
    // Back to New reopens the 24-hour clock from now (its reminder at 20 hours included); any
    // other status change answers a clock the visitor's e-mail or a reopening started.
    if (set.status) set.awaitingReplySince = set.status === "new" ? now : null;
    const [updated] = await tx
      .update(enquiries)
      .set({ ...set, updatedAt: now })
      .where(eq(enquiries.id, id))
      .returning();
    await recordAudit(tx, { actor, action: "enquiry.updated", entityType: "enquiry", entityId: id, details: { before, after } });
    return updated ?? null;
  });
}

/**
 * Deletes an enquiry and writes an `enquiry.deleted` audit entry (name, e-mail, status kept in the
 * entry). Returns false when it did not exist.
 */
export async function deleteEnquiry(actor: AuditActor, id: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [deleted] = await tx.delete(enquiries).where(eq(enquiries.id, id)).returning();
    if (!deleted) return false;
    await recordAudit(tx, {
      actor,
      action: "enquiry.deleted",
      entityType: "enquiry",
      entityId: id,
      details: {
        before: {
          name: deleted.name,
          email: deleted.email,
          status: deleted.status,
          projectType: deleted.projectType,
          spamReason: deleted.spamReason,
        },
      },
    });
    return true;
  });
}

/**
 * Clears an enquiry's spam flag so it joins the normal list, with an `enquiry.marked_not_spam`
 * audit entry keeping the former reason and the `enquiry.created` webhook event. Returns the row, or null when it does not exist.
 */
export async function markNotSpam(actor: AuditActor, id: string): Promise<EnquiryRecord | null> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(enquiries).where(eq(enquiries.id, id)).for("update");
    if (!current) return null;
    if (current.spamReason === null) return current;
    const [updated] = await tx
      .update(enquiries)
      .set({ spamReason: null, updatedAt: new Date() })
      .where(eq(enquiries.id, id))
      .returning();
    // Now a real enquiry: the firm's CRM hears of it as of a new one.
    await recordWebhookEvent(tx, "enquiry.created", enquiryEventData(updated!));
    await recordAudit(tx, {
      actor,
      action: "enquiry.marked_not_spam",
      entityType: "enquiry",
      entityId: id,
      details: { before: { spamReason: current.spamReason }, after: { spamReason: null } },
    });
    return updated ?? null;
  });
}

/** Header row of the CSV export, in column order. */
export const ENQUIRY_CSV_COLUMNS = ["Created", "Name", "Email", "Company", "Type", "Status", "Priority", "Message"] as const;

const EXPORT_BATCH = 1000;

/**
 * The enquiries matching `filters` (all pages; `page` is ignored) as a UTF-8 CSV byte stream with
 * a BOM (Excel) and a header row: created instant (ISO 8601, UTC), name, e-mail, company, type,
 * status, priority, message, as `csvStream` writes it. Rows are read from the database in batches, newest first.
 * `owner: "mine"` keeps those owned by `viewerUserId` (none without it), as {@link listEnquiries}.
 */
export function exportEnquiriesCsv(filters: Partial<EnquiryFilters> & { viewerUserId?: string } = {}, now: Date = new Date()): ReadableStream<Uint8Array> {
  const where = whereOf({ spam: false, ...filters }, now);
  async function* rows() {
    for (let offset = 0; ; offset += EXPORT_BATCH) {
      const batch = await db
        .select()
        .from(enquiries)
        .where(where)
        .orderBy(desc(enquiries.createdAt), desc(enquiries.id))
        .limit(EXPORT_BATCH)
        .offset(offset);
      for (const e of batch) {
        yield [
          e.createdAt.toISOString(),
          e.name,
          e.email,
          e.company ?? "",
          e.projectType,
          e.status,
          e.priority,
          e.message,
        ];
      }
      if (batch.length < EXPORT_BATCH) return;
    }
  }
  return csvStream(ENQUIRY_CSV_COLUMNS, rows());
}
