/**
 * The contact page's presentational parts (`shared/spec/public-site.md` section 2, "/contact"):
 * the three contact cards, the promises, the enquiry form's fields and the confirmation that
 * replaces the form once it is sent, in the page's language (the spec's English words on /contact).
 * The route owns submission (React Router stays in the route
 * layer).
 */
import { CheckCircle2, Clock, Handshake, Mail, MapPin, Phone, ShieldCheck } from "lucide-react";
import { Field } from "~/components/field";
import { Input, NativeSelect, Textarea } from "~/components/ui/input";
import { FormGuardFields } from "~/features/abuse/components/form-guard-fields";
import { ENQUIRY_LIMITS, ENQUIRY_TYPES } from "../constants";
import type { FieldErrors, SubmittedValues } from "~/utils/forms";
import { usePageLanguage } from "~/utils/i18n";
import { m } from "~/utils/paraglide/messages";
import { enquiryTypeIn } from "../enquiry-types";

/**
 * Company contact details shown on the cards: e-mail and phone from Settings; opening hours
 * ("Monday to Friday, 9:00 to 17:30"), address and optional map link from Admin > Site > Contact.
 */
export type ContactDetails = { email: string; phone: string; location: string; hours: string; mapUrl?: string };

/** The three contact cards: e-mail, phone and location. */
export function ContactCards({ email, phone, location, hours, mapUrl }: ContactDetails) {
  const locale = { locale: usePageLanguage() };
  const cards = [
    { icon: Mail, title: m.contact_email_us({}, locale), value: email, href: `mailto:${email}`, hint: m.contact_email_hint({}, locale), ltr: true },
    { icon: Phone, title: m.contact_call_us({}, locale), value: phone, href: `tel:${phone.replace(/[^+\d]/g, "")}`, hint: hours, ltr: true },
    { icon: MapPin, title: m.contact_visit_us({}, locale), value: location, href: mapUrl || null, hint: m.contact_visit_hint({}, locale), ltr: false },
  ];
  return (
    <ul className="grid gap-4 sm:grid-cols-3" aria-label={m.contact_details({}, locale)}>
      {cards.map(({ icon: Icon, title, value, href, hint, ltr }) => (
        <li key={title} className="flex items-start gap-4 rounded-xl border bg-card p-5 shadow-sm sm:flex-col sm:gap-3 lg:flex-row lg:gap-4">
          <span className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-accent text-primary">
            <Icon className="size-5" aria-hidden />
          </span>
          <div className="min-w-0">
            <h2 className="text-sm font-semibold uppercase tracking-wide text-muted-foreground">{title}</h2>
            {href ? (
              <a href={href} dir={ltr ? "ltr" : undefined} className="mt-1 block break-words font-semibold text-foreground underline-offset-4 hover:text-primary hover:underline rtl:text-end">
                {value}
              </a>
            ) : (
              <p className="mt-1 font-semibold text-foreground">{value}</p>
            )}
            <p className="mt-1 text-sm text-muted-foreground">{hint}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** The promises: 24-hour response, free consultation, confidential. */
export function ContactPromises() {
  const locale = { locale: usePageLanguage() };
  const promises = [
    { icon: Clock, title: m.contact_promise_response({}, locale), text: m.contact_promise_response_text({}, locale) },
    { icon: Handshake, title: m.contact_promise_free({}, locale), text: m.contact_promise_free_text({}, locale) },
    { icon: ShieldCheck, title: m.contact_promise_confidential({}, locale), text: m.contact_promise_confidential_text({}, locale) },
  ];
  return (
    <ul className="flex flex-col gap-5">
      {promises.map(({ icon: Icon, title, text }) => (
        <li key={title} className="flex gap-4">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
            <Icon className="size-5" aria-hidden />
          </span>
          <div>
            <h3 className="font-semibold text-foreground">{title}</h3>
            <p className="text-sm text-muted-foreground">{text}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}

/**
 * The enquiry form's controls: full name, e-mail, company, enquiry type, message (4 rows), plus
 * the hidden honeypot and signed render token. Uncontrolled, so `form.reset()` clears them.
 */
export function EnquiryFields({
  errors,
  values,
  formToken,
  disabled,
}: {
  errors?: FieldErrors;
  /** The submitted text to show again (after a refused no-JavaScript submission). */
  values?: SubmittedValues;
  formToken: string;
  disabled?: boolean;
}) {
  const language = usePageLanguage();
  const locale = { locale: language };
  return (
    <>
      <FormGuardFields token={formToken} />
      <fieldset disabled={disabled} className="grid gap-5 sm:grid-cols-2">
        <legend className="sr-only">{m.contact_your_enquiry({}, locale)}</legend>
        <Field label={m.contact_full_name({}, locale)} required errors={errors?.name}>
          {(p) => (
            <Input
              {...p}
              name="name"
              autoComplete="name"
              required
              maxLength={ENQUIRY_LIMITS.name}
              defaultValue={values?.name}
              placeholder={m.contact_name_placeholder({}, locale)}
              data-msg-required={m.enquiry_name_required({}, locale)}
              data-msg-too-long={m.enquiry_name_too_long({ max: String(ENQUIRY_LIMITS.name) }, locale)}
            />
          )}
        </Field>
        <Field label={m.contact_email({}, locale)} required errors={errors?.email}>
          {(p) => (
            <Input
              {...p}
              type="email"
              name="email"
              autoComplete="email"
              required
              maxLength={ENQUIRY_LIMITS.email}
              defaultValue={values?.email}
              placeholder={m.contact_email_placeholder({}, locale)}
              dir="ltr"
              data-msg-required={m.enquiry_email_required({}, locale)}
              data-msg-email={m.enquiry_email_invalid({}, locale)}
              data-msg-too-long={m.enquiry_email_too_long({}, locale)}
            />
          )}
        </Field>
        <Field label={m.contact_company({}, locale)} errors={errors?.company} hint={m.contact_optional({}, locale)}>
          {(p) => (
            <Input
              {...p}
              name="company"
              autoComplete="organization"
              maxLength={ENQUIRY_LIMITS.company}
              defaultValue={values?.company}
              placeholder={m.contact_company_placeholder({}, locale)}
              data-msg-too-long={m.enquiry_company_too_long({ max: String(ENQUIRY_LIMITS.company) }, locale)}
            />
          )}
        </Field>
        <Field label={m.contact_type({}, locale)} required errors={errors?.projectType}>
          {(p) => (
            <NativeSelect {...p} name="projectType" required defaultValue={values?.projectType ?? ""} data-msg-required={m.enquiry_type_required({}, locale)}>
              <option value="" disabled>
                {m.contact_type_placeholder({}, locale)}
              </option>
              {ENQUIRY_TYPES.map((t) => (
                <option key={t} value={t}>
                  {enquiryTypeIn(t, language)}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
        <Field label={m.contact_message({}, locale)} required errors={errors?.message} className="sm:col-span-2">
          {(p) => (
            <Textarea
              {...p}
              name="message"
              rows={4}
              required
              maxLength={ENQUIRY_LIMITS.message}
              defaultValue={values?.message}
              placeholder={m.contact_message_placeholder({}, locale)}
              data-msg-required={m.enquiry_message_required({}, locale)}
              data-msg-too-long={m.enquiry_message_too_long({ max: String(ENQUIRY_LIMITS.message) }, locale)}
            />
          )}
        </Field>
      </fieldset>
    </>
  );
}

/**
 * The confirmation shown where the form was once an enquiry is sent (same words as the toast),
 * with or without JavaScript. With JavaScript it is in the page from the start, `hidden` with
 * `data-contact-sent`, and the contact enhancement (`app/enhance/contact.ts`) shows it in place of
 * the form and moves the focus to its heading.
 */
export function EnquirySentPanel({ children, hidden = false }: { children?: React.ReactNode; hidden?: boolean }) {
  const locale = { locale: usePageLanguage() };
  return (
    <div role="status" hidden={hidden} data-contact-sent={hidden ? "" : undefined} className="flex flex-col items-start gap-4 rounded-xl border border-primary/30 bg-accent p-6">
      <CheckCircle2 className="size-10 text-primary" aria-hidden />
      <div>
        <h2 tabIndex={-1} className="text-xl font-semibold text-foreground outline-none">
          {m.contact_success_title({}, locale)}
        </h2>
        <p className="mt-2 text-muted-foreground">{m.contact_success_text({}, locale)}</p>
      </div>
      {children}
    </div>
  );
}
