/**
 * Where a stored calendar connection is read and written: its address checked by the SSRF guard
 * (at save time, and again before every read and write) and its secrets decrypted.
 */
import { symmetricDecrypt } from "better-auth/crypto";
import type { calendarConnections } from "~/db/schema";
import { env, serverSecret } from "~/utils/env.server";
import { checkPublicHost } from "~/utils/public-address.server";
import type { CalendarSource } from "./read.server";

/** A stored calendar connection. */
export type ConnectionRow = typeof calendarConnections.$inferSelect;

/**
 * The SSRF check of a calendar address (at save time, and before each read or write), as a
 * message for people; null when allowed.
 */
export async function checkAddress(url: string): Promise<string | null> {
  const parsed = new URL(url);
  if (parsed.username || parsed.password) return "Put the user name and password in their own fields, not in the address.";
  if (parsed.protocol !== "https:" && !env.CALENDAR_ALLOW_PRIVATE) return "Use an https:// address.";
  const refusal = await checkPublicHost(parsed.hostname, env.CALENDAR_ALLOW_PRIVATE);
  if (refusal === "not-found") return "That server's name could not be found.";
  return refusal ? "That address is on a private network. Use the calendar's public address." : null;
}

/** The source of a stored connection, its secrets decrypted (throws when the server secret changed). */
export async function sourceOf(row: ConnectionRow): Promise<CalendarSource> {
  if (row.kind === "ics") return { kind: "ics", url: await symmetricDecrypt({ key: serverSecret, data: row.icsUrlEncrypted! }) };
  return { kind: "caldav", serverUrl: row.caldavUrl!, username: row.caldavUsername!, password: await symmetricDecrypt({ key: serverSecret, data: row.caldavPasswordEncrypted! }) };
}

