/**
 * Who owns an enquiry: one staff member (a manager, who can open enquiries) or nobody. Assigning
 * is audited (the timeline shows "Owner: name"), and the new owner is told by e-mail unless they
 * assigned it to themselves. The list's "Mine" and "Unassigned" filters read `assigned_to`.
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import { db } from "~/db/client.server";
import { adminUsers, enquiries } from "~/db/schema";
import { recordAudit, type AuditActor } from "~/features/audit/audit.server";
import { MANAGER_ROLES } from "~/features/auth/roles";
import { enqueueEmails } from "~/features/mail/outbox.server";
import { getMailSettings } from "~/features/mail/settings.server";
import { renderEmail, siteUrl } from "~/features/mail/templates.server";

/** A staff member who may own enquiries: better-auth user id and portal name. */
export type PossibleOwner = { userId: string; name: string };

/** The active managers, by name: who an enquiry can be assigned to. */
export async function listPossibleOwners(): Promise<PossibleOwner[]> {
  return db
    .select({ userId: adminUsers.userId, name: adminUsers.name })
    .from(adminUsers)
    .where(and(eq(adminUsers.isActive, true), inArray(adminUsers.role, [...MANAGER_ROLES])))
    .orderBy(asc(adminUsers.name));
}

/**
 * Makes `ownerUserId` (null: nobody) the enquiry's owner. Returns "not_found" for an unknown
 * enquiry, "not_staff" for someone who cannot own enquiries, "unchanged" or "assigned". The new
 * owner gets one e-mail with a link to the enquiry (not when they assigned it to themselves).
 */
export async function assignEnquiry(actor: AuditActor, enquiryId: string, ownerUserId: string | null): Promise<"not_found" | "not_staff" | "unchanged" | "assigned"> {
  const owner = ownerUserId ? (await listPossibleOwners()).find((o) => o.userId === ownerUserId) : null;
  if (ownerUserId && !owner) return "not_staff";
  const settings = await getMailSettings();
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(enquiries).where(eq(enquiries.id, enquiryId)).for("update");
    if (!current) return "not_found" as const;
    if (current.assignedTo === ownerUserId) return "unchanged" as const;
    await tx.update(enquiries).set({ assignedTo: ownerUserId, updatedAt: new Date() }).where(eq(enquiries.id, enquiryId));
    await recordAudit(tx, {
      actor,
      action: "enquiry.assigned",
      entityType: "enquiry",
      entityId: enquiryId,
      details: { before: { assignedTo: current.assignedTo }, after: { assignedTo: ownerUserId }, ownerName: owner?.name ?? null },
    });
    if (owner && owner.userId !== actor?.userId) {
      const [row] = await tx.select({ email: adminUsers.email }).from(adminUsers).where(eq(adminUsers.userId, owner.userId));
      const name = current.name.replace(/\s+/g, " ").trim();
      const body = renderEmail(
        {
          preheader: `${current.projectType} from ${name}`,
          heading: `You now own the enquiry from ${name}`,
          intro: "A colleague assigned this enquiry to you. Replies from the visitor will be sent to you.",
          paragraphs: [],
          details: [
            ["Enquiry type", current.projectType],
            ["Status", current.status],
          ],
          button: { label: "Open the enquiry", url: siteUrl(`/admin/enquiries?id=${enquiryId}`) },
          footerNote: "You receive this because an enquiry was assigned to you in the portal.",
        },
        settings,
      );
      if (row) {
        await enqueueEmails(tx, [
          { kind: "enquiry.assigned", to: row.email, subject: `Assigned to you: ${current.projectType} from ${name}`, ...body },
        ]);
      }
    }
    return "assigned" as const;
  });
}
