/**
 * /contact (and /fr/contact ... where the Contact page is published in that offered language, its
 * words, labels, messages, toasts and the visitor's acknowledgement in it; else 404): intro,
 * contact cards, promises and the enquiry form. With JavaScript the form posts through a fetcher: submitting, a 1.5 s
 * pause, then the success toast and a reset, the form giving way to an inline confirmation that
 * takes the focus, with "Send another message" bringing back the empty form (or the destructive
 * error toast). Without JavaScript a plain POST shows the same confirmation, or the field errors
 * with a 400.
 */
import { useEffect, useRef, useState } from "react";
import { data, Link, useFetcher } from "react-router";
import { Send } from "lucide-react";
import { toast } from "~/components/ui/toast";
import { Button, buttonVariants } from "~/components/ui/button";
import { ContactCards, ContactPromises, EnquiryFields, EnquirySentPanel } from "~/features/enquiries/components/contact-panels";
import { FORM_TOKEN_FIELD } from "~/features/abuse/form-guard";
import { issueFormToken } from "~/features/abuse/form-guard.server";
import { recordConversion } from "~/features/analytics/conversions.server";
import { submitEnquiry } from "~/features/enquiries/enquiries.server";
import { ENQUIRY_FIELDS, type EnquirySchema } from "~/features/enquiries/schema";
import { getSiteSettings } from "~/features/settings/settings.server";
import { requestedLanguage } from "~/features/site/languages.server";
import { NotFoundScreen, notFoundMeta } from "~/features/site/components/not-found-screen";
import { readPublicPages, sitePageLanguages } from "~/features/site-pages/pages.server";
import { navHref } from "~/content/nav";
import { DEFAULT_LANGUAGE, languageOfPath, localizedPath, usePageLanguage, type Language, type PageInLanguage } from "~/utils/i18n";
import { m } from "~/utils/paraglide/messages";
import { localizedPageMeta } from "~/features/seo/meta";
import { useRootData } from "~/features/site/root-data";
import { logger } from "~/utils/logger.server";
import type { Route } from "./+types/contact";
import { dataHeaders } from "~/utils/headers";
import { readFormData } from "~/utils/form-data.server";
import { accept, type ActionReply, type NoExtra, type FieldErrors, parseSubmission, refuse, refuseInvalid, submittedValues } from "~/utils/forms";
import { sharedHydrateHandle } from "~/utils/page-mode";

/**
 * Hydrated (ADR "Content pages without React"), and stored by the HTML cache like a content page:
 * the document is the same for every anonymous visitor but for the form token, which the browser
 * replaces after hydration (`useFreshFormToken`).
 */
export const handle = sharedHydrateHandle;

/** Pause between the stored enquiry and the success toast. */
const SUCCESS_PAUSE_MS = 1500;

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
const failed = (language: Language) => ({ message: m.contact_failed_title({}, { locale: language }), description: m.contact_failed_text({}, { locale: language }) });

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
    return refuse<ActionResult>(503, { ...failed(language), values: submittedValues(form, ENQUIRY_FIELDS), formToken });
  }
}

/**
 * In the browser: the server action, with a network failure or server error turned into the
 * destructive toast instead of the error page.
 */
export async function clientAction({ serverAction, request }: Route.ClientActionArgs): Promise<ActionResult> {
  try {
    return (await serverAction()) as ActionResult;
  } catch {
    return { ok: false, ...failed(languageOfPath(new URL(request.url).pathname).language) };
  }
}

/** The shared schema in the page's language, loaded after hydration in its own chunk so Zod is not in the first load. */
let browserSchema: EnquirySchema | undefined;
function loadBrowserSchema(language: Language) {
  void import("~/features/enquiries/schema").then((schema) => {
    browserSchema = schema.enquirySchema(language);
  });
}

/**
 * Field errors from the shared schema, for checking in the browser before posting. Until the
 * schema has loaded it returns null and the server answers with the same schema's errors.
 */
function validateInBrowser(form: HTMLFormElement): FieldErrors | null {
  if (!browserSchema) return null;
  const parsed = parseSubmission(browserSchema, new FormData(form));
  return parsed.ok ? null : parsed.fieldErrors;
}

function focusFirstInvalid(form: HTMLFormElement | null) {
  requestAnimationFrame(() => form?.querySelector<HTMLElement>("[aria-invalid='true']")?.focus());
}

/**
 * The form token of this visit: after hydration, the loader again through React Router's data
 * request (`/contact.data`, never answered by the HTML cache), so the token carries the time this
 * visitor opened the form; until it answers, and without JavaScript, the token in the document,
 * which for a page from the HTML cache carries the time the page was stored.
 */
