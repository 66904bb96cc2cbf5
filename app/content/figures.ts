/**
 * Headline figures and claims (`shared/spec/public-site.md` sections 1 and 9). Keep the values
 * exactly as the spec states them.
 */
export const headlineFigures = [
  { value: "95%", label: "Client satisfaction" },
  { value: "10+", label: "Years of expertise" },
] as const;

/** The home hero's reach claim ("projects in 20+ countries on the home page"). */
export const homeCountriesClaim = "20+";

/** Founder claims shown on the founders' cards (spec section 9). */
export const founderClaims = {
  leadYears: "15+",
  coFounderYears: "12+",
  projects: "30+",
  revenue: "£70,000+",
  onTimeDelivery: "85%",
} as const;
