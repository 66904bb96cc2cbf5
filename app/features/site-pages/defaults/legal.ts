import type { InlineContent, InlineRun, InsightBlock } from "~/db/schema";
import type { PageContent } from "../schemas";

/** Block-editor shorthand for the legal documents (and their demo translations): a level-2 heading. */
export const h2 = (content: string): InsightBlock => ({ type: "heading", level: 2, content });
/** A paragraph of plain and marked runs. */
export const para = (...runs: (string | InlineRun)[]): InsightBlock => ({ type: "paragraph", content: inline(runs) });
/** A bulleted list; an item is a text or a list of runs. */
export const bullets = (...items: (string | (string | InlineRun)[])[]): InsightBlock => ({ type: "list", items: items.map((item) => (typeof item === "string" ? item : inline(item))) });
const inline = (runs: (string | InlineRun)[]): InlineContent => (runs.length === 1 && typeof runs[0] === "string" ? runs[0] : runs.map((r) => (typeof r === "string" ? { text: r } : r)));
/** A bold run. */
export const bold = (text: string): InlineRun => ({ text, bold: true });
/** An italic run. */
export const italic = (text: string): InlineRun => ({ text, italic: true });
/** The company's address as a mailto link run. */
export const EMAIL: InlineRun = { text: "hello@meridian-engineering.co.uk", href: "mailto:hello@meridian-engineering.co.uk" };

/**
 * Privacy policy and terms of service (formerly written in the pages' code), as documents of the
 * article block editor. The privacy policy's sections on cookies, visit statistics and retention
 * periods are not here: the page writes them from the settings, between `body` and `closing`.
 */
