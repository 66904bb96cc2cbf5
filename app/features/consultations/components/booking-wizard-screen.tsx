/**
 * The /book-consultation screen: the hero and the wizard's card. Steps 1 Choose Consultation Type,
 * 2 Select Date & Time, 3 Your Information, 4 Confirmation, 5 Booking Complete.
 *
 * The chosen type, week, slot and step live in the URL, so reload and the browser's back button
 * work. Every step is a plain form: steps 1 and 2 are GET forms, step 3 posts the details (the
 * reply draws step 4 with the details in hidden fields and a server-made idempotency key), and
 * Confirm Booking posts everything, the contact form's bot check (`FormGuardFields`) included.
 * With JavaScript the same forms run through React Router without full reloads, and the spec's
 * toasts appear. Reloading step 4 keeps the details typed (kept in `sessionStorage` for the tab,
 * never in the URL; see `REVIEW_KEY`); reloading step 5 does not repeat the success toast.
 */
import { useEffect, useRef, useState } from "react";
import { Form, Link, useNavigation, useSubmit } from "react-router";
import { AlertCircle, ArrowLeft } from "lucide-react";
import { toast } from "~/components/ui/toast";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Spinner } from "~/components/ui/spinner";
import { FormGuardFields } from "~/features/abuse/components/form-guard-fields";
import { FORM_TOKEN_FIELD } from "~/features/abuse/form-guard";
import { useRootData } from "~/features/site/root-data";
import { cn } from "~/utils/cn";
import { formatLongDate, formatTime24 } from "~/utils/format";
import type { ActionReply, FieldErrors } from "~/utils/forms";
import { languageInfo, localizedPath, usePageLanguage, type Language } from "~/utils/i18n";
import { m } from "~/utils/paraglide/messages";
import { useHydrated } from "~/utils/use-hydrated";
import type { BookingReceipt } from "../booking-receipt.server";
import type { DetailsValues } from "../fields";
import type { WizardState } from "../wizard.server";
import { BookingReceiptCard } from "./booking-receipt";
import { useVisitorZone, WeekPicker } from "./week-picker";
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
import { minutesIn } from "../words";

/** The wizard's URL in English; other languages put their prefix before it (`localizedPath`). */
export const BOOKING_PATH = "/book-consultation";

/** The wizard's toasts in `language`, each with an id so one event shows one toast. */
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
 * The reply of the wizard's posts: step 3's review (the details and a fresh idempotency key, or
 * their field errors), step 4's edit (back to the details) and Confirm Booking's refusal (field
 * errors, or a `code` with its message; `slotProblem` sends the visitor back to pick a time).
 * `formToken` echoes the submitted render token, so step 4 keeps the step 3 page's render time.
 */
export type BookingWizardReply = ActionReply<
  | { intent: "review"; values: DetailsValues; idempotencyKey: string; formToken?: string }
  | { intent: "edit"; values: DetailsValues; formToken?: string },
  | { intent: "review" | "confirm"; values: DetailsValues; fieldErrors: FieldErrors; formToken?: string }
  | { intent: "confirm"; code: string; slotProblem: boolean; values: DetailsValues; idempotencyKey?: string; formToken?: string }
  | { intent: "unknown"; formToken?: string }
>;

/**
 * `sessionStorage` key of the details last reviewed at step 4, with the type and slot they were
 * reviewed for and the step 3 page's form token. Personal data never goes into the URL; this
 * stays in the visitor's own tab (gone when it closes) and is removed once the booking is made.
 * Without JavaScript, step 4 is the answer to a POST, which the browser posts again on reload.
 */
const REVIEW_KEY = "booking-review";
type SavedReview = { type: string; slot: string; values: DetailsValues; formToken?: string };

/** The saved review, or null when there is none or it cannot be read. */
function readSavedReview(): SavedReview | null {
  try {
    const saved = JSON.parse(window.sessionStorage.getItem(REVIEW_KEY) ?? "null") as SavedReview | null;
    return saved && typeof saved.type === "string" && typeof saved.slot === "string" && saved.values ? saved : null;
  } catch {
    return null;
  }
}

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

