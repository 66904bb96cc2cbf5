import { redirect } from "react-router";
import { requireAdmin } from "~/features/auth/guard.server";
import type { Route } from "./+types/index";

/** /admin is the dashboard. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return redirect("/admin/dashboard");
}
