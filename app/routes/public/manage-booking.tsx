/**
 * /book-consultation/manage/:token (and /fr/book-consultation/manage/:token... in each offered
 * language, else 404): the visitor's own booking, opened from the link in the confirmation
 * e-mail (`docs/design.md` section 6), in the page's language. The loader and action answer the
 * view of `manage-page.server.ts` with its status; the screen is `ManageBookingScreen`.
 */
import { data, redirect, useLocation } from "react-router";
import { ManageBookingScreen } from "~/features/consultations/wizard/components/manage-booking-screen";
import {
  loadManagePage,
  MANAGE_PAGE_HEADERS,
  manageBookingPost,
  type ManagePage,
  type ManageView,
} from "~/features/consultations/wizard/index.server";
import { pageMeta } from "~/features/seo/meta";
import { requestedLanguage } from "~/features/site/languages.server";
import { languageOfPath, localizedPath } from "~/utils/i18n";
import { m } from "~/utils/paraglide/messages";
import { NotFoundScreen } from "~/features/site/components/not-found-screen";
import { dataHeaders } from "~/utils/headers";
import { readFormData } from "~/utils/form-data.server";
import { privatePageHandle } from "~/utils/page-mode";
import type { Route } from "./+types/manage-booking";

/** Sent without React (ADR "The public site without React"), and never shown to analytics. */
export const handle = privatePageHandle;

export const meta: Route.MetaFunction = (args) => {
  const { language } = languageOfPath(args.location.pathname);
  return pageMeta(args, { title: m.manage_meta_title({}, { locale: language }), path: localizedPath("/book-consultation", language), noIndex: true });
};

export const headers = dataHeaders;

/** The page's response: its view with its status, or the redirect after a move; never cached. */
function respond(page: ManagePage) {
  if ("redirectTo" in page) return redirect(page.redirectTo, { headers: MANAGE_PAGE_HEADERS });
  return data<ManageView>(page.view, { status: page.status, headers: MANAGE_PAGE_HEADERS });
}

/** The answer for a language the site does not offer: the 404 page, never cached or indexed. */
const notOffered = () => data({ notFound: true as const }, { status: 404, headers: MANAGE_PAGE_HEADERS });

export async function loader({ params, request }: Route.LoaderArgs) {
  const language = await requestedLanguage(params.lang);
  if (!language) return notOffered();
  return respond(await loadManagePage(params.token, new URL(request.url).searchParams, language));
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const language = await requestedLanguage(params.lang);
  if (!language) return notOffered();
  const form = await readFormData(request);
  return respond(await manageBookingPost(params.token, form, { clientIp: context.clientIp, language }));
}

export default function ManageBooking({ loaderData, actionData }: Route.ComponentProps) {
  const { pathname } = useLocation();
  const view = actionData ?? loaderData;
  if ("notFound" in view) return <NotFoundScreen />;
  return <ManageBookingScreen view={view as ManageView} pagePath={pathname} />;
}
