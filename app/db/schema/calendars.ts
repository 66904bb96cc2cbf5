/**
 * Staff members' own calendars: one connection per staff user (an ICS subscription address or a
 * CalDAV account), the busy intervals its last successful read found, and the queue of bookings
 * to write into a CalDAV calendar (`calendar_event_writes`). See `app/features/calendars`.
 */
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { CALENDAR_EVENT_ACTIONS, CALENDAR_HAND_CHANGES, CALENDAR_KINDS } from "../../utils/domain";
import { user } from "./auth";
import { consultationBookings } from "./consultations";
import { createdAt, inList, leaseColumns, textOwner, updatedAt, uuidId, uuidOwner } from "./columns";

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
    ...leaseColumns(),
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

/**
 * A booking to write into (or remove from) its engineer's CalDAV calendar: one row per booking and
 * connection, holding only the latest wanted state (`action` put or delete, and for put the
 * iCalendar object in `ics` with its times, STATUS and SEQUENCE), so several changes queued before
 * a write coalesce into one. Written in the same transaction as the booking change; the job worker
 * claims due rows (`next_attempt_at`, `lease_until`/`lease_holder`) and retries with backoff.
 * `version` rises with every change queued, so a write finished after a newer change knows it is
 * not the last. `href`/`etag` and `written_*` are what the server holds from our last write (to
 * tell a hand edit from our own); `hand_change` records an event the engineer moved or deleted by
 * hand, which is then left alone. `ics` holds the visitor's name and is cleared once written.
 */
export const calendarEventWrites = pgTable(
  "calendar_event_writes",
  {
    id: uuidId(),
    bookingId: uuidOwner("booking_id", () => consultationBookings.id),
    connectionId: uuidOwner("connection_id", () => calendarConnections.id),
    action: text("action", { enum: CALENDAR_EVENT_ACTIONS }).notNull(),
    version: integer("version").notNull().default(1),
    /** The event's UID (the e-mailed invitation's). */
    uid: text("uid").notNull(),
    /** The calendar object to write (no METHOD); null for a delete and once written. */
    ics: text("ics"),
    /** The wanted event's start and end (instants) and STATUS; null for a delete. */
    startsAt: timestamp("starts_at", { withTimezone: true }),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    status: text("status"),
    sequence: integer("sequence"),
    /** Where the event is on the server and its ETag after our last write; null before the first. */
    href: text("href"),
    etag: text("etag"),
    /** What our last write put there. */
    writtenStartsAt: timestamp("written_starts_at", { withTimezone: true }),
    writtenEndsAt: timestamp("written_ends_at", { withTimezone: true }),
    writtenStatus: text("written_status"),
    /** The engineer changed the event by hand: moved (to `hand_starts_at`-`hand_ends_at`) or deleted. */
    handChange: text("hand_change", { enum: CALENDAR_HAND_CHANGES }),
    handStartsAt: timestamp("hand_starts_at", { withTimezone: true }),
    handEndsAt: timestamp("hand_ends_at", { withTimezone: true }),
    handChangedAt: timestamp("hand_changed_at", { withTimezone: true }),
    attempts: integer("attempts").notNull().default(0),
    /** When the next write is due; null when nothing is waiting. */
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
    lastError: text("last_error"),
    lastErrorAt: timestamp("last_error_at", { withTimezone: true }),
    ...leaseColumns(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("calendar_event_writes_booking_connection_key").on(t.bookingId, t.connectionId),
    index("calendar_event_writes_due_idx").on(t.nextAttemptAt),
    index("calendar_event_writes_connection_idx").on(t.connectionId),
    check("calendar_event_writes_action_check", inList("action", CALENDAR_EVENT_ACTIONS)),
    check("calendar_event_writes_hand_change_check", sql`hand_change is null or ${inList("hand_change", CALENDAR_HAND_CHANGES)}`),
    check("calendar_event_writes_put_check", sql`action = 'delete' or (starts_at is not null and ends_at is not null and status is not null and sequence is not null)`),
  ],
);
