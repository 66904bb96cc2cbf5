/**
 * The /book-consultation screen: the hero and the wizard's card. Steps 1 Choose Consultation Type,
 * 2 Select Date & Time, 3 Your Information, 4 Confirmation, 5 Booking Complete.
 *
 * The chosen type, week, slot and step live in the URL, so reload and the browser's back button
 * work. Rendered on the server only (the public site is sent without React): every step is a
 * plain form or link that works the moment it is visible. Steps 1 and 2 are GET forms, step 3
 * posts the details (the reply draws step 4 with the details in hidden fields and a server-made
 * idempotency key), and Confirm Booking posts everything, the contact form's bot check
 * (`FormGuardFields`) included. The booking enhancement (`app/enhance/booking.ts`, hooks named
 * below) adds what needs a script: Continue disabled until a choice is made, one press of a
 * button that posts, the focus on each new step's heading, the spec's toasts (the success toast
 * only after Confirm Booking in this tab), the visitor's own time (`app/enhance/local-time.ts`),
 * and step 4 kept across a reload (the reviewed details in `sessionStorage` for the tab, never in
 * the URL).
 */
import { AlertCircle, ArrowLeft, BellRing } from "lucide-react";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { FormGuardFields } from "~/features/abuse/components/form-guard-fields";
import { FORM_TOKEN_FIELD } from "~/features/abuse/form-guard";
import { useRootData } from "~/features/site/root-data";
import { cn } from "~/utils/cn";
import { formatLongDate, formatTime24 } from "~/utils/format";
import type { ActionReply, FieldErrors } from "~/utils/forms";
import { languageInfo, localizedPath, usePageLanguage, type Language } from "~/utils/i18n";
import { m } from "~/utils/paraglide/messages";
import type { BookingReceipt } from "../booking-receipt.server";
import type { DetailsValues } from "../../core/fields";
import type { AnswerValues } from "../../questions/answer-fields";
import { AnswerHiddenFields, answerRows, QuestionFields } from "../../questions/components/question-fields";
import type { WizardState } from "../wizard.server";
import { BookingReceiptCard } from "./booking-receipt";
import { WeekPicker } from "../../core/components/week-picker";
import {
  BackLink,
  BookingSummary,
  ContinueButton,
  DetailHiddenFields,
  DetailsFields,
  Stepper,
  stepTitles,
  SuccessPanel,
  TypeCards,
} from "./wizard";
import { minutesIn } from "../../core/words";
import { WAITING_LIST_PATH } from "../../waiting-list/paths";

/** The wizard's URL in English; other languages put their prefix before it (`localizedPath`). */
export const BOOKING_PATH = "/book-consultation";

/** The wizard's toasts in `language`: a title and a description each. */
function toasts(language: Language) {
  const locale = { locale: language };
  return {
    types: { title: m.wizard_toast_types_title({}, locale), description: m.wizard_toast_types_description({}, locale) },
    slots: { title: m.wizard_toast_slots_title({}, locale), description: m.wizard_toast_slots_description({}, locale) },
    booking: { title: m.wizard_toast_booking_title({}, locale), description: m.wizard_toast_booking_description({}, locale) },
    success: { title: m.wizard_toast_success_title({}, locale), description: m.wizard_toast_success_description({}, locale) },
  };
}

/** What the wizard's loader gives the screen: the URL's state, the step 5 receipt and a render token. */
export type BookingWizardData = WizardState & { receipt: BookingReceipt | null; formToken: string };

/**
 * The reply of the wizard's posts: step 3's review (the details, the answers to the type's
 * questions as typed, and a fresh idempotency key, or
 * their field errors), step 4's edit (back to the details) and Confirm Booking's refusal (field
 * errors, or a `code` with its message; `slotProblem` sends the visitor back to pick a time).
 * `formToken` echoes the submitted render token, so step 4 keeps the step 3 page's render time.
 */
export type BookingWizardReply = ActionReply<
  | { intent: "review"; values: DetailsValues; answers: AnswerValues; idempotencyKey: string; formToken?: string }
  | { intent: "edit"; values: DetailsValues; answers: AnswerValues; formToken?: string },
  | { intent: "review" | "confirm"; values: DetailsValues; answers: AnswerValues; fieldErrors: FieldErrors; formToken?: string }
  | { intent: "confirm"; code: string; slotProblem: boolean; values: DetailsValues; answers: AnswerValues; idempotencyKey?: string; formToken?: string }
  | { intent: "unknown"; formToken?: string }
