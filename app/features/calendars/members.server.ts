/**
 * Whose calendar a staff-management screen is showing: a member of staff by their `admin_users`
 * id, with the better-auth user id their calendar belongs to.
 */
import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { adminUsers } from "~/db/schema";

/** The member `adminId` (an `admin_users.id`, any string), or null when there is none or it is not a uuid. */
export async function findCalendarOwner(adminId: string): Promise<{ userId: string; name: string; isActive: boolean } | null> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(adminId)) return null;
  const [row] = await db.select({ userId: adminUsers.userId, name: adminUsers.name, isActive: adminUsers.isActive }).from(adminUsers).where(eq(adminUsers.id, adminId));
  return row ?? null;
}
