import { companyDefaults } from "~/content/company";
import { pageMeta } from "~/features/seo/meta";
import { LegalPage, type LegalSection } from "~/features/site/components/legal-page";
import { useRootData } from "~/root";
import type { Route } from "./+types/terms";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Terms of Service",
    description: "The terms that apply to your use of our website and to booking a free consultation with our engineers.",
    path: "/terms",
  });

/** Date the terms last changed (shown on the page). */
const UPDATED = "1 September 2025";

export default function Terms() {
  const site = useRootData()?.site ?? { ...companyDefaults };
  const legalName = site.companyName === companyDefaults.companyName ? companyDefaults.legalName : site.companyName;
  const email = <a href={`mailto:${site.email}`}>{site.email}</a>;

  const sections: LegalSection[] = [
    {
      id: "about",
      title: "About these terms",
      body: (
        <p>
          This website is operated by {legalName}, an engineering consultancy based in {site.location}. By using the website you accept
          these terms. If you do not agree with them, please do not use the site.
        </p>
      ),
    },
    {
      id: "information",
      title: "Information on this website",
      body: (
        <>
          <p>
            The content of this website, including project descriptions and articles, is general information about our work. It is not
            engineering advice for any particular site or structure and must not be relied on as such.
          </p>
          <p>
            Engineering advice is given only under a written appointment that sets out the scope of our services, fees and liability. We
            try to keep the website accurate and up to date but do not guarantee that it is complete or free of errors.
          </p>
        </>
      ),
    },
    {
      id: "consultations",
      title: "Free consultations and enquiries",
      body: (
        <>
          <p>
            Free consultations are an initial, no-obligation conversation about your project. Any views we express in them are preliminary
            and are not a design, report or certificate. No contract for services is formed until we both sign a letter of appointment.
          </p>
          <p>
            If you need to cancel or move a booked consultation, please use the link in your confirmation e-mail or contact us at {email}.
          </p>
        </>
      ),
    },
    {
      id: "acceptable-use",
      title: "Acceptable use",
      body: (
        <ul>
          <li>Do not use the site in any way that is unlawful or fraudulent, or that harms the site or other users.</li>
          <li>Do not submit false information, spam, or content that is offensive or infringes anyone's rights.</li>
          <li>Do not attempt to gain unauthorised access to the site, its server or any connected database.</li>
        </ul>
      ),
    },
    {
      id: "intellectual-property",
      title: "Intellectual property",
      body: (
        <p>
          All content on this website, including text, images, drawings and logos, belongs to us or our licensors and is protected by
          copyright. You may view and print pages for your own reference. Any other use needs our written permission.
        </p>
      ),
    },
    {
      id: "links",
      title: "Links to other websites",
      body: (
        <p>
          Links to third-party websites are provided for convenience only. We have no control over their content and accept no
          responsibility for them or for any loss arising from your use of them.
        </p>
      ),
    },
    {
      id: "liability",
      title: "Our liability",
      body: (
        <>
          <p>
            Nothing in these terms excludes or limits our liability for death or personal injury caused by our negligence, for fraud or
            fraudulent misrepresentation, or for anything else that cannot be limited under the law of England and Wales.
          </p>
          <p>
            Otherwise, we are not liable for any loss or damage arising from use of, or reliance on, this website, including loss of
            profit, business or data. If you are a consumer, this does not affect your statutory rights.
          </p>
        </>
      ),
    },
    {
      id: "privacy",
      title: "Privacy and cookies",
      body: (
        <p>
          How we use personal data and cookies is explained in our <a href="/privacy">Privacy Policy</a>.
        </p>
      ),
    },
    {
      id: "law",
      title: "Governing law",
      body: (
        <p>
          These terms are governed by the law of England and Wales, and the courts of England and Wales have exclusive jurisdiction,
          except that if you are a consumer living in Scotland or Northern Ireland you may also bring proceedings there.
        </p>
      ),
    },
    {
      id: "contact",
      title: "Contact us",
      body: (
        <p>
          Questions about these terms: e-mail {email}, call {site.phone}, or write to us in {site.location}.
        </p>
      ),
    },
  ];

  return (
    <LegalPage
      title="Terms of Service"
      updated={UPDATED}
      intro={<p>Please read these terms carefully before using this website or booking a consultation.</p>}
      sections={sections}
    />
  );
}
