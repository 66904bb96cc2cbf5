/**
 * Presentational pieces of the /book-consultation wizard. Everything here renders plain form
 * controls (radios, inputs) so the wizard works without JavaScript; the wizard's screen
 * (`booking-wizard-screen.tsx`) supplies the forms and links. Step 2's week of times is
 * `week-picker.tsx`.
 */
import { Link } from "react-router";
import { ArrowLeft, ArrowRight, BellRing, Check, ClipboardList, Clock, Mail } from "lucide-react";
import { Field } from "~/components/field";
import { Button, buttonVariants } from "~/components/ui/button";
import { Input, NativeSelect, Textarea } from "~/components/ui/input";
import { Spinner } from "~/components/ui/spinner";
import { cn } from "~/utils/cn";
import { DETAIL_FIELDS, PROJECT_TYPE_OPTIONS, type DetailsValues } from "../fields";
import type { FieldErrors } from "~/utils/forms";
import { formatLongDate, formatTime24, ukZoneLabel } from "~/utils/format";
import { LocalTime } from "./week-picker";

/** The step indicator labels. */
export const STEP_LABELS = ["Select Type", "Pick Time", "Your Details", "Confirm"] as const;

/** The step titles. */
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
 * it knows the booking just made, its receipt (date and time, calendar file, manage link),
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

/** The Continue button of steps 1 to 3: disabled while a request runs (spinner) or when `disabled`. */
export function ContinueButton({ busy, disabled }: { busy: boolean; disabled?: boolean }) {
  return (
    <Button type="submit" size="lg" disabled={disabled || busy}>
      Continue
      {busy ? <Spinner /> : <ArrowRight aria-hidden />}
    </Button>
  );
}

/** The Back link of steps 2 and 3, to the previous step's URL. */
export function BackLink({ to }: { to: string }) {
  return (
    <Link to={to} className={buttonVariants({ variant: "outline", size: "lg" })}>
      <ArrowLeft aria-hidden />
      Back
    </Link>
  );
}

/** The details carried through step 4 as hidden fields. */
export function DetailHiddenFields({ values }: { values: DetailsValues }) {
  return (
    <>
      {DETAIL_FIELDS.map((key) => (
        <input key={key} type="hidden" name={key} value={values[key] ?? ""} />
      ))}
    </>
  );
}
