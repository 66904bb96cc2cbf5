/**
 * The Analytics screen (admins and super admins): the range picker (7 / 30 / 90 days or
 * a custom range), the figures, the daily chart, and the breakdown tables: entry pages, sources,
 * campaigns and media with the enquiries and bookings their visits led to and the conversion rate,
 * the attribution rule in words, top pages, referrers, countries, devices and conversion types.
 * Export downloads the range as CSV.
 */
import { BarChart3, CalendarCheck, Download, Eye, Inbox, Users } from "lucide-react";
import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { AdminPageHeader } from "~/components/admin-page-header";
import { cn } from "~/utils/cn";
import { PRESET_DAYS, rangeSearch, type AnalyticsRange } from "../range";
import type { AnalyticsReport, BreakdownRow } from "../report.server";
import { DailyChart } from "./daily-chart";

const numberFormat = new Intl.NumberFormat("en-GB");
const percentFormat = new Intl.NumberFormat("en-GB", { style: "percent", maximumFractionDigits: 1 });
const regionNames = new Intl.DisplayNames(["en-GB"], { type: "region" });
const KIND_LABEL = { enquiry: "Enquiry", booking: "Booking made", booking_confirmed: "Booking confirmed" } as const;

/**
 * A column of a breakdown table: header (with a short form shown on phones, where the tables with
 * conversions have five columns), cell and whether it holds a number (right-aligned).
 */
type Column = { header: string; short?: string; cell: (row: BreakdownRow) => React.ReactNode; numeric?: boolean };

const visitors: Column = { header: "Visitors", cell: (r) => numberFormat.format(r.visitors), numeric: true };
const pageviews: Column = { header: "Views", cell: (r) => numberFormat.format(r.pageviews), numeric: true };
const visits: Column = { header: "Visits", cell: (r) => numberFormat.format(r.visits), numeric: true };
const enquiries: Column = { header: "Enquiries", short: "Enq.", cell: (r) => r.conversions?.enquiry ?? 0, numeric: true };
const bookings: Column = { header: "Bookings", short: "Book.", cell: (r) => r.conversions?.booking ?? 0, numeric: true };
const rate: Column = { header: "Conversion", short: "Conv.", cell: (r) => (r.rate === undefined ? "–" : percentFormat.format(r.rate)), numeric: true };
/** The wide table of visits and the enquiries and bookings they led to. */
const conversionTable = { columns: [visits, enquiries, bookings, rate], wide: true };

/** The two campaign tables: which breakdown, its title, the UTM parameter it counts and its label column. */
const CAMPAIGN_TABLES = [
  { key: "campaigns", title: "Campaigns", parameter: "utm_campaign", header: "Campaign" },
  { key: "mediums", title: "Campaign media", parameter: "utm_medium", header: "Medium" },
] as const;