function useFreshFormToken(rendered: string, language: Language): string {
  const fetcher = useFetcher<typeof loader>({ key: "contact-form-token" });
  const { load } = fetcher;
  useEffect(() => {
    void load(localizedPath("/contact", language));
  }, [load, language]);
  return fetcher.data?.formToken ?? rendered;
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
  const fetcher = useFetcher<ActionResult>({ key: "contact-enquiry" });
  const formRef = useRef<HTMLFormElement>(null);
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const [pausing, setPausing] = useState(false);
  // The inline confirmation in place of the form, after the pause (with JavaScript).
  const [sent, setSent] = useState(false);
  const sendAnother = () => {
    setSent(false);
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>("[name=name]")?.focus());
  };
  const handled = useRef<unknown>(null);
  const freshToken = useFreshFormToken(loaderData.formToken, language);
  useEffect(() => loadBrowserSchema(language), [language]);

  // The fetcher's answer: success waits 1.5 s, then the toast and a reset; failure toasts at once.
  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state !== "idle" || !result || handled.current === result) return;
    handled.current = result;
    if (result.ok) {
      setPausing(true);
      const timer = setTimeout(() => {
        setPausing(false);
        formRef.current?.reset();
        setSent(true);
        toast.success(m.contact_success_title({}, locale), { id: "enquiry-sent", description: m.contact_success_text({}, locale) });
      }, SUCCESS_PAUSE_MS);
      return () => clearTimeout(timer);
    }
    if (!result.fieldErrors) {
      toast.error(result.message, { id: "enquiry-failed", description: result.description });
    } else {
      focusFirstInvalid(formRef.current);
    }
    // `locale` follows `language`, which a page never changes without a new document.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetcher.state, fetcher.data]);

  const busy = fetcher.state !== "idle" || pausing;
  const fetcherErrors = fetcher.data && !fetcher.data.ok ? fetcher.data.fieldErrors : undefined;
  const noJsErrors = actionData && !actionData.ok ? actionData.fieldErrors : undefined;
  const errors = clientErrors ?? fetcherErrors ?? noJsErrors;
  const noJsFailed = actionData && !actionData.ok && !actionData.fieldErrors ? actionData : undefined;
  const formToken =
    (fetcher.data && !fetcher.data.ok ? fetcher.data.formToken : undefined) ??
    (actionData && !actionData.ok ? actionData.formToken : undefined) ??
    freshToken;

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const found = validateInBrowser(form);
    setClientErrors(found);
    if (found) {
      focusFirstInvalid(form);
      return;
    }
    handled.current = null;
    void fetcher.submit(form, { method: "post" });
  };

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
            {sent ? (
              <EnquirySentPanel focusOnShow>
                <Button type="button" variant="outline" onClick={sendAnother}>
                  {m.contact_send_another({}, locale)}
                </Button>
              </EnquirySentPanel>
            ) : actionData?.ok ? (
              <EnquirySentPanel>
                <Link to={localizedPath("/contact", language)} className={buttonVariants({ variant: "outline" })}>
                  {m.contact_send_another({}, locale)}
                </Link>
              </EnquirySentPanel>
            ) : (
              <fetcher.Form
                ref={formRef}
                method="post"
                noValidate
                onSubmit={onSubmit}
                className="relative flex flex-col gap-6"
                aria-label={m.contact_form_label({}, locale)}
              >
                {noJsFailed ? (
                  <div role="alert" className="rounded-md border border-red-300 bg-red-50 p-4 text-sm text-red-900">
                    <p className="font-semibold">{noJsFailed.message}</p>
                    <p>{noJsFailed.description}</p>
                  </div>
                ) : null}
                <EnquiryFields errors={errors ?? undefined} values={actionData && !actionData.ok ? actionData.values : undefined} formToken={formToken} />
                <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
                  <p className="text-sm text-muted-foreground">{contact?.replyNote}</p>
                  <Button type="submit" size="lg" disabled={busy} aria-disabled={busy}>
                    {busy ? (
                      <>
                        <span className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white" aria-hidden />
                        {m.contact_sending({}, locale)}
                      </>
                    ) : (
                      <>
                        <Send aria-hidden />
                        {m.contact_send({}, locale)}
                      </>
                    )}
                  </Button>
                </div>
                <p className="sr-only" role="status" aria-live="polite">
                  {busy ? m.contact_sending_status({}, locale) : ""}
                </p>
              </fetcher.Form>
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
            <Link to={navHref("/book-consultation", language)} className={buttonVariants({ variant: "inverse", className: "mt-4" })}>
              {m.home_book({}, locale)}
            </Link>
          </div>
        </aside>
      </section>
    </div>
  );
}
