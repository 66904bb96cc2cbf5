/**
 * /book-consultation/manage/:token: the visitor's own booking, opened from the link in the
 * confirmation e-mail (`docs/design.md` section 6). The loader and action answer the view of
 * `manage-page.server.ts` with its status; the screen is `ManageBookingScreen`.
 */
import { data, redirect, type ShouldRevalidateFunctionArgs } from "react-router";
import { ManageBookingScreen } from "~/features/consultations/components/manage-booking-screen";
import {
  loadManagePage,
  MANAGE_PAGE_HEADERS,
  manageBookingPost,
  type ManagePage,
  type ManageView,
} from "~/features/consultations/manage-page.server";
import { pageMeta } from "~/features/seo/meta";
import { dataHeaders } from "~/utils/headers";
import { readFormData } from "~/utils/form-data.server";
import { privateHydrateHandle } from "~/utils/page-mode";
import type { Route } from "./+types/manage-booking";

/** Hydrated (ADR "Content pages without React"), and never shown to analytics. */
export const handle = privateHydrateHandle;

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Manage your booking", path: "/book-consultation", noIndex: true });

export const headers = dataHeaders;

/** The page's response: its view with its status, or the redirect after a move; never cached. */
function respond(page: ManagePage) {
  if ("redirectTo" in page) return redirect(page.redirectTo, { headers: MANAGE_PAGE_HEADERS });
  return data<ManageView>(page.view, { status: page.status, headers: MANAGE_PAGE_HEADERS });
}

/**
 * After a cancellation the action's answer is the page to show ("Your booking has been
 * cancelled"); loading the page again would only answer 410 for the now cancelled booking, which
 * the browser reports as a failed request. Every other submission reloads as usual.
 */
export function shouldRevalidate({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if ((actionResult as ManageView | undefined)?.kind === "cancelled-now") return false;
  return defaultShouldRevalidate;
}

export async function loader({ params, request }: Route.LoaderArgs) {
  return respond(await loadManagePage(params.token, new URL(request.url).searchParams));
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const form = await readFormData(request);
  return respond(await manageBookingPost(params.token, form, { clientIp: context.clientIp }));
}

export default function ManageBooking({ loaderData, actionData }: Route.ComponentProps) {
  return <ManageBookingScreen view={(actionData ?? loaderData) as ManageView} />;
}
