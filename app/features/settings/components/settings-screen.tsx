/**
 * The Settings screen (`docs/design.md` section 6): company details, notification recipients,
 * booking rules, analytics id and site verification. One form, saved at once; the public site reads
 * the new values on its next request. Works without JavaScript.
 */
import { BarChart3, Building2, CalendarClock, Clock, Languages, Save, BellRing } from "lucide-react";
import { useEffect, useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import { toast } from "~/components/ui/toast";
import { Field } from "~/components/field";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input, NativeSelect, Textarea } from "~/components/ui/input";
import { AdminPageHeader } from "~/components/admin-page-header";
import type { AuditListEntry } from "~/features/audit/audit-list.server";
import { RecentActivity } from "~/features/audit/components/recent-activity";
import type { SiteSettings } from "../schema";
import { type ActionReply, replyFieldErrors } from "~/utils/forms";
import { DEFAULT_LANGUAGE, LANGUAGES, languageInfo } from "~/utils/i18n";

/** What the settings action answers: on success, how many settings changed. */
export type SettingsActionResult = ActionReply<{ changed: number; message: string }>;

function Section({ icon, title, description, children }: { icon: React.ReactNode; title: string; description: string; children: React.ReactNode }) {
  return (
    <Card>
      <CardHeader className="pb-4">
        <CardTitle className="flex items-center gap-2 text-base">
          {icon}
          {title}
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5 sm:grid-cols-2">{children}</CardContent>
    </Card>
  );
}

