/**
 * /book-consultation/waiting-list/leave/:token (and /fr/... in each offered language, else 404):
 * the leave link of the waiting list's e-mails (ADR 44). The page shows one button that posts (a
 * mail scanner opening the link leaves nobody off the list); the post deletes the entry with
 * every one of its links, so the link opens nothing afterwards. Never cached, indexed or shown to
 * analytics, as the manage page.
 */
import { data } from "react-router";
import { LeaveWaitingListScreen, type LeaveView } from "~/features/consultations/waiting-list/components/waiting-list-screen";
import { loadLeaveView, postLeave } from "~/features/consultations/waiting-list/index.server";
import { pageMeta } from "~/features/seo/meta";
import { requestedLanguage } from "~/features/site/languages.server";
import { NotFoundScreen } from "~/features/site/components/not-found-screen";
import { dataHeaders } from "~/utils/headers";
import { languageOfPath, localizedPath, usePageLanguage } from "~/utils/i18n";
import { m } from "~/utils/paraglide/messages";
import { privatePageHandle } from "~/utils/page-mode";
import { waitingListLeavePath } from "~/features/consultations/waiting-list/paths";
import { MANAGE_PAGE_HEADERS } from "~/features/consultations/wizard/index.server";
import type { Route } from "./+types/waiting-list-leave";

/** Sent without React, and never shown to analytics (the address carries the link's token). */
export const handle = privatePageHandle;

export const meta: Route.MetaFunction = (args) => {
  const { language } = languageOfPath(args.location.pathname);
  return pageMeta(args, { title: m.waitlist_leave_title({}, { locale: language }), path: localizedPath("/book-consultation", language), noIndex: true });
};

export const headers = dataHeaders;

/** The view with 404 for a link that opens nothing, never cached. */
const respond = (view: LeaveView) => data(view, { status: view.state === "unknown" ? 404 : 200, headers: MANAGE_PAGE_HEADERS });

/** The leave page for the link's token (`loadLeaveView`); 404 for a language not offered or a link that opens nothing. */
export async function loader({ params }: Route.LoaderArgs) {
  if (!(await requestedLanguage(params.lang))) return data({ notFound: true as const }, { status: 404, headers: MANAGE_PAGE_HEADERS });
  return respond(await loadLeaveView(params.token));
}

/** Leave: deletes the entry and every one of its links (`postLeave`); 404 as the loader. */
export async function action({ params }: Route.ActionArgs) {
  if (!(await requestedLanguage(params.lang))) return data({ notFound: true as const }, { status: 404, headers: MANAGE_PAGE_HEADERS });
  return respond(await postLeave(params.token));
}

export default function WaitingListLeave({ loaderData, actionData, params }: Route.ComponentProps) {
  const language = usePageLanguage();
  const view = actionData ?? loaderData;
  if ("notFound" in view) return <NotFoundScreen />;
  return <LeaveWaitingListScreen view={view} action={localizedPath(waitingListLeavePath(params.token), language)} bookHref={localizedPath("/book-consultation", language)} />;
}
