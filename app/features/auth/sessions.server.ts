/**
 * Your account > Sessions and Passkeys: the member's signed-in browsers (browser and
 * OS read from the user agent by ua-parser-js, the network of the address, last seen) with
 * "Sign out" for any other one or all others; and their passkeys (named, removable). Session
 * tokens never leave the server: sessions are named by their id.
 */
import { getAuthenticatorName } from "@better-auth/passkey";
import { and, desc, eq, gt, ne } from "drizzle-orm";
import ipaddr from "ipaddr.js";
import { UAParser } from "ua-parser-js";
import { db } from "~/db/client.server";
import { passkey, session } from "~/db/schema";
import { recordAudit } from "~/features/audit/audit.server";
import { auditActor, type AdminSession } from "./guard.server";
import { recordSecurityEvent } from "./security-events.server";

/** One signed-in browser. Instants are ISO 8601 (UTC). */
export type ActiveSession = {
  id: string;
  current: boolean;
  /** "Chrome 131", or "Unknown browser". */
  browser: string;
  /** "macOS 14.5", or "Unknown system". */
  os: string;
  /** "mobile", "tablet" or null for a computer. */
  device: string | null;
  /** The address's network: an IPv4 /24 ("203.0.113.0/24") or an IPv6 /64; null when unknown. */
  network: string | null;
  lastSeenAt: string;
  signedInAt: string;
};

/** A user agent as people read it. */
export function describeUserAgent(userAgent: string | null): Pick<ActiveSession, "browser" | "os" | "device"> {
  const parsed = UAParser(userAgent ?? "");
  const browser = parsed.browser.name ? [parsed.browser.name, parsed.browser.major].filter(Boolean).join(" ") : "Unknown browser";
  const os = parsed.os.name ? [parsed.os.name, parsed.os.version].filter(Boolean).join(" ") : "Unknown system";
  const device = parsed.device.type === "mobile" || parsed.device.type === "tablet" ? parsed.device.type : null;
  return { browser, os, device };
}

/** The network of an address: its IPv4 /24 or IPv6 /64 (not the address itself); null if unparseable. */
export function addressNetwork(address: string | null): string | null {
  if (!address || !ipaddr.isValid(address)) return null;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === "ipv4") {
    const octets = (parsed as ipaddr.IPv4).octets;
    return `${octets[0]}.${octets[1]}.${octets[2]}.0/24`;
  }
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4).map((p) => p.toString(16));
  return `${parts.join(":")}::/64`;
}

/** The member's unexpired sessions, most recently seen first; `current` marks this browser's. */
export async function listOwnSessions(admin: AdminSession): Promise<ActiveSession[]> {
  const rows = await db
    .select({ id: session.id, userAgent: session.userAgent, ipAddress: session.ipAddress, createdAt: session.createdAt, updatedAt: session.updatedAt })
    .from(session)
    .where(and(eq(session.userId, admin.user.id), gt(session.expiresAt, new Date())))
    .orderBy(desc(session.updatedAt));
  return rows
    .map((r) => ({
      id: r.id,
      current: r.id === admin.sessionId,
      ...describeUserAgent(r.userAgent),
      network: addressNetwork(r.ipAddress),
      lastSeenAt: r.updatedAt.toISOString(),
      signedInAt: r.createdAt.toISOString(),
    }))
    .sort((a, b) => Number(b.current) - Number(a.current));
}

/**
 * Signs out one of the member's other sessions. Returns false when it is not theirs, has already
 * ended, or is this browser's (which signs out through /admin/logout). Audited.
 */
export async function endOwnSession(admin: AdminSession, sessionId: string): Promise<boolean> {
  if (sessionId === admin.sessionId) return false;
  const ended = await db
    .delete(session)
    .where(and(eq(session.id, sessionId), eq(session.userId, admin.user.id)))
    .returning({ id: session.id });
  if (ended.length === 0) return false;
  await recordAudit(db, { actor: auditActor(admin), action: "account.session_ended", entityType: "user", entityId: admin.user.id, details: { sessionId } });
  return true;
}

/** Signs out every session of the member but this browser's; returns how many ended. Audited. */
export async function endOtherSessions(admin: AdminSession): Promise<number> {
  const ended = await db
    .delete(session)
    .where(and(eq(session.userId, admin.user.id), ne(session.id, admin.sessionId)))
    .returning({ id: session.id });
  await recordAudit(db, { actor: auditActor(admin), action: "account.other_sessions_ended", entityType: "user", entityId: admin.user.id, details: { count: ended.length } });
  return ended.length;
}

/** One of the member's passkeys. `createdAt` is ISO 8601. */
export type PasskeySummary = {
  id: string;
  name: string;
  /** The password manager or device maker, when its AAGUID is known ("iCloud Keychain"). */
  provider: string | null;
  /** Whether it is synced between devices (a "multi-device" credential). */
  synced: boolean;
  createdAt: string | null;
};

/** The member's passkeys, newest first. */
export async function listOwnPasskeys(admin: AdminSession): Promise<PasskeySummary[]> {
  const rows = await db.select().from(passkey).where(eq(passkey.userId, admin.user.id)).orderBy(desc(passkey.createdAt));
  return rows.map((r) => ({
    id: r.id,
    name: r.name?.trim() || "Passkey",
    provider: getAuthenticatorName(r.aaguid ?? undefined) ?? null,
    synced: r.backedUp,
    createdAt: r.createdAt?.toISOString() ?? null,
  }));
}

/** Removes one of the member's passkeys; false when it is not theirs. Audited and mailed. */
export async function removeOwnPasskey(admin: AdminSession, passkeyId: string): Promise<boolean> {
  const removed = await db
    .delete(passkey)
    .where(and(eq(passkey.id, passkeyId), eq(passkey.userId, admin.user.id)))
    .returning({ id: passkey.id, name: passkey.name });
  if (removed.length === 0) return false;
  await recordSecurityEvent(
    "passkey_removed",
    { userId: admin.user.id, email: admin.admin.email, name: admin.admin.name },
    { details: { passkeyId, passkeyName: removed[0]!.name } },
  );
  return true;
}
