/** Wording of retention periods, shared by the privacy page and the staff screens (browser-safe). */

/** "1 day", "30 days", "24 months". */
export function describePeriod(count: number, unit: "day" | "month"): string {
  return `${count} ${unit}${count === 1 ? "" : "s"}`;
}
