/**
 * Staff calendar subscription (ADR "Booking, round two"): each member of
 * staff may turn on a private `.ics` feed of the upcoming consultations, to subscribe to from
 * Outlook, Google Calendar or Apple Calendar.
 *
 * - The address carries a random 256-bit token (base64url, 43 characters). Only its SHA-256 is
 *   stored (`staff_calendar_feeds.token_hash`, like the visitor's manage token), so a copy of the
 *   database does not hold working addresses. The token is shown once, when made.
 * - Regenerating replaces the hash: the old address answers 404 at once. Turning the feed off
 *   deletes it. A fetch finds the feed by the token's hash (one indexed lookup, no comparison of
 *   secrets in code), and answers only while the account is active: a deactivated account's feed
 *   stops at once, and comes back if a super admin reactivates the account.
 * - Contents follow the account's role at each fetch. Roles that may open consultations
 *   (`MANAGER_ROLES`) get the visitor's name and company, the meeting link and a link to the
 *   booking in the portal; editors, who may not see visitors' personal data, get
 *   the consultation type, time and status only.
 * - Events: bookings holding a place (pending as TENTATIVE; confirmed, completed and no-show as
 *   CONFIRMED) whose slot falls from today (London) to `FEED_HORIZON_DAYS` ahead, at most
 *   `FEED_MAX_EVENTS`, soonest first; a member of staff who takes consultations (an engineer)
 *   gets only the ones they take, everyone else all of them; each feed answers at most `LIMITS.calendarFeed` fetches an hour. Cancelled and staff-"rescheduled" bookings are left out:
 *   a subscribed calendar deletes an event that leaves the feed, which every client honours,
 *   while STATUS:CANCELLED in a published feed is shown as a live event by some. Each event has
 *   the booking's invitation UID and SEQUENCE (`ics.ts`, the one builder).
 */
import { randomBytes } from "node:crypto";
import { and, asc, eq, gte, inArray, lte } from "drizzle-orm";
import { db } from "~/db/client.server";
import { adminUsers, consultationAvailability, consultationBookings, engineers, staffCalendarFeeds } from "~/db/schema";
import { exceedsLimit, LIMITS } from "~/features/abuse/limits.server";
import { recordAudit, type AuditActor } from "~/features/audit/audit.server";
import { MANAGER_ROLES, roleAllows } from "~/features/auth/roles";
import { siteUrl } from "~/features/mail/templates.server";
import { getSiteSettings } from "~/features/settings/settings.server";
import { env } from "~/utils/env.server";
import { bookingDurationMinutes } from "../mail/index.server";
import { selectBookingsWithSlot } from "./booking-rows.server";
import { hashToken, PLACE_HOLDING_STATUSES, buildCalendarFeed, uidHostOf, type BookingEvent } from "../core/index.server";
import { addDays, londonToday } from "~/utils/time";

/** How far ahead the feed lists bookings, in days from today (London): about twelve months. */
export const FEED_HORIZON_DAYS = 366;
/** The most events one fetch returns (a bound on the query, whatever the bookings). */
export const FEED_MAX_EVENTS = 500;

/** Whether the member of staff's feed is on, since when, and when a calendar last fetched it (ISO 8601 instants). */
export type CalendarFeedState = { on: false } | { on: true; createdAt: string; lastFetchedAt: string | null };

/** The feed's address for a raw token: `{PUBLIC_URL}/admin/calendar/{token}.ics`. */
export function calendarFeedUrl(token: string): string {
  return siteUrl(`/admin/calendar/${token}.ics`);
}

/** The link to one booking in the portal: the consultations screen with its detail dialog open. */
export function portalBookingUrl(bookingId: string): string {
  return siteUrl(`/admin/consultations?booking=${bookingId}`);
}

/** The calendar feed state of the admin `adminId` (an `admin_users.id`). */
export async function getCalendarFeedState(adminId: string): Promise<CalendarFeedState> {
  const [row] = await db.select().from(staffCalendarFeeds).where(eq(staffCalendarFeeds.adminUserId, adminId));
  if (!row) return { on: false };
  return { on: true, createdAt: row.createdAt.toISOString(), lastFetchedAt: row.lastFetchedAt?.toISOString() ?? null };
}

/**
 * Turns the feed of `admin` on (`replace: false`), or gives it a new address (`replace: true`:
 * the old one stops at once). One transaction, the feed's row locked: the new token's hash is
 * stored and a `calendar_feed.turned_on` or `calendar_feed.regenerated` audit entry written (no
 * token in it). Returns the new address, to show once; or `already_on` / `not_on` when the feed
 * is not in the state the request expected (nothing changes).
 */
export async function issueCalendarFeed(
  actor: AuditActor,
  admin: { id: string; email: string },
  { replace }: { replace: boolean },
): Promise<{ ok: true; url: string } | { ok: false; reason: "already_on" | "not_on" }> {
  const token = randomBytes(32).toString("base64url");
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: staffCalendarFeeds.adminUserId })
      .from(staffCalendarFeeds)
      .where(eq(staffCalendarFeeds.adminUserId, admin.id))
      .for("update");
    if (existing && !replace) return { ok: false, reason: "already_on" } as const;
    if (!existing && replace) return { ok: false, reason: "not_on" } as const;
    const now = new Date();
    await tx
      .insert(staffCalendarFeeds)
      .values({ adminUserId: admin.id, tokenHash: hashToken(token), createdAt: now })
      .onConflictDoUpdate({
        target: staffCalendarFeeds.adminUserId,
        set: { tokenHash: hashToken(token), createdAt: now, lastFetchedAt: null },
      });
    await recordAudit(tx, {
      actor,
      action: replace ? "calendar_feed.regenerated" : "calendar_feed.turned_on",
      entityType: "admin_user",
      entityId: admin.id,
      details: { email: admin.email },
    });
    return { ok: true, url: calendarFeedUrl(token) } as const;
  });
}

