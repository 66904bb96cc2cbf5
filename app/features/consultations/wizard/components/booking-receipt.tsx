/**
 * What the booking success screen adds to the spec's heading, sentence and list: the
 * booked date and time in UK time and the visitor's own, that the booking awaits the team's
 * confirmation, an "Add to calendar" download of the same invitation the e-mail attaches, and the
 * manage link. Works without JavaScript (the download is a `data:` link; the local time appears
 * once the enhancement knows the browser's zone).
 */
import { CalendarPlus, Hourglass, Settings2 } from "lucide-react";
import { buttonVariants } from "~/components/ui/button";
import { cn } from "~/utils/cn";
import type { BookingReceipt } from "../booking-receipt.server";
import { usePageLanguage } from "~/utils/i18n";
import { m } from "~/utils/paraglide/messages";
import { describeWhenIn, minutesIn } from "../../core/words";
import { LocalTime } from "../../core/components/week-picker";

/** The booking just made, in the page's language (the type's name is content and stays as staff wrote it). */
export function BookingReceiptCard({ receipt }: { receipt: BookingReceipt }) {
  const language = usePageLanguage();
  const locale = { locale: language };
  return (
    <section aria-labelledby="booking-receipt-heading" className="mt-8 w-full rounded-xl border bg-card p-5 text-start shadow-sm sm:p-6">
      <h3 id="booking-receipt-heading" className="text-sm font-semibold uppercase tracking-wide text-muted-foreground">
        {m.receipt_heading({}, locale)}
      </h3>
      <p className="mt-3 text-lg font-semibold text-foreground">{receipt.consultationType}</p>
      <p className="mt-1 text-foreground">{describeWhenIn(language, receipt.date, receipt.startTime)}</p>
      <LocalTime date={receipt.date} time={receipt.startTime} className="mt-0.5 text-sm" />
      <p className="mt-1 text-sm text-muted-foreground">{minutesIn(language, receipt.durationMinutes)}</p>

      {receipt.status === "pending" ? (
        <p className="mt-4 flex items-start gap-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          <Hourglass aria-hidden className="mt-0.5 size-4 shrink-0" />
          <span>
            <strong className="font-semibold">{m.receipt_awaiting({}, locale)}</strong> {m.receipt_awaiting_detail({}, locale)}
          </span>
        </p>
      ) : (
        <p className="mt-4 rounded-lg bg-accent p-3 text-sm text-accent-foreground">{m.receipt_confirmed({}, locale)}</p>
      )}

      <div className="mt-5 flex flex-col gap-3 sm:flex-row">
        {receipt.ics ? (
          <a
            href={`data:text/calendar;charset=utf-8,${encodeURIComponent(receipt.ics)}`}
            download="consultation.ics"
            className={cn(buttonVariants({ variant: "outline" }), "w-full sm:w-auto")}
          >
            <CalendarPlus aria-hidden />
            {m.receipt_add_to_calendar({}, locale)}
          </a>
        ) : null}
        {receipt.managePath ? (
          <a href={receipt.managePath} rel="nofollow" className={cn(buttonVariants({ variant: "outline" }), "w-full sm:w-auto")}>
            <Settings2 aria-hidden />
            {m.receipt_manage({}, locale)}
          </a>
        ) : null}
      </div>
      <p className="mt-3 text-xs text-muted-foreground">
        {receipt.managePath ? m.receipt_keep_email({}, locale) : m.receipt_link_in_email({}, locale)}
      </p>
    </section>
  );
}
