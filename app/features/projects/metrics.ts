/**
 * Labels of a project card's result block (`shared/spec/public-site.md` section 3, "Card mapping").
 * Each metric is `{ value, unit }`; PROJECT VALUE (`savings`) has a value only, so its unit is ignored.
 */
import type { ProjectMetric, ProjectMetrics } from "~/db/schema";

export type MetricKey = keyof ProjectMetrics;

/** The metric keys in display order with their spec labels. */
export const METRIC_LABELS: Record<MetricKey, string> = {
  powerRating: "BUILDING HEIGHT",
  capacity: "FLOOR AREA",
  panels: "STEEL USED",
  savings: "PROJECT VALUE",
  roi: "COMPLETION",
  impact: "CARBON REDUCTION",
};

export const METRIC_KEYS = Object.keys(METRIC_LABELS) as MetricKey[];

/** One displayable metric: the label and the formatted value (with its unit when it has one). */
export type MetricEntry = { key: MetricKey; label: string; value: string };

/** Formats one metric: `value unit`, or the value alone for PROJECT VALUE or when no unit is set. */
export function formatMetric(key: MetricKey, metric: ProjectMetric): string {
  const value = String(metric.value ?? "").trim();
  const unit = key === "savings" ? "" : String(metric.unit ?? "").trim();
  if (!unit) return value;
  // Units such as "%" or "m²" read best attached; words get a space.
  return /^[%°²³]/.test(unit) ? `${value}${unit}` : `${value} ${unit}`;
}

/** The metrics of a card in display order, skipping missing or empty values. */
export function metricEntries(metrics: ProjectMetrics | null | undefined): MetricEntry[] {
  if (!metrics) return [];
  const out: MetricEntry[] = [];
  for (const key of METRIC_KEYS) {
    const metric = metrics[key];
    if (!metric || metric.value == null || String(metric.value).trim() === "") continue;
    out.push({ key, label: METRIC_LABELS[key], value: formatMetric(key, metric) });
  }
  return out;
}