/**
 * Turns the feed of `admin` off: its address answers 404 from now on. Records a
 * `calendar_feed.turned_off` audit entry. Returns false when it was not on (nothing changes).
 */
export async function turnOffCalendarFeed(actor: AuditActor, admin: { id: string; email: string }): Promise<boolean> {
  return db.transaction(async (tx) => {
    const deleted = await tx
      .delete(staffCalendarFeeds)
      .where(eq(staffCalendarFeeds.adminUserId, admin.id))
      .returning({ id: staffCalendarFeeds.adminUserId });
    if (deleted.length === 0) return false;
    await recordAudit(tx, {
      actor,
      action: "calendar_feed.turned_off",
      entityType: "admin_user",
      entityId: admin.id,
      details: { email: admin.email },
    });
    return true;
  });
}

const STATUS_LABELS: Record<string, string> = {
  pending: "Pending confirmation",
  confirmed: "Confirmed",
  completed: "Completed",
  no_show: "No show",
};

/** What a fetch of a feed gets: its `.ics` text, 404 (no such feed) or 429 (fetched too often). */
export type CalendarFeedAnswer = { status: 200; ics: string } | { status: 404 } | { status: 429 };

/**
 * The `.ics` text (METHOD:PUBLISH) of the feed whose raw token is `token`, at `now`; 404 for a
 * wrong, revoked or replaced token, or an account that is not active (alike, whichever it is);
 * 429 past `LIMITS.calendarFeed` fetches of this feed in the hour (a full feed takes a noticeable
 * share of a CPU to build, and a leaked address must not be able to keep one busy). Records the
 * fetch time. See the module comment for what the events hold.
 */
export async function renderCalendarFeed(token: string, now: Date = new Date()): Promise<CalendarFeedAnswer> {
  if (token.length > 200) return { status: 404 };
  const [feed] = await db
    .select({ adminId: adminUsers.id, role: adminUsers.role, engineer: engineers.takesConsultations })
    .from(staffCalendarFeeds)
    .innerJoin(adminUsers, eq(adminUsers.id, staffCalendarFeeds.adminUserId))
    .leftJoin(engineers, eq(engineers.adminUserId, adminUsers.id))
    .where(and(eq(staffCalendarFeeds.tokenHash, hashToken(token)), eq(adminUsers.isActive, true)));
  if (!feed) return { status: 404 };
  if (await exceedsLimit(db, `calendar-feed:${feed.adminId}`, LIMITS.calendarFeed, now)) return { status: 429 };
  await db.update(staffCalendarFeeds).set({ lastFetchedAt: now }).where(eq(staffCalendarFeeds.adminUserId, feed.adminId));

  const today = londonToday(now);
  const site = await getSiteSettings();
  const rows = await selectBookingsWithSlot()
    .where(
      and(
        inArray(consultationBookings.status, [...PLACE_HOLDING_STATUSES]),
        // An engineer's feed holds the consultations they take; anyone else's holds them all.
        feed.engineer ? eq(consultationBookings.engineerId, feed.adminId) : undefined,
        gte(consultationAvailability.date, today),
        lte(consultationAvailability.date, addDays(today, FEED_HORIZON_DAYS)),
      ),
    )
    .orderBy(asc(consultationAvailability.date), asc(consultationAvailability.startTime), asc(consultationBookings.id))
    .limit(FEED_MAX_EVENTS);

  const personal = roleAllows(feed.role, MANAGER_ROLES);
  const uidHost = uidHostOf(env.PUBLIC_URL);
  const events = rows.map((b): BookingEvent => {
    const status = STATUS_LABELS[b.status] ?? b.status;
    const base = {
      bookingId: b.id,
      uidHost,
      sequence: b.icsSequence,
      status: b.status === "pending" ? ("TENTATIVE" as const) : ("CONFIRMED" as const),
      date: b.date,
      startTime: b.startTime,
      durationMinutes: bookingDurationMinutes(b.durationMinutes, b),
    };
    if (!personal) {
      return {
        ...base,
        title: `${b.consultationType} (${status.toLowerCase()})`,
        description: `Status: ${status}\nThe visitor's details are shown to admins only.`,
      };
    }
    const url = portalBookingUrl(b.id);
    return {
      ...base,
      title: `${b.consultationType}: ${b.name}${b.companyName ? `, ${b.companyName}` : ""}`,
      description: [
        `Status: ${status}`,
        `Visitor: ${b.name}`,
        ...(b.companyName ? [`Company: ${b.companyName}`] : []),
        `Meeting link: ${b.meetingLink ?? "not set yet"}`,
        `Open in the portal: ${url}`,
      ].join("\n"),
      meetingLink: b.meetingLink,
      url,
    };
  });
  return { status: 200, ics: buildCalendarFeed(`${site.companyName} consultations`, events) };
}
