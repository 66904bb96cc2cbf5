/**
 * /book-consultation/waiting-list (and /fr/... in each offered language, else 404): the waiting
 * list's join form (ADR 44), reached from the wizard's time step when no time suits. Sent without
 * React; the form posts without JavaScript. The loader reads the wizard's `type` and `week`; the
 * action hands the post to `joinWaitingList` (fields, form guard, abuse limits) and answers the
 * receipt, or the field errors (400) or refusal in the page's language.
 */
import { data } from "react-router";
import { FORM_TOKEN_FIELD } from "~/features/abuse/form-guard";
import { issueFormToken } from "~/features/abuse/form-guard.server";
import { WaitingListScreen, type WaitingListReply } from "~/features/consultations/waiting-list/components/waiting-list-screen";
import { joinWaitingList, loadWaitingListPage } from "~/features/consultations/waiting-list/index.server";
import { WAITING_LIST_PATH } from "~/features/consultations/waiting-list/paths";
import { pageMeta } from "~/features/seo/meta";
import { requestedLanguage } from "~/features/site/languages.server";
import { NotFoundScreen } from "~/features/site/components/not-found-screen";
import { dataHeaders } from "~/utils/headers";
import { readFormData } from "~/utils/form-data.server";
import { accept, refuse, refuseInvalid } from "~/utils/forms";
import { languageOfPath, localizedPath } from "~/utils/i18n";
import { logger } from "~/utils/logger.server";
import { m } from "~/utils/paraglide/messages";
import type { Route } from "./+types/waiting-list";

export const meta: Route.MetaFunction = (args) => {
  const { language } = languageOfPath(args.location.pathname);
  return pageMeta(args, { title: m.waitlist_meta_title({}, { locale: language }), path: localizedPath(WAITING_LIST_PATH, language), noIndex: true });
};

export const headers = dataHeaders;

const NO_STORE = { "Cache-Control": "private, no-store" };

/** The join form for the wizard's `type` and `week` with a fresh form token, never cached; 404 for a language not offered. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const language = await requestedLanguage(params.lang);
  if (!language) return data({ notFound: true as const }, { status: 404, headers: NO_STORE });
  const page = await loadWaitingListPage(new URL(request.url), { now: new Date(), language, formToken: issueFormToken() });
  return data(page, { headers: NO_STORE });
}

/**
 * Joins the list (`joinWaitingList`): the receipt; 400 with field errors; a refusal's status and
 * message (400 the form check, 429 a limit, 409 a type no longer offered); 500 with a message in
 * the page's language when the entry could not be stored.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const language = await requestedLanguage(params.lang);
  if (!language) return refuse<WaitingListReply>(404, { message: "Not Found" });
  const form = await readFormData(request);
  const submitted = form.get(FORM_TOKEN_FIELD);
  const formToken = typeof submitted === "string" ? submitted : undefined;
  try {
    const result = await joinWaitingList(form, { clientIp: context.clientIp, language });
    if (result.ok) return accept<WaitingListReply>({ message: m.waitlist_done_title({}, { locale: language }), email: result.entry.email, typeName: result.typeName });
    if ("fieldErrors" in result) return refuseInvalid<WaitingListReply>(result, { formToken });
    return refuse<WaitingListReply>(result.status, { message: result.message, code: result.code, values: result.values, formToken });
  } catch (error) {
    logger.error({ err: error }, "waiting-list entry could not be stored");
    return refuse<WaitingListReply>(500, { message: m.waitlist_error_server({}, { locale: language }), formToken });
  }
}

export default function WaitingList({ loaderData, actionData }: Route.ComponentProps) {
  if ("notFound" in loaderData) return <NotFoundScreen />;
  return <WaitingListScreen data={loaderData} reply={actionData} />;
}
