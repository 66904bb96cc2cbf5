import { data } from "react-router";
import { documentSections, LegalPage, legalPageMeta } from "~/features/site/components/legal-page";
import { NotFoundScreen } from "~/features/site/components/not-found-screen";
import { loadLegalPage } from "~/features/site-pages/legal.server";
import { usePageLanguage, type PageInLanguage } from "~/utils/i18n";
import { m } from "~/utils/paraglide/messages";
import type { Route } from "./+types/terms";

export const meta: Route.MetaFunction = (args) => legalPageMeta(args, "/terms", m.terms_title, m.terms_meta_description);

/**
 * The published terms of service (Admin > Site > Privacy and terms; `?preview=` shows a draft),
 * at `/fr/terms` ... its translation where the Legal page is published in that offered language
 * (ADR 33), else the "Page Not Found" view with HTTP 404.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const page = await loadLegalPage(request, params.lang, "/terms");
  if (!page.found) return data({ found: false, terms: null, preview: false, pageLanguages: [] as PageInLanguage[] }, { status: 404, headers: page.headers });
  return data({ found: true, terms: page.legal.terms, preview: page.preview, pageLanguages: page.pageLanguages }, { headers: page.headers });
}

/** A preview's Cache-Control and X-Robots-Tag reach the document response. */
export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

/** The staff's document, split into numbered sections at its headings. */
export default function Terms({ loaderData }: Route.ComponentProps) {
  const language = usePageLanguage();
  const { terms } = loaderData;
  if (!terms) return <NotFoundScreen />;
  const { lead, sections } = documentSections(terms.body);
  return (
    <LegalPage
      title={m.terms_title({}, { locale: language })}
      updated={terms.updated}
      intro={terms.intro}
      lead={lead}
      sections={sections}
    />
  );
}
