/**
 * Company identity defaults (`docs/design.md` section 6). Staff can override every field in
 * Admin > Settings; `getSiteSettings()` merges the stored values over these.
 * The phone number is in Ofcom's range reserved for drama, so it can never reach a real person.
 */
export const companyDefaults = {
  companyName: "Meridian Engineering",
  legalName: "Meridian Engineering Ltd",
  email: "hello@meridian-engineering.co.uk",
  phone: "+44 20 7946 0321",
  location: "London, United Kingdom",
  linkedinUrl: "https://www.linkedin.com/company/meridian-engineering",
  tagline: "Structural and humanitarian engineering for a resilient, sustainable future.",
} as const;
