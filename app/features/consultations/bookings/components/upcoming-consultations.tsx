/**
 * The dashboard's consultations card: today's and the next seven days' consultations
 * (pending or confirmed), soonest first, each opening its booking on the consultations screen.
 * Dates and times are UK wall-clock, 12-hour.
 */
import { CalendarDays } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Card, CardContent } from "~/components/ui/card";
import { ViewAllHeader } from "~/components/view-all-header";
import type { BOOKING_STATUSES } from "~/utils/domain";
import { formatTimeRange12, formatWeekdayDate } from "~/utils/format";
import { STATUS_META } from "./admin-format";

/** One consultation as the card shows it (London `date` and `HH:MM` times). */
export type UpcomingConsultation = {
  id: string;
  name: string;
  consultationType: string;
  status: (typeof BOOKING_STATUSES)[number];
  date: string;
  startTime: string;
  endTime: string;
};

function ConsultationList({ items, showDate }: { items: UpcomingConsultation[]; showDate: boolean }) {
  return (
    <ul className="divide-y">
      {items.map((c) => (
        <li key={c.id}>
          <Link
            to={`/admin/consultations?booking=${c.id}`}
            className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md px-1 py-2.5 hover:bg-accent"
          >
            <span className="min-w-0 flex-1 basis-40">
              <span className="block truncate font-medium">{c.name}</span>
              <span className="block truncate text-sm text-muted-foreground">{c.consultationType}</span>
            </span>
            <span className="flex items-center gap-2 text-sm tabular-nums text-muted-foreground">
              {showDate ? `${formatWeekdayDate(c.date)}, ` : ""}
              {formatTimeRange12(c.startTime, c.endTime)}
              <Badge variant={STATUS_META[c.status].badge}>{STATUS_META[c.status].label}</Badge>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** Today's consultations, then those of the next seven days; `today` is London `yyyy-mm-dd`. */
export function UpcomingConsultations({ consultations, today }: { consultations: UpcomingConsultation[]; today: string }) {
  const todays = consultations.filter((c) => c.date === today);
  const later = consultations.filter((c) => c.date > today);
  return (
    <Card className="flex flex-col">
      <ViewAllHeader title="Consultations" description="Today and the next seven days, UK time" to="/admin/consultations?when=upcoming&sort=meeting-asc" />
      <CardContent className="flex flex-col gap-4">
        <section aria-labelledby="consultations-today">
          <h4 id="consultations-today" className="mb-1 text-sm font-semibold">
            Today
          </h4>
          {todays.length ? (
            <ConsultationList items={todays} showDate={false} />
          ) : (
            <p className="flex items-center gap-2 text-sm text-muted-foreground">
              <CalendarDays aria-hidden className="size-4" /> No consultations today
            </p>
          )}
        </section>
        <section aria-labelledby="consultations-week">
          <h4 id="consultations-week" className="mb-1 text-sm font-semibold">
            Next seven days
          </h4>
          {later.length ? (
            <ConsultationList items={later} showDate />
          ) : (
            <p className="text-sm text-muted-foreground">Nothing booked yet</p>
          )}
        </section>
      </CardContent>
    </Card>
  );
}