export const legal: PageContent["legal"] = {
  privacy: {
    updated: "1 September 2025",
    intro: "This policy explains what personal data we collect when you use this website or contact us, why we collect it, and your rights.",
    body: [
      h2("Who we are"),
      para(
        'Meridian Engineering Ltd ("we", "us", "our") is an engineering consultancy based in London, United Kingdom. We are the controller of the personal data described in this policy for the purposes of the UK General Data Protection Regulation (UK GDPR) and the Data Protection Act 2018.',
      ),
      para("If you have any questions about this policy or how we handle your data, contact us at ", EMAIL, " or on +44 20 7946 0321."),
      h2("The data we collect"),
      para("We only collect the personal data we need:"),
      bullets(
        [bold("Enquiries:"), " your name, e-mail address, company (optional), the type of enquiry and your message, when you use our contact form."],
        [
          bold("Consultation bookings:"),
          " your name, e-mail address, phone number (if given), company, project details and the time you choose, when you book a free consultation.",
        ],
        [bold("Correspondence:"), " anything you send us by e-mail or telephone, and our replies."],
        [bold("Technical data:"), " your IP address and basic request information kept in our server logs for security, and the visit statistics described below."],
      ),
      h2("How we use your data and our lawful bases"),
      bullets(
        [
          "To answer your enquiry and arrange and hold consultations: ",
          italic("legitimate interests"),
          " in responding to people who contact us, or ",
          italic("steps prior to entering into a contract"),
          " at your request.",
        ],
        ["To deliver engineering services to clients and keep project records: ", italic("performance of a contract"), " and ", italic("legal obligation"), " (for example professional and tax record-keeping)."],
        ["To keep the website secure and prevent abuse, such as limiting repeated form submissions: ", italic("legitimate interests"), "."],
        ['To count visits and see which pages lead to enquiries, without cookies (see "Visit statistics"): ', italic("legitimate interests"), "."],
      ),
      h2("Who we share data with"),
      para("We never sell your data. We share it only with service providers who process it on our behalf under contract:"),
      bullets(
        "our website hosting and database providers;",
        "our e-mail provider, to send and receive messages and booking confirmations;",
        "professional advisers, insurers and authorities where the law requires it.",
      ),
      para("Where a provider processes data outside the UK, we rely on UK adequacy regulations or the International Data Transfer Agreement to protect it."),
    ],
    closing: [
      h2("Your rights"),
      para("Under the UK GDPR you have the right to:"),
      bullets(
        "access the personal data we hold about you;",
        "have inaccurate data corrected;",
        "have your data erased, or its use restricted, in certain circumstances;",
        "object to processing based on legitimate interests;",
        "withdraw consent at any time, without affecting processing before withdrawal;",
        "data portability, where processing is based on consent or contract.",
      ),
      para("To exercise any of these rights, e-mail ", EMAIL, ". We will respond within one month. There is no charge in most cases."),
      h2("Security"),
      para(
        "We protect your data with encrypted connections (HTTPS), access controls limited to staff who need it, and regular updates to our systems. No method of transmission over the internet is completely secure, but we take reasonable steps to protect your information.",
      ),
      h2("Complaints"),
      para(
        "If you are unhappy with how we have handled your data, please contact us first at ",
        EMAIL,
        ". You also have the right to complain to the Information Commissioner's Office (ICO), the UK's data protection regulator, at ",
        { text: "ico.org.uk", href: "https://ico.org.uk/make-a-complaint/" },
        " or on 0303 123 1113.",
      ),
      h2("Changes to this policy"),
      para("We may update this policy from time to time. The date at the top shows when it last changed."),
    ],
  },
  terms: {
    updated: "1 September 2025",
    intro: "Please read these terms carefully before using this website or booking a consultation.",
    body: [
      h2("About these terms"),
      para(
        "This website is operated by Meridian Engineering Ltd, an engineering consultancy based in London, United Kingdom. By using the website you accept these terms. If you do not agree with them, please do not use the site.",
      ),
      h2("Information on this website"),
      para(
        "The content of this website, including project descriptions and articles, is general information about our work. It is not engineering advice for any particular site or structure and must not be relied on as such.",
      ),
      para(
        "Engineering advice is given only under a written appointment that sets out the scope of our services, fees and liability. We try to keep the website accurate and up to date but do not guarantee that it is complete or free of errors.",
      ),
      h2("Free consultations and enquiries"),
      para(
        "Free consultations are an initial, no-obligation conversation about your project. Any views we express in them are preliminary and are not a design, report or certificate. No contract for services is formed until we both sign a letter of appointment.",
      ),
      para("If you need to cancel or move a booked consultation, please use the link in your confirmation e-mail or contact us at ", EMAIL, "."),
      h2("Acceptable use"),
      bullets(
        "Do not use the site in any way that is unlawful or fraudulent, or that harms the site or other users.",
        "Do not submit false information, spam, or content that is offensive or infringes anyone's rights.",
        "Do not attempt to gain unauthorised access to the site, its server or any connected database.",
      ),
      h2("Intellectual property"),
      para(
        "All content on this website, including text, images, drawings and logos, belongs to us or our licensors and is protected by copyright. You may view and print pages for your own reference. Any other use needs our written permission.",
      ),
      h2("Links to other websites"),
      para(
        "Links to third-party websites are provided for convenience only. We have no control over their content and accept no responsibility for them or for any loss arising from your use of them.",
      ),
      h2("Our liability"),
      para(
        "Nothing in these terms excludes or limits our liability for death or personal injury caused by our negligence, for fraud or fraudulent misrepresentation, or for anything else that cannot be limited under the law of England and Wales.",
      ),
      para(
        "Otherwise, we are not liable for any loss or damage arising from use of, or reliance on, this website, including loss of profit, business or data. If you are a consumer, this does not affect your statutory rights.",
      ),
      h2("Privacy and cookies"),
      // The article editor takes absolute links only (ADR 12), so the site's own page is named, not linked.
      para("How we use personal data and cookies is explained in our Privacy Policy."),
      h2("Governing law"),
      para(
        "These terms are governed by the law of England and Wales, and the courts of England and Wales have exclusive jurisdiction, except that if you are a consumer living in Scotland or Northern Ireland you may also bring proceedings there.",
      ),
      h2("Contact us"),
      para("Questions about these terms: e-mail ", EMAIL, ", call +44 20 7946 0321, or write to us in London, United Kingdom."),
    ],
  },
};
