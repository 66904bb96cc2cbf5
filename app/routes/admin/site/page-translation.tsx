import { pageMeta } from "~/features/seo/meta";
import { PageTranslationScreen } from "~/features/site-pages/components/page-translation-screen";
import { pageTranslationAction, pageTranslationLoader } from "~/features/site-pages/translation-screen.server";
import type { Route } from "./+types/page-translation";

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "Translate page", path: "/admin/site", noIndex: true });

/** One site page's translation into `:lang` beside its English text (see `pageTranslationLoader`). Every staff role. */
export async function loader({ request, params }: Route.LoaderArgs) {
  return pageTranslationLoader(request, params);
}

/** Save / Publish / Schedule / Unpublish this language only (see `pageTranslationAction`). */
export async function action({ request, params }: Route.ActionArgs) {
  return pageTranslationAction(request, params);
}

export default function SitePageTranslation() {
  return <PageTranslationScreen />;
}
