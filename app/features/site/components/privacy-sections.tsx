/**
 * The privacy policy's sections written from the settings rather than by staff (cookies, visit
 * statistics, how long data is kept), so the policy states what the site does: which cookies the
 * analytics choice sets, what is counted and the retention job's periods. Their words are the
 * catalogue's, in the page's language (English: as the policy has always read).
 */
import { AnalyticsPrivacySection } from "~/features/analytics/components/privacy-section";
import type { RetentionPeriods } from "~/features/data-protection/schema";
import { describePeriod, describePeriodIn } from "~/utils/format";
import { DEFAULT_LANGUAGE, languageInfo, type Language } from "~/utils/i18n";
import { m } from "~/utils/paraglide/messages";
import { markOf, richMessage } from "~/utils/rich-message";
import { LegalProse, type LegalSection } from "./legal-page";

/** The anchors of the sections from the settings: a staff heading with the same anchor takes `-2`. */
export const SETTINGS_SECTION_IDS = ["cookies", "visit-statistics", "retention"] as const;

/**
 * The three sections for the stored `retention` periods and whether Google Analytics is in use
 * (`google`: then its cookies, after consent), in `language`.
 */
export function privacySettingsSections({ retention, google, language }: { retention: RetentionPeriods; google: boolean; language: Language }): LegalSection[] {
  const locale = { locale: language };
  const period = (count: number, unit: "day" | "month") => (language === DEFAULT_LANGUAGE ? describePeriod(count, unit) : describePeriodIn(count, unit, languageInfo(language).intl));
  const months = period(retention.recordsMonths, "month");
  return [
    {
      id: "cookies",
      title: m.privacy_cookies_title({}, locale),
      body: (
        <LegalProse>
          <p>{m.privacy_cookies_pecr({}, locale)}</p>
          <ul>
            <li>
              <strong>{m.privacy_cookies_essential_label({}, locale)}</strong>{" "}
              {richMessage(m.privacy_cookies_essential({ cookie: markOf("cookie") }, locale), { cookie: <code>cookie_consent</code> })}
            </li>
            {google ? (
              <li>
                <strong>{m.privacy_cookies_analytics_label({}, locale)}</strong>{" "}
                {richMessage(m.privacy_cookies_analytics({ ga: markOf("ga"), gaAll: markOf("gaAll") }, locale), { ga: <code>_ga</code>, gaAll: <code>_ga_*</code> })}
              </li>
            ) : null}
          </ul>
          <p>{google ? m.privacy_cookies_change({}, locale) : m.privacy_cookies_none({}, locale)}</p>
          {google ? <p>{m.privacy_cookies_google({}, locale)}</p> : null}
        </LegalProse>
      ),
    },
    {
      id: "visit-statistics",
      title: m.privacy_visits_title({}, locale),
      body: (
        <LegalProse>
          <AnalyticsPrivacySection rawDays={retention.analyticsRawDays} totalsMonths={retention.analyticsMonths} google={google} language={language} />
        </LegalProse>
      ),
    },
    {
      id: "retention",
      title: m.privacy_retention_title({}, locale),
      body: (
        <LegalProse>
          <p>{m.privacy_retention_intro({}, locale)}</p>
          <ul>
            <li>{m.privacy_retention_enquiries({ months }, locale)}</li>
            <li>{m.privacy_retention_bookings({ months }, locale)}</li>
            <li>{m.privacy_retention_waiting_list({ days: period(retention.waitingListDays, "day") }, locale)}</li>
            <li>{m.privacy_retention_spam({ days: period(retention.spamDays, "day") }, locale)}</li>
            <li>{m.privacy_retention_emails({ months }, locale)}</li>
            <li>{m.privacy_retention_clients({}, locale)}</li>
            <li>{m.privacy_retention_logs({}, locale)}</li>
          </ul>
          <p>{m.privacy_retention_anonymised({}, locale)}</p>
        </LegalProse>
      ),
    },
  ];
}
