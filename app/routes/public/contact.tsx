/**
 * /contact (and /fr/contact ... where the Contact page is published in that offered language, its
 * words, labels, messages, toasts and the visitor's acknowledgement in it; else 404): intro,
 * contact cards, promises and the enquiry form. Sent without React, like a content page, and
 * stored by the HTML cache: the form is a plain POST form (the confirmation, or the field errors
 * with a 400), which the contact enhancement (`app/enhance/contact.ts`) checks and posts in the
 * background: "Sending...", a 1.5 s pause, the success toast and the confirmation in place of the
 * emptied form, with "Send another message" bringing it back (or the destructive toast).
 */
import { data } from "react-router";
import { Send } from "lucide-react";
import { Button, buttonVariants } from "~/components/ui/button";
import { ContactCards, ContactPromises, EnquiryFields, EnquirySentPanel } from "~/features/enquiries/components/contact-panels";
import { FORM_TOKEN_FIELD } from "~/features/abuse/form-guard";
import { issueFormToken } from "~/features/abuse/form-guard.server";
import { recordConversion } from "~/features/analytics/conversions.server";
import { submitEnquiry } from "~/features/enquiries/enquiries.server";
import { ENQUIRY_FIELDS } from "~/features/enquiries/schema";
import { getSiteSettings } from "~/features/settings/settings.server";
import { requestedLanguage } from "~/features/site/languages.server";
import { NotFoundScreen, notFoundMeta } from "~/features/site/components/not-found-screen";
import { readPublicPages, sitePageLanguages } from "~/features/site-pages/pages.server";
import { navHref } from "~/content/nav";
import { DEFAULT_LANGUAGE, localizedPath, usePageLanguage, type Language, type PageInLanguage } from "~/utils/i18n";
import { m } from "~/utils/paraglide/messages";
import { localizedPageMeta } from "~/features/seo/meta";
import { useRootData } from "~/features/site/root-data";
import { logger } from "~/utils/logger.server";
import type { Route } from "./+types/contact";
import { dataHeaders } from "~/utils/headers";
import { readFormData } from "~/utils/form-data.server";
import { accept, type ActionReply, type NoExtra, refuse, refuseInvalid, submittedValues } from "~/utils/forms";

export const meta: Route.MetaFunction = (args) => {
  if (!args.loaderData?.found) return notFoundMeta(args);
  return localizedPageMeta(args, { title: m.contact_meta_title, description: m.contact_meta_description, path: "/contact", pageLanguages: args.loaderData.pageLanguages });
};

export const headers = dataHeaders;

/**
 * The form token, and under a language prefix (`/fr/contact`, where the Contact page is published
 * in that offered language, else 404) the contact page's words in it (`contact`: null in English,
 * where the root data's are shown). `pageLanguages` lists the page's addresses in every language
 * it is published in.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const noStore = { "Cache-Control": "private, no-store" };
  const language = await requestedLanguage(params.lang);
  const notFound = { found: false, formToken: "", contact: null, pageLanguages: [] as PageInLanguage[] };
  if (!language) return data(notFound, { status: 404, headers: noStore });
  const [{ pages, translated }, settings] = await Promise.all([readPublicPages(["contact"], null, new Date(), language), getSiteSettings()]);
  if (language !== DEFAULT_LANGUAGE && !translated.has("contact")) return data(notFound, { status: 404, headers: noStore });
  const pageLanguages = await sitePageLanguages("contact", "/contact", settings.offeredLanguages);
  const { openingHours, addressLines, mapUrl, intro, replyNote } = pages.contact;
  const contact = language === DEFAULT_LANGUAGE ? null : { hours: openingHours.map((line) => `${line.days}, ${line.hours}`).join("; "), addressLines, mapUrl, intro, replyNote };
  return data({ found: true, formToken: issueFormToken(), contact, pageLanguages }, { headers: noStore });
}

/**
 * A refusal is invalid input (400, with field errors and the submitted fields) or a failure to
 * store (503, the error toast's words, no field errors). `formToken` echoes the submitted render
 * token, so a corrected form keeps its original render time (a fresh token would make a quick
 * correction look too fast, i.e. like a bot).
 */
type ActionResult = ActionReply<NoExtra, { formToken?: string }>;

/** The error toast's words in `language`. */
const failedWords = (language: Language) => ({ message: m.contact_failed_title({}, { locale: language }), description: m.contact_failed_text({}, { locale: language }) });

/** The enquiry, in the language of the page it was sent from (stored with it; the visitor's acknowledgement is in it). */
export async function action({ request, context, params }: Route.ActionArgs) {
  const language = await requestedLanguage(params.lang);
  if (!language) throw data("Not Found", { status: 404 });
  const form = Object.fromEntries(await readFormData(request));
  const formToken = typeof form[FORM_TOKEN_FIELD] === "string" ? form[FORM_TOKEN_FIELD] : undefined;
  try {
    const result = await submitEnquiry(form, { clientIp: context.clientIp, language });
    if (!result.ok) return refuseInvalid<ActionResult>(result, { formToken });
    if (!result.spamReason) await recordConversion(request, context.clientIp, { kind: "enquiry", detail: String(form.projectType) });
    return accept<ActionResult>({});
  } catch (error) {
    logger.error({ err: error }, "enquiry could not be stored");
    return refuse<ActionResult>(503, { ...failedWords(language), values: submittedValues(form, ENQUIRY_FIELDS), formToken });
  }
}

export default function ContactPage({ loaderData, actionData }: Route.ComponentProps) {
  const root = useRootData();
  const language = usePageLanguage();
  if (!loaderData.found) return <NotFoundScreen />;
  return <ContactScreen loaderData={loaderData} actionData={actionData} site={root?.site} contact={loaderData.contact ?? root?.contact} language={language} />;
}

