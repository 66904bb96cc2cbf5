/**
 * The visitor's own time beside UK time (the booking wizard's times, its summary and receipt, the
 * manage page's new time). The server cannot know the visitor's zone, so it sends each UK time as
 * `<span data-local-time data-at="<ISO instant>" data-date="yyyy-mm-dd" data-time="HH:MM:SS"
 * data-intl="fr-FR" data-template="{time} your time" hidden>`; this fills in "04:00 your time" (or
 * "04:00 (Tue 4 Mar) your time" when the day differs) and shows it, where the browser's zone shows
 * another time than London. Forms with `input[data-visitor-zone]` get the zone's name as they are
 * sent, so the e-mails can say the visitor's time too.
 *
 * A page's first use of `Intl` loads the zone and locale data, a task of tens of milliseconds on a
 * slow phone that would hold up the first paint, so nothing here touches `Intl` while the page
 * loads unless a time must be written: a time whose instant the browser's clock reads as London's
 * (the same UTC offset, told by `Date` alone) is left hidden without it, and the zone's name is
 * read when a form is sent.
 */
import { formatInstantInZone } from "~/utils/format";

/** The browser's IANA time zone, or null when it cannot say. */
export function visitorZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}

/**
 * True when the browser's clock reads the London wall-clock `date` `time` at the instant `at`:
 * its UTC offset there is London's. False when it cannot tell (a malformed date or time).
 */
function readsAsLondon(at: Date, date: string, time: string): boolean {
  const londonOffset = Date.parse(`${date}T${time}Z`) - at.getTime();
  return londonOffset === -at.getTimezoneOffset() * 60_000;
}

/** Writes and shows the page's `[data-local-time]` spans, and fills `input[data-visitor-zone]` as its form is sent (see the module's rules). */
export function enhanceLocalTimes() {
  for (const input of document.querySelectorAll<HTMLInputElement>("input[data-visitor-zone]")) {
    input.form?.addEventListener("submit", () => {
      input.value = visitorZone() ?? "";
    });
  }
  let zone: string | null | undefined;
  for (const span of document.querySelectorAll<HTMLElement>("[data-local-time]")) {
    const { at, date, time, intl, template } = span.dataset;
    if (!at || !date || !time || !template) continue;
    const instant = new Date(at);
    if (readsAsLondon(instant, date, time)) continue;
    zone ??= visitorZone();
    if (!zone || zone === "Europe/London") return;
    const local = formatInstantInZone(instant, date, time, zone, intl);
    if (!local) continue;
    span.textContent = template.replace("{time}", local);
    span.hidden = false;
  }
}
