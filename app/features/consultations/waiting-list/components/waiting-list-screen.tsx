/**
 * The waiting list's public screens (ADR 44), rendered on the server only (the public site is sent
 * without React): the join form, reached from the wizard's time step when no time suits, and the
 * leave page a link in its e-mails opens. Plain forms that post without JavaScript; the booking
 * enhancement checks the form before it posts (`data-check-form`), keeps a second press from
 * posting twice (`data-submit-once`), fills in the visitor's zone and shows their own time beside
 * the UK bounds of the parts of the day (`app/enhance/local-time.ts`).
 */
import { AlertCircle, ArrowLeft, BellRing, CheckCircle2 } from "lucide-react";
import { Field } from "~/components/field";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Input, NativeSelect } from "~/components/ui/input";
import { FormGuardFields } from "~/features/abuse/components/form-guard-fields";
import { formatDayName } from "~/utils/format";
import type { ActionReply, FieldErrors } from "~/utils/forms";
import { WAITING_LIST_DAY_PART_NAMES } from "~/utils/domain";
import { languageInfo, localizedPath, usePageLanguage, type Language } from "~/utils/i18n";
import { m } from "~/utils/paraglide/messages";
import { LocalTime } from "../../core/components/week-picker";
import { NameEmailFields } from "../../core/components/contact-fields";
import type { ConsultationTypeOption } from "../../availability/index.server";
import { WAITING_LIST_PATH } from "../paths";

/** What the join page's loader gives: the types, the form's first values, the dates allowed and a render token. */
export type WaitingListPageData = {
  types: ConsultationTypeOption[];
  /** The first values: type, dates (`yyyy-mm-dd`, London), ISO weekdays and parts of the day. */
  initial: { typeId: string; dateFrom: string; dateTo: string; weekdays: string[]; dayParts: string[] };
  /** The first and last London dates a visitor may ask for. */
  first: string;
  last: string;
  /** Days an entry stays on the list. */
  days: number;
  /** The wizard's time step the visitor came from. */
  backHref: string;
  formToken: string;
};

/** The reply of the join form: joined (the address and type, for the page), or refused (field errors or a message). */
export type WaitingListReply = ActionReply<
  { email: string; typeName: string },
  { values?: Record<string, string | string[]>; fieldErrors?: FieldErrors; formToken?: string; code?: string }
>;

/** Monday 2024-01-01 onwards: a date for each ISO weekday, to name it in the page's language. */
const WEEKDAY_DATES = ["2024-01-01", "2024-01-02", "2024-01-03", "2024-01-04", "2024-01-05", "2024-01-06", "2024-01-07"];

function partLabel(part: (typeof WAITING_LIST_DAY_PART_NAMES)[number], language: Language) {
  const locale = { locale: language };
  if (part === "morning") return m.waitlist_part_morning({}, locale);
  if (part === "afternoon") return m.waitlist_part_afternoon({}, locale);
  return m.waitlist_part_evening({}, locale);
}

/** The hero band of the waiting-list pages. */
function Hero({ title, lead }: { title: string; lead?: string }) {
  return (
    <section className="bg-ink text-white">
      <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6 sm:py-16">
        <p className="text-sm font-semibold uppercase tracking-widest text-teal-300">{m.wizard_eyebrow({}, { locale: usePageLanguage() })}</p>
        <h1 className="mt-3 text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
        {lead ? <p className="mt-4 max-w-2xl text-base text-slate-300 sm:text-lg">{lead}</p> : null}
      </div>
    </section>
  );
}

/** A checkbox styled as a chip, for the weekdays and the parts of the day. */
function Chip({ name, value, label, checked }: { name: string; value: string; label: string; checked: boolean }) {
  return (
    <label className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border bg-background px-3 py-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-accent has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring">
      <input type="checkbox" name={name} value={value} defaultChecked={checked} className="size-4 accent-[var(--color-primary)]" />
      <span>{label}</span>
    </label>
  );
}

/** A group's errors, under its legend. */
function GroupErrors({ errors }: { errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <ul data-field-errors="" className="mt-2 text-sm text-destructive">
      {errors.map((e) => (
        <li key={e}>{e}</li>
      ))}
    </ul>
  );
}

