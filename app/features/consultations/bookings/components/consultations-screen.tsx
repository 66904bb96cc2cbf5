import { useState } from "react";
import { Link } from "react-router";
import {
  BellRing,
  Building2,
  CalendarCheck,
  CalendarDays,
  CheckCircle2,
  CircleCheckBig,
  Clock,
  Download,
  Eye,
  Mail,
  Phone,
  Search,
  UserRound,
  Users,
} from "lucide-react";
import { Badge } from "~/components/ui/badge";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Input, NativeSelect } from "~/components/ui/input";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { BOOKING_STATUSES } from "~/utils/domain";
import { cn } from "~/utils/cn";
import type { ConsultationActionResult } from "../../core/admin-actions";
import {
  BOOKING_SORT_LABELS,
  BOOKING_SORTS,
  BOOKING_WHEN,
  BOOKING_WHEN_LABELS,
  type BookingSort,
  type BookingWhen,
} from "../admin-booking-list";
import type { AdminSlot, ConsultationStats } from "../../availability/index.server";
import { formatTimeRange12, formatWeekdayDate } from "~/utils/format";
import { STATUS_META } from "./admin-format";
import type { EngineerOption } from "../../engineers/index.server";
import { BookingDialog, type BookingView } from "./booking-dialog";
import { AvailabilityPanel } from "../../availability/components/availability-panel";
import { useResultToast, type Submitter } from "../../core/components/submitter";

export type ConsultationsTab = "bookings" | "availability";

export type ConsultationsScreenProps = {
  stats: ConsultationStats;
  bookings: BookingView[];
  total: number;
  page: number;
  pageSize: number;
  slots: AdminSlot[];
  today: string;
  filters: { q: string; status: string; tab: ConsultationsTab; sort: BookingSort; when: BookingWhen };
  /** The booking a `?booking=` link opens in its dialog on arrival, or null. */
  opened: BookingView | null;
  /** The engineers staff may give a booking to (empty while none is set up). */
  engineers: EngineerOption[];
  /** Called when the detail dialog closes (to drop `?booking=` from the URL). */
  onBookingClosed: () => void;
  /** Answer of a plain (no JavaScript) POST, shown as a banner. */
  actionData?: ConsultationActionResult;
  onTabChange: (tab: ConsultationsTab) => void;
  /** Applies the bookings search form (a GET form) without a full page load. */
  onFilter: (form: HTMLFormElement) => void;
  /** `href` of a page of the bookings list with the current filters. */
  pageHref: (page: number) => string;
  /** The address of this screen with the booking `id` open (`?booking=<id>`, the other parameters kept). */
  bookingHref: (id: string) => string;
  submitters: {
    booking: Submitter;
    single: Submitter;
    recurring: Submitter;
    edit: Submitter;
    remove: Submitter;
    close: Submitter;
  };
};

const STAT_CARDS = [
  { key: "total_bookings", label: "Total Bookings", icon: Users, tone: "bg-accent text-primary" },
  { key: "pending_bookings", label: "Pending", icon: Clock, tone: "bg-yellow-50 text-yellow-800" },
  { key: "confirmed_bookings", label: "Confirmed", icon: CheckCircle2, tone: "bg-green-50 text-green-800" },
  { key: "completed_bookings", label: "Completed", icon: CircleCheckBig, tone: "bg-blue-50 text-blue-800" },
  { key: "this_week_bookings", label: "This Week", icon: CalendarDays, tone: "bg-purple-50 text-purple-800" },
] as const;

/** The consultations screen: stats, Bookings and Availability tabs. */
export function ConsultationsScreen(props: ConsultationsScreenProps) {
  const { stats, filters, actionData, submitters } = props;
  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex flex-col gap-1">
          <h1 className="text-2xl font-bold tracking-tight text-foreground sm:text-3xl">Consultations</h1>
          <p className="text-sm text-muted-foreground">Confirm bookings, share meeting links and set the times clients can book. All times are UK time.</p>
        </div>
        <Link to="/admin/consultations/waiting-list" className={buttonVariants({ variant: "outline", size: "sm" })}>
          <BellRing aria-hidden /> Waiting list
        </Link>
      </header>

      {actionData ? (
        <p
          role={actionData.ok ? "status" : "alert"}
          className={cn(
            "rounded-md border px-4 py-3 text-sm",
            actionData.ok ? "border-teal-200 bg-accent text-accent-foreground" : "border-red-200 bg-red-50 text-red-900",
          )}
        >
          {actionData.message}
          {!actionData.ok && actionData.description ? ` ${actionData.description}` : ""}
          {actionData.ok && actionData.description ? `. ${actionData.description}` : ""}
          {!actionData.ok && actionData.fieldErrors ? ` ${Object.values(actionData.fieldErrors).flat().join(" ")}` : ""}
        </p>
      ) : null}

      <section aria-label="Booking statistics" className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {STAT_CARDS.map(({ key, label, icon: Icon, tone }, i) => (
          <Card key={key} className={cn("flex items-center gap-3 p-4", i === 0 && "col-span-2 sm:col-span-1")}>
            <span className={cn("flex size-10 shrink-0 items-center justify-center rounded-lg", tone)}>
              <Icon className="size-5" aria-hidden />
            </span>
            <div className="min-w-0">
              <p className="truncate text-sm text-muted-foreground">{label}</p>
              <p className="text-2xl font-semibold tabular-nums text-foreground">{stats[key]}</p>
            </div>
          </Card>
        ))}
      </section>

      <Tabs value={filters.tab} onValueChange={(v) => props.onTabChange(v as ConsultationsTab)}>
        <TabsList className="w-full sm:w-auto">
          <TabsTrigger value="bookings" className="flex-1 sm:flex-none">
            Bookings
          </TabsTrigger>
          <TabsTrigger value="availability" className="flex-1 sm:flex-none">
            Availability
          </TabsTrigger>
        </TabsList>
        <TabsContent value="bookings">
          <BookingsPanel {...props} submitter={submitters.booking} />
        </TabsContent>
        <TabsContent value="availability">
          <AvailabilityPanel {...props} />
        </TabsContent>
      </Tabs>
    </div>
  );
}

