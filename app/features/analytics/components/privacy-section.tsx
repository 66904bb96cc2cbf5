/**
 * The privacy policy's "Visit statistics" section (the privacy page describes exactly
 * what is counted), generated from what the code does and the stored period, as the retention
 * periods are, so the policy cannot drift from the analytics. Its words are the catalogue's, in
 * the page's language (English: as the policy has always read).
 */
import { describePeriod, describePeriodIn } from "~/utils/format";
import { DEFAULT_LANGUAGE, languageInfo, type Language } from "~/utils/i18n";
import { m } from "~/utils/paraglide/messages";
import { markOf, richMessage } from "~/utils/rich-message";
import { DIRECT_SOURCE } from "../constants";

/**
 * The section for `rawDays` (the stored `retention_analytics_raw_days`), `totalsMonths` (the
 * stored `retention_analytics_months`) and whether Google Analytics is also in use (then only
 * after consent, described in "Cookies"), in `language`.
 */
export function AnalyticsPrivacySection({ rawDays, totalsMonths, google, language = DEFAULT_LANGUAGE }: { rawDays: number; totalsMonths: number; google: boolean; language?: Language }) {
  const locale = { locale: language };
  const period = (count: number, unit: "day" | "month") => (language === DEFAULT_LANGUAGE ? describePeriod(count, unit) : describePeriodIn(count, unit, languageInfo(language).intl));
  return (
    <>
      <p>{m.privacy_visits_intro({}, locale)}</p>
      <ul>
        <li>{m.privacy_visits_page({}, locale)}</li>
        <li>{m.privacy_visits_referrer({}, locale)}</li>
        <li>{m.privacy_visits_campaign({}, locale)}</li>
        <li>{m.privacy_visits_device({}, locale)}</li>
        <li>{m.privacy_visits_country({}, locale)}</li>
        <li>{m.privacy_visits_code({}, locale)}</li>
      </ul>
      <p>{m.privacy_visits_kept({ direct: DIRECT_SOURCE, rawDays: period(rawDays, "day"), totalsMonths: period(totalsMonths, "month") }, locale)}</p>
      <p>
        {richMessage(m.privacy_visits_dnt({ interests: markOf("interests") }, locale), { interests: <em>{m.privacy_visits_interests({}, locale)}</em> })}{" "}
        {google ? m.privacy_visits_google({}, locale) : m.privacy_visits_no_google({}, locale)}
      </p>
    </>
  );
}
