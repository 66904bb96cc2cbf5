/**
 * What the /book-consultation route needs per request: the step to show, resolved from the URL
 * (`step`, `type`, `week`, `slot`) so that reload, the browser's back button and JavaScript-free
 * forms all work. A step the URL cannot support yet (no valid type, no bookable slot) falls back to
 * the earlier step with a note.
 */
import type { SiteSettings } from "~/features/settings/schema";
import { getMailSettings } from "~/features/mail/settings.server";
import { engineerOffers, type BookingFor, getAvailableSlots, getSlot, listActiveTypes, type AvailableSlot, type ConsultationTypeOption } from "../availability/index.server";
import { logger } from "~/utils/logger.server";
import { isNextWeekDisabled, isOutsideNotice, isPreviousWeekDisabled, resolveWeekStart, WEEK_DAYS, weekWindow, bookingErrorMessage } from "../core/index.server";
import { formatMonthYear } from "~/utils/format";
import { DEFAULT_LANGUAGE, languageInfo, type Language } from "~/utils/i18n";
import { m } from "~/utils/paraglide/messages";
import { addDays } from "~/utils/time";
import { type AskedQuestion, askedQuestions } from "../questions/index.server";

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * One week of the slot picker, shared by the wizard and the manage page's
 * reschedule: the Monday shown, its "Month Year" heading, the neighbouring weeks the visitor may
 * browse (null when disabled) and the week's offered slots (full ones with 0 places).
 */
export type WeekSlots = {
  weekStart: string;
  monthYear: string;
  previousWeek: string | null;
  nextWeek: string | null;
  slots: AvailableSlot[];
  slotsError: boolean;
};

/**
 * The week a `week` URL parameter asks for (clamped to the booking window) and, when `withSlots`,
 * its offered slots at `now` with the site's minimum notice, and the engineers' free time for
 * `wanted` (see `getAvailableSlots`). The "Month Year" heading is in `language` (English by
 * default). A failed read gives `slotsError` (logged), never a throw.
 */
export async function loadWeekSlots(
  weekParam: string | null,
  {
    now,
    settings,
    withSlots,
    wanted,
    language = DEFAULT_LANGUAGE,
  }: { now: Date; settings: SiteSettings; withSlots: boolean; wanted?: BookingFor; language?: Language },
): Promise<WeekSlots> {
  const weekStart = resolveWeekStart(weekParam, now, settings.bookingWeeksAhead);
  const window = weekWindow(weekStart);
  let slots: AvailableSlot[] = [];
  let slotsError = false;
  if (withSlots) {
    try {
      slots = await getAvailableSlots({ startDate: window.startDate, endDate: window.endDate, now, settings, wanted });
    } catch (error) {
      logger.error({ err: error }, "consultation slots could not be loaded");
      slotsError = true;
    }
  }
  return {
    weekStart,
    monthYear: formatMonthYear(weekStart, languageInfo(language).intl),
    previousWeek: isPreviousWeekDisabled(weekStart, now) ? null : addDays(weekStart, -WEEK_DAYS),
    nextWeek: isNextWeekDisabled(weekStart, now, settings.bookingWeeksAhead) ? null : addDays(weekStart, WEEK_DAYS),
    slots,
    slotsError,
  };
}

/**
 * The slot a `slot` URL parameter names, when it can still be booked at `now`; else the message
 * saying why not (unknown, no longer available or inside the notice, or full; with `wanted`, no
 * free engineer counts as no longer available, and the places are capped by the free engineers),
 * in `language` (English by default). Null parameter: no slot and no problem.
 */
export async function resolveChosenSlot(
  slotParam: string | null,
  { now, settings, wanted, language = DEFAULT_LANGUAGE }: { now: Date; settings: SiteSettings; wanted?: BookingFor; language?: Language },
): Promise<{ slot: AvailableSlot | null; problem: string | null }> {
  if (!slotParam) return { slot: null, problem: null };
  const unknown = { slot: null, problem: bookingErrorMessage("unknown_slot", language) };
  if (!UUID_RE.test(slotParam)) return unknown;
  const row = await getSlot(slotParam).catch(() => null);
  if (!row) return unknown;
  const gone = { slot: null, problem: bookingErrorMessage("unavailable_slot", language) };
  if (!row.isAvailable || !isOutsideNotice(row.date, row.startTime, now, settings.minimumNoticeHours)) return gone;
  const offers = wanted
    ? await engineerOffers([row], wanted, { now, from: row.date, to: row.date, openedBankHolidays: settings.openedBankHolidays })
    : null;
  if (offers && !offers.has(row.id)) return gone;
  const spots = offers ? offers.get(row.id)!.availableSpots : Math.max(0, row.maxBookings - row.currentBookings);
  if (spots === 0) return { slot: null, problem: m.error_slot_just_full({}, { locale: language }) };
  return { slot: { id: row.id, date: row.date, start_time: row.startTime, end_time: row.endTime, available_spots: spots }, problem: null };
}

/** The wizard's state for one request. Dates are London `yyyy-mm-dd`; times `HH:MM:SS`. */
export type WizardState = WeekSlots & {
  step: 1 | 2 | 3 | 4 | 5;
  types: ConsultationTypeOption[];
  typesError: boolean;
  type: ConsultationTypeOption | null;
  slot: AvailableSlot | null;
  /** Why the URL's step could not be shown (e.g. the chosen time is no longer free). */
  notice: string | null;
  /** The chosen type's questions in the page's language, at steps 3 and 4 (else none). */
  questions: AskedQuestion[];
};

/**
 * Resolves the wizard state from a request URL at `now`, its words (notices, the month heading)
 * in `language`. Never throws for bad parameters.
 */
export async function loadWizardState(url: URL, now: Date = new Date(), language: Language = DEFAULT_LANGUAGE): Promise<WizardState> {
  const settings = await getMailSettings();
  const params = url.searchParams;
  const requested = Math.min(5, Math.max(1, Number.parseInt(params.get("step") ?? "1", 10) || 1)) as WizardState["step"];

  let types: ConsultationTypeOption[] = [];
  let typesError = false;
  try {
    types = await listActiveTypes();
  } catch (error) {
    logger.error({ err: error }, "consultation types could not be loaded");
    typesError = true;
  }
  const typeParam = params.get("type");
  const type = types.find((t) => t.id === typeParam) ?? null;

  const wanted = type ? { typeId: type.id, durationMinutes: type.durationMinutes } : undefined;
  const week = await loadWeekSlots(params.get("week"), { now, settings, withSlots: Boolean(type) && requested >= 2 && requested <= 4, wanted, language });
  // The chosen slot may lie in another week than the one shown; read it directly.
  const { slot, problem: slotProblem } = await resolveChosenSlot(params.get("slot"), { now, settings, wanted, language });

  let step = requested;
  let notice: string | null = null;
  if (step >= 2 && step <= 4 && !type) {
    step = 1;
    if (typeParam) notice = bookingErrorMessage("unknown_type", language);
  } else if (step >= 3 && step <= 4 && !slot) {
    step = 2;
    notice = slotProblem ?? m.wizard_choose_time_notice({}, { locale: language });
  }
  const questions = type && step >= 3 && step <= 4 ? await askedQuestions(type.id, language) : [];
  return { ...week, step, types, typesError, type, slot, notice, questions };
}