>;

/** A wizard URL in `path` (the page's language) keeping the given state keys. */
function wizardHref(path: string, params: { step: number; type?: string | null; week?: string | null; slot?: string | null }) {
  const q = new URLSearchParams();
  q.set("step", String(params.step));
  if (params.type) q.set("type", params.type);
  if (params.week) q.set("week", params.week);
  if (params.slot) q.set("slot", params.slot);
  return `${path}?${q.toString()}`;
}

/** The step actually shown: the loader's, adjusted by what the last post returned. */
function shownStep(state: WizardState, actionData: BookingWizardReply | undefined): WizardState["step"] {
  if (state.step !== 4 && state.step !== 3) return state.step;
  if (actionData?.intent === "confirm" && !actionData.ok && "code" in actionData) {
    if (actionData.slotProblem) return 2;
    if (actionData.code === "inactive_type" || actionData.code === "unknown_type") return 1;
    return 4;
  }
  if (actionData?.intent === "confirm" && !actionData.ok) return 3; // field errors
  if (state.step === 4) return actionData?.intent === "review" && actionData.ok ? 4 : 3;
  return 3;
}

/**
 * A toast the page asks the enhancement to show (`app/enhance/toast.ts`); the page says the same
 * in its own text for a visitor without JavaScript.
 */
function ToastRequest({ title, description }: { title: string; description: string }) {
  return <span hidden data-toast-title={title} data-toast-description={description} data-toast-tone="error" />;
}

