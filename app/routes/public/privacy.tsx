import { companyDefaults } from "~/content/company";
import { AnalyticsPrivacySection } from "~/features/analytics/components/privacy-section";
import { describePeriod } from "~/features/data-protection/format";
import { getRetentionPeriods } from "~/features/data-protection/retention.server";
import { pageMeta } from "~/features/seo/meta";
import { LegalPage, type LegalSection } from "~/features/site/components/legal-page";
import { useRootData } from "~/root";
import type { Route } from "./+types/privacy";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Privacy Policy",
    description: "How we collect, use and protect your personal data under the UK GDPR and the Data Protection Act 2018, and how we use cookies.",
    path: "/privacy",
  });

/** Date the policy text last changed (shown on the page). */
const UPDATED = "1 September 2025";

/** The retention periods the site applies (issue 11), so the policy states what the job does. */
export async function loader() {
  return { retention: await getRetentionPeriods() };
}

export default function Privacy({ loaderData }: Route.ComponentProps) {
  const { retention } = loaderData;
  const site = useRootData()?.site ?? { ...companyDefaults, analyticsId: "" };
  // The root sends a measurement id only when the settings also choose Google Analytics (issue 21).
  const google = Boolean(site.analyticsId);
  const legalName = site.companyName === companyDefaults.companyName ? companyDefaults.legalName : site.companyName;
  const email = <a href={`mailto:${site.email}`}>{site.email}</a>;

  const sections: LegalSection[] = [
    {
      id: "who-we-are",
      title: "Who we are",
      body: (
        <>
          <p>
            {legalName} ("we", "us", "our") is an engineering consultancy based in {site.location}. We are the controller of the personal
            data described in this policy for the purposes of the UK General Data Protection Regulation (UK GDPR) and the Data
            Protection Act 2018.
          </p>
          <p>
            If you have any questions about this policy or how we handle your data, contact us at {email} or on {site.phone}.
          </p>
        </>
      ),
    },
    {
      id: "data-we-collect",
      title: "The data we collect",
      body: (
        <>
          <p>We only collect the personal data we need:</p>
          <ul>
            <li>
              <strong>Enquiries:</strong> your name, e-mail address, company (optional), the type of enquiry and your message, when you
              use our contact form.
            </li>
            <li>
              <strong>Consultation bookings:</strong> your name, e-mail address, phone number (if given), company, project details and the
              time you choose, when you book a free consultation.
            </li>
            <li>
              <strong>Correspondence:</strong> anything you send us by e-mail or telephone, and our replies.
            </li>
            <li>
              <strong>Technical data:</strong> your IP address and basic request information kept in our server logs for security,
              and the visit statistics described below{google ? ", and, only if you accept analytics cookies, Google Analytics data" : ""}.
            </li>
          </ul>
        </>
      ),
    },
    {
      id: "how-we-use",
      title: "How we use your data and our lawful bases",
      body: (
        <ul>
          <li>
            To answer your enquiry and arrange and hold consultations: <em>legitimate interests</em> in responding to people who contact
            us, or <em>steps prior to entering into a contract</em> at your request.
          </li>
          <li>
            To deliver engineering services to clients and keep project records: <em>performance of a contract</em> and{" "}
            <em>legal obligation</em> (for example professional and tax record-keeping).
          </li>
          <li>
            To keep the website secure and prevent abuse, such as limiting repeated form submissions: <em>legitimate interests</em>.
          </li>
          <li>
            To count visits and see which pages lead to enquiries, without cookies (see "Visit statistics"): <em>legitimate interests</em>.
          </li>
          {google ? (
            <li>
              To understand how the website is used with Google Analytics: <em>consent</em>, which you can withdraw at any time.
            </li>
          ) : null}
        </ul>
      ),
    },
    {
      id: "cookies",
      title: "Cookies",
      body: (
        <>
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
        </>
      ),
    },
    {
      id: "visit-statistics",
      title: "Visit statistics",
      body: <AnalyticsPrivacySection rawDays={retention.analyticsRawDays} google={google} />,
    },
    {
      id: "sharing",
      title: "Who we share data with",
      body: (
        <>
          <p>We never sell your data. We share it only with service providers who process it on our behalf under contract:</p>
          <ul>
            <li>our website hosting and database providers;</li>
            <li>our e-mail provider, to send and receive messages and booking confirmations;</li>
            {google ? <li>Google, for analytics, only if you have consented;</li> : null}
            <li>professional advisers, insurers and authorities where the law requires it.</li>
          </ul>
          <p>
            Where a provider processes data outside the UK, we rely on UK adequacy regulations or the International Data Transfer
            Agreement to protect it.
          </p>
        </>
      ),
    },
    {
      id: "retention",
      title: "How long we keep data",
      body: (
        <>
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
        </>
      ),
    },
    {
      id: "your-rights",
      title: "Your rights",
      body: (
        <>
          <p>Under the UK GDPR you have the right to:</p>
          <ul>
            <li>access the personal data we hold about you;</li>
            <li>have inaccurate data corrected;</li>
            <li>have your data erased, or its use restricted, in certain circumstances;</li>
            <li>object to processing based on legitimate interests;</li>
            <li>withdraw consent at any time, without affecting processing before withdrawal;</li>
            <li>data portability, where processing is based on consent or contract.</li>
          </ul>
          <p>
            To exercise any of these rights, e-mail {email}. We will respond within one month. There is no charge in most cases.
          </p>
        </>
      ),
    },
    {
      id: "security",
      title: "Security",
      body: (
        <p>
          We protect your data with encrypted connections (HTTPS), access controls limited to staff who need it, and regular updates to
          our systems. No method of transmission over the internet is completely secure, but we take reasonable steps to protect your
          information.
        </p>
      ),
    },
    {
      id: "complaints",
      title: "Complaints",
      body: (
        <p>
          If you are unhappy with how we have handled your data, please contact us first at {email}. You also have the right to complain
          to the Information Commissioner's Office (ICO), the UK's data protection regulator, at{" "}
          <a href="https://ico.org.uk/make-a-complaint/" rel="noopener noreferrer">
            ico.org.uk
          </a>{" "}
          or on 0303 123 1113.
        </p>
      ),
    },
    {
      id: "changes",
      title: "Changes to this policy",
      body: <p>We may update this policy from time to time. The date at the top shows when it last changed.</p>,
    },
  ];

  return (
    <LegalPage
      title="Privacy Policy"
      updated={UPDATED}
      intro={<p>This policy explains what personal data we collect when you use this website or contact us, why we collect it, and your rights.</p>}
      sections={sections}
    />
  );
}