export function SettingsScreen({
  settings,
  activity,
  result,
}: {
  settings: SiteSettings;
  activity: AuditListEntry[];
  result: SettingsActionResult | undefined;
}) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formMethod?.toUpperCase() === "POST";
  const errors = replyFieldErrors(result) as Partial<Record<keyof SiteSettings, string[]>>;
  const typed = result && !result.ok ? result.values : null;
  const value = (key: keyof SiteSettings): string => {
    if (typed && key in typed) return String(typed[key] ?? "");
    const v = settings[key];
    return Array.isArray(v) ? v.join("\n") : String(v ?? "");
  };
  const shown = useRef<SettingsActionResult | undefined>(undefined);
  useEffect(() => {
    if (!result || shown.current === result) return;
    shown.current = result;
    if (result.ok) toast.success(result.message, { id: "settings-saved", description: result.description });
    else toast.error(result.message, { id: "settings-error", description: result.description });
  }, [result]);

  return (
    <>
      <AdminPageHeader title="Settings" description="Company details, who is told about new enquiries and bookings, and booking rules." />
      <nav aria-label="More settings" className="mb-6 flex flex-wrap gap-x-6 gap-y-2 text-sm">
        <Link to="/admin/settings/mailbox" className="font-medium text-primary underline underline-offset-2">
          Mailbox
        </Link>
        <Link to="/admin/settings/webhooks" className="font-medium text-primary underline underline-offset-2">
          Webhooks
        </Link>
      </nav>
      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_340px]">
        <Form method="post" className="space-y-6" key={result?.ok ? "saved" : "editing"}>
          <Section
            icon={<Building2 className="size-5 text-primary" aria-hidden />}
            title="Company details"
            description="Shown in the website header, footer, contact page and e-mails. The address and opening hours are under Site."
          >
            <Field label="Company name" errors={errors.companyName} required>
              {(p) => <Input {...p} name="companyName" defaultValue={value("companyName")} required maxLength={120} />}
            </Field>
            <Field label="E-mail" errors={errors.email} required>
              {(p) => <Input {...p} name="email" type="email" defaultValue={value("email")} required />}
            </Field>
            <Field label="Phone" errors={errors.phone} required>
              {(p) => <Input {...p} name="phone" type="tel" defaultValue={value("phone")} required maxLength={40} />}
            </Field>
            <Field label="Location" errors={errors.location} required hint="The short place line of the website footer, e.g. London, United Kingdom.">
              {(p) => <Input {...p} name="location" defaultValue={value("location")} required maxLength={120} />}
            </Field>
            <p className="text-sm text-muted-foreground sm:col-span-2">
              The office address, opening hours and map link (shown on /contact and in every e-mail&apos;s footer) are edited in{" "}
              <Link to="/admin/site/contact" className="font-medium text-primary underline underline-offset-2">
                Site &gt; Contact and footer
              </Link>
              .
            </p>
            <Field label="LinkedIn page" errors={errors.linkedinUrl} required className="sm:col-span-2">
              {(p) => <Input {...p} name="linkedinUrl" type="url" defaultValue={value("linkedinUrl")} required />}
            </Field>
          </Section>

          <Section
            icon={<BellRing className="size-5 text-primary" aria-hidden />}
            title="Notifications"
            description="Who receives an e-mail for each new enquiry and consultation booking."
          >
            <Field
              label="Notification recipients"
              errors={errors.notificationRecipients}
              required
              hint="One e-mail address per line (up to 20)."
              className="sm:col-span-2"
            >
              {(p) => <Textarea {...p} name="notificationRecipients" rows={4} defaultValue={value("notificationRecipients")} required />}
            </Field>
          </Section>

          <Section
            icon={<CalendarClock className="size-5 text-primary" aria-hidden />}
            title="Booking rules"
            description="What the consultation booking wizard offers visitors."
          >
            <Field label="Minimum notice (hours)" errors={errors.minimumNoticeHours} required hint="Slots starting sooner are not offered.">
              {(p) => (
                <Input {...p} name="minimumNoticeHours" type="number" inputMode="numeric" min={0} max={336} defaultValue={value("minimumNoticeHours")} required />
              )}
            </Field>
            <Field label="Weeks ahead" errors={errors.bookingWeeksAhead} required hint="How far ahead visitors can browse (1 to 52).">
              {(p) => (
                <Input {...p} name="bookingWeeksAhead" type="number" inputMode="numeric" min={1} max={52} defaultValue={value("bookingWeeksAhead")} required />
              )}
            </Field>
            <Field
              label="Meeting links"
              errors={errors.meetingLinks}
              required
              hint="Made for each booking when staff confirm it, once engineers are set up. Staff can still type another."
            >
              {(p) => (
                <NativeSelect {...p} name="meetingLinks" defaultValue={value("meetingLinks")}>
                  <option value="jitsi">A Jitsi Meet room for each booking</option>
                  <option value="personal_room">The engineer&apos;s personal room (Jitsi when they have none)</option>
                </NativeSelect>
              )}
            </Field>
            <Field
              label="Bank holidays open for consultations"
              errors={errors.openedBankHolidays}
              hint="Once engineers are set up, England and Wales bank holidays are closed. List the ones to open, one date a line (yyyy-mm-dd)."
            >
              {(p) => <Textarea {...p} name="openedBankHolidays" rows={2} defaultValue={value("openedBankHolidays")} />}
            </Field>
          </Section>

          <Section
            icon={<Languages className="size-5 text-primary" aria-hidden />}
            title="Languages"
            description="The languages visitors can book a consultation in, each at its own address (/fr/book-consultation). English is always offered."
          >
            <fieldset className="sm:col-span-2">
              <legend className="mb-2 text-sm font-medium">Offered languages</legend>
              {/* English cannot be left out; the hidden field keeps the list present when every other box is cleared. */}
              <input type="hidden" name="offeredLanguages" value={DEFAULT_LANGUAGE} />
              <ul className="flex flex-wrap gap-x-6 gap-y-2">
                {LANGUAGES.map((code) => {
                  const info = languageInfo(code);
                  const english = new Intl.DisplayNames(["en"], { type: "language" }).of(code) ?? code;
                  const offered = typed && "offeredLanguages" in typed ? [typed.offeredLanguages].flat().includes(code) : settings.offeredLanguages.includes(code);
                  return (
                    <li key={code}>
                      <label className="inline-flex items-center gap-2 text-sm">
                        <input
                          type="checkbox"
                          name={code === DEFAULT_LANGUAGE ? undefined : "offeredLanguages"}
                          value={code}
                          defaultChecked={code === DEFAULT_LANGUAGE || offered}
                          disabled={code === DEFAULT_LANGUAGE}
                          className="size-4 accent-[var(--color-primary)]"
                        />
                        {english}
                        {info.name !== english ? (
                          <span lang={info.htmlLang} dir={info.dir} className="text-muted-foreground">
                            ({info.name})
                          </span>
                        ) : null}
                      </label>
                    </li>
                  );
                })}
              </ul>
            </fieldset>
          </Section>

          <Section
            icon={<BarChart3 className="size-5 text-primary" aria-hidden />}
            title="Analytics and search"
            description="Visits are counted first-party without cookies. Google Analytics is optional and loads only for visitors who accept cookies."
          >
            <Field label="Analytics" errors={errors.analyticsMode} required hint="With Google Analytics, visitors see a cookie banner.">
              {(p) => (
                <NativeSelect {...p} name="analyticsMode" defaultValue={value("analyticsMode")}>
                  <option value="first_party">First-party only (no cookies, no banner)</option>
                  <option value="with_google">First-party and Google Analytics (cookie banner)</option>
                </NativeSelect>
              )}
            </Field>
            <Field label="Google Analytics measurement ID" errors={errors.analyticsId} hint="Like G-ABC123XYZ. Used only with Google Analytics chosen above.">
              {(p) => <Input {...p} name="analyticsId" defaultValue={value("analyticsId")} placeholder="G-XXXXXXXXXX" spellCheck={false} />}
            </Field>
            <Field label="Google site verification" errors={errors.siteVerification} hint="The content of the google-site-verification tag.">
              {(p) => <Input {...p} name="siteVerification" defaultValue={value("siteVerification")} spellCheck={false} />}
            </Field>
          </Section>

          <div className="sticky bottom-0 -mx-4 flex items-center justify-end gap-3 border-t bg-background/95 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-xl sm:border">
            <p className="mr-auto hidden text-sm text-muted-foreground sm:block">Changes apply to the website at once.</p>
            <Button type="submit" disabled={saving}>
              <Save aria-hidden /> {saving ? "Saving..." : "Save settings"}
            </Button>
          </div>
        </Form>
        <div>
          <RecentActivity entries={activity} emptyText="No settings changes yet." icon={<Clock className="size-5 text-primary" aria-hidden />} />
        </div>
      </div>
    </>
  );
}
