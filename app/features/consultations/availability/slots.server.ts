/**
 * What a visitor may book: the active
 * consultation types and the spec's `get_available_consultation_slots` for a 7-day window.
 */
import { and, asc, eq, gte, lte } from "drizzle-orm";
import { db, type Database, type Transaction } from "~/db/client.server";
import { consultationAvailability, consultationTypes } from "~/db/schema";
import type { SiteSettings } from "~/features/settings/schema";
import { getSiteSettings } from "~/features/settings/settings.server";
import { engineerOffers, type BookingFor } from "./engineer-diaries.server";
import { isOutsideNotice } from "../core/index.server";


/**
 * A slot's time and places as the wizard and the availability screen read them: id, London
 * wall-clock `date` (yyyy-mm-dd) and `startTime`/`endTime` (HH:MM:SS), `maxBookings` places and
 * the `currentBookings` holding one.
 */
export const slotPlaceColumns = {
  id: consultationAvailability.id,
  date: consultationAvailability.date,
  startTime: consultationAvailability.startTime,
  endTime: consultationAvailability.endTime,
  maxBookings: consultationAvailability.maxBookings,
  currentBookings: consultationAvailability.currentBookings,
};
/** An active consultation type as the wizard's step 1 shows it. */
export type ConsultationTypeOption = {
  id: string;
  name: string;
  description: string | null;
  durationMinutes: number;
  sortOrder: number;
};

/** Active consultation types ordered by `sort_order` then name. */
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
 * An offered slot: London wall-clock `date` (`yyyy-mm-dd`),
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
 *
 * `wanted` (the chosen type, or the booking being moved) brings in the engineers once any is set
 * up (`engineerOffers`): then a slot is offered only while an eligible engineer is free for it,
 * its places are capped by the free engineers, and the type's notice and horizon and the closed
 * bank holidays apply too. Without `wanted`, or with no engineer set up, slots alone decide.
 */
export async function getAvailableSlots({
  startDate,
  endDate,
  now = new Date(),
  minimumNoticeHours,
  wanted,
  settings,
}: {
  startDate: string;
  endDate: string;
  now?: Date;
  /** Overrides the site setting (tests); read from `getSiteSettings()` when omitted. */
  minimumNoticeHours?: number;
  wanted?: BookingFor;
  /** The site settings when the caller has them (read otherwise). */
  settings?: SiteSettings;
}): Promise<AvailableSlot[]> {
  const site = settings ?? (await getSiteSettings());
  const notice = minimumNoticeHours ?? site.minimumNoticeHours;
  const rows = await db
    .select(slotPlaceColumns)
    .from(consultationAvailability)
    .where(
      and(
        eq(consultationAvailability.isAvailable, true),
        gte(consultationAvailability.date, startDate),
        lte(consultationAvailability.date, endDate),
      ),
    )
    .orderBy(asc(consultationAvailability.date), asc(consultationAvailability.startTime));
  const open = rows.filter((r) => isOutsideNotice(r.date, r.startTime, now, notice));
  const offers = wanted
    ? await engineerOffers(open, wanted, { now, from: startDate, to: endDate, openedBankHolidays: site.openedBankHolidays })
    : null;
  return open
    .filter((r) => !offers || offers.has(r.id))
    .map((r) => ({
      id: r.id,
      date: r.date,
      start_time: r.startTime,
      end_time: r.endTime,
      available_spots: offers ? offers.get(r.id)!.availableSpots : Math.max(0, r.maxBookings - r.currentBookings),
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
