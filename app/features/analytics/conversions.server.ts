/**
 * Conversions (issue 21): an enquiry sent, a booking made, a booking confirmed, each counted with
 * the entry page and source of the visit that led to it, and never stored with the enquiry or
 * booking (ADR "Cookieless analytics").
 *
 * The link without a cookie: the form is posted by the same browser from the same address as
 * the pages it viewed, so the server computes the same day's visitor hash from the request's
 * client address (TRUST_PROXY applied) and user agent, and looks up that hash's latest visit.
 * A booking's later confirmation (by staff, days later) inherits the attribution through
 * `booking_ref`, an HMAC of the booking id under the server secret, cleared at that confirmation.
 */
import { createHmac } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { db, type Transaction } from "~/db/client.server";
import { analyticsConversions } from "~/db/schema";
import { londonToday } from "~/utils/time";
import { env, serverSecret } from "~/utils/env.server";
import { logger } from "~/utils/logger.server";
import { attributeRecentConversions } from "./attribution.server";
import { isCountable } from "./collector.server";
import { flushPageViews } from "./runtime.server";
import { isBotUserAgent, saltOf, visitorHash } from "./visitor.server";

/** A conversion a visitor makes. `detail` is the enquiry's project type or the consultation type's name. */
export type VisitorConversion =
  | { kind: "enquiry"; detail: string }
  | { kind: "booking"; detail: string; bookingId: string };

const SITE_HOST = new URL(env.PUBLIC_URL).host;

/** The HMAC (hex) that lets a booking's confirmation find its booking conversion; not reversible without the secret. */
export function bookingRef(bookingId: string): string {
  return createHmac("sha256", serverSecret).update(`analytics-booking:${bookingId}`).digest("hex");
}

/**
 * Counts a conversion the visitor of `request` just made, attributed to their visit. Not counted,
 * like their page views: bots, staff sessions, `DNT: 1` / `Sec-GPC: 1`, or analytics turned off.
 * Never throws (a failure is logged; the enquiry or booking it follows is already stored).
 * @param clientIp the client address as Express resolved it (TRUST_PROXY), `loadContext.clientIp`
 */
export async function recordConversion(request: Request, clientIp: string, conversion: VisitorConversion, now = new Date()): Promise<void> {
  if (!env.ANALYTICS_ENABLED) return;
  const headers = Object.fromEntries(request.headers);
  const userAgent = headers["user-agent"];
  if (isBotUserAgent(userAgent) || !isCountable({ method: "GET", url: "/", headers })) return;
  try {
    // This instance's views of the visit may still be in memory: write them first.
    await flushPageViews();
    const day = londonToday(now);
    const hash = visitorHash(await saltOf(day), SITE_HOST, clientIp, userAgent!);
    const [row] = await db
      .insert(analyticsConversions)
      .values({
        occurredAt: now,
        day,
        kind: conversion.kind,
        detail: conversion.detail.slice(0, 100),
        visitorHash: hash,
        bookingRef: conversion.kind === "booking" ? bookingRef(conversion.bookingId) : null,
      })
      .onConflictDoNothing()
      .returning({ id: analyticsConversions.id });
    if (row) await attributeRecentConversions(db, row.id);
  } catch (error) {
    logger.error({ err: error, kind: conversion.kind }, "analytics: conversion not counted");
  }
}

/**
 * Counts the first confirmation of a booking whose making was counted, with that booking's
 * attribution, inside the caller's transaction (the status change). The booking conversion's
 * `booking_ref` is cleared, so a later re-confirmation counts nothing. Returns true when counted.
 */
export async function recordBookingConfirmed(tx: Transaction, bookingId: string, consultationType: string, now = new Date()): Promise<boolean> {
  const [made] = await tx
    .update(analyticsConversions)
    .set({ bookingRef: null })
    .where(and(eq(analyticsConversions.bookingRef, bookingRef(bookingId)), eq(analyticsConversions.kind, "booking")))
    .returning({ entryPath: analyticsConversions.entryPath, source: analyticsConversions.source, medium: analyticsConversions.medium, campaign: analyticsConversions.campaign });
  if (!made) return false;
  await tx.insert(analyticsConversions).values({
    occurredAt: now,
    day: londonToday(now),
    kind: "booking_confirmed",
    detail: consultationType.slice(0, 100),
    entryPath: made.entryPath,
    source: made.source,
    medium: made.medium,
    campaign: made.campaign,
  });
  return true;
}

