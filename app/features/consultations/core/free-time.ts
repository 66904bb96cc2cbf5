/**
 * Free time of engineers (pure: no database, no clock, no calendar fetch), shared by the slots a
 * visitor is offered, the booking's assignment, the manage link's reschedule and staff's
 * reassignment, and the bench.
 *
 * A consultation starts at its slot's start (London wall-clock) and lasts its type's duration.
 * Around it the type keeps `bufferBeforeMinutes` and `bufferAfterMinutes`. An engineer is free
 * for it when the whole meeting plus buffers lies inside one of their working-hour ranges of that
 * weekday, the date is not in one of their ranges of days off, their calendar is readable (`failing` false)
 * and shows nothing busy over it, no booking they hold comes closer than the larger of the two
 * buffers facing each other, and they hold fewer consultations that London day than the type's
 * daily cap. Times are epoch milliseconds (UTC instants), intervals half-open `[start, end)`.
 */
import { londonInstant, startOfWeek, utcDay } from "~/utils/time";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A half-open interval of UTC instants in epoch milliseconds. */
export type Interval = { start: number; end: number };

/** The rules of a consultation type that decide when it may be booked (see the module docstring). */
export type TypeRules = {
  durationMinutes: number;
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
  /** A time starting sooner than this after `now` is not offered. */
  minimumNoticeHours: number;
  /** A time starting later than this many days after `now` is not offered. */
  horizonDays: number;
  /** Consultations one engineer takes on a London day (any type) before this one is no longer offered; null: no cap. */
  maxPerEngineerPerDay: number | null;
};

/** The rules of a type without its own (a booking whose type was deleted). */
export const DEFAULT_TYPE_RULES: Omit<TypeRules, "durationMinutes"> = {
  bufferBeforeMinutes: 0,
  bufferAfterMinutes: 0,
  minimumNoticeHours: 12,
  horizonDays: 60,
  maxPerEngineerPerDay: null,
};

/** A booking an engineer holds (a place-holding status), as the free-time rules see it. */
export type HeldBooking = Interval & {
  id: string;
  /** London date of its start, `yyyy-mm-dd`. */
  date: string;
  /** Its own type's buffers (0 when the type is gone). */
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
};

/** One weekly working-hour range: `weekday` 1 (Monday) to 7 (Sunday), London `HH:MM[:SS]` times. */
export type WorkingRange = { weekday: number; startTime: string; endTime: string };

/** Whole London days not worked: `from` to `to` (`yyyy-mm-dd`), both included; one day when equal. */
export type DaysOffRange = { from: string; to: string };

/** True when London `date` lies in one of `ranges` (ISO dates compare as text). */
export function isDayOff(ranges: readonly DaysOffRange[], date: string): boolean {
  return ranges.some((r) => r.from <= date && date <= r.to);
}

/** Everything about one engineer the rules read. */
export type EngineerDiary = {
  id: string;
  workingHours: readonly WorkingRange[];
  /** Days off, as ranges of London dates, any order (they may overlap). */
  daysOff: readonly DaysOffRange[];
  /** Busy intervals from their calendar, any order. */
  busy: readonly Interval[];
  /** Their calendar cannot be read: they offer nothing (fail closed). */
  failing: boolean;
  /** Bookings they hold, any order. */
  bookings: readonly HeldBooking[];
  /** When their latest booking was made (epoch ms), or null when they have none: the round robin's tie-break. */
  lastAssignedAt: number | null;
};

/** A slot as stored: London `date` and `HH:MM[:SS]` times, places. */
export type SlotLike = { id: string; date: string; startTime: string; endTime: string; maxBookings: number; currentBookings: number };

/**
 * A diary made ready for many questions: busy intervals sorted by start with the running maximum
 * of their ends, so "is anything busy over [a, b)" is one binary search.
 */
export type PreparedDiary = EngineerDiary & { busyStarts: Float64Array; busyMaxEnds: Float64Array };

/** Sorts an engineer's busy intervals once (see `PreparedDiary`). */
export function prepareDiary(diary: EngineerDiary): PreparedDiary {
  const sorted = [...diary.busy].filter((b) => b.end > b.start).sort((a, b) => a.start - b.start);
  const busyStarts = new Float64Array(sorted.length);
  const busyMaxEnds = new Float64Array(sorted.length);
  let maxEnd = -Infinity;
  sorted.forEach((b, i) => {
    busyStarts[i] = b.start;
    maxEnd = Math.max(maxEnd, b.end);
    busyMaxEnds[i] = maxEnd;
  });
  return { ...diary, busyStarts, busyMaxEnds };
}

/** True when some busy interval of `diary` overlaps `[start, end)`. */
export function isBusy(diary: PreparedDiary, start: number, end: number): boolean {
  // The last interval starting before `end`; any earlier one that ends after `start` overlaps.
  let lo = 0;
  let hi = diary.busyStarts.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (diary.busyStarts[mid] < end) lo = mid + 1;
    else hi = mid;
  }
  return lo > 0 && diary.busyMaxEnds[lo - 1] > start;
}

const instants = new Map<string, number>();
/**
 * `londonInstant(date, time)` in epoch ms, remembered: the same few dates and times are asked for
 * thousands of times a request (slots by engineers by working ranges), and each zone conversion
 * is costly. The memory is dropped past 20,000 entries.
 */
function instantOf(date: string, time: string): number {
  const key = `${date}T${time}`;
  let at = instants.get(key);
  if (at === undefined) {
    if (instants.size > 20_000) instants.clear();
    at = londonInstant(date, time).getTime();
    instants.set(key, at);
  }
  return at;
}

