/**
 * Site settings (`docs/design.md` sections 5 and 6): company details, who is told of new
 * enquiries and bookings, booking rules, analytics and site verification. Stored as one JSON row
 * (`site_settings.data`) and parsed with this schema, so a missing key falls back to its default.
 */
import { z } from "zod";
import { companyDefaults } from "~/content/company";
import { DEFAULT_LANGUAGE, LANGUAGES } from "~/utils/i18n";

/** Where meeting links come from (see `meetingLinks`). */
export const MEETING_LINK_SOURCES = ["jitsi", "personal_room"] as const;

/** The analytics choices of the settings. */
export const ANALYTICS_MODES = ["first_party", "with_google"] as const;

export const SiteSettingsSchema = z.object({
  companyName: z.string().trim().min(1).max(120).default(companyDefaults.companyName),
  email: z.email().max(254).default(companyDefaults.email),
  phone: z.string().trim().min(1).max(40).default(companyDefaults.phone),
  location: z.string().trim().min(1).max(120).default(companyDefaults.location),
  linkedinUrl: z.url().max(300).default(companyDefaults.linkedinUrl),
  /** Staff addresses told of each new enquiry and booking. */
  notificationRecipients: z.array(z.email()).max(20).default([companyDefaults.email]),
  /** A slot starting sooner than this many hours from now is not offered. */
  minimumNoticeHours: z.coerce.number().int().min(0).max(24 * 14).default(24),
  /** How many weeks ahead the booking wizard lets a visitor browse. */
  bookingWeeksAhead: z.coerce.number().int().min(1).max(52).default(8),
  /**
   * England and Wales bank holidays staff open for consultations (`yyyy-mm-dd`): once engineers
   * are set up, every other bank holiday is closed. Typed one date per line.
   */
  openedBankHolidays: z.preprocess(
    (v) => (typeof v === "string" ? v.split(/[\s,;]+/).filter(Boolean) : v),
    z.array(z.iso.date("Enter dates as yyyy-mm-dd, one per line.")).max(60, "Open at most 60 bank holidays."),
  ).default([]),
  /**
   * Where each booking's meeting link comes from once engineers are set up: a Jitsi Meet room
   * with a random name (`jitsi`, no account needed) or the engineer's personal room address
   * (`personal_room`; Jitsi when they have none). Staff can still overwrite a booking's link.
   */
  meetingLinks: z.enum(MEETING_LINK_SOURCES, { error: "Choose where meeting links come from." }).default("jitsi"),
  /**
   * Which analytics run: `first_party` (default) counts visits without cookies and
   * shows no banner; `with_google` also loads Google Analytics, only with `analyticsId` set and
   * only after the visitor accepts the cookie banner.
   */
  analyticsMode: z.enum(ANALYTICS_MODES, { error: "Choose which analytics to use." }).default("first_party"),
  /** Google Analytics 4 measurement id (G-XXXXXXX); loads only in `with_google` mode, when set and consented. */
  analyticsId: z
    .string()
    .trim()
    .regex(/^(G-[A-Z0-9]{4,20})?$/, "Use a GA4 measurement id like G-ABC123XYZ")
    .default(""),
  /** Content of the `google-site-verification` meta tag. */
  siteVerification: z.string().trim().max(200).default(""),
  /**
   * The languages the public site offers visitors, in the product's order: every shipped language
   * on a new install, English always (it is the site's own language and cannot be left out). A
   * code the product does not ship (or no longer ships) is dropped, never refused.
   */
  offeredLanguages: z
    .preprocess((v) => (typeof v === "string" ? [v] : v), z.array(z.string().max(20)).max(50))
    .transform((codes) => LANGUAGES.filter((code) => code === DEFAULT_LANGUAGE || codes.includes(code)))
    .default([...LANGUAGES]),
});

export type SiteSettings = z.infer<typeof SiteSettingsSchema>;
