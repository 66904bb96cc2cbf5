import { translationAction, translationLoader } from "~/features/translations/actions.server";
import { TranslationScreen } from "~/features/translations/components/translation-screen";
import { PROJECT_KIND } from "~/features/projects/kind";
import { pageMeta } from "~/features/seo/meta";
import type { Route } from "./+types/project-translation";

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "Translate Project", path: "/admin/cms/projects", noIndex: true });

/** One project's translation into `:lang` beside its English text (see `translationLoader`). Every staff role. */
export const loader = ({ request, params }: Route.LoaderArgs) => translationLoader(PROJECT_KIND, request, params);

/** Save / Publish / Schedule / Unpublish this language only (see `translationAction`). */
export const action = ({ request, params }: Route.ActionArgs) => translationAction(PROJECT_KIND, request, params);

export default function ProjectTranslationPage() {
  return <TranslationScreen kind="project" paths={PROJECT_KIND.paths} heading="Edit Project" />;
}
