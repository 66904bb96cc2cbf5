/**
 * Site settings (`docs/design.md` sections 5 and 6): company details, who is told of new
 * enquiries and bookings, booking rules, analytics and site verification. Stored as one JSON row
 * (`site_settings.data`) and parsed with this schema, so a missing key falls back to its default.
 */
import { z } from "zod";
import { companyDefaults } from "~/content/company";

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
});

export type SiteSettings = z.infer<typeof SiteSettingsSchema>;