function BreakdownTable({ title, description, rows, label, columns, wide = false, empty = "Nothing counted in this range." }: {
  title: string;
  /** Spans both columns of the grid on wide screens (the tables with conversions). */
  wide?: boolean;
  description?: string;
  rows: BreakdownRow[];
  label: { header: string; cell?: (value: string) => React.ReactNode };
  columns: Column[];
  empty?: string;
}) {
  return (
    <Card className={cn("min-w-0", wide && "xl:col-span-2")}>
      <CardHeader className="pb-3">
        <CardTitle className="text-base">{title}</CardTitle>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent>
        {rows.length === 0 ? (
          <p className="rounded-md border border-dashed p-4 text-center text-sm text-muted-foreground">{empty}</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-sm tabular-nums">
              <thead>
                <tr className="border-b text-left text-xs text-muted-foreground sm:text-sm">
                  <th scope="col" className="py-2 pr-2 font-medium sm:pr-3">{label.header}</th>
                  {columns.map((c) => (
                    <th key={c.header} scope="col" className={cn("py-2 pl-2 font-medium sm:pl-3 sm:whitespace-nowrap", c.numeric && "text-right")}>
                      {c.short ? (
                        <>
                          <abbr title={c.header} aria-hidden className="no-underline sm:hidden">
                            {c.short}
                          </abbr>
                          <span className="max-sm:sr-only">{c.header}</span>
                        </>
                      ) : (
                        c.header
                      )}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y">
                {rows.map((row) => (
                  <tr key={row.value}>
                    <th scope="row" className="max-w-28 truncate py-2 pr-2 text-left font-normal sm:max-w-80 sm:pr-3" title={row.value}>
                      {label.cell ? label.cell(row.value) : row.value}
                    </th>
                    {columns.map((c) => (
                      <td key={c.header} className={cn("py-2 pl-2 sm:pl-3", c.numeric && "text-right")}>
                        {c.cell(row)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * The attribution rule in words, beside the tables it explains (the rule itself is
 * `viewsWithVisitStarts` in attribution.server.ts).
 */
function AttributionRule() {
  return (
    <section aria-labelledby="attribution-rule" className="rounded-lg border bg-card p-4 text-sm shadow-sm xl:col-span-2">
      <h2 id="attribution-rule" className="font-semibold">
        How visits and conversions are attributed
      </h2>
      <p className="mt-1 text-muted-foreground">
        A visit starts with a visitor's first page of the day, after 30 minutes without a page, or when a page is opened from a campaign link (utm_source)
        other than the campaign they came with last. So a newsletter link opened part-way through a visit that began on a search engine counts as a visit
        from the newsletter, and an enquiry or booking counts for the last campaign before it. A visit's source, campaign and medium are those of its first
        page.
      </p>
    </section>
  );
}

function Figure({ label, value, note, icon: Icon }: { label: string; value: number; note?: string; icon: typeof Users }) {
  return (
    <Card className="p-4 sm:p-5">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-sm font-medium text-muted-foreground">{label}</p>
          <p className="mt-1 text-3xl font-semibold tracking-tight tabular-nums">{numberFormat.format(value)}</p>
          {note ? <p className="mt-1 text-xs text-muted-foreground">{note}</p> : null}
        </div>
        <span aria-hidden className="hidden size-10 shrink-0 items-center justify-center rounded-lg bg-accent text-primary sm:flex">
          <Icon className="size-5" />
        </span>
      </div>
    </Card>
  );
}

function RangePicker({ range }: { range: AnalyticsRange }) {
  return (
    <div className="flex flex-wrap items-end gap-x-6 gap-y-3">
      <nav aria-label="Date range" className="flex rounded-lg border bg-card p-1">
        {PRESET_DAYS.map((days) => (
          <Link
            key={days}
            to={`?range=${days}`}
            aria-current={range.preset === days ? "page" : undefined}
            className={cn(
              "rounded-md px-3 py-1.5 text-sm font-medium",
              range.preset === days ? "bg-primary text-primary-foreground" : "text-muted-foreground hover:bg-accent hover:text-foreground",
            )}
          >
            {days} days
          </Link>
        ))}
      </nav>
      <Form method="get" className="flex flex-wrap items-end gap-2" aria-label="Custom range">
        <div className="grid gap-1">
          <Label htmlFor="analytics-from">From</Label>
          <Input id="analytics-from" name="from" type="date" defaultValue={range.from} max={range.to} required className="w-40" />
        </div>
        <div className="grid gap-1">
          <Label htmlFor="analytics-to">To</Label>
          <Input id="analytics-to" name="to" type="date" defaultValue={range.to} required className="w-40" />
        </div>
        <Button type="submit" variant="outline">
          Show range
        </Button>
      </Form>
    </div>
  );
}

/** The whole screen for one range. */
export function AnalyticsScreen({ range, report }: { range: AnalyticsRange; report: AnalyticsReport }) {
  const { totals, breakdowns } = report;
  const nothing = totals.pageviews === 0 && totals.conversions.enquiry + totals.conversions.booking === 0;
  const pageLink = (path: string) => (
    <a href={path} target="_blank" rel="noreferrer" className="text-primary hover:underline">
      {path}
    </a>
  );
  return (
    <>
      <AdminPageHeader
        title="Analytics"
        description="What brings visitors, enquiries and bookings. Counted without cookies; no IP address or browser details are kept."
        actions={
          <Button asChild variant="outline">
            <a href={`/admin/analytics/export${rangeSearch(range)}`} download>
              <Download aria-hidden /> Export CSV
            </a>
          </Button>
        }
      />
      <div className="space-y-6">
        <RangePicker range={range} />
        {range.error ? (
          <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 px-4 py-3 text-sm text-destructive">
            {range.error} Showing the last 30 days.
          </p>
        ) : null}
        <section aria-label="Totals" className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
          <Figure label="Visitors" value={totals.visitors} note="Unique per day, added up" icon={Users} />
          <Figure label="Page views" value={totals.pageviews} icon={Eye} />
          <Figure label="Enquiries" value={totals.conversions.enquiry} icon={Inbox} />
          <Figure label="Bookings" value={totals.conversions.booking} note={`${totals.conversions.booking_confirmed} confirmed`} icon={CalendarCheck} />
        </section>
        <Card>
          <CardHeader className="pb-3">
            <CardTitle className="flex items-center gap-2 text-base">
              <BarChart3 className="size-5 text-primary" aria-hidden /> Day by day
            </CardTitle>
          </CardHeader>
          <CardContent>
            {nothing ? (
              <p className="rounded-md border border-dashed p-6 text-center text-sm text-muted-foreground">
                No visits counted in this range yet. Visits of public pages appear here within a few seconds.
              </p>
            ) : (
              <DailyChart series={report.series} />
            )}
          </CardContent>
        </Card>
        <div className="grid gap-6 xl:grid-cols-2">
          <BreakdownTable
            title="Entry pages"
            description="Where visits began, and the enquiries and bookings those visits led to."
            rows={breakdowns.entries}
            label={{ header: "Page", cell: pageLink }}
            {...conversionTable}
          />
          <BreakdownTable
            title="Sources"
            description="A campaign's utm_source, else the referring site."
            rows={breakdowns.sources}
            label={{ header: "Source" }}
            {...conversionTable}
          />
          <AttributionRule />
          <BreakdownTable title="Top pages" rows={breakdowns.pages} label={{ header: "Page", cell: pageLink }} columns={[visitors, pageviews]} />
          <BreakdownTable title="Referrers" rows={breakdowns.referrers} label={{ header: "Site" }} columns={[visitors, visits]} />
          {CAMPAIGN_TABLES.map(({ key, title, parameter, header }) => (
            <BreakdownTable
              key={key}
              title={title}
              description={`${parameter} of the page that started the visit, and the enquiries and bookings those visits led to.`}
              rows={breakdowns[key]}
              label={{ header }}
              {...conversionTable}
            />
          ))}
          <BreakdownTable
            title="Countries"
            rows={breakdowns.countries}
            label={{ header: "Country", cell: (code) => (code ? (regionNames.of(code) ?? code) : "Unknown") }}
            columns={[visitors, pageviews]}
          />
          <BreakdownTable title="Devices" rows={breakdowns.devices} label={{ header: "Device", cell: (d) => d[0]!.toUpperCase() + d.slice(1) }} columns={[visitors, pageviews]} />
          <Card className="min-w-0 xl:col-span-2">
            <CardHeader className="pb-3">
              <CardTitle className="text-base">Conversions by type</CardTitle>
              <CardDescription>Enquiries by their project type, bookings by consultation type.</CardDescription>
            </CardHeader>
            <CardContent>
              {report.conversionTypes.length === 0 ? (
                <p className="rounded-md border border-dashed p-4 text-center text-sm text-muted-foreground">No enquiries or bookings counted in this range.</p>
              ) : (
                <ul className="divide-y text-sm">
                  {report.conversionTypes.map((c) => (
                    <li key={`${c.kind}-${c.detail}`} className="flex items-baseline justify-between gap-4 py-2">
                      <span>
                        <span className="font-medium">{KIND_LABEL[c.kind]}</span>: {c.detail}
                      </span>
                      <span className="tabular-nums">{numberFormat.format(c.count)}</span>
                    </li>
                  ))}
                </ul>
              )}
            </CardContent>
          </Card>
        </div>
      </div>
    </>
  );
}
