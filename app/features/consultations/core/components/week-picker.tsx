/**
 * The week of free times a visitor picks from: the booking wizard's step 2 and the manage page's
 * reschedule both draw it. Plain radios and links, rendered on the server only (the public site
 * is sent without React): it works before and without any script. Times are London wall-clock
 * (`HH:MM:SS`), with the visitor's own time beside them, filled in by the enhancement
 * (`app/enhance/local-time.ts`), which knows their zone.
 */
import { CalendarDays, CalendarX2, ChevronLeft, ChevronRight } from "lucide-react";
import { Button, buttonVariants } from "~/components/ui/button";
import { cn } from "~/utils/cn";
import { formatLongDate, formatShortDate, formatTime24 } from "~/utils/format";
import { languageInfo, usePageLanguage } from "~/utils/i18n";
import { m } from "~/utils/paraglide/messages";
import { londonInstant } from "~/utils/time";

/**
 * The place of "04:00 your time" beside a London `date` `time`: sent empty and hidden, with the
 * instant, the page's `Intl` locale and the sentence, for the enhancement to fill in and show when
 * the visitor's zone shows another time than London (`app/enhance/local-time.ts`). `template`
 * (with `{time}`) replaces the sentence.
 */
export function LocalTime({ date, time, className, template }: { date: string; time: string; className?: string; template?: string }) {
  const language = usePageLanguage();
  return (
    <span
      hidden
      data-local-time=""
      data-at={londonInstant(date, time).toISOString()}
      data-date={date}
      data-time={time}
      data-intl={languageInfo(language).intl}
      data-template={template ?? m.local_time({ time: "{time}" }, { locale: language })}
      className={cn("block text-xs text-muted-foreground", className)}
    />
  );
}

export type SlotOption = { id: string; date: string; start_time: string; end_time: string; available_spots: number };

/**
 * Step 2: slots grouped by date, each a radio styled as a time button (`selected` checked); full
 * ones disabled and labelled Full.
 */
export function SlotGrid({ slots, selected }: { slots: SlotOption[]; selected: string | null }) {
  const language = usePageLanguage();
  const intl = languageInfo(language).intl;
  const full = m.week_full({}, { locale: language });
  const byDate = new Map<string, SlotOption[]>();
  for (const s of slots) byDate.set(s.date, [...(byDate.get(s.date) ?? []), s]);
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {[...byDate.entries()].map(([date, daySlots]) => (
        <fieldset key={date} className="rounded-xl border bg-card p-4">
          <legend className="sr-only">{formatLongDate(date, intl)}</legend>
          <p aria-hidden className="mb-3 flex items-center gap-2 text-sm font-semibold text-foreground">
            <CalendarDays className="size-4 text-primary" />
            {formatShortDate(date, intl)}
          </p>
          <div className="grid grid-cols-2 gap-2">
            {daySlots.map((s) => {
              const isFull = s.available_spots === 0;
              return (
                <label
                  key={s.id}
                  className={cn(
                    "relative flex min-h-12 flex-col items-center justify-center rounded-lg border px-2 py-2 text-center transition-colors",
                    isFull
                      ? "cursor-not-allowed border-dashed bg-muted text-muted-foreground"
                      : "cursor-pointer hover:border-primary hover:bg-accent has-[:checked]:border-primary has-[:checked]:bg-primary has-[:checked]:text-primary-foreground has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring",
                  )}
                >
                  <input
                    type="radio"
                    name="slot"
                    value={s.id}
                    disabled={isFull}
                    defaultChecked={selected === s.id}
                    className="sr-only"
                    aria-label={`${formatLongDate(s.date, intl)} ${formatTime24(s.start_time)}${isFull ? ` ${full}` : ""}`}
                  />
                  <span dir="ltr" className={cn("text-sm font-semibold tabular-nums", isFull && "line-through")}>
                    {formatTime24(s.start_time)}
                  </span>
                  {isFull ? (
                    <span className="text-xs font-semibold uppercase tracking-wide">{full}</span>
                  ) : (
                    <LocalTime date={s.date} time={s.start_time} className="[label:has(:checked)_&]:text-primary-foreground/85" />
                  )}
                </label>
              );
            })}
          </div>
        </fieldset>
      ))}
    </div>
  );
}

