/**
 * What the waiting list's public pages need per request (ADR 44): the join page's types, first
 * values and allowed dates from the wizard's URL (`type`, `week`), and the leave page's view of a
 * link. The routes stay thin: they call these and draw the screens.
 */
import { getMailSettings } from "~/features/mail/settings.server";
import { WAITING_LIST_DAY_PART_NAMES } from "~/utils/domain";
import { localizedPath, type Language } from "~/utils/i18n";
import { addDays, isIsoDate } from "~/utils/time";
import { listActiveTypes } from "../availability/index.server";
import type { LeaveView, WaitingListPageData } from "./components/waiting-list-screen";
import { entryOfLeaveToken, joinableDates, leaveWaitingList, waitingListDays } from "./entries.server";

/** Days of the window a visitor is first offered: four weeks from the week they looked at. */
const FIRST_WINDOW_DAYS = 27;

/**
 * The join page for the wizard's `type` and `week` parameters at `now`, in `language`: every
 * active type (the URL's first), the dates from the week shown (or today) for four weeks within
 * the booking window, every weekday Monday to Friday and every part of the day ticked, and the
 * link back to that week of the wizard. `formToken` is the caller's.
 */
export async function loadWaitingListPage(url: URL, { now, language, formToken }: { now: Date; language: Language; formToken: string }): Promise<WaitingListPageData> {
  const settings = await getMailSettings();
  const [types, days] = await Promise.all([listActiveTypes(), waitingListDays()]);
  const { first, last } = joinableDates(now, settings.bookingWeeksAhead);
  const typeParam = url.searchParams.get("type");
  const type = types.find((t) => t.id === typeParam) ?? types[0];
  const week = url.searchParams.get("week");
  const from = week && isIsoDate(week) && week > first && week <= last ? week : first;
  const to = addDays(from, FIRST_WINDOW_DAYS) > last ? last : addDays(from, FIRST_WINDOW_DAYS);
  const back = new URLSearchParams({ step: "2", ...(type ? { type: type.id } : {}), ...(week && isIsoDate(week) ? { week } : {}) });
  return {
    types,
    initial: { typeId: type?.id ?? "", dateFrom: from, dateTo: to, weekdays: ["1", "2", "3", "4", "5"], dayParts: [...WAITING_LIST_DAY_PART_NAMES] },
    first,
    last,
    days,
    backHref: `${localizedPath("/book-consultation", language)}?${back.toString()}`,
    formToken,
  };
}

/** The leave page of `token`: the entry's type, or "unknown" for a link that opens nothing. */
export async function loadLeaveView(token: string | undefined): Promise<LeaveView> {
  const entry = token ? await entryOfLeaveToken(token) : null;
  return entry ? { state: "open", typeName: entry.typeName } : { state: "unknown" };
}

/** Leaves the list with `token`: "left", or "unknown" for a link that opens nothing (never used twice). */
export async function postLeave(token: string | undefined): Promise<LeaveView> {
  return token && (await leaveWaitingList(token)) ? { state: "left" } : { state: "unknown" };
}