/** The wizard: the step the URL and the last post ask for, in the hero's card. */
export function BookingWizardScreen({ state, actionData }: { state: BookingWizardData; actionData: BookingWizardReply | undefined }) {
  const site = useRootData()?.site;
  const language = usePageLanguage();
  const locale = { locale: language };
  const PATH = localizedPath(BOOKING_PATH, language);
  const href = (params: Parameters<typeof wizardHref>[1]) => wizardHref(PATH, params);
  const STEP_TITLES = stepTitles(language);
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const zone = useVisitorZone();
  const step = shownStep(state, actionData);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Without JavaScript a Continue button must stay usable (the server checks the choice instead).
  const hydrated = useHydrated();
  const firstRender = useRef(true);

  const [typeId, setTypeId] = useState<string | null>(state.type?.id ?? state.types[0]?.id ?? null);
  const [slotId, setSlotId] = useState<string | null>(
    state.slot && state.slots.some((s) => s.id === state.slot!.id) ? state.slot.id : null,
  );
  // Keep the selection in step with the URL after navigation.
  const [seen, setSeen] = useState({ type: state.type?.id, slot: state.slot?.id, week: state.weekStart });
  if (seen.type !== state.type?.id || seen.slot !== state.slot?.id || seen.week !== state.weekStart) {
    setSeen({ type: state.type?.id, slot: state.slot?.id, week: state.weekStart });
    setTypeId(state.type?.id ?? state.types[0]?.id ?? null);
    setSlotId(state.slot && state.slots.some((s) => s.id === state.slot!.id) ? state.slot.id : null);
  }

  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [step]);

  useEffect(() => {
    if (state.typesError) toast.error(toasts(language).types.title, { description: toasts(language).types.description, id: "booking-types-error" });
  }, [state.typesError, language]);
  useEffect(() => {
    if (state.slotsError) toast.error(toasts(language).slots.title, { description: toasts(language).slots.description, id: "booking-slots-error" });
  }, [state.slotsError, language]);
  useEffect(() => {
    if (actionData?.intent === "confirm" && !actionData.ok && "code" in actionData) {
      toast.error(toasts(language).booking.title, { description: toasts(language).booking.description, id: "booking-error" });
    }
  }, [actionData, language]);
  // The success toast follows Confirm Booking in this page only: reloading step 5 does not repeat it.
  const confirmSent = useRef(false);
  useEffect(() => {
    if (navigation.formData?.get("intent") === "confirm") confirmSent.current = true;
  }, [navigation.formData]);
  useEffect(() => {
    if (state.step !== 5) return;
    window.sessionStorage.removeItem(REVIEW_KEY);
    if (!confirmSent.current) return;
    confirmSent.current = false;
    toast.success(toasts(language).success.title, { description: toasts(language).success.description, id: "booking-success" });
  }, [state.step, language]);

  // Reloading step 4 keeps the details (see REVIEW_KEY): the reviewed details are kept for this
  // tab, and a reload of step 4, which arrives as a GET without them, posts them for review again.
  const submit = useSubmit();
  const reviewed = actionData?.intent === "review" && actionData.ok ? actionData : null;
  useEffect(() => {
    if (!reviewed || !state.type || !state.slot) return;
    const saved: SavedReview = { type: state.type.id, slot: state.slot.id, values: reviewed.values, formToken: reviewed.formToken };
    window.sessionStorage.setItem(REVIEW_KEY, JSON.stringify(saved));
  }, [reviewed, state.type, state.slot]);
  const restored = useRef(false);
  useEffect(() => {
    if (restored.current || state.step !== 4 || actionData || !state.type || !state.slot) return;
    restored.current = true;
    const saved = readSavedReview();
    if (!saved || saved.type !== state.type.id || saved.slot !== state.slot.id) return;
    const form = new FormData();
    form.set("intent", "review");
    if (saved.formToken) form.set(FORM_TOKEN_FIELD, saved.formToken);
    for (const [key, value] of Object.entries(saved.values)) if (typeof value === "string") form.set(key, value);
    submit(form, { method: "post", action: wizardHref(PATH, { step: 4, type: state.type.id, week: state.weekStart, slot: state.slot.id }), replace: true });
  }, [state.step, state.type, state.slot, state.weekStart, actionData, submit, PATH]);

  // Every reply of the wizard's action carries the details as typed (`detailsValues`).
  const values = ((actionData && "values" in actionData ? actionData.values : undefined) ?? {}) as DetailsValues;
  const errors = actionData && !actionData.ok ? actionData.fieldErrors : undefined;
  // A refusal of the booking itself (not of a field) shows its message above the summary.
  const bookingMessage = actionData?.intent === "confirm" && !actionData.ok && "code" in actionData ? actionData.message : null;
  const message = bookingMessage ?? (step === state.step ? state.notice : null);

  const formToken = actionData?.formToken ?? state.formToken;
  const typeKey = state.type?.id ?? null;
  const week = state.weekStart;

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
              <h2 ref={headingRef} tabIndex={-1} className="text-xl font-bold tracking-tight outline-none sm:text-2xl">
                {STEP_TITLES[step - 1]}
              </h2>
            ) : (
              <h2 ref={headingRef} tabIndex={-1} className="sr-only">
                {STEP_TITLES[4]}
              </h2>
            )}

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
              <Form method="get" action={PATH} className="mt-6">
                <p className="mb-5 text-muted-foreground">{m.wizard_step1_intro({}, locale)}</p>
                <input type="hidden" name="step" value="2" />
                {state.typesError ? (
                  <p className="rounded-lg border border-dashed p-6 text-center text-muted-foreground">{m.wizard_types_error({}, locale)}</p>
                ) : state.types.length === 0 ? (
                  <p className="rounded-lg border border-dashed p-6 text-center text-muted-foreground">{m.wizard_types_empty({}, locale)}</p>
                ) : (
                  <TypeCards types={state.types} selected={typeId} onSelect={setTypeId} />
                )}
                {state.weekStart && state.type ? <input type="hidden" name="week" value={week} /> : null}
                <div className="mt-8 flex justify-end">
                  <ContinueButton busy={busy} disabled={hydrated && !typeId} />
                </div>
              </Form>
            ) : null}

            {step === 2 ? (
              <Form method="get" action={PATH} className="mt-6">
                <input type="hidden" name="step" value="3" />
                <input type="hidden" name="type" value={typeKey ?? ""} />
                <input type="hidden" name="week" value={week} />
                <p className="mb-5 text-muted-foreground">
                  {state.type ? (
                    <>
                      <span className="font-medium text-foreground">{state.type.name}</span> ·{" "}
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
                  onSelect={setSlotId}
                  zone={zone}
                  contactEmail={site?.email}
                />
                <div className="mt-8 flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
                  <BackLink to={href({ step: 1, type: typeKey, week })} />
                  <ContinueButton busy={busy} disabled={hydrated && !slotId} />
                </div>
              </Form>
            ) : null}

            {step === 3 && state.type && state.slot ? (
              <Form
                method="post"
                action={href({ step: 4, type: typeKey, week, slot: state.slot.id })}
                className="mt-6"
                noValidate={false}
              >
                <ChosenTime state={state} />
                <input type="hidden" name="intent" value="review" />
                <input type="hidden" name={FORM_TOKEN_FIELD} value={formToken} />
                <DetailsFields values={values} errors={errors} />
                <div className="mt-8 flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
                  <BackLink to={href({ step: 2, type: typeKey, week, slot: state.slot.id })} />
                  <ContinueButton busy={busy} />
                </div>
              </Form>
            ) : null}

            {step === 4 && state.type && state.slot && actionData && "values" in actionData ? (
              <div className="mt-6">
                <p className="mb-5 text-muted-foreground">{m.wizard_review_intro({}, locale)}</p>
                <BookingSummary
                  typeName={state.type.name}
                  durationMinutes={state.type.durationMinutes}
                  date={state.slot.date}
                  startTime={state.slot.start_time}
                  values={values}
                  zone={zone}
                />
                <div className="mt-8 flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
                  <Form method="post" action={href({ step: 3, type: typeKey, week, slot: state.slot.id })}>
                    <input type="hidden" name="intent" value="edit" />
                    <input type="hidden" name={FORM_TOKEN_FIELD} value={formToken} />
                    <DetailHiddenFields values={values} />
                    <Button type="submit" variant="outline" size="lg" className="w-full sm:w-auto" disabled={busy}>
                      <ArrowLeft aria-hidden className="rtl:-scale-x-100" />
                      {m.wizard_back({}, locale)}
                    </Button>
                  </Form>
                  <Form method="post" action={href({ step: 4, type: typeKey, week, slot: state.slot.id })}>
                    <input type="hidden" name="intent" value="confirm" />
                    {/* The visitor's own zone, for their time beside UK time in the e-mails (once hydrated). */}
                    {zone ? <input type="hidden" name="timeZone" value={zone} /> : null}
                    <FormGuardFields token={formToken} />
                    <input type="hidden" name="typeId" value={state.type.id} />
                    <input type="hidden" name="slotId" value={state.slot.id} />
                    <input
                      type="hidden"
                      name="idempotencyKey"
                      value={"idempotencyKey" in actionData ? (actionData.idempotencyKey ?? "") : ""}
                    />
                    <DetailHiddenFields values={values} />
                    <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={busy}>
                      {busy ? <Spinner /> : null}
                      {m.wizard_confirm({}, locale)}
                    </Button>
                  </Form>
                </div>
              </div>
            ) : null}

            {step === 5 ? (
              <div className="py-6">
                <SuccessPanel receipt={state.receipt ? <BookingReceiptCard receipt={state.receipt} zone={zone} /> : null}>
                  <Link to="/" reloadDocument className={buttonVariants({ size: "lg" })}>
                    {m.wizard_return_home({}, locale)}
                  </Link>
                  <Link to="/projects" reloadDocument className={buttonVariants({ variant: "outline", size: "lg" })}>
                    {m.wizard_view_work({}, locale)}
                  </Link>
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
      <span className="font-semibold">{state.type.name}</span> {chosen}
    </p>
  );
}
