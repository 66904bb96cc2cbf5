/**
 * How better-auth's `verification` rows name their secrets. The identifier of a row is the token
 * itself (`reset-password:<token>` for a set-password link, the trust-device id, the pending
 * two-factor sign-in's id), so the table is stored with a SHA-256 of it instead: a database dump
 * or backup then holds nothing that opens a link. better-auth hashes every identifier it writes
 * or looks up with `hashVerificationIdentifier` (its `verification.storeIdentifier` option).
 *
 * The stored form names the identifier's kind before a `#` (`reset-password#<hash>`,
 * `trust-device#<hash>`, `#<hash>` for the rest), so the rows of one kind can still be found and
 * deleted by prefix and value (the user id). The `#` matters: better-auth also looks a token up
 * as plain text (for rows written before hashing), and no plain identifier contains `#`, so the
 * stored hash itself never works as a token.
 */
import { createHash } from "node:crypto";
import { and, eq, like, ne } from "drizzle-orm";
import type { Database, Transaction } from "~/db/client.server";
import { verification } from "~/db/schema";

/** The identifier prefix better-auth gives a set-password (invitation or reset) link's row. */
const RESET_PASSWORD_PREFIX = "reset-password:";

/** better-auth's identifier prefixes whose kind stays readable in the stored form. */
const KINDS = [
  { prefix: RESET_PASSWORD_PREFIX, kind: "reset-password" },
  { prefix: "trust-device-", kind: "trust-device" },
  { prefix: "recovery-codes-shown:", kind: "recovery-codes-shown" },
] as const;

/** The stored-form prefix of a set-password link's row. */
export const RESET_LINK_KIND = "reset-password#";

/** The stored-form prefix of a trusted browser's row ("Trust this browser for 30 days"). */
export const TRUST_DEVICE_KIND = "trust-device#";

/** The stored-form prefix of recovery codes waiting to be shown once after two-factor is turned on. */
export const SHOWN_RECOVERY_CODES_KIND = "recovery-codes-shown#";

/**
 * The stored form of a verification identifier: its kind (if kept) and `#`, then the base64url
 * SHA-256 of the whole identifier. Deterministic, so a token from a link finds its row.
 */
export function hashVerificationIdentifier(identifier: string): string {
  const kind = KINDS.find((k) => identifier.startsWith(k.prefix))?.kind ?? "";
  return `${kind}#${createHash("sha256").update(identifier).digest("base64url")}`;
}

/** The stored identifier of the set-password link with `token`. */
export function resetLinkIdentifier(token: string): string {
  return hashVerificationIdentifier(`${RESET_PASSWORD_PREFIX}${token}`);
}

/**
 * Deletes every outstanding set-password link (invitation or reset) of the better-auth user
 * `userId`, except the one with `keepToken` (the link just sent). Returns how many were deleted.
 */
export async function deleteResetLinks(executor: Database | Transaction, userId: string, keepToken?: string): Promise<number> {
  const conditions = [like(verification.identifier, `${RESET_LINK_KIND}%`), eq(verification.value, userId)];
  if (keepToken !== undefined) conditions.push(ne(verification.identifier, resetLinkIdentifier(keepToken)));
  const deleted = await executor.delete(verification).where(and(...conditions)).returning({ id: verification.id });
  return deleted.length;
}
