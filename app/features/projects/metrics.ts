/**
 * Labels of a project card's result block
 * and the readers of the two ordered jsonb fields a project has (metrics, technical specs).
 * Each metric is `{ value, unit }`; PROJECT VALUE (`savings`) has a value only, so its unit is ignored.
 */
import type { ProjectMetric, ProjectMetricKey, ProjectMetrics, TechnicalSpecs } from "~/db/schema";
import { DEFAULT_LANGUAGE, type Language } from "~/utils/i18n";
import { m } from "~/utils/paraglide/messages";

export type MetricKey = ProjectMetricKey;

/** The metric keys in display order with their labels, catalogue messages called with a page's language. */
export const METRIC_MESSAGES: Record<MetricKey, (inputs: Record<string, never>, options: { locale: Language }) => string> = {
  powerRating: m.project_metric_power_rating,
  capacity: m.project_metric_capacity,
  panels: m.project_metric_panels,
  savings: m.project_metric_savings,
  roi: m.project_metric_roi,
  impact: m.project_metric_impact,
};

/** The metric keys in display order with their spec (English) labels, for the portal. */
export const METRIC_LABELS = Object.fromEntries(
  Object.entries(METRIC_MESSAGES).map(([key, label]) => [key, label({}, { locale: DEFAULT_LANGUAGE })]),
) as Record<MetricKey, string>;

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

/**
 * The metrics as an ordered list: the CMS's list form as stored (the order staff entered), or the
 * spec's keyed object in METRIC_KEYS order. Unknown keys, repeats and malformed entries are dropped.
 */
export function metricList(metrics: ProjectMetrics | null | undefined): (ProjectMetric & { key: MetricKey })[] {
  if (!metrics || typeof metrics !== "object") return [];
  const raw = Array.isArray(metrics) ? metrics : METRIC_KEYS.map((key) => (metrics[key] ? { ...metrics[key], key } : null));
  const seen = new Set<string>();
  const out: (ProjectMetric & { key: MetricKey })[] = [];
  for (const m of raw) {
    if (!m || typeof m !== "object" || !(m.key in METRIC_LABELS) || seen.has(m.key)) continue;
    seen.add(m.key);
    out.push({ key: m.key, value: String(m.value ?? ""), ...(m.unit ? { unit: String(m.unit) } : {}) });
  }
  return out;
}

/** The metrics of a card in their order, skipping empty values, labelled in `language` (English by default). */
export function metricEntries(metrics: ProjectMetrics | null | undefined, language: Language = DEFAULT_LANGUAGE): MetricEntry[] {
  return metricList(metrics)
    .filter((metric) => metric.value.trim() !== "")
    .map((metric) => ({ key: metric.key, label: METRIC_MESSAGES[metric.key]({}, { locale: language }), value: formatMetric(metric.key, metric) }));
}

/**
 * Technical specifications as ordered `[label, value]` pairs: the CMS's list form in the order
 * staff entered, or a plain object's entries (imported data). Empty labels or values are dropped.
 */
export function technicalSpecEntries(specs: TechnicalSpecs | null | undefined): [string, string][] {
  if (!specs || typeof specs !== "object") return [];
  const pairs = Array.isArray(specs) ? specs.map((s) => [s?.key, s?.value]) : Object.entries(specs);
  return pairs
    .map(([k, v]) => [String(k ?? "").trim(), String(v ?? "").trim()] as [string, string])
    .filter(([k, v]) => k && v);
}
