/**
 * Presentational pieces of the /book-consultation wizard, rendered on the server only. Everything
 * here renders plain form controls (radios, inputs) so the wizard works before and without any
 * script; the wizard's screen (`booking-wizard-screen.tsx`) supplies the forms and links. Step 2's
 * week of times is `week-picker.tsx`.
 */
import { ArrowLeft, ArrowRight, BellRing, Check, ClipboardList, Clock, Mail } from "lucide-react";
import { m } from "~/utils/paraglide/messages";
import { Field } from "~/components/field";
import { Button, buttonVariants } from "~/components/ui/button";
import { Input, NativeSelect, Textarea } from "~/components/ui/input";
import { cn } from "~/utils/cn";
import { DETAIL_FIELDS, type DetailsValues } from "../../core/fields";
import type { FieldErrors } from "~/utils/forms";
import { formatLongDate, formatTime24 } from "~/utils/format";
import { languageInfo, usePageLanguage, type Language } from "~/utils/i18n";
import { minutesIn, projectTypeOptions, ukZone } from "../../core/words";
import { LocalTime } from "../../core/components/week-picker";
import { NameEmailFields } from "../../core/components/contact-fields";

/** The step indicator labels in `language`. */
export function stepLabels(language: Language): string[] {
  const locale = { locale: language };
  return [m.step_label_type({}, locale), m.step_label_time({}, locale), m.step_label_details({}, locale), m.step_label_confirm({}, locale)];
}

/** The step titles in `language` (steps 1 to 5). */
export function stepTitles(language: Language): string[] {
  const locale = { locale: language };
  return [
    m.step_title_type({}, locale),
    m.step_title_time({}, locale),
    m.step_title_details({}, locale),
    m.step_title_confirm({}, locale),
    m.step_title_complete({}, locale),
  ];
}

