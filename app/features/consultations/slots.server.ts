/**
 * What a visitor may book (`shared/spec/booking-and-admin.md` sections 2, 3 and 7): the active
 * consultation types and the spec's `get_available_consultation_slots` for a 7-day window.
 */
import { and, asc, eq, gte, lte } from "drizzle-orm";
import { db, type Database, type Transaction } from "~/db/client.server";
import { consultationAvailability, consultationTypes } from "~/db/schema";
import { getSiteSettings } from "~/features/settings/settings.server";
import { isOutsideNotice } from "./booking-window";

/** An active consultation type as the wizard's step 1 shows it. */
export type ConsultationTypeOption = {
  id: string;
  name: string;
  description: string | null;
  durationMinutes: number;
  sortOrder: number;
};

/** Active consultation types ordered by `sort_order` then name (spec section 7 "List consultation types"). */
export async function listActiveTypes(executor: Database | Transaction = db): Promise<ConsultationTypeOption[]> {
  return executor
    .select({
      id: consultationTypes.id,
      name: consultationTypes.name,
      description: consultationTypes.description,
      durationMinutes: consultationTypes.durationMinutes,
      sortOrder: consultationTypes.sortOrder,
    })
    .from(consultationTypes)
    .where(eq(consultationTypes.isActive, true))
    .orderBy(asc(consultationTypes.sortOrder), asc(consultationTypes.name));
}

/**
 * An offered slot (spec section 3 "Available slot"): London wall-clock `date` (`yyyy-mm-dd`),
 * `start_time`/`end_time` (`HH:MM:SS`), and the places left (0 when full; shown as Full).
 */
export type AvailableSlot = {
  id: string;
  date: string;
  start_time: string;
  end_time: string;
  available_spots: number;
};

/**
 * The spec's `get_available_consultation_slots`: slots between `startDate` and `endDate`
 * (inclusive, London dates) that are marked available, do not start in the past or inside the
 * minimum notice (site setting `minimumNoticeHours`, measured from `now`), ordered by date and
 * time. Full slots are included with `available_spots` 0 so the wizard can show them as Full.
 */
export async function getAvailableSlots({
  startDate,
  endDate,
  now = new Date(),
  minimumNoticeHours,
}: {
  startDate: string;
  endDate: string;
  now?: Date;
  /** Overrides the site setting (tests); read from `getSiteSettings()` when omitted. */
  minimumNoticeHours?: number;
}): Promise<AvailableSlot[]> {
  const notice = minimumNoticeHours ?? (await getSiteSettings()).minimumNoticeHours;
  const rows = await db
    .select({
      id: consultationAvailability.id,
      date: consultationAvailability.date,
      startTime: consultationAvailability.startTime,
      endTime: consultationAvailability.endTime,
      maxBookings: consultationAvailability.maxBookings,
      currentBookings: consultationAvailability.currentBookings,
    })
    .from(consultationAvailability)
    .where(
      and(
        eq(consultationAvailability.isAvailable, true),
        gte(consultationAvailability.date, startDate),
        lte(consultationAvailability.date, endDate),
      ),
    )
    .orderBy(asc(consultationAvailability.date), asc(consultationAvailability.startTime));
  return rows
    .filter((r) => isOutsideNotice(r.date, r.startTime, now, notice))
    .map((r) => ({
      id: r.id,
      date: r.date,
      start_time: r.startTime,
      end_time: r.endTime,
      available_spots: Math.max(0, r.maxBookings - r.currentBookings),
    }));
}

/** A slot's fields needed to show a chosen time (summary step); null when unknown. */
export async function getSlot(id: string) {
  const [row] = await db
    .select()
    .from(consultationAvailability)
    .where(eq(consultationAvailability.id, id));
  return row ?? null;
}