function BookingsPanel({
  bookings,
  total,
  page,
  pageSize,
  filters,
  onFilter,
  pageHref,
  bookingHref,
  submitter,
  opened,
  onBookingClosed,
  engineers,
}: ConsultationsScreenProps & { submitter: Submitter }) {
  const [selectedId, setSelectedId] = useState<string | null>(opened?.id ?? null);
  // Keep the last seen copy so the dialog stays put if a refresh filters the booking out.
  const [snapshot, setSnapshot] = useState<BookingView | null>(opened);
  // The dialog follows the address whenever it changes from outside the row's own handler: a
  // "View" pressed before hydration is a plain link to `?booking=`, and must still open it.
  const openedId = opened?.id ?? null;
  const [addressId, setAddressId] = useState(openedId);
  if (openedId !== addressId) {
    setAddressId(openedId);
    setSelectedId(openedId);
    if (opened) setSnapshot(opened);
  }
  const selected = selectedId ? (bookings.find((b) => b.id === selectedId) ?? (snapshot?.id === selectedId ? snapshot : opened)) : null;
  const close = () => {
    setSelectedId(null);
    onBookingClosed();
  };
  useResultToast(submitter, close);
  const pages = Math.max(1, Math.ceil(total / pageSize));

  return (
    <div className="flex flex-col gap-4">
      <form
        method="get"
        role="search"
        aria-label="Search bookings"
        className="flex flex-col gap-3 sm:flex-row sm:items-end"
        onSubmit={(e) => {
          e.preventDefault();
          onFilter(e.currentTarget);
        }}
      >
        <input type="hidden" name="tab" value="bookings" />
        <div className="relative flex-1">
          <label htmlFor="booking-search" className="sr-only">
            Search by name, email or type
          </label>
          <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
          <Input id="booking-search" type="search" name="q" defaultValue={filters.q} placeholder="Search by name, email or type" className="pl-9" />
        </div>
        <div className="grid grid-cols-2 gap-3 sm:flex">
          <label htmlFor="booking-status" className="sr-only">
            Status
          </label>
          <NativeSelect
            id="booking-status"
            name="status"
            defaultValue={filters.status || "all"}
            className="sm:w-40"
            onChange={(e) => e.currentTarget.form?.requestSubmit()}
          >
            <option value="all">All statuses</option>
            {BOOKING_STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATUS_META[s].label}
              </option>
            ))}
          </NativeSelect>
          <label htmlFor="booking-when" className="sr-only">
            Meeting date
          </label>
          <NativeSelect
            id="booking-when"
            name="when"
            defaultValue={filters.when}
            className="sm:w-36"
            onChange={(e) => e.currentTarget.form?.requestSubmit()}
          >
            {BOOKING_WHEN.map((w) => (
              <option key={w} value={w}>
                {BOOKING_WHEN_LABELS[w]}
              </option>
            ))}
          </NativeSelect>
          <label htmlFor="booking-sort" className="sr-only">
            Sort by
          </label>
          <NativeSelect
            id="booking-sort"
            name="sort"
            defaultValue={filters.sort}
            className="sm:w-56"
            onChange={(e) => e.currentTarget.form?.requestSubmit()}
          >
            {BOOKING_SORTS.map((o) => (
              <option key={o} value={o}>
                {BOOKING_SORT_LABELS[o]}
              </option>
            ))}
          </NativeSelect>
          <Button type="submit" variant="outline">
            Search
          </Button>
        </div>
      </form>

      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground" role="status">
          {total} {total === 1 ? "booking" : "bookings"} found
        </p>
        {/* The bookings found, every page, with the answers to their questions. */}
        <a
          href={`/admin/consultations/export?${new URLSearchParams({ q: filters.q, status: filters.status || "all", when: filters.when, sort: filters.sort })}`}
          download
          className={buttonVariants({ variant: "outline", size: "sm" })}
        >
          <Download aria-hidden />
          Export
        </a>
      </div>

      {bookings.length === 0 ? (
        <Card className="flex flex-col items-center gap-2 px-6 py-12 text-center">
          <CalendarCheck className="size-8 text-muted-foreground" aria-hidden />
          <p className="font-medium">No bookings found</p>
          <p className="text-sm text-muted-foreground">
            {filters.q || (filters.status && filters.status !== "all") || filters.when !== "all" ? "Try adjusting your search or filters." : "New bookings from the website will appear here."}
          </p>
        </Card>
      ) : (
        <ul className="flex flex-col gap-3">
          {bookings.map((b) => {
            const meta = STATUS_META[b.status];
            const Icon = meta.icon;
            return (
              <li key={b.id}>
                <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start sm:gap-4 sm:p-5">
                  <Icon className={cn("hidden size-6 shrink-0 sm:block", meta.iconClass)} aria-hidden />
                  <div className="flex min-w-0 flex-1 flex-col gap-2">
                    <div className="flex flex-wrap items-center gap-2">
                      <h3 className="font-semibold text-foreground">{b.name}</h3>
                      <Badge variant={meta.badge}>
                        <Icon className="size-3.5 sm:hidden" aria-hidden />
                        {meta.label}
                      </Badge>
                    </div>
                    <dl className="grid gap-x-6 gap-y-1.5 text-sm text-muted-foreground sm:grid-cols-2 xl:grid-cols-[minmax(0,1fr)_auto_minmax(0,1fr)]">
                      <div className="flex min-w-0 items-center gap-2">
                        <dt className="sr-only">Email</dt>
                        <Mail className="size-4 shrink-0" aria-hidden />
                        <dd className="truncate">{b.email}</dd>
                      </div>
                      <div className="flex items-center gap-2">
                        <dt className="sr-only">Date and time</dt>
                        <CalendarDays className="size-4 shrink-0" aria-hidden />
                        <dd className="xl:whitespace-nowrap">
                          {formatWeekdayDate(b.date)}, {formatTimeRange12(b.startTime, b.endTime)}
                        </dd>
                      </div>
                      <div className="flex items-center gap-2">
                        <dt className="sr-only">Type</dt>
                        <CalendarCheck className="size-4 shrink-0" aria-hidden />
                        <dd className="truncate">{b.consultationType}</dd>
                      </div>
                      {b.engineerName ? (
                        <div className="flex min-w-0 items-center gap-2">
                          <dt className="sr-only">Engineer</dt>
                          <UserRound className="size-4 shrink-0" aria-hidden />
                          <dd className="truncate">With {b.engineerName}</dd>
                        </div>
                      ) : null}
                      {b.phone ? (
                        <div className="flex items-center gap-2">
                          <dt className="sr-only">Phone</dt>
                          <Phone className="size-4 shrink-0" aria-hidden />
                          <dd>{b.phone}</dd>
                        </div>
                      ) : null}
                      {b.companyName ? (
                        <div className="flex min-w-0 items-center gap-2">
                          <dt className="sr-only">Company</dt>
                          <Building2 className="size-4 shrink-0" aria-hidden />
                          <dd className="truncate">{b.companyName}</dd>
                        </div>
                      ) : null}
                    </dl>
                  </div>
                  <Button asChild variant="outline" size="sm" className="self-start">
                    <a
                      href={bookingHref(b.id)}
                      onClick={(e) => {
                        if (e.metaKey || e.ctrlKey || e.shiftKey) return;
                        e.preventDefault();
                        setSnapshot(b);
                        setSelectedId(b.id);
                      }}
                    >
                      <Eye aria-hidden />
                      View<span className="sr-only"> booking of {b.name}</span>
                    </a>
                  </Button>
                </Card>
              </li>
            );
          })}
        </ul>
      )}

      {pages > 1 ? (
        <nav aria-label="Bookings pages" className="flex items-center justify-between gap-3 text-sm">
          {page > 1 ? (
            <Button asChild variant="outline" size="sm">
              <a href={pageHref(page - 1)}>Previous</a>
            </Button>
          ) : (
            <span />
          )}
          <span className="text-muted-foreground">
            Page {page} of {pages}
          </span>
          {page < pages ? (
            <Button asChild variant="outline" size="sm">
              <a href={pageHref(page + 1)}>Next</a>
            </Button>
          ) : (
            <span />
          )}
        </nav>
      ) : null}

      <BookingDialog booking={selected} engineers={engineers} onOpenChange={(open) => !open && close()} submitter={submitter} />
    </div>
  );
}