/** The step indicator: four numbered steps, the current one highlighted, earlier ones ticked. */
export function Stepper({ step }: { step: number }) {
  const language = usePageLanguage();
  const labels = stepLabels(language);
  return (
    <nav aria-label={m.wizard_progress({}, { locale: language })} className="mb-8">
      <ol className="flex items-center gap-2 sm:gap-4">
        {labels.map((label, i) => {
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
                  {done ? <span className="sr-only">{m.wizard_completed({}, { locale: language })}</span> : null}
                </span>
              </div>
              {n < labels.length ? (
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

/** Step 1: one radio card per active type, `selected` checked. */
export function TypeCards({ types, selected }: { types: TypeOption[]; selected: string | null }) {
  const language = usePageLanguage();
  return (
    <fieldset>
      <legend className="sr-only">{m.wizard_type_legend({}, { locale: language })}</legend>
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
              defaultChecked={selected === t.id}
              className="peer sr-only"
            />
            <span className="flex items-start justify-between gap-3">
              <bdi className="text-base font-semibold leading-snug text-foreground">{t.name}</bdi>
              <span
                aria-hidden
                className="flex size-5 shrink-0 items-center justify-center rounded-full border-2 border-input group-has-[:checked]:border-primary group-has-[:checked]:bg-primary"
              >
                <Check className="size-3 text-white opacity-0 group-has-[:checked]:opacity-100" />
              </span>
            </span>
            <span className="inline-flex items-center gap-1.5 text-sm font-medium text-primary">
              <Clock aria-hidden className="size-4" />
              {minutesIn(language, t.durationMinutes)}
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
  const language = usePageLanguage();
  const locale = { locale: language };
  return (
    <div className="grid gap-8">
      <section aria-labelledby="contact-info-heading" className="grid gap-4">
        <h3 id="contact-info-heading" className="text-base font-semibold">
          {m.details_contact_heading({}, locale)}
        </h3>
        <div className="grid gap-4 sm:grid-cols-2">
          <NameEmailFields name={v("name")} email={v("email")} errors={errors} />
          <Field label={m.field_phone_number({}, locale)} errors={errors?.phone}>
            {(p) => <Input {...p} type="tel" dir="ltr" name="phone" defaultValue={v("phone")} autoComplete="tel" maxLength={40} />}
          </Field>
          <Field label={m.field_company({}, locale)} errors={errors?.companyName}>
            {(p) => <Input {...p} name="companyName" defaultValue={v("companyName")} autoComplete="organization" maxLength={160} />}
          </Field>
        </div>
      </section>
      <section aria-labelledby="project-info-heading" className="grid gap-4">
        <h3 id="project-info-heading" className="text-base font-semibold">
          {m.details_project_heading({}, locale)}
        </h3>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={m.field_project_type({}, locale)} errors={errors?.projectType}>
            {(p) => (
              <NativeSelect {...p} name="projectType" defaultValue={v("projectType")}>
                <option value="">{m.field_project_type_placeholder({}, locale)}</option>
                {projectTypeOptions(language).map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </NativeSelect>
            )}
          </Field>
          <Field label={m.field_timeline({}, locale)} errors={errors?.timeline}>
            {(p) => <Input {...p} name="timeline" defaultValue={v("timeline")} placeholder={m.field_timeline_placeholder({}, locale)} maxLength={200} />}
          </Field>
          <Field label={m.field_budget_range({}, locale)} errors={errors?.budgetRange} className="sm:col-span-2">
            {(p) => <Input {...p} name="budgetRange" defaultValue={v("budgetRange")} placeholder={m.field_budget_placeholder({}, locale)} maxLength={200} />}
          </Field>
          <Field label={m.field_project_description({}, locale)} errors={errors?.projectDescription} className="sm:col-span-2">
            {(p) => (
              <Textarea
                {...p}
                name="projectDescription"
                rows={4}
                defaultValue={v("projectDescription")}
                placeholder={m.field_project_description_placeholder({}, locale)}
                maxLength={4000}
              />
            )}
          </Field>
          <Field label={m.field_special_requirements({}, locale)} errors={errors?.specialRequirements} className="sm:col-span-2">
            {(p) => (
              <Textarea
                {...p}
                name="specialRequirements"
                rows={3}
                defaultValue={v("specialRequirements")}
                placeholder={m.field_special_requirements_placeholder({}, locale)}
                maxLength={2000}
              />
            )}
          </Field>
        </div>
      </section>
    </div>
  );
}

/** Step 4: the summary of what will be booked, the answers to the type's questions after the details. */
export function BookingSummary({
  typeName,
  durationMinutes,
  date,
  startTime,
  values,
  answers = [],
}: {
  typeName: string;
  durationMinutes: number;
  date: string;
  startTime: string;
  values: DetailsValues;
  /** The answers to the type's questions: each question's label and its answer, in the page's language. */
  answers?: [string, string][];
}) {
  const language = usePageLanguage();
  const locale = { locale: language };
  const projectType = projectTypeOptions(language).find((o) => o.value === values.projectType)?.label;
  // Addresses and numbers stay left to right inside right-to-left text.
  const rows: [string, string | undefined, boolean?][] = [
    [m.summary_name({}, locale), values.name],
    [m.summary_email({}, locale), values.email, true],
    [m.summary_phone({}, locale), values.phone, true],
    [m.field_company({}, locale), values.companyName],
    [m.field_project_type({}, locale), projectType],
    [m.field_timeline({}, locale), values.timeline],
    [m.field_budget_range({}, locale), values.budgetRange],
    [m.field_project_description({}, locale), values.projectDescription],
    [m.field_special_requirements({}, locale), values.specialRequirements],
    ...answers,
  ];
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <div className="rounded-xl border bg-accent p-5">
        <h3 className="mb-4 text-sm font-semibold uppercase tracking-wide text-accent-foreground">{m.summary_consultation({}, locale)}</h3>
        <dl className="grid gap-3 text-sm">
          <div>
            <dt className="text-muted-foreground">{m.summary_type({}, locale)}</dt>
            <dd className="font-semibold">
              <bdi>{typeName}</bdi>
            </dd>
          </div>
          <div>
            <dt className="text-muted-foreground">{m.summary_date({}, locale)}</dt>
            <dd className="font-semibold">{formatLongDate(date, languageInfo(language).intl)}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">{m.summary_time({}, locale)}</dt>
            <dd className="font-semibold">
              <bdi dir="ltr">{formatTime24(startTime)}</bdi> {ukZone(language, date, startTime)}
              <LocalTime date={date} time={startTime} className="font-normal" />
            </dd>
          </div>
          <div>
            <dt className="text-muted-foreground">{m.summary_duration({}, locale)}</dt>
            <dd className="font-semibold">{minutesIn(language, durationMinutes)}</dd>
          </div>
        </dl>
      </div>
      <div className="rounded-xl border p-5">
        <h3 className="mb-4 text-sm font-semibold uppercase tracking-wide text-muted-foreground">{m.summary_your_details({}, locale)}</h3>
        <dl className="grid gap-3 text-sm">
          {rows
            .filter(([, value]) => value && value.trim())
            .map(([label, value, ltr], i) => (
              <div key={`${i}-${label}`}>
                <dt className="text-muted-foreground">
                  <bdi>{label}</bdi>
                </dt>
                <dd className="whitespace-pre-line break-words font-medium">{ltr ? <bdi dir="ltr">{value}</bdi> : value}</dd>
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
  const locale = { locale: usePageLanguage() };
  const next = [
    { icon: Mail, text: m.success_next_email({}, locale) },
    { icon: ClipboardList, text: m.success_next_review({}, locale) },
    { icon: BellRing, text: m.success_next_reminder({}, locale) },
  ];
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center text-center">
      <span className="mb-5 flex size-16 items-center justify-center rounded-full bg-primary-soft text-primary">
        <Check aria-hidden className="size-8" strokeWidth={3} />
      </span>
      <h2 className="text-2xl font-bold tracking-tight sm:text-3xl">{m.success_heading({}, locale)}</h2>
      <p className="mt-3 text-muted-foreground">{m.success_thanks({}, locale)}</p>
      {receipt}
      <div className="mt-8 w-full rounded-xl border bg-accent p-6 text-start">
        <h3 className="mb-4 font-semibold text-accent-foreground">{m.success_next_heading({}, locale)}</h3>
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

/**
 * The Continue button of steps 1 to 3: enabled in the HTML, so it works before any script runs
 * (the server checks the choice); the enhancement disables it while nothing is chosen.
 */
export function ContinueButton() {
  return (
    <Button type="submit" size="lg">
      {m.wizard_continue({}, { locale: usePageLanguage() })}
      <ArrowRight aria-hidden className="rtl:-scale-x-100" />
    </Button>
  );
}

/** The Back link of steps 2 and 3, to the previous step's URL. */
export function BackLink({ to }: { to: string }) {
  return (
    <a href={to} className={buttonVariants({ variant: "outline", size: "lg" })}>
      <ArrowLeft aria-hidden className="rtl:-scale-x-100" />
      {m.wizard_back({}, { locale: usePageLanguage() })}
    </a>
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
