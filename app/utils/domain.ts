/**
 * The domain's fixed vocabularies: statuses, roles, categories and retention bounds. The database
 * schema (`app/db/schema/`) builds its CHECK constraints from them, the Zod schemas validate with
 * them and the browser's selects list them; this module imports nothing, so a component can use
 * them without pulling the database code into the browser's bundle.
 */

/** Values of the enumerations, for the table checks, Zod schemas and UI selects. */
export const PROJECT_CATEGORIES = ["commercial", "humanitarian"] as const;
export const PROJECT_WORK_STATUSES = ["Completed", "In Progress", "On Hold"] as const;
export const DISPLAY_STATUSES = ["draft", "published", "archived"] as const;
export const ENQUIRY_STATUSES = ["new", "in_review", "responded", "project_started", "closed"] as const;
export const ENQUIRY_PRIORITIES = ["low", "medium", "high"] as const;
export const BOOKING_STATUSES = ["pending", "confirmed", "completed", "cancelled", "no_show", "rescheduled"] as const;
export const BOOKING_PROJECT_TYPES = ["commercial", "humanitarian", "mixed"] as const;
export const ADMIN_ROLES = ["super_admin", "admin", "editor"] as const;
export const OUTBOX_STATUSES = ["pending", "sent", "failed"] as const;
/**
 * What a consultation type's question asks for: a line of text, a paragraph, one of its options,
 * any of its options, yes or no, or a number.
 */
export const QUESTION_KINDS = ["short_text", "long_text", "one_choice", "several_choices", "yes_no", "number"] as const;
/** The question kinds whose answer is chosen from the question's own options. */
export const CHOICE_QUESTION_KINDS = ["one_choice", "several_choices"] as const;
/** The events a webhook endpoint can subscribe to (Standard Webhooks `type`). */
export const WEBHOOK_EVENT_TYPES = [
  "enquiry.created",
  "enquiry.replied",
  "booking.created",
  "booking.confirmed",
  "booking.cancelled",
  "booking.rescheduled",
] as const;
/** The type of the event "Send test event" delivers to one endpoint, whatever it subscribes to. */
export const WEBHOOK_TEST_EVENT = "webhook.test";
/** Where a webhook delivery is: waiting for its next attempt, accepted (2xx) or given up. */
export const WEBHOOK_DELIVERY_STATUSES = ["pending", "delivered", "failed"] as const;

/** The site's editable pages (`site_pages.key`), in the order of the Site section. */
export const SITE_PAGE_KEYS = ["home", "about", "services", "testimonials", "figures", "contact", "legal"] as const;
/** What staff call each editable page (the Site section's cards, the media library's "used by"). */
export const SITE_PAGE_TITLES: Record<(typeof SITE_PAGE_KEYS)[number], string> = {
  home: "Home",
  about: "About",
  services: "Services",
  testimonials: "Testimonials",
  figures: "Company figures",
  contact: "Contact and footer",
  legal: "Privacy and terms",
};

/**
 * What an entry of an enquiry's conversation is: `reply` (staff to the visitor, sent by e-mail),
 * `incoming` (the visitor's e-mail read from the firm's mailbox) or `note` (staff only, never sent).
 */
export const ENQUIRY_MESSAGE_KINDS = ["reply", "incoming", "note"] as const;

/** How a staff member's own calendar is read: an ICS subscription address, or a CalDAV account. */
export const CALENDAR_KINDS = ["ics", "caldav"] as const;

/** What a queued calendar write wants: the booking's event written (created or updated), or removed. */
export const CALENDAR_EVENT_ACTIONS = ["put", "delete"] as const;

/** How an engineer changed an event we wrote, by hand in their calendar: moved it, or deleted it. */
export const CALENDAR_HAND_CHANGES = ["moved", "deleted"] as const;

/** The answers a redirect may give: moved for good, moved for now, or gone (no target). */
export const REDIRECT_STATUS_CODES = [301, 302, 410] as const;

/** Who made a redirect: a member of staff (the portal or a CSV) or the WordPress import. */
export const REDIRECT_ORIGINS = ["staff", "wordpress"] as const;

/**
 * A WordPress import run uploaded in the portal: its dry run is ready ("planned"), staff asked
 * to apply it and the job is writing it ("applying"), it finished ("done") or stopped on an
 * error ("failed"), or staff discarded it, or nobody applied it in time ("discarded").
 */
export const WORDPRESS_RUN_STATUSES = ["planned", "applying", "done", "failed", "discarded"] as const;

/**
 * Retention periods' defaults and inclusive bounds: the `site_settings` columns, their
 * CHECK constraints and the retention form all use these.
 */
export const RETENTION_LIMITS = {
  spamDays: { default: 30, min: 1, max: 365 },
  recordsMonths: { default: 24, min: 1, max: 120 },
  emailBodyDays: { default: 90, min: 1, max: 3650 },
  analyticsRawDays: { default: 30, min: 1, max: 365 },
  analyticsMonths: { default: 25, min: 1, max: 120 },
  waitingListDays: { default: 30, min: 1, max: 365 },
} as const;

/**
 * The parts of a day a visitor on the waiting list may ask for, by a slot's UK start time:
 * morning before 12:00, afternoon 12:00 to 17:00, evening from 17:00 (`HH:MM`, half-open).
 */
export const WAITING_LIST_DAY_PARTS = {
  morning: { from: "00:00", to: "12:00" },
  afternoon: { from: "12:00", to: "17:00" },
  evening: { from: "17:00", to: "24:00" },
} as const;

/** The names of {@link WAITING_LIST_DAY_PARTS}, in the day's order. */
export const WAITING_LIST_DAY_PART_NAMES = ["morning", "afternoon", "evening"] as const;
