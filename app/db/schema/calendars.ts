/**
 * Staff members' own calendars, read (never written) for the times they are busy: one connection
 * per staff user (an ICS subscription address or a CalDAV account), and the busy intervals its
 * last successful read found. See `app/features/calendars`.
 */
import { sql } from "drizzle-orm";
import { check, index, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { CALENDAR_KINDS } from "../../utils/domain";
import { user } from "./auth";
import { createdAt, inList, textOwner, updatedAt, uuidId, uuidOwner } from "./columns";

/**
 * A staff user's calendar connection (at most one per user). Secrets are encrypted with the server
 * secret: the ICS address (a private capability URL) and the CalDAV password. The CalDAV server
 * address and user name are kept plain; `display_host` is the host name shown to staff.
 * `lease_until`/`lease_holder` let one instance at a time read a calendar; `last_success_at` and
 * `last_error` (a short message for people, never a secret) say how the reads go.
 */
export const calendarConnections = pgTable(
  "calendar_connections",
  {
    id: uuidId(),
    /** The better-auth user whose calendar this is. */
    userId: textOwner("user_id", () => user.id),
    kind: text("kind", { enum: CALENDAR_KINDS }).notNull(),
    /** The ICS subscription address, encrypted; null for CalDAV. */
    icsUrlEncrypted: text("ics_url_encrypted"),
    /** The CalDAV server address (plain); null for ICS. */
    caldavUrl: text("caldav_url"),
    caldavUsername: text("caldav_username"),
    caldavPasswordEncrypted: text("caldav_password_encrypted"),
    /** The host name of the address, shown to staff (e.g. `outlook.office365.com`). */
    displayHost: text("display_host").notNull(),
    lastSuccessAt: timestamp("last_success_at", { withTimezone: true }),
    lastAttemptAt: timestamp("last_attempt_at", { withTimezone: true }),
    lastError: text("last_error"),
    lastErrorAt: timestamp("last_error_at", { withTimezone: true }),
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    leaseHolder: text("lease_holder"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("calendar_connections_user_id_key").on(t.userId),
    check("calendar_connections_kind_check", inList("kind", CALENDAR_KINDS)),
    check(
      "calendar_connections_secret_check",
      sql`(kind = 'ics' and ics_url_encrypted is not null) or (kind = 'caldav' and caldav_url is not null and caldav_username is not null and caldav_password_encrypted is not null)`,
    ),
  ],
);

/**
 * The busy intervals of a connection, as found by its last successful read: instants, half-open
 * `[starts_at, ends_at)`. Replaced whole, in one transaction, on each successful read.
 */
export const calendarBusyTimes = pgTable(
  "calendar_busy_times",
  {
    id: uuidId(),
    connectionId: uuidOwner("connection_id", () => calendarConnections.id),
    /** The connection's user (denormalised, so a lookup by user and time needs one index). */
    userId: textOwner("user_id", () => user.id),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("calendar_busy_times_user_idx").on(t.userId, t.startsAt),
    index("calendar_busy_times_connection_idx").on(t.connectionId),
    check("calendar_busy_times_order_check", sql`ends_at > starts_at`),
  ],
);
