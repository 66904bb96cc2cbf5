import { redirect } from "react-router";
import { signOut } from "~/features/auth/sign-in.server";
import { hasForeignOrigin } from "~/features/auth/guard.server";
import type { Route } from "./+types/logout";
import { privateHydrateHandle } from "~/utils/page-mode";

/** Hydrated (ADR "Content pages without React"), and never shown to analytics. */
export const handle = privateHydrateHandle;

/** Signs out (POST only; a foreign Origin is refused) and returns to the login screen. */
export async function action({ request }: Route.ActionArgs) {
  if (hasForeignOrigin(request)) throw new Response("Forbidden", { status: 403 });
  const cookies = await signOut(request);
  const headers = new Headers();
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  return redirect("/admin/login", { headers });
}

/** A GET (e.g. a bookmarked link) changes nothing. */
export function loader() {
  return redirect("/admin/login");
}
