/**
 * The booking success screen's receipt (ADR 0018): how the booking just made reaches
 * step 5 of the wizard, and what that screen may show of it.
 *
 * Confirm Booking answers with a redirect to `/book-consultation?step=5` (so a reload never posts
 * again). The booking travels beside that redirect in a short-lived cookie, never in the URL: the
 * manage token would otherwise sit in the address bar, the history, a shared link and every log
 * line of the request. The cookie is signed with the server secret (nobody can forge one naming
 * another visitor's booking), HttpOnly, SameSite=Lax, Secure on https, and kept 30 minutes, so a
 * reload of the success screen still shows it. Its path is `/`: React Router fetches the step's
 * data from `/book-consultation.data`, which a cookie scoped to `/book-consultation` never reaches.
 * Step 5 answers `Cache-Control: private, no-store`, and the HTML cache never stores a request
 * that carries a cookie of ours (`server/html-cache.ts`).
 */
import { localizedPath } from "~/utils/i18n";
import { createCookie } from "react-router";
import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { consultationAvailability, consultationBookings } from "~/db/schema";
import { getSiteSettings } from "~/features/settings/settings.server";
import { env, serverSecret } from "~/utils/env.server";
import { logger } from "~/utils/logger.server";
import { bookingInvitationIcs, bookingMailData } from "../mail/index.server";
import { isManageTokenOf } from "../core/index.server";

/** How long the success screen can show the booking after Confirm Booking: 30 minutes. */
export const RECEIPT_MAX_AGE_SECONDS = 30 * 60;

const receiptCookie = createCookie("booking_receipt", {
  path: "/",
  httpOnly: true,
  sameSite: "lax",
  secure: env.PUBLIC_URL.startsWith("https:"),
  maxAge: RECEIPT_MAX_AGE_SECONDS,
  secrets: [serverSecret],
});

/** What the cookie holds: the booking's id and, for the request that created it, its manage token. */
type ReceiptPayload = { bookingId: string; token: string | null };

/**
 * The `Set-Cookie` value carrying the booking just made to the success screen. `token` is the raw
 * manage token, or null when the request repeated an earlier one (idempotent replay: the token
 * only exists at creation, so the screen then points to the e-mail for the manage link).
 */
function bookingReceiptCookie(bookingId: string, token: string | null): Promise<string> {
  const payload: ReceiptPayload = { bookingId, token };
  return receiptCookie.serialize(payload);
}

/**
 * The `Set-Cookie` value for the answer to a Confirm Booking that made or replayed `bookingId`,
 * or null to leave the visitor's cookie as it is: a replayed request (double submit) carries no
 * token, and must not replace a receipt for the same booking that holds one.
 */
export async function receiptCookieAfterBooking(
  request: Request,
  { bookingId, token }: { bookingId: string; token: string | null },
): Promise<string | null> {
  if (!token) {
    const current = (await receiptCookie.parse(request.headers.get("cookie")).catch(() => null)) as ReceiptPayload | null;
    if (current?.bookingId === bookingId) return null;
  }
  return bookingReceiptCookie(bookingId, token);
}

/** What step 5 shows of the booking. `date` London `yyyy-mm-dd`; times `HH:MM:SS`, London wall-clock. */
export type BookingReceipt = {
  consultationType: string;
  durationMinutes: number;
  date: string;
  startTime: string;
  status: "pending" | "confirmed";
  /** Path of the visitor's manage page, or null when this request may not know the token. */
  managePath: string | null;
  /** The invitation as the confirmation e-mail attaches it (TENTATIVE while pending), or null when it cannot be built. */
  ics: string | null;
};

/**
 * The receipt a request's cookie names, or null without a valid cookie, for a booking that no
 * longer exists, that is no longer pending or confirmed, or whose manage token does not match
 * (the manage link is then left out). Never throws for a bad cookie.
 */
export async function readBookingReceipt(request: Request): Promise<BookingReceipt | null> {
  const payload = (await receiptCookie.parse(request.headers.get("cookie")).catch(() => null)) as ReceiptPayload | null;
  if (!payload || typeof payload.bookingId !== "string" || !/^[0-9a-f-]{36}$/i.test(payload.bookingId)) return null;
  const [row] = await db
    .select({ booking: consultationBookings, slot: consultationAvailability })
    .from(consultationBookings)
    .innerJoin(consultationAvailability, eq(consultationAvailability.id, consultationBookings.availabilityId))
    .where(eq(consultationBookings.id, payload.bookingId));
  if (!row) return null;
  const { booking, slot } = row;
  if (booking.status !== "pending" && booking.status !== "confirmed") return null;
  const token = typeof payload.token === "string" && (await isManageTokenOf(booking.id, payload.token)) ? payload.token : null;
  const mail = bookingMailData(booking, slot);
  let ics: string | null = null;
  try {
    const settings = await getSiteSettings();
    ics = bookingInvitationIcs(mail, settings, booking.status === "pending" ? "TENTATIVE" : "CONFIRMED", booking.icsSequence);
  } catch (error) {
    logger.error({ err: error, bookingId: booking.id }, "calendar invitation for the success screen could not be built");
  }
  return {
    consultationType: booking.consultationType,
    durationMinutes: mail.durationMinutes,
    date: slot.date,
    startTime: slot.startTime,
    status: booking.status,
    managePath: token ? localizedPath(`/book-consultation/manage/${token}`, mail.language) : null,
    ics,
  };
}
