/**
 * /book-consultation (and /fr/book-consultation... in each offered language, else 404): the
 * booking wizard (`BookingWizardScreen`), its words in the page's language, sent without React
 * (ADR "The public site without React"). The loader reads the wizard's
 * state from the URL; the action answers step 3's review and step 4's edit with the details and
 * the answers to the type's questions (checked by `checkDetails`), and
 * hands Confirm Booking to `submitBooking`, which checks the details, the chosen ids and the
 * contact form's bot check (the step 3 page's signed render token travels through step 4, whose
 * form also carries the honeypot) and books. A refused booking is answered with its message above
 * the summary; a booking made redirects to step 5, which learns it from a signed cookie.
 */
import { randomUUID } from "node:crypto";
import { data, redirect } from "react-router";
import { FORM_TOKEN_FIELD } from "~/features/abuse/form-guard";
import { issueFormToken } from "~/features/abuse/form-guard.server";
import { recordConversion } from "~/features/analytics/conversions.server";
import { checkDetails, submitBooking, type SubmitBookingResult, readBookingReceipt, receiptCookieAfterBooking, loadWizardState } from "~/features/consultations/wizard/index.server";
import {
  BOOKING_PATH,
  BookingWizardScreen,
  type BookingWizardReply,
} from "~/features/consultations/wizard/components/booking-wizard-screen";
import { detailsValues } from "~/features/consultations/core/fields";
import { answerValues } from "~/features/consultations/questions/answer-fields";
import { pageMeta } from "~/features/seo/meta";
import { requestedLanguage } from "~/features/site/languages.server";
import type { RootData } from "~/features/site/root-data";
import { languageAlternates, languageOfPath, localizedPath, ogLocale } from "~/utils/i18n";
import { m } from "~/utils/paraglide/messages";
import { NotFoundScreen } from "~/features/site/components/not-found-screen";
import { dataHeaders } from "~/utils/headers";
import { readFormData } from "~/utils/form-data.server";
import { accept, refuse, refuseInvalid } from "~/utils/forms";
import { logger } from "~/utils/logger.server";
import type { Route } from "./+types/book-consultation";

/** The wizard's title and description in the page's language, with its `hreflang` alternates in every offered language. */
export const meta: Route.MetaFunction = (args) => {
  const { language } = languageOfPath(args.location.pathname);
  const root = args.matches.find((match) => match?.id === "root")?.loaderData as RootData | undefined;
  return pageMeta(args, {
    title: m.wizard_meta_title({}, { locale: language }),
    description: m.wizard_meta_description({}, { locale: language }),
    path: localizedPath(BOOKING_PATH, language),
    ogLocale: ogLocale(language),
    alternates: languageAlternates(BOOKING_PATH, root?.languages ?? []),
  });
};

export const headers = dataHeaders;

/**
 * The wizard's state for the URL; at step 5 also the receipt of the booking just made (from the
 * signed cookie Confirm Booking set, `booking-receipt.server.ts`), never cached, and its page
 * never sent to another site as a referrer.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const language = await requestedLanguage(params.lang);
  if (!language) return data({ notFound: true as const }, { status: 404, headers: { "Cache-Control": "private, no-store" } });
  const state = await loadWizardState(new URL(request.url), new Date(), language);
  const receipt = state.step === 5 ? await readBookingReceipt(request) : null;
  return data(
    { ...state, receipt, formToken: issueFormToken() },
    { headers: { "Cache-Control": "private, no-store", ...(state.step === 5 ? { "Referrer-Policy": "same-origin" } : {}) } },
  );
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const language = await requestedLanguage(params.lang);
  if (!language) return refuse<BookingWizardReply>(404, { intent: "unknown", message: "Not Found" });
  const form = await readFormData(request);
  const intent = form.get("intent");
  const submittedToken = form.get(FORM_TOKEN_FIELD);
  const formToken = typeof submittedToken === "string" ? submittedToken : undefined;
  const values = detailsValues(form);
  const answers = answerValues(form);
  if (intent === "edit") return accept<BookingWizardReply>({ intent: "edit", values, answers, formToken });

  if (intent === "review") {
    const details = await checkDetails(form, new URL(request.url).searchParams.get("type"), language);
    if (!details.ok) return refuseInvalid<BookingWizardReply>(details, { intent: "review", values, answers, formToken });
    return accept<BookingWizardReply>({ intent: "review", values, answers, idempotencyKey: randomUUID(), formToken });
  }

  if (intent === "confirm") {
    let result: SubmitBookingResult;
    try {
      result = await submitBooking(form, { clientIp: context.clientIp, language });
      if (result.ok && result.created) {
        await recordConversion(request, context.clientIp, { kind: "booking", detail: result.booking.consultationType, bookingId: result.booking.id });
      }
    } catch (error) {
      logger.error({ err: error }, "booking could not be stored");
      return refuse<BookingWizardReply>(500, {
        intent: "confirm",
        code: "server",
        message: m.error_server({}, { locale: language }),
        slotProblem: false,
        values,
        answers,
        formToken,
      });
    }
    if (!result.ok) {
      if ("fieldErrors" in result) return refuseInvalid<BookingWizardReply>(result, { intent: "confirm", values, answers, formToken });
      const { code, message, slotProblem, status, idempotencyKey } = result;
      return refuse<BookingWizardReply>(status, { intent: "confirm", code, message, slotProblem, values, answers, formToken, ...(idempotencyKey ? { idempotencyKey } : {}) });
    }
    // The success screen learns the booking from a signed cookie, never from the URL (ADR 0018).
    const cookie = await receiptCookieAfterBooking(request, { bookingId: result.booking.id, token: result.manageToken });
    return redirect(`${localizedPath(BOOKING_PATH, language)}?step=5`, cookie ? { headers: { "Set-Cookie": cookie } } : undefined);
  }
  return refuse<BookingWizardReply>(400, { intent: "unknown", message: m.error_unknown_request({}, { locale: language }) });
}

export default function BookConsultation({ loaderData, actionData }: Route.ComponentProps) {
  if ("notFound" in loaderData) return <NotFoundScreen />;
  return <BookingWizardScreen state={loaderData} actionData={actionData} />;
}
