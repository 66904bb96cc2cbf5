/**
 * Presentational pieces of the /book-consultation wizard (`shared/spec/booking-and-admin.md`
 * section 2). Everything here renders plain form controls (radios, inputs) so the wizard works
 * without JavaScript; the route supplies the forms and links.
 */
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { Check, Clock, CalendarDays, CalendarX2, ChevronLeft, ChevronRight, Mail, ClipboardList, BellRing } from "lucide-react";
import { Field } from "~/components/field";
import { Button, buttonVariants } from "~/components/ui/button";
import { Input, NativeSelect, Textarea } from "~/components/ui/input";
import { cn } from "~/utils/cn";
import { PROJECT_TYPE_OPTIONS } from "../fields";
import type { FieldErrors } from "../schema";
import { formatInZone, formatLongDate, formatShortDate, formatTime24, ukZoneLabel } from "~/utils/format";
import { LONDON } from "~/utils/time";

/** The step indicator labels (spec section 2). */
export const STEP_LABELS = ["Select Type", "Pick Time", "Your Details", "Confirm"] as const;

/** The step titles (spec section 2). */
export const STEP_TITLES = [
  "Choose Consultation Type",
  "Select Date & Time",
  "Your Information",
  "Confirmation",
  "Booking Complete",
] as const;

