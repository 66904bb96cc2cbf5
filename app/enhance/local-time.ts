/**
 * The visitor's own time beside UK time (the booking wizard's times, its summary and receipt, the
 * manage page's new time). The server cannot know the visitor's zone, so it sends each UK time as
 * `<span data-local-time data-at="<ISO instant>" data-date="yyyy-mm-dd" data-time="HH:MM:SS"
 * data-intl="fr-FR" data-template="{time} your time" hidden>`; this fills in "04:00 your time" (or
 * "04:00 (Tue 4 Mar) your time" when the day differs) and shows it, where the browser's zone shows
 * another time than London. Forms with `input[data-visitor-zone]` get the zone's name, so the
 * e-mails can say the visitor's time too.
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

export function enhanceLocalTimes() {
  const zone = visitorZone();
  if (!zone) return;
  for (const input of document.querySelectorAll<HTMLInputElement>("input[data-visitor-zone]")) input.value = zone;
  if (zone === "Europe/London") return;
  for (const span of document.querySelectorAll<HTMLElement>("[data-local-time]")) {
    const { at, date, time, intl, template } = span.dataset;
    if (!at || !date || !time || !template) continue;
    const local = formatInstantInZone(new Date(at), date, time, zone, intl);
    if (!local) continue;
    span.textContent = template.replace("{time}", local);
    span.hidden = false;
  }
}