/** The join page: the form, or once joined the receipt. */
export function WaitingListScreen({ data, reply }: { data: WaitingListPageData; reply: WaitingListReply | undefined }) {
  const language = usePageLanguage();
  const locale = { locale: language };
  const intl = languageInfo(language).intl;
  const path = localizedPath(WAITING_LIST_PATH, language);
  if (reply?.ok) {
    return (
      <div className="bg-muted/60 pb-20">
        <Hero title={m.waitlist_done_title({}, locale)} />
        <div className="mx-auto -mt-8 max-w-3xl px-4 sm:px-6">
          <Card className="p-5 sm:p-8" data-waiting-list-joined="">
            <div className="flex items-start gap-3">
              <CheckCircle2 aria-hidden className="mt-1 size-6 shrink-0 text-primary" />
              <div>
                <h2 tabIndex={-1} data-focus-on-load="" className="text-xl font-bold outline-none">
                  {m.waitlist_done_title({}, locale)}
                </h2>
                <p className="mt-2 text-muted-foreground">{m.waitlist_done_text({ email: reply.email, type: reply.typeName }, locale)}</p>
                <p className="mt-2 text-sm text-muted-foreground">{m.waitlist_expiry_note({ days: data.days }, locale)}</p>
                <a href={data.backHref} className={buttonVariants({ variant: "outline", className: "mt-6" })}>
                  {m.waitlist_book_a_time({}, locale)}
                </a>
              </div>
            </div>
          </Card>
        </div>
      </div>
    );
  }
  const values = (reply && !reply.ok ? reply.values : undefined) ?? {};
  const errors = reply && !reply.ok ? reply.fieldErrors : undefined;
  const text = (key: string, fallback: string) => (typeof values[key] === "string" ? (values[key] as string) : fallback);
  const list = (key: "weekdays" | "dayParts") => {
    const v = values[key];
    return reply && !reply.ok && reply.values ? (Array.isArray(v) ? v : typeof v === "string" ? [v] : []) : data.initial[key];
  };
  const message = reply && !reply.ok && !reply.fieldErrors ? reply.message : null;
  const token = (reply && !reply.ok ? reply.formToken : undefined) ?? data.formToken;
  return (
    <div className="bg-muted/60 pb-20">
      <Hero title={m.waitlist_title({}, locale)} lead={m.waitlist_intro({}, locale)} />
      <div className="mx-auto -mt-8 max-w-3xl px-4 sm:px-6">
        <Card className="p-5 sm:p-8">
          <h2 tabIndex={-1} data-focus-on-load={reply ? "" : undefined} className="flex items-center gap-2 text-xl font-bold outline-none sm:text-2xl">
            <BellRing aria-hidden className="size-5 text-primary" />
            {m.waitlist_title({}, locale)}
          </h2>
          {message ? (
            <div role="alert" className="mt-4 flex items-start gap-3 rounded-lg border border-destructive/30 bg-red-50 p-4 text-sm text-destructive">
              <AlertCircle aria-hidden className="mt-0.5 size-4 shrink-0" />
              <p>{message}</p>
            </div>
          ) : null}
          <form method="post" action={path} noValidate data-check-form="" data-submit-once="" className="mt-6 grid gap-6">
            <FormGuardFields token={token} />
            <input type="hidden" name="timeZone" defaultValue="" data-visitor-zone="" />
            <div className="grid gap-4 sm:grid-cols-2">
              <NameEmailFields name={text("name", "")} email={text("email", "")} errors={errors} />
            </div>
            <Field label={m.waitlist_label_type({}, locale)} required errors={errors?.typeId}>
              {(p) => (
                <NativeSelect {...p} name="typeId" defaultValue={text("typeId", data.initial.typeId)} required>
                  {data.types.map((t) => (
                    <option key={t.id} value={t.id}>
                      {t.name}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </Field>
            <fieldset className="grid gap-3">
              <legend className="mb-2 text-sm font-medium">{m.waitlist_legend_dates({}, locale)}</legend>
              <div className="grid gap-4 sm:grid-cols-2">
                <Field label={m.waitlist_label_from({}, locale)} required errors={errors?.dateFrom}>
                  {(p) => <Input {...p} type="date" dir="ltr" name="dateFrom" min={data.first} max={data.last} defaultValue={text("dateFrom", data.initial.dateFrom)} required data-msg-required={m.waitlist_validation_date({}, locale)} />}
                </Field>
                <Field label={m.waitlist_label_to({}, locale)} required errors={errors?.dateTo}>
                  {(p) => <Input {...p} type="date" dir="ltr" name="dateTo" min={data.first} max={data.last} defaultValue={text("dateTo", data.initial.dateTo)} required data-msg-required={m.waitlist_validation_date({}, locale)} />}
                </Field>
              </div>
            </fieldset>
            <fieldset>
              <legend className="mb-2 text-sm font-medium">{m.waitlist_legend_weekdays({}, locale)}</legend>
              <div className="flex flex-wrap gap-2">
                {WEEKDAY_DATES.map((date, i) => (
                  <Chip key={date} name="weekdays" value={String(i + 1)} label={formatDayName(date, intl)} checked={list("weekdays").includes(String(i + 1))} />
                ))}
              </div>
              <GroupErrors errors={errors?.weekdays} />
            </fieldset>
            <fieldset>
              <legend className="mb-2 text-sm font-medium">{m.waitlist_legend_day_parts({}, locale)}</legend>
              <div className="flex flex-wrap gap-2">
                {WAITING_LIST_DAY_PART_NAMES.map((part) => (
                  <Chip key={part} name="dayParts" value={part} label={partLabel(part, language)} checked={list("dayParts").includes(part)} />
                ))}
              </div>
              <LocalTime date={data.initial.dateFrom} time="12:00:00" template={m.waitlist_local_bound({ uk: "12:00", time: "{time}" }, locale)} className="mt-2" />
              <LocalTime date={data.initial.dateFrom} time="17:00:00" template={m.waitlist_local_bound({ uk: "17:00", time: "{time}" }, locale)} />
              <GroupErrors errors={errors?.dayParts} />
            </fieldset>
            <p className="text-sm text-muted-foreground">{m.waitlist_expiry_note({ days: data.days }, locale)}</p>
            <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
              <a href={data.backHref} className={buttonVariants({ variant: "outline", size: "lg" })}>
                <ArrowLeft aria-hidden className="rtl:-scale-x-100" />
                {m.waitlist_back({}, locale)}
              </a>
              <Button type="submit" size="lg">
                {m.waitlist_submit({}, locale)}
              </Button>
            </div>
          </form>
        </Card>
      </div>
    </div>
  );
}

/** What the leave page shows: the entry's type (a form to leave), that it was left, or that the link opens nothing. */
export type LeaveView = { state: "open"; typeName: string } | { state: "left" } | { state: "unknown" };

/** The leave page a link in the waiting list's e-mails opens: one button that posts, then the outcome. */
export function LeaveWaitingListScreen({ view, action, bookHref }: { view: LeaveView; action: string; bookHref: string }) {
  const locale = { locale: usePageLanguage() };
  const title = view.state === "left" ? m.waitlist_left_title({}, locale) : m.waitlist_leave_title({}, locale);
  return (
    <div className="bg-muted/60 pb-20">
      <Hero title={title} />
      <div className="mx-auto -mt-8 max-w-3xl px-4 sm:px-6">
        <Card className="p-5 sm:p-8">
          <h2 tabIndex={-1} data-focus-on-load="" className="text-xl font-bold outline-none">
            {title}
          </h2>
          {view.state === "open" ? (
            <form method="post" action={action} data-submit-once="" className="mt-4">
              <p className="text-muted-foreground">{m.waitlist_leave_text({ type: view.typeName }, locale)}</p>
              <Button type="submit" size="lg" className="mt-6">
                {m.waitlist_leave_button({}, locale)}
              </Button>
            </form>
          ) : (
            <>
              <p className="mt-2 text-muted-foreground">{view.state === "left" ? m.waitlist_left_text({}, locale) : m.waitlist_leave_unknown({}, locale)}</p>
              <a href={bookHref} className={buttonVariants({ variant: "outline", className: "mt-6" })}>
                {m.waitlist_book_a_time({}, locale)}
              </a>
            </>
          )}
        </Card>
      </div>
    </div>
  );
}
