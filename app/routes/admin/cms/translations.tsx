import { requireAdmin } from "~/features/auth/guard.server";
import { MANAGER_ROLES, roleAllows, STAFF_ROLES } from "~/features/auth/roles";
import { QuestionTranslations } from "~/features/consultations/questions/components/question-translations";
import { questionTranslations } from "~/features/consultations/questions/index.server";
import { pageMeta } from "~/features/seo/meta";
import { TranslationsOverview } from "~/features/translations/components/translations-overview";
import { translationsOverview } from "~/features/translations/overview.server";
import type { Route } from "./+types/translations";

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "Translations", path: "/admin/cms/translations", noIndex: true });

/**
 * Every project and blog post with each offered language's translation state (`translationsOverview`),
 * then every consultation question's words in those languages (`questionTranslations`);
 * `?needs=work` keeps the ones to do. Every staff role; the questions link to their type's
 * questions screen for admins and super admins, who may edit them.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireAdmin(request, STAFF_ROLES);
  const needsWork = new URL(request.url).searchParams.get("needs") === "work";
  const overview = await translationsOverview();
  return {
    ...overview,
    questions: overview.languages.length ? await questionTranslations(overview.languages) : [],
    canEditQuestions: roleAllows(session.admin.role, MANAGER_ROLES),
    needsWork,
  };
}

export default function TranslationsPage({ loaderData }: Route.ComponentProps) {
  const { languages, rows, questions, needsWork, canEditQuestions } = loaderData;
  return (
    <>
      <TranslationsOverview languages={languages} rows={rows} needsWork={needsWork} />
      {languages.length ? <QuestionTranslations languages={languages} rows={questions} needsWork={needsWork} canEdit={canEditQuestions} /> : null}
    </>
  );
}