/** Previous Week / Next Week: a link, or a disabled button when that week cannot be shown. */
function WeekLink({ to, dir }: { to: string | null; dir: "prev" | "next" }) {
  const locale = { locale: usePageLanguage() };
  const label = dir === "prev" ? m.week_previous_week({}, locale) : m.week_next_week({}, locale);
  const content =
    dir === "prev" ? (
      <>
        <ChevronLeft aria-hidden className="rtl:-scale-x-100" />
        <span className="hidden sm:inline">{label}</span>
        <span className="sm:hidden">{m.week_previous({}, locale)}</span>
      </>
    ) : (
      <>
        <span className="hidden sm:inline">{label}</span>
        <span className="sm:hidden">{m.week_next({}, locale)}</span>
        <ChevronRight aria-hidden className="rtl:-scale-x-100" />
      </>
    );
  if (!to) {
    return (
      <Button type="button" variant="outline" size="sm" disabled aria-label={label}>
        {content}
      </Button>
    );
  }
  return (
    <a href={to} aria-label={label} className={buttonVariants({ variant: "outline", size: "sm" })}>
      {content}
    </a>
  );
}

/**
 * The week picker of step 2, also used to reschedule from the manage page: Previous/Next Week
 * links (URL-driven), the "Month Year" heading and the week's slots as radios named `slot`
 * (`selected` checked), or the error or empty state. Put it inside the caller's form.
 */
export function WeekPicker({
  monthYear,
  previousHref,
  nextHref,
  slots,
  slotsError,
  selected,
  contactEmail,
}: {
  monthYear: string;
  previousHref: string | null;
  nextHref: string | null;
  slots: SlotOption[];
  slotsError: boolean;
  selected: string | null;
  contactEmail?: string | null;
}) {
  const locale = { locale: usePageLanguage() };
  return (
    <>
      <div className="mb-5 flex items-center justify-between gap-2">
        <WeekLink to={previousHref} dir="prev" />
        <h3 aria-live="polite" className="text-center text-base font-semibold sm:text-lg">
          {monthYear}
        </h3>
        <WeekLink to={nextHref} dir="next" />
      </div>
      {slotsError ? (
        <p className="rounded-lg border border-dashed p-8 text-center text-muted-foreground">{m.week_slots_error({}, locale)}</p>
      ) : slots.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed bg-background px-6 py-12 text-center">
          <CalendarX2 aria-hidden className="mb-2 size-8 text-muted-foreground" />
          <p className="font-semibold">{m.week_empty_title({}, locale)}</p>
          <p className="max-w-md text-sm text-muted-foreground">
            {contactEmail ? (
              <WithValue text={m.week_empty_hint_email({ email: contactEmail }, locale)} value={contactEmail}>
                <a className="font-medium text-primary underline underline-offset-4" href={`mailto:${contactEmail}`} dir="ltr">
                  {contactEmail}
                </a>
              </WithValue>
            ) : (
              m.week_empty_hint({}, locale)
            )}
          </p>
        </div>
      ) : (
        <SlotGrid slots={slots} selected={selected} />
      )}
    </>
  );
}

/**
 * A translated sentence with `value` (as the message placed it) drawn as `children`, such as a
 * link on an address: the text before and after the first occurrence stays as the language wrote it.
 */
function WithValue({ text, value, children }: { text: string; value: string; children: React.ReactNode }) {
  const at = text.indexOf(value);
  if (at < 0) return <>{text}</>;
  return (
    <>
      {text.slice(0, at)}
      {children}
      {text.slice(at + value.length)}
    </>
  );
}
