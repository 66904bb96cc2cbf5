/**
 * The audit log (`docs/design.md` section 5): who changed what, when. Written in the same
 * transaction as the change it records, so a change is never without its entry.
 */
import type { Database, Transaction } from "~/db/client.server";
import { auditLog } from "~/db/schema";

/** The staff member acting; `null` for the system (jobs, visitors' own cancellations). */
export type AuditActor = { userId: string; email: string } | null;

export type AuditEntry = {
  actor: AuditActor;
  /** What happened, as `area.verb`: "enquiry.status_changed", "slot.deleted", "user.role_changed". */
  action: string;
  /** The kind of record changed: "enquiry", "booking", "slot", "admin_user", "settings". */
  entityType: string;
  entityId?: string | null;
  /** Before/after values or other context; never secrets. */
  details?: Record<string, unknown>;
};

/** Appends one entry to the audit log, inside the caller's transaction when given one. */
export async function recordAudit(executor: Database | Transaction, entry: AuditEntry): Promise<void> {
  await executor.insert(auditLog).values({
    actorUserId: entry.actor?.userId ?? null,
    actorEmail: entry.actor?.email ?? null,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId ?? null,
    details: entry.details ?? null,
  });
}
