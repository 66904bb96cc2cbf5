import { requireAdmin } from "~/features/auth/guard.server";
import { STAFF_ROLES } from "~/features/auth/roles";
import { pageMeta } from "~/features/seo/meta";
import { TranslationsOverview } from "~/features/translations/components/translations-overview";
import { translationsOverview } from "~/features/translations/overview.server";
import type { Route } from "./+types/translations";

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "Translations", path: "/admin/cms/translations", noIndex: true });

/** Every project and blog post with each offered language's translation state (`translationsOverview`); `?needs=work` keeps the ones to do. Every staff role. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request, STAFF_ROLES);
  const needsWork = new URL(request.url).searchParams.get("needs") === "work";
  return { ...(await translationsOverview()), needsWork };
}

export default function TranslationsPage({ loaderData }: Route.ComponentProps) {
  return <TranslationsOverview languages={loaderData.languages} rows={loaderData.rows} needsWork={loaderData.needsWork} />;
}
