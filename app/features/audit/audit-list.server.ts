/**
 * Reading the audit log: the recent entries shown as "Recent activity" on the Users and Settings
 * screens.
 */
import { desc, inArray } from "drizzle-orm";
import { db } from "~/db/client.server";
import { auditLog } from "~/db/schema";

/** One audit entry for display. `createdAt` is an ISO 8601 instant. */
export type AuditListEntry = {
  id: number;
  actorEmail: string | null;
  action: string;
  entityType: string;
  entityId: string | null;
  details: Record<string, unknown> | null;
  createdAt: string;
};

/**
 * The newest entries first, at most `limit` (default 10, at most 100), optionally only of the
 * given entity types ("admin_user", "settings", "enquiry", ...).
 */
export async function listRecentAudit(options: { limit?: number; entityTypes?: string[] } = {}): Promise<AuditListEntry[]> {
  const limit = Math.min(Math.max(options.limit ?? 10, 1), 100);
  const rows = await db
    .select()
    .from(auditLog)
    .where(options.entityTypes?.length ? inArray(auditLog.entityType, options.entityTypes) : undefined)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    actorEmail: r.actorEmail,
    action: r.action,
    entityType: r.entityType,
    entityId: r.entityId,
    details: r.details ?? null,
    createdAt: r.createdAt.toISOString(),
  }));
}

export { describeAuditEntry } from "./describe";