/** The wizard: the step the URL and the last post ask for, in the hero's card. */
export function BookingWizardScreen({ state, actionData }: { state: BookingWizardData; actionData: BookingWizardReply | undefined }) {
  const site = useRootData()?.site;
  const language = usePageLanguage();
  const locale = { locale: language };
  const PATH = localizedPath(BOOKING_PATH, language);
  const href = (params: Parameters<typeof wizardHref>[1]) => wizardHref(PATH, params);
  const STEP_TITLES = stepTitles(language);
  const words = toasts(language);
  const step = shownStep(state, actionData);
  // The first type is preselected; a time only when the URL chose one that is still offered.
  const typeId = state.type?.id ?? state.types[0]?.id ?? null;
  const slotId = state.slot && state.slots.some((s) => s.id === state.slot!.id) ? state.slot.id : null;

  // Every reply of the wizard's action carries the details as typed (`detailsValues`).
  const values = ((actionData && "values" in actionData ? actionData.values : undefined) ?? {}) as DetailsValues;
  const answers = (actionData && "answers" in actionData ? actionData.answers : undefined) ?? {};
  const errors = actionData && !actionData.ok ? actionData.fieldErrors : undefined;
  // A refusal of the booking itself (not of a field) shows its message above the summary.
  const bookingMessage = actionData?.intent === "confirm" && !actionData.ok && "code" in actionData ? actionData.message : null;
  // Field errors of a post whose address cannot show the details form (no type or time in it) are said above the step.
  const unshownErrors = errors && step !== 3 ? Object.values(errors).flat().join(" ") : null;
  const message = bookingMessage ?? unshownErrors ?? (step === state.step ? state.notice : null);
  // The visitor came from another step (or a post was answered): the step's heading takes the focus.
  const focusHeading = step > 1 || Boolean(actionData) || Boolean(message);

  const formToken = actionData?.formToken ?? state.formToken;
  const typeKey = state.type?.id ?? null;
  const week = state.weekStart;
  // Step 4 reached by a reload (a GET, without the details): the enhancement posts the details
  // this tab reviewed for the same type and time again (see REVIEW_KEY).
  const restoreReview = state.step === 4 && step === 3 && !actionData;

  return (
    <div className="bg-muted/60 pb-20">
      <section className="bg-ink text-white">
        <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6 sm:py-16">
          <p className="text-sm font-semibold uppercase tracking-widest text-teal-300">{m.wizard_eyebrow({}, locale)}</p>
          <h1 className="mt-3 text-3xl font-bold tracking-tight sm:text-4xl">{m.wizard_title({}, locale)}</h1>
          <p className="mt-4 max-w-2xl text-base text-slate-300 sm:text-lg">{m.wizard_lead({}, locale)}</p>
        </div>
      </section>

      <div className="mx-auto -mt-8 max-w-5xl px-4 sm:px-6">
        <Card className="p-5 sm:p-8">
          {step <= 4 ? <Stepper step={step} /> : null}
          <div className={cn(step <= 4 && "border-t pt-6 sm:pt-8")}>
            {step <= 4 ? (
              <h2 tabIndex={-1} data-focus-on-load={focusHeading ? "" : undefined} className="text-xl font-bold tracking-tight outline-none sm:text-2xl">
                {STEP_TITLES[step - 1]}
              </h2>
            ) : (
              <h2 tabIndex={-1} data-focus-on-load="" className="sr-only">
                {STEP_TITLES[4]}
              </h2>
            )}
            {state.typesError ? <ToastRequest {...words.types} /> : null}
            {state.slotsError && step === 2 ? <ToastRequest {...words.slots} /> : null}
            {bookingMessage ? <ToastRequest {...words.booking} /> : null}

            {message ? (
              <div
                role="alert"
                className="mt-4 flex items-start gap-3 rounded-lg border border-destructive/30 bg-red-50 p-4 text-sm text-destructive"
              >
                <AlertCircle aria-hidden className="mt-0.5 size-4 shrink-0" />
                <p>{message}</p>
              </div>
            ) : null}

            {step === 1 ? (
              <form method="get" action={PATH} className="mt-6" data-needs-choice="type">
                <p className="mb-5 text-muted-foreground">{m.wizard_step1_intro({}, locale)}</p>
                <input type="hidden" name="step" value="2" />
                {state.typesError ? (
                  <p className="rounded-lg border border-dashed p-6 text-center text-muted-foreground">{m.wizard_types_error({}, locale)}</p>
                ) : state.types.length === 0 ? (
                  <p className="rounded-lg border border-dashed p-6 text-center text-muted-foreground">{m.wizard_types_empty({}, locale)}</p>
                ) : (
                  <TypeCards types={state.types} selected={typeId} />
                )}
                {state.weekStart && state.type ? <input type="hidden" name="week" value={week} /> : null}
                <div className="mt-8 flex justify-end">
                  <ContinueButton />
                </div>
              </form>
            ) : null}

            {step === 2 ? (
              <form method="get" action={PATH} className="mt-6" data-needs-choice="slot">
                <input type="hidden" name="step" value="3" />
                <input type="hidden" name="type" value={typeKey ?? ""} />
                <input type="hidden" name="week" value={week} />
                <p className="mb-5 text-muted-foreground">
                  {state.type ? (
                    <>
                      <bdi className="font-medium text-foreground">{state.type.name}</bdi> ·{" "}
                      {minutesIn(language, state.type.durationMinutes)}. {m.wizard_times_note({}, locale)}
                    </>
                  ) : null}
                </p>
                <WeekPicker
                  monthYear={state.monthYear}
                  previousHref={state.previousWeek && href({ step: 2, type: typeKey, week: state.previousWeek })}
                  nextHref={state.nextWeek && href({ step: 2, type: typeKey, week: state.nextWeek })}
                  slots={state.slots}
                  slotsError={state.slotsError}
                  selected={slotId}
                  contactEmail={site?.email}
                />
                <p className="mt-5 text-sm">
                  <a
                    href={`${localizedPath(WAITING_LIST_PATH, language)}?${new URLSearchParams({ type: typeKey ?? "", week }).toString()}`}
                    className="inline-flex items-center gap-2 font-medium text-primary underline underline-offset-4"
                  >
                    <BellRing aria-hidden className="size-4" />
                    {m.waitlist_link({}, locale)}
                  </a>
                </p>
                <div className="mt-8 flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
                  <BackLink to={href({ step: 1, type: typeKey, week })} />
                  <ContinueButton />
                </div>
              </form>
            ) : null}

            {step === 3 && state.type && state.slot ? (
              <form
                method="post"
                action={href({ step: 4, type: typeKey, week, slot: state.slot.id })}
                className="mt-6"
                noValidate
                data-check-form=""
                data-submit-once=""
                data-restore-review={restoreReview ? "" : undefined}
                data-type={state.type.id}
                data-slot={state.slot.id}
              >
                <ChosenTime state={state} />
                <input type="hidden" name="intent" value="review" />
                <input type="hidden" name={FORM_TOKEN_FIELD} value={formToken} />
                <DetailsFields values={values} errors={errors} />
                <QuestionFields questions={state.questions} answers={answers} errors={errors} />
                <div className="mt-8 flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
                  <BackLink to={href({ step: 2, type: typeKey, week, slot: state.slot.id })} />
                  <ContinueButton />
                </div>
              </form>
            ) : null}

            {step === 4 && state.type && state.slot && actionData && "values" in actionData ? (
              <div className="mt-6" data-booking-review="" data-type={state.type.id} data-slot={state.slot.id}>
                <p className="mb-5 text-muted-foreground">{m.wizard_review_intro({}, locale)}</p>
                <BookingSummary
                  typeName={state.type.name}
                  durationMinutes={state.type.durationMinutes}
                  date={state.slot.date}
                  startTime={state.slot.start_time}
                  values={values}
                  answers={answerRows(state.questions, answers, language)}
                />
                <div className="mt-8 flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
                  <form method="post" action={href({ step: 3, type: typeKey, week, slot: state.slot.id })} data-review-details="">
                    <input type="hidden" name="intent" value="edit" />
                    <input type="hidden" name={FORM_TOKEN_FIELD} value={formToken} />
                    <DetailHiddenFields values={values} />
                    <AnswerHiddenFields answers={answers} />
                    <Button type="submit" variant="outline" size="lg" className="w-full sm:w-auto">
                      <ArrowLeft aria-hidden className="rtl:-scale-x-100" />
                      {m.wizard_back({}, locale)}
                    </Button>
                  </form>
                  <form method="post" action={href({ step: 4, type: typeKey, week, slot: state.slot.id })} data-submit-once="" data-confirm-booking="">
                    <input type="hidden" name="intent" value="confirm" />
                    {/* The visitor's own zone, for their time beside UK time in the e-mails (filled in by the enhancement). */}
                    <input type="hidden" name="timeZone" defaultValue="" data-visitor-zone="" />
                    <FormGuardFields token={formToken} />
                    <input type="hidden" name="typeId" value={state.type.id} />
                    <input type="hidden" name="slotId" value={state.slot.id} />
                    <input
                      type="hidden"
                      name="idempotencyKey"
                      value={"idempotencyKey" in actionData ? (actionData.idempotencyKey ?? "") : ""}
                    />
                    <DetailHiddenFields values={values} />
                    <AnswerHiddenFields answers={answers} />
                    <Button type="submit" size="lg" className="w-full sm:w-auto">
                      {m.wizard_confirm({}, locale)}
                    </Button>
                  </form>
                </div>
              </div>
            ) : null}

            {step === 5 ? (
              <div className="py-6" data-booking-complete="" data-toast-success-title={words.success.title} data-toast-success-description={words.success.description}>
                <SuccessPanel receipt={state.receipt ? <BookingReceiptCard receipt={state.receipt} /> : null}>
                  <a href="/" className={buttonVariants({ size: "lg" })}>
                    {m.wizard_return_home({}, locale)}
                  </a>
                  <a href="/projects" className={buttonVariants({ variant: "outline", size: "lg" })}>
                    {m.wizard_view_work({}, locale)}
                  </a>
                </SuccessPanel>
              </div>
            ) : null}
          </div>
        </Card>
      </div>
    </div>
  );
}

/** The type and time chosen so far, shown above the details form. */
function ChosenTime({ state }: { state: WizardState }) {
  const language = usePageLanguage();
  if (!state.type || !state.slot) return null;
  const chosen = m.wizard_chosen_time(
    { date: formatLongDate(state.slot.date, languageInfo(language).intl), time: formatTime24(state.slot.start_time) },
    { locale: language },
  );
  return (
    <p className="mb-6 rounded-lg bg-accent px-4 py-3 text-sm text-accent-foreground">
      <bdi className="font-semibold">{state.type.name}</bdi> {chosen}
    </p>
  );
}