/** The step indicator: four numbered steps, the current one highlighted, earlier ones ticked. */
export function Stepper({ step }: { step: number }) {
  return (
    <nav aria-label="Booking progress" className="mb-8">
      <ol className="flex items-center gap-2 sm:gap-4">
        {STEP_LABELS.map((label, i) => {
          const n = i + 1;
          const done = step > n;
          const current = step === n;
          return (
            <li key={label} className="flex flex-1 items-center gap-2 sm:gap-4" aria-current={current ? "step" : undefined}>
              <div className="flex min-w-0 flex-col items-center gap-1.5 sm:flex-row sm:gap-3">
                <span
                  className={cn(
                    "flex size-9 shrink-0 items-center justify-center rounded-full border-2 text-sm font-bold transition-colors",
                    done && "border-primary bg-primary text-primary-foreground",
                    current && "border-primary bg-background text-primary ring-4 ring-primary-soft",
                    !done && !current && "border-border bg-background text-muted-foreground",
                  )}
                >
                  {done ? <Check aria-hidden className="size-4" /> : n}
                </span>
                <span
                  className={cn(
                    "text-center text-xs font-medium sm:text-sm",
                    current ? "text-foreground" : "text-muted-foreground",
                  )}
                >
                  {label}
                  {done ? <span className="sr-only"> (completed)</span> : null}
                </span>
              </div>
              {n < STEP_LABELS.length ? (
                <span aria-hidden className={cn("hidden h-0.5 flex-1 rounded sm:block", done ? "bg-primary" : "bg-border")} />
              ) : null}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

/** The browser's time zone after hydration (null on the server and before), for "your time". */
export function useVisitorZone(): string | null {
  const [zone, setZone] = useState<string | null>(null);
  useEffect(() => {
    try {
      setZone(Intl.DateTimeFormat().resolvedOptions().timeZone ?? null);
    } catch {
      setZone(null);
    }
  }, []);
  return zone;
}

/** "04:00 your time" when the visitor's zone shows a different time than London; else nothing. */
export function LocalTime({ date, time, zone, className }: { date: string; time: string; zone: string | null; className?: string }) {
  if (!zone || zone === LONDON) return null;
  const local = formatInZone(date, time, zone);
  if (!local) return null;
  return <span className={cn("block text-xs text-muted-foreground", className)}>{local} your time</span>;
}

export type TypeOption = { id: string; name: string; description: string | null; durationMinutes: number };

/** Step 1: one radio card per active type. */
export function TypeCards({
  types,
  selected,
  onSelect,
}: {
  types: TypeOption[];
  selected: string | null;
  onSelect: (id: string) => void;
}) {
  return (
    <fieldset>
      <legend className="sr-only">Consultation type</legend>
      <div className="grid gap-4 md:grid-cols-3">
        {types.map((t) => (
          <label
            key={t.id}
            className={cn(
              "group relative flex cursor-pointer flex-col gap-3 rounded-xl border-2 bg-card p-5 shadow-sm transition-all hover:border-primary/60 hover:shadow-md",
              "has-[:checked]:border-primary has-[:checked]:bg-accent has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring",
            )}
          >
            <input
              type="radio"
              name="type"
              value={t.id}
              checked={selected === t.id}
              onChange={() => onSelect(t.id)}
              className="peer sr-only"
            />
            <span className="flex items-start justify-between gap-3">
              <span className="text-base font-semibold leading-snug text-foreground">{t.name}</span>
              <span
                aria-hidden
                className="flex size-5 shrink-0 items-center justify-center rounded-full border-2 border-input group-has-[:checked]:border-primary group-has-[:checked]:bg-primary"
              >
                <Check className="size-3 text-white opacity-0 group-has-[:checked]:opacity-100" />
              </span>
            </span>
            <span className="inline-flex items-center gap-1.5 text-sm font-medium text-primary">
              <Clock aria-hidden className="size-4" />
              {t.durationMinutes} minutes
            </span>
            {t.description ? <span className="text-sm leading-relaxed text-muted-foreground">{t.description}</span> : null}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export type SlotOption = { id: string; date: string; start_time: string; end_time: string; available_spots: number };

/** Step 2: slots grouped by date, each a radio styled as a time button; full ones disabled and labelled Full. */
export function SlotGrid({
  slots,
  selected,
  onSelect,
  zone,
}: {
  slots: SlotOption[];
  selected: string | null;
  onSelect: (id: string) => void;
  zone: string | null;
}) {
  const byDate = new Map<string, SlotOption[]>();
  for (const s of slots) byDate.set(s.date, [...(byDate.get(s.date) ?? []), s]);
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {[...byDate.entries()].map(([date, daySlots]) => (
        <fieldset key={date} className="rounded-xl border bg-card p-4">
          <legend className="sr-only">{formatLongDate(date)}</legend>
          <p aria-hidden className="mb-3 flex items-center gap-2 text-sm font-semibold text-foreground">
            <CalendarDays className="size-4 text-primary" />
            {formatShortDate(date)}
          </p>
          <div className="grid grid-cols-2 gap-2">
            {daySlots.map((s) => {
              const full = s.available_spots === 0;
              return (
                <label
                  key={s.id}
                  className={cn(
                    "relative flex min-h-12 flex-col items-center justify-center rounded-lg border px-2 py-2 text-center transition-colors",
                    full
                      ? "cursor-not-allowed border-dashed bg-muted text-muted-foreground"
                      : "cursor-pointer hover:border-primary hover:bg-accent has-[:checked]:border-primary has-[:checked]:bg-primary has-[:checked]:text-primary-foreground has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring",
                  )}
                >
                  <input
                    type="radio"
                    name="slot"
                    value={s.id}
                    disabled={full}
                    checked={selected === s.id}
                    onChange={() => onSelect(s.id)}
                    className="sr-only"
                    aria-label={`${formatLongDate(s.date)} ${formatTime24(s.start_time)}${full ? " Full" : ""}`}
                  />
                  <span className={cn("text-sm font-semibold tabular-nums", full && "line-through")}>
                    {formatTime24(s.start_time)}
                  </span>
                  {full ? (
                    <span className="text-xs font-semibold uppercase tracking-wide">Full</span>
                  ) : (
                    <LocalTime date={s.date} time={s.start_time} zone={zone} className="[label:has(:checked)_&]:text-primary-foreground/85" />
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
  const label = dir === "prev" ? "Previous Week" : "Next Week";
  const content =
    dir === "prev" ? (
      <>
        <ChevronLeft aria-hidden />
        <span className="hidden sm:inline">{label}</span>
        <span className="sm:hidden">Previous</span>
      </>
    ) : (
      <>
        <span className="hidden sm:inline">{label}</span>
        <span className="sm:hidden">Next</span>
        <ChevronRight aria-hidden />
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
    <Link to={to} aria-label={label} className={buttonVariants({ variant: "outline", size: "sm" })}>
      {content}
    </Link>
  );
}

/**
 * The week picker of step 2, also used to reschedule from the manage page: Previous/Next Week
 * links (URL-driven, so it works without JavaScript), the "Month Year" heading and the week's
 * slots as radios named `slot`, or the error or empty state. Put it inside the caller's form.
 */
export function WeekPicker({
  monthYear,
  previousHref,
  nextHref,
  slots,
  slotsError,
  selected,
  onSelect,
  zone,
  contactEmail,
}: {
  monthYear: string;
  previousHref: string | null;
  nextHref: string | null;
  slots: SlotOption[];
  slotsError: boolean;
  selected: string | null;
  onSelect: (id: string) => void;
  zone: string | null;
  contactEmail?: string | null;
}) {
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
        <p className="rounded-lg border border-dashed p-8 text-center text-muted-foreground">
          We could not load the available times. Please try again or contact us directly.
        </p>
      ) : slots.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed bg-background px-6 py-12 text-center">
          <CalendarX2 aria-hidden className="mb-2 size-8 text-muted-foreground" />
          <p className="font-semibold">No available slots this week</p>
          <p className="max-w-md text-sm text-muted-foreground">
            Try next week, or contact us directly
            {contactEmail ? (
              <>
                {" "}
                at{" "}
                <a className="font-medium text-primary underline underline-offset-4" href={`mailto:${contactEmail}`}>
                  {contactEmail}
                </a>
              </>
            ) : null}{" "}
            and we will find a time that works.
          </p>
        </div>
      ) : (
        <SlotGrid slots={slots} selected={selected} onSelect={onSelect} zone={zone} />
      )}
    </>
  );
}

/** The raw values of the details form (strings as typed). */
export type DetailsValues = Partial<Record<string, string>>;

/** Step 3: contact and project information. */
export function DetailsFields({ values, errors }: { values: DetailsValues; errors?: FieldErrors }) {
  const v = (k: string) => values[k] ?? "";
  return (
    <div className="grid gap-8">
      <section aria-labelledby="contact-info-heading" className="grid gap-4">
        <h3 id="contact-info-heading" className="text-base font-semibold">
          Contact information
        </h3>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Full name" required errors={errors?.name}>
            {(p) => <Input {...p} name="name" defaultValue={v("name")} autoComplete="name" required maxLength={120} />}
          </Field>
          <Field label="Email address" required errors={errors?.email}>
            {(p) => <Input {...p} type="email" name="email" defaultValue={v("email")} autoComplete="email" required maxLength={254} />}
          </Field>
          <Field label="Phone number" errors={errors?.phone}>
            {(p) => <Input {...p} type="tel" name="phone" defaultValue={v("phone")} autoComplete="tel" maxLength={40} />}
          </Field>
          <Field label="Company" errors={errors?.companyName}>
            {(p) => <Input {...p} name="companyName" defaultValue={v("companyName")} autoComplete="organization" maxLength={160} />}
          </Field>
        </div>
      </section>
      <section aria-labelledby="project-info-heading" className="grid gap-4">
        <h3 id="project-info-heading" className="text-base font-semibold">
          Project information
        </h3>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Project type" errors={errors?.projectType}>
            {(p) => (
              <NativeSelect {...p} name="projectType" defaultValue={v("projectType")}>
                <option value="">Select a project type</option>
                {PROJECT_TYPE_OPTIONS.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </NativeSelect>
            )}
          </Field>
          <Field label="Timeline" errors={errors?.timeline}>
            {(p) => <Input {...p} name="timeline" defaultValue={v("timeline")} placeholder="e.g. Start within 6 months" maxLength={200} />}
          </Field>
          <Field label="Budget range" errors={errors?.budgetRange} className="sm:col-span-2">
            {(p) => <Input {...p} name="budgetRange" defaultValue={v("budgetRange")} placeholder="e.g. £50k to £250k" maxLength={200} />}
          </Field>
          <Field label="Project description" errors={errors?.projectDescription} className="sm:col-span-2">
            {(p) => (
              <Textarea
                {...p}
                name="projectDescription"
                rows={4}
                defaultValue={v("projectDescription")}
                placeholder="Tell us about the site, the structure and what you would like to achieve."
                maxLength={4000}
              />
            )}
          </Field>
          <Field label="Special requirements" errors={errors?.specialRequirements} className="sm:col-span-2">
            {(p) => (
              <Textarea
                {...p}
                name="specialRequirements"
                rows={3}
                defaultValue={v("specialRequirements")}
                placeholder="Accessibility needs, interpreters, documents you will share..."
                maxLength={2000}
              />
            )}
          </Field>
        </div>
      </section>
    </div>
  );
}

/** Step 4: the summary of what will be booked. */
export function BookingSummary({
  typeName,
  durationMinutes,
  date,
  startTime,
  values,
  zone,
}: {
  typeName: string;
  durationMinutes: number;
  date: string;
  startTime: string;
  values: DetailsValues;
  zone: string | null;
}) {
  const projectType = PROJECT_TYPE_OPTIONS.find((o) => o.value === values.projectType)?.label;
  const rows: [string, string | undefined][] = [
    ["Name", values.name],
    ["Email", values.email],
    ["Phone", values.phone],
    ["Company", values.companyName],
    ["Project type", projectType],
    ["Timeline", values.timeline],
    ["Budget range", values.budgetRange],
    ["Project description", values.projectDescription],
    ["Special requirements", values.specialRequirements],
  ];
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <div className="rounded-xl border bg-accent p-5">
        <h3 className="mb-4 text-sm font-semibold uppercase tracking-wide text-accent-foreground">Consultation</h3>
        <dl className="grid gap-3 text-sm">
          <div>
            <dt className="text-muted-foreground">Type</dt>
            <dd className="font-semibold">{typeName}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Date</dt>
            <dd className="font-semibold">{formatLongDate(date)}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Time</dt>
            <dd className="font-semibold">
              {formatTime24(startTime)} {ukZoneLabel(date, startTime)}
              <LocalTime date={date} time={startTime} zone={zone} className="font-normal" />
            </dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Duration</dt>
            <dd className="font-semibold">{durationMinutes} minutes</dd>
          </div>
        </dl>
      </div>
      <div className="rounded-xl border p-5">
        <h3 className="mb-4 text-sm font-semibold uppercase tracking-wide text-muted-foreground">Your details</h3>
        <dl className="grid gap-3 text-sm">
          {rows
            .filter(([, value]) => value && value.trim())
            .map(([label, value]) => (
              <div key={label}>
                <dt className="text-muted-foreground">{label}</dt>
                <dd className="whitespace-pre-line break-words font-medium">{value}</dd>
              </div>
            ))}
        </dl>
      </div>
    </div>
  );
}

/**
 * Step 5: 'Booking Confirmed!' and 'What happens next?'; the route passes the two links and, when
 * it knows the booking just made, its receipt (date and time, calendar file, manage link; issue 19),
 * shown between the sentence and the list.
 */
export function SuccessPanel({ children, receipt }: { children: React.ReactNode; receipt?: React.ReactNode }) {
  const next = [
    { icon: Mail, text: "You'll receive a confirmation email with the meeting details." },
    { icon: ClipboardList, text: "Our team will review your project information before the call." },
    { icon: BellRing, text: "We'll send you a reminder 24 hours before your consultation." },
  ];
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center text-center">
      <span className="mb-5 flex size-16 items-center justify-center rounded-full bg-primary-soft text-primary">
        <Check aria-hidden className="size-8" strokeWidth={3} />
      </span>
      <h2 className="text-2xl font-bold tracking-tight sm:text-3xl">Booking Confirmed!</h2>
      <p className="mt-3 text-muted-foreground">
        Thank you for booking a consultation. A confirmation email with your meeting link is on its way.
      </p>
      {receipt}
      <div className="mt-8 w-full rounded-xl border bg-accent p-6 text-left">
        <h3 className="mb-4 font-semibold text-accent-foreground">What happens next?</h3>
        <ul className="grid gap-3 text-sm">
          {next.map(({ icon: Icon, text }) => (
            <li key={text} className="flex items-start gap-3">
              <Icon aria-hidden className="mt-0.5 size-4 shrink-0 text-primary" />
              <span>{text}</span>
            </li>
          ))}
        </ul>
      </div>
      <div className="mt-8 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">{children}</div>
    </div>
  );
}
