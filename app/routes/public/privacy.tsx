import { data } from "react-router";
import { getRetentionPeriods } from "~/features/data-protection/retention.server";
import { ArticleBlocks } from "~/features/insights/components/article-blocks";
import { documentSections, LegalPage, legalPageMeta } from "~/features/site/components/legal-page";
import { NotFoundScreen } from "~/features/site/components/not-found-screen";
import { privacySettingsSections, SETTINGS_SECTION_IDS } from "~/features/site/components/privacy-sections";
import { loadLegalPage } from "~/features/site-pages/legal.server";
import { useRootData } from "~/features/site/root-data";
import { usePageLanguage, type PageInLanguage } from "~/utils/i18n";
import { m } from "~/utils/paraglide/messages";
import type { Route } from "./+types/privacy";

export const meta: Route.MetaFunction = (args) => legalPageMeta(args, "/privacy", m.privacy_title, m.privacy_meta_description);

/**
 * The published privacy policy (Admin > Site > Privacy and terms; `?preview=` shows a
 * draft) and the retention periods the site applies, so the sections written from the
 * settings state what the retention job does. At `/fr/privacy` ... its translation where the
 * Legal page is published in that offered language (ADR 33), else the "Page Not Found" view
 * with HTTP 404.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const [page, retention] = await Promise.all([loadLegalPage(request, params.lang, "/privacy"), getRetentionPeriods()]);
  if (!page.found) return data({ found: false, privacy: null, retention, preview: false, pageLanguages: [] as PageInLanguage[] }, { status: 404, headers: page.headers });
  return data({ found: true, privacy: page.legal.privacy, retention, preview: page.preview, pageLanguages: page.pageLanguages }, { headers: page.headers });
}

/** A preview's Cache-Control and X-Robots-Tag reach the document response. */
export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

/**
 * The staff's document split at its headings, with the sections written from the settings
 * (cookies, visit statistics, how long data is kept) between its `body` and its `closing`.
 */
export default function Privacy({ loaderData }: Route.ComponentProps) {
  const language = usePageLanguage();
  // The root sends a measurement id only when the settings also choose Google Analytics.
  const google = Boolean(useRootData()?.site.analyticsId);
  const { privacy, retention } = loaderData;
  if (!privacy) return <NotFoundScreen />;

  const taken = new Set<string>(SETTINGS_SECTION_IDS);
  const before = documentSections(privacy.body, taken);
  const after = documentSections(privacy.closing, taken);
  const fromSettings = privacySettingsSections({ retention, google, language });
  // Text the closing part holds before its first heading continues the last section from the settings.
  const last = fromSettings.at(-1)!;
  if (after.lead.length) last.body = [last.body, <ArticleBlocks key="lead" blocks={after.lead} />];
  const sections = [...before.sections, ...fromSettings, ...after.sections];

  return (
    <LegalPage
      title={m.privacy_title({}, { locale: language })}
      updated={privacy.updated}
      intro={privacy.intro}
      lead={before.lead}
      sections={sections}
    />
  );
}
