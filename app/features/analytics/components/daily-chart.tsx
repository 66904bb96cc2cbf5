/**
 * The Analytics chart (issue 21): visitors and page views per day as two lines, conversions
 * (enquiries and bookings made) as bars beneath, drawn as a small SVG (no chart library in the
 * admin bundle; ADR 16). The SVG is an image with a text summary; the same figures are in a
 * table behind "Show the daily figures" for screen readers and exact reading.
 */
import { cn } from "~/utils/cn";
import type { AnalyticsReport } from "../report.server";
import { formatDayMonth } from "~/utils/format";

const W = 720;
const H = 240;
// The axis labels are HTML beside and under the SVG (12 px at every width; inside a 720-unit
// SVG scaled to a phone they were about 4 px tall), so the plot needs only a small margin.
const PAD = { left: 4, right: 12, top: 12, bottom: 6 };
/** Height of the conversions strip at the bottom of the plot, in SVG units. */
const STRIP = 36;


/** A rounded-up axis maximum (1, 2, 5 x 10^n). */
function niceMax(value: number): number {
  if (value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  return ([1, 2, 5, 10].map((m) => m * power).find((m) => m >= value) ?? 10 * power);
}

/** The daily chart and its table for `series` (every day of the range, in order). */
export function DailyChart({ series }: { series: AnalyticsReport["series"] }) {
  const plotW = W - PAD.left - PAD.right;
  // A 20-unit gap between the plot and the strip keeps the "0" tick clear of the strip's own scale label on a phone.
  const plotH = H - PAD.top - PAD.bottom - STRIP - 20;
  const max = niceMax(Math.max(...series.map((d) => d.pageviews), 0));
  const maxConversions = Math.max(...series.map((d) => d.conversions), 1);
  const x = (i: number) => PAD.left + (series.length === 1 ? plotW / 2 : (i * plotW) / (series.length - 1));
  const y = (v: number) => PAD.top + plotH - (v / max) * plotH;
  const line = (key: "visitors" | "pageviews") => series.map((d, i) => `${i === 0 ? "M" : "L"}${x(i).toFixed(1)},${y(d[key]).toFixed(1)}`).join(" ");
  const barW = Math.max(2, Math.min(16, plotW / series.length - 2));
  const ticks = [0, max / 2, max];
  const labelled = [0, Math.floor((series.length - 1) / 2), series.length - 1].filter((v, i, all) => all.indexOf(v) === i);
  const totals = series.reduce((t, d) => ({ visitors: t.visitors + d.visitors, pageviews: t.pageviews + d.pageviews, conversions: t.conversions + d.conversions }), { visitors: 0, pageviews: 0, conversions: 0 });
  const summary = `From ${formatDayMonth(series[0]!.day)} to ${formatDayMonth(series.at(-1)!.day)}: ${totals.visitors} visitors, ${totals.pageviews} page views and ${totals.conversions} enquiries and bookings.`;

  return (
    <figure className="space-y-3">
      <div className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-2">
        <div aria-hidden className="relative w-9 text-right text-xs tabular-nums text-muted-foreground">
          {ticks.map((t) => (
            <span key={t} className="absolute right-0 -translate-y-1/2" style={{ top: `${(y(t) / H) * 100}%` }}>
              {Math.round(t)}
            </span>
          ))}
          <span className="absolute right-0 -translate-y-full text-emerald-700" style={{ top: `${((H - PAD.bottom) / H) * 100}%` }}>
            {maxConversions}
          </span>
        </div>
        <svg viewBox={`0 0 ${W} ${H}`} className="h-auto w-full" role="img" aria-label={`Daily visitors, page views and conversions. ${summary}`}>
          {ticks.map((t) => (
            <line key={t} x1={PAD.left} x2={W - PAD.right} y1={y(t)} y2={y(t)} className="stroke-border" strokeDasharray={t === 0 ? undefined : "3 3"} />
          ))}
          <path d={line("pageviews")} fill="none" className="stroke-slate-400" strokeWidth={2} />
          <path d={line("visitors")} fill="none" className="stroke-primary" strokeWidth={2.5} />
          <rect x={PAD.left} y={H - PAD.bottom - STRIP + 4} width={plotW} height={STRIP - 4} className="fill-muted/60" />
          {series.map((d, i) =>
            d.conversions > 0 ? (
              <rect
                key={d.day}
                x={x(i) - barW / 2}
                y={H - PAD.bottom - (d.conversions / maxConversions) * (STRIP - 6)}
                width={barW}
                height={(d.conversions / maxConversions) * (STRIP - 6)}
                className="fill-emerald-600"
              />
            ) : null,
          )}
          <line x1={PAD.left} x2={W - PAD.right} y1={H - PAD.bottom} y2={H - PAD.bottom} className="stroke-border" />
        </svg>
        <div aria-hidden className="col-start-2 relative mt-1 h-5 text-xs text-muted-foreground" data-testid="chart-day-labels">
          {labelled.map((i) => (
            <span
              key={i}
              className={cn("absolute top-0 whitespace-nowrap", i === 0 ? "" : i === series.length - 1 ? "-translate-x-full" : "-translate-x-1/2")}
              style={{ left: `${(x(i) / W) * 100}%` }}
            >
              {formatDayMonth(series[i]!.day)}
            </span>
          ))}
        </div>
      </div>
      <figcaption className="flex flex-wrap gap-x-5 gap-y-1 text-sm text-muted-foreground">
        <span className="inline-flex items-center gap-2">
          <span aria-hidden className="h-0.5 w-5 bg-primary" /> Visitors
        </span>
        <span className="inline-flex items-center gap-2">
          <span aria-hidden className="h-0.5 w-5 bg-slate-400" /> Page views
        </span>
        <span className="inline-flex items-center gap-2">
          <span aria-hidden className="size-3 bg-emerald-600" /> Enquiries and bookings (strip below, own scale)
        </span>
      </figcaption>
      <details className="text-sm">
        <summary className="cursor-pointer font-medium text-primary">Show the daily figures</summary>
        <div className="mt-2 max-h-72 overflow-auto rounded-md border">
          <table className="w-full text-left tabular-nums">
            <thead className="sticky top-0 bg-muted">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">Day</th>
                <th scope="col" className="px-3 py-2 text-right font-medium">Visitors</th>
                <th scope="col" className="px-3 py-2 text-right font-medium">Page views</th>
                <th scope="col" className="px-3 py-2 text-right font-medium">Enquiries and bookings</th>
              </tr>
            </thead>
            <tbody className="divide-y">
              {series.map((d) => (
                <tr key={d.day}>
                  <th scope="row" className="px-3 py-1.5 font-normal">{formatDayMonth(d.day)}</th>
                  <td className="px-3 py-1.5 text-right">{d.visitors}</td>
                  <td className="px-3 py-1.5 text-right">{d.pageviews}</td>
                  <td className="px-3 py-1.5 text-right">{d.conversions}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
