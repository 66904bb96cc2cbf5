import { data } from "react-router";
import { AnalyticsPrivacySection } from "~/features/analytics/components/privacy-section";
import { describePeriod } from "~/utils/format";
import { getRetentionPeriods } from "~/features/data-protection/retention.server";
import { ArticleBlocks } from "~/features/insights/components/article-blocks";
import { pageMeta } from "~/features/seo/meta";
import { documentSections, LegalPage, LegalProse, type LegalSection } from "~/features/site/components/legal-page";
import { loadSitePages } from "~/features/site-pages/pages.server";
import { useRootData } from "~/features/site/root-data";
import type { Route } from "./+types/privacy";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Privacy Policy",
    description: "How we collect, use and protect your personal data under the UK GDPR and the Data Protection Act 2018, and how we use cookies.",
    path: "/privacy",
    noIndex: args.loaderData?.preview,
  });

/**
 * The published privacy policy (Admin > Site > Privacy and terms; `?preview=` shows a
 * draft) and the retention periods the site applies, so the sections written from the
 * settings state what the retention job does.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const [{ pages, preview, headers }, retention] = await Promise.all([loadSitePages(request, ["legal"]), getRetentionPeriods()]);
  return data({ privacy: pages.legal.privacy, retention, preview }, { headers });
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
  const { privacy, retention } = loaderData;
  // The root sends a measurement id only when the settings also choose Google Analytics.
  const google = Boolean(useRootData()?.site.analyticsId);

  const taken = new Set(["cookies", "visit-statistics", "retention"]);
  const before = documentSections(privacy.body, taken);
  const after = documentSections(privacy.closing, taken);
  const fromSettings: LegalSection[] = [
    {
      id: "cookies",
      title: "Cookies",
      body: (
        <LegalProse>
          <p>
            Under the Privacy and Electronic Communications Regulations (PECR) we only set non-essential cookies with your consent.
          </p>
          <ul>
            <li>
              <strong>Essential:</strong> a cookie that records your cookie choice (<code>cookie_consent</code>, 6 months) and, for staff
              only, a sign-in session cookie for the admin area. These are needed for the site to work and do not require consent.
            </li>
            {google ? (
              <li>
                <strong>Analytics (optional):</strong> if you accept, Google Analytics sets cookies such as <code>_ga</code> and{" "}
                <code>_ga_*</code> (up to 2 years) to count visits and see which pages are used. IP addresses are anonymised.
              </li>
            ) : null}
          </ul>
          {google ? (
            <p>
              You can change your choice at any time with "Cookie settings" in the footer of every page, or by deleting cookies in your
              browser.
            </p>
          ) : (
            <p>Our visit statistics use no cookies, so there is nothing to accept.</p>
          )}
          {google ? (
            <p>
              With your consent, which you can withdraw at any time, Google Analytics data is collected to understand how the website is
              used, and Google receives it as our analytics provider.
            </p>
          ) : null}
        </LegalProse>
      ),
    },
    {
      id: "visit-statistics",
      title: "Visit statistics",
      body: (
        <LegalProse>
          <AnalyticsPrivacySection rawDays={retention.analyticsRawDays} totalsMonths={retention.analyticsMonths} google={google} />
        </LegalProse>
      ),
    },
    {
      id: "retention",
      title: "How long we keep data",
      body: (
        <LegalProse>
          <p>We keep personal data only as long as we need it, then delete it or remove everything that identifies you:</p>
          <ul>
            <li>
              Enquiries: {describePeriod(retention.recordsMonths, "month")} after the enquiry is closed, then anonymised.
            </li>
            <li>
              Consultation bookings: {describePeriod(retention.recordsMonths, "month")} after the consultation or its cancellation,
              then anonymised.
            </li>
            <li>Submissions our spam checks flag: deleted after {describePeriod(retention.spamDays, "day")}.</li>
            <li>
              The content of the e-mails this website sends you (confirmations, reminders): deleted {describePeriod(retention.emailBodyDays, "day")}{" "}
              after sending; the record that we sent one is deleted after {describePeriod(retention.recordsMonths, "month")}.
            </li>
            <li>Client and project records: 6 years after the project ends, or longer where professional liability requires it.</li>
            <li>Server logs: up to 90 days.</li>
          </ul>
          <p>
            Anonymised records keep only what cannot identify you (such as the type of enquiry and its date), so we can count how many
            we receive.
          </p>
        </LegalProse>
      ),
    },
  ];
  // Text the closing part holds before its first heading continues the last section from the settings.
  const last = fromSettings.at(-1)!;
  if (after.lead.length) last.body = [last.body, <ArticleBlocks key="lead" blocks={after.lead} />];
  const sections = [...before.sections, ...fromSettings, ...after.sections];

  return (
    <LegalPage
      title="Privacy Policy"
      updated={privacy.updated}
      intro={
        <>
          <p>{privacy.intro}</p>
          {before.lead.length ? <ArticleBlocks blocks={before.lead} /> : null}
        </>
      }
      sections={sections}
    />
  );
}