/** ISO weekday (1 Monday ... 7 Sunday) of a `yyyy-mm-dd` date. */
function isoWeekday(date: string): number {
  return ((utcDay(date).getUTCDay() + 6) % 7) + 1;
}

/** The meeting a booking at `slot` would be: its start and end instants (epoch ms). */
export function meetingOf(slot: Pick<SlotLike, "date" | "startTime">, durationMinutes: number): Interval {
  const start = instantOf(slot.date, slot.startTime);
  return { start, end: start + durationMinutes * MINUTE };
}

/** Why no time is offered in `slot` whatever the engineers: notice, horizon or a closed date (bank holiday). */
export function isSlotOpen(slot: Pick<SlotLike, "date" | "startTime">, rules: TypeRules, { now, closedDates }: { now: number; closedDates: ReadonlySet<string> }): boolean {
  if (closedDates.has(slot.date)) return false;
  const start = instantOf(slot.date, slot.startTime);
  return start >= now + rules.minimumNoticeHours * HOUR && start <= now + rules.horizonDays * DAY;
}

/**
 * True when `diary`'s engineer is free for a meeting of `rules` starting at `slot` (see the module
 * docstring). `ignoreBookingId` leaves one booking out (the one being moved or reassigned).
 */
export function isEngineerFree(diary: PreparedDiary, slot: Pick<SlotLike, "date" | "startTime">, rules: TypeRules, ignoreBookingId?: string): boolean {
  if (diary.failing || isDayOff(diary.daysOff, slot.date)) return false;
  const meeting = meetingOf(slot, rules.durationMinutes);
  const padded = { start: meeting.start - rules.bufferBeforeMinutes * MINUTE, end: meeting.end + rules.bufferAfterMinutes * MINUTE };
  const weekday = isoWeekday(slot.date);
  const inHours = diary.workingHours.some(
    (r) =>
      r.weekday === weekday &&
      instantOf(slot.date, r.startTime) <= padded.start &&
      padded.end <= instantOf(slot.date, r.endTime),
  );
  if (!inHours || isBusy(diary, padded.start, padded.end)) return false;
  let sameDay = 0;
  for (const b of diary.bookings) {
    if (b.id === ignoreBookingId) continue;
    if (b.date === slot.date) sameDay += 1;
    const gapBefore = Math.max(rules.bufferBeforeMinutes, b.bufferAfterMinutes) * MINUTE;
    const gapAfter = Math.max(rules.bufferAfterMinutes, b.bufferBeforeMinutes) * MINUTE;
    if (b.start < meeting.end + gapAfter && meeting.start - gapBefore < b.end) return false;
  }
  return rules.maxPerEngineerPerDay === null || sameDay < rules.maxPerEngineerPerDay;
}

/** The ids of `diaries`' engineers free for a meeting of `rules` at `slot`, in the order given. */
export function freeEngineers(
  diaries: readonly PreparedDiary[],
  slot: SlotLike,
  rules: TypeRules,
  context: { now: number; closedDates: ReadonlySet<string>; ignoreBookingId?: string },
): string[] {
  if (!isSlotOpen(slot, rules, context)) return [];
  return diaries.filter((d) => isEngineerFree(d, slot, rules, context.ignoreBookingId)).map((d) => d.id);
}

/** A slot as offered once engineers exist: its places left, capped by its free eligible engineers. */
export type OfferedSlot = { slot: SlotLike; availableSpots: number; freeEngineerIds: string[] };

/**
 * The slots offered for a type once engineers exist: every slot that is open (notice, horizon,
 * closed dates) and either full by places (offered with 0 spots, so it shows as Full, as without
 * engineers) or with a free eligible engineer; its `availableSpots` is the smaller of its places
 * left and its free eligible engineers. A slot with places left and no free engineer is left out.
 * `diaries` are the type's eligible engineers; slots keep their order; `ignoreBookingId` is the
 * booking being moved, whose own time does not count against its engineer.
 */
export function offeredSlots(
  slots: readonly SlotLike[],
  diaries: readonly PreparedDiary[],
  rules: TypeRules,
  context: { now: number; closedDates: ReadonlySet<string>; ignoreBookingId?: string },
): OfferedSlot[] {
  const offered: OfferedSlot[] = [];
  for (const slot of slots) {
    if (!isSlotOpen(slot, rules, context)) continue;
    const placesLeft = Math.max(0, slot.maxBookings - slot.currentBookings);
    if (placesLeft === 0) {
      offered.push({ slot, availableSpots: 0, freeEngineerIds: [] });
      continue;
    }
    const free = freeEngineers(diaries, slot, rules, context);
    if (free.length > 0) offered.push({ slot, availableSpots: Math.min(placesLeft, free.length), freeEngineerIds: free });
  }
  return offered;
}

/**
 * The round robin: of the free engineers `candidates`, the one with the fewest bookings in the
 * London Monday-to-Sunday week of `date`, then the one whose latest booking was made longest ago
 * (never first), then the smallest id. `ignoreBookingId` is not counted. Null when none.
 */
export function chooseEngineer(candidates: readonly EngineerDiary[], date: string, ignoreBookingId?: string): string | null {
  const monday = startOfWeek(date);
  const weekOf = (d: EngineerDiary) => d.bookings.filter((b) => b.id !== ignoreBookingId && startOfWeek(b.date) === monday).length;
  const ranked = candidates
    .map((d) => ({ id: d.id, week: weekOf(d), last: d.lastAssignedAt ?? -Infinity }))
    .sort((a, b) => a.week - b.week || a.last - b.last || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return ranked[0]?.id ?? null;
}
