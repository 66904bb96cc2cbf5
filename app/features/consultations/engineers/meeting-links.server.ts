/**
 * Meeting links made for the bookings engineers take: a Jitsi Meet room with a random name, or the
 * engineer's personal room (Teams, Zoom, Meet), as the site setting `meetingLinks` says.
 */
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database, Transaction } from "~/db/client.server";
import { engineers } from "~/db/schema";
import type { SiteSettings } from "~/features/settings/schema";

type Executor = Database | Transaction;

/** A Jitsi Meet room with a random, unguessable name: `https://meet.jit.si/<32 hex characters>` (no account needed). */
export function jitsiRoom(): string {
  return `${JITSI_ORIGIN}/${randomBytes(16).toString("hex")}`;
}

/** Where Jitsi Meet rooms made by `jitsiRoom` live. */
export const JITSI_ORIGIN = "https://meet.jit.si";

/** An engineer's personal meeting room address, or null when they have none. */
export async function engineerRoom(executor: Executor, engineerId: string): Promise<string | null> {
  const [row] = await executor.select({ url: engineers.meetingRoomUrl }).from(engineers).where(eq(engineers.adminUserId, engineerId));
  return row?.url ?? null;
}

/**
 * The meeting link made for a booking taken by `engineerId`, from the site setting `meetingLinks`:
 * the engineer's personal room when the setting says so and they have one, else a Jitsi room.
 */
export async function newMeetingLink(executor: Executor, engineerId: string, site: Pick<SiteSettings, "meetingLinks">): Promise<string> {
  const room = site.meetingLinks === "personal_room" ? await engineerRoom(executor, engineerId) : null;
  return room ?? jitsiRoom();
}