/** The contact page in `language`: `contact` the page's words (the root data's in English). */
function ContactScreen({
  loaderData,
  actionData,
  site,
  contact,
  language,
}: Pick<Route.ComponentProps, "loaderData" | "actionData"> & {
  site: { email: string; phone: string } | undefined;
  contact: { hours: string; addressLines: string[]; mapUrl?: string; intro: string; replyNote: string } | undefined;
  language: Language;
}) {
  const locale = { locale: language };
  const refused = actionData && !actionData.ok ? actionData : undefined;
  const noJsFailed = refused && !refused.fieldErrors ? refused : undefined;
  const formToken = refused?.formToken ?? loaderData.formToken;
  const failed = failedWords(language);

  const email = site?.email ?? "";
  return (
    <div>
      <section className="relative overflow-hidden bg-ink pb-20 pt-14 text-white sm:pb-24 sm:pt-20">
        <div
          aria-hidden
          className="pointer-events-none absolute inset-0 opacity-20 [background-image:linear-gradient(to_right,rgba(255,255,255,.12)_1px,transparent_1px),linear-gradient(to_bottom,rgba(255,255,255,.12)_1px,transparent_1px)] [background-size:48px_48px]"
        />
        <div className="relative mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
          <p className="text-sm font-semibold uppercase tracking-[0.2em] text-teal-300">{m.contact_eyebrow({}, locale)}</p>
          <h1 className="mt-3 max-w-3xl text-4xl font-bold tracking-tight sm:text-5xl">{m.contact_title({}, locale)}</h1>
          <p className="mt-5 max-w-2xl text-lg text-slate-200">{contact?.intro}</p>
        </div>
      </section>

      <section aria-label={m.contact_ways({}, locale)} className="relative z-10 mx-auto -mt-8 max-w-6xl px-4 sm:px-6 lg:px-8">
        <ContactCards
          email={email}
          phone={site?.phone ?? ""}
          location={contact?.addressLines.join(", ") ?? ""}
          hours={contact?.hours ?? ""}
          mapUrl={contact?.mapUrl}
        />
      </section>

      <section className="mx-auto grid max-w-6xl gap-10 px-4 py-14 sm:px-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:gap-14 lg:px-8 lg:py-20">
        <div className="rounded-2xl border bg-card p-6 shadow-sm sm:p-8">
          <h2 className="text-2xl font-bold tracking-tight text-foreground">{m.contact_form_heading({}, locale)}</h2>
          <p className="mt-2 text-muted-foreground">
            {m.contact_required_before({}, locale)} <span className="text-destructive" aria-hidden>*</span>
            <span className="sr-only">{m.contact_required_sr({}, locale)}</span> {m.contact_required_after({}, locale)}
          </p>
          <div className="mt-6">
            {actionData?.ok ? (
              <EnquirySentPanel>
                <a href={localizedPath("/contact", language)} className={buttonVariants({ variant: "outline" })}>
                  {m.contact_send_another({}, locale)}
                </a>
              </EnquirySentPanel>
            ) : (
              <>
                <form
                  method="post"
                  noValidate
                  data-contact-form=""
                  data-failed-title={failed.message}
                  data-failed-text={failed.description}
                  data-success-title={m.contact_success_title({}, locale)}
                  data-success-text={m.contact_success_text({}, locale)}
                  className="relative flex flex-col gap-6"
                  aria-label={m.contact_form_label({}, locale)}
                >
                  {noJsFailed ? (
                    <div role="alert" className="rounded-md border border-red-300 bg-red-50 p-4 text-sm text-red-900">
                      <p className="font-semibold">{noJsFailed.message}</p>
                      <p>{noJsFailed.description}</p>
                    </div>
                  ) : null}
                  <EnquiryFields errors={refused?.fieldErrors} values={refused?.values} formToken={formToken} />
                  <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
                    <p className="text-sm text-muted-foreground">{contact?.replyNote}</p>
                    <Button type="submit" size="lg" data-send="">
                      <span data-idle="" className="contents">
                        <Send aria-hidden />
                        {m.contact_send({}, locale)}
                      </span>
                      <span data-busy="" hidden className="contents">
                        <span className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white" aria-hidden />
                        {m.contact_sending({}, locale)}
                      </span>
                    </Button>
                  </div>
                  <p className="sr-only" role="status" aria-live="polite" data-sending-status={m.contact_sending_status({}, locale)} />
                </form>
                <EnquirySentPanel hidden>
                  <Button type="button" variant="outline" data-send-another="">
                    {m.contact_send_another({}, locale)}
                  </Button>
                </EnquirySentPanel>
              </>
            )}
          </div>
        </div>

        <aside aria-labelledby="why-contact" className="flex flex-col gap-8">
          <div>
            <h2 id="why-contact" className="text-xl font-bold tracking-tight text-foreground">
              {m.contact_expect({}, locale)}
            </h2>
            <div className="mt-5">
              <ContactPromises />
            </div>
          </div>
          <div className="rounded-2xl bg-primary p-6 text-primary-foreground">
            <h2 className="text-lg font-semibold">{m.contact_talk_heading({}, locale)}</h2>
            <p className="mt-2 text-sm text-teal-50">{m.contact_talk_text({}, locale)}</p>
            <a href={navHref("/book-consultation", language)} className={buttonVariants({ variant: "inverse", className: "mt-4" })}>
              {m.home_book({}, locale)}
            </a>
          </div>
        </aside>
      </section>
    </div>
  );
}
