/**
 * The privacy policy's "Visit statistics" section (the privacy page describes exactly
 * what is counted), generated from what the code does and the stored period, as the retention
 * periods are, so the policy cannot drift from the analytics.
 */
import { describePeriod } from "~/utils/format";
import { DIRECT_SOURCE } from "../constants";

/**
 * The section for `rawDays` (the stored `retention_analytics_raw_days`), `totalsMonths` (the
 * stored `retention_analytics_months`) and whether Google Analytics is also in use (then only
 * after consent, described in "Cookies").
 */
export function AnalyticsPrivacySection({ rawDays, totalsMonths, google }: { rawDays: number; totalsMonths: number; google: boolean }) {
  return (
    <>
      <p>
        We count visits to our public pages ourselves, on our own servers, without cookies, local storage or any other identifier on
        your device, and nothing is sent to anyone else. For each page view we record:
      </p>
      <ul>
        <li>the page's address without its query, except which projects tab or booking step it shows;</li>
        <li>the name of the website that linked to it (for example linkedin.com), but not the full link;</li>
        <li>the campaign tags in the link, if any (utm_source, utm_medium, utm_campaign);</li>
        <li>the type of device (desktop, mobile or tablet), worked out from your browser's user agent;</li>
        <li>the country, looked up from your IP address in a table on our server;</li>
        <li>
          a code that changes every day: a one-way hash of your IP address and browser user agent with a random value that exists
          only for that day and is then deleted. It lets us count unique visitors per day but cannot be turned back into your
          address, and cannot recognise you on another day.
        </li>
      </ul>
      <p>
        Your IP address and user agent are never stored. When you send an enquiry or book a consultation we count it, with its type,
        together with the first page of your visit and where the visit came from (a campaign tag, the linking website or "
        {DIRECT_SOURCE}"), so we can see which pages and campaigns lead to enquiries. This count is never stored with your enquiry or
        booking. Single page views are kept for {describePeriod(rawDays, "day")}, then only daily totals remain and the daily codes
        are deleted. Daily totals and counts of enquiries and bookings are deleted after {describePeriod(totalsMonths, "month")}.
      </p>
      <p>
        Nothing is counted if your browser sends Do Not Track or Global Privacy Control, nor for search engine robots or our staff.
        Our lawful basis is our <em>legitimate interests</em> in understanding which of our pages are useful.
        {google ? " Google Analytics, described under Cookies, runs only if you accept it." : " We do not use Google Analytics or any other third-party analytics."}
      </p>
    </>
  );
}
