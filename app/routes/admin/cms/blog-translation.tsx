import { translationAction, translationLoader } from "~/features/translations/actions.server";
import { TranslationScreen } from "~/features/translations/components/translation-screen";
import { INSIGHT_KIND } from "~/features/insights/kind";
import { pageMeta } from "~/features/seo/meta";
import type { Route } from "./+types/blog-translation";

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "Translate Blog Post", path: "/admin/cms/blog", noIndex: true });

/** One post's translation into `:lang` beside its English text (see `translationLoader`). Every staff role. */
export const loader = ({ request, params }: Route.LoaderArgs) => translationLoader(INSIGHT_KIND, request, params);

/** Save / Publish / Schedule / Unpublish this language only (see `translationAction`). */
export const action = ({ request, params }: Route.ActionArgs) => translationAction(INSIGHT_KIND, request, params);

export default function BlogTranslationPage() {
  return <TranslationScreen kind="insight" paths={INSIGHT_KIND.paths} heading="Edit Blog Post" />;
}
