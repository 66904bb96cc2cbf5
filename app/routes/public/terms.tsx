import { data } from "react-router";
import { ArticleBlocks } from "~/features/insights/components/article-blocks";
import { pageMeta } from "~/features/seo/meta";
import { documentSections, LegalPage } from "~/features/site/components/legal-page";
import { loadSitePages } from "~/features/site-pages/pages.server";
import type { Route } from "./+types/terms";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Terms of Service",
    description: "The terms that apply to your use of our website and to booking a free consultation with our engineers.",
    path: "/terms",
    noIndex: args.loaderData?.preview,
  });

/** The published terms of service (Admin > Site > Privacy and terms; `?preview=` shows a draft). */
export async function loader({ request }: Route.LoaderArgs) {
  const { pages, preview, headers } = await loadSitePages(request, ["legal"]);
  return data({ terms: pages.legal.terms, preview }, { headers });
}

/** A preview's Cache-Control and X-Robots-Tag reach the document response. */
export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

/** The staff's document, split into numbered sections at its headings. */
export default function Terms({ loaderData }: Route.ComponentProps) {
  const { terms } = loaderData;
  const { lead, sections } = documentSections(terms.body);
  return (
    <LegalPage
      title="Terms of Service"
      updated={terms.updated}
      intro={
        <>
          <p>{terms.intro}</p>
          {lead.length ? <ArticleBlocks blocks={lead} /> : null}
        </>
      }
      sections={sections}
    />
  );
}
