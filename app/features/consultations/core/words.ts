/**
 * The booking's words that several screens and messages share, in the page's or the booking's
 * language: its time in words ("Monday 3 March 2025 at 09:00 UK time (GMT)"), the UK zone, a
 * length in minutes, the project type's name and a reschedule or booking refusal by its code.
 * English reads exactly as the spec has it. Browser-safe.
 */
import { m } from "~/utils/paraglide/messages";
import { formatLongDate, formatTime24, ukZoneName } from "~/utils/format";
import { languageInfo, type Language } from "~/utils/i18n";
import type { BOOKING_PROJECT_TYPES } from "~/utils/domain";

/** "UK time (GMT)", "heure du Royaume-Uni (BST)": the UK's clock at London `date` `time`. */
export function ukZone(language: Language, date: string, time: string): string {
  return m.uk_time_zone({ zone: ukZoneName(date, time) }, { locale: language });
}

/** "Monday, 3 March 2025 at 09:00 UK time (GMT)" in `language` (London `date`, `time`). */
export function describeWhenIn(language: Language, date: string, time: string): string {
  return m.when(
    { date: formatLongDate(date, languageInfo(language).intl), time: formatTime24(time), zone: ukZone(language, date, time) },
    { locale: language },
  );
}

/** "45 minutes", "45 دقيقة": a length in minutes, with the language's plural rule. */
export function minutesIn(language: Language, count: number): string {
  return m.duration_minutes({ count }, { locale: language });
}

/** The project types of the details step, with their names in `language`, in form order. */
export function projectTypeOptions(language: Language): { value: (typeof BOOKING_PROJECT_TYPES)[number]; label: string }[] {
  const locale = { locale: language };
  return [
    { value: "commercial", label: m.project_type_commercial({}, locale) },
    { value: "humanitarian", label: m.project_type_humanitarian({}, locale) },
    { value: "mixed", label: m.project_type_mixed({}, locale) },
  ];
}
