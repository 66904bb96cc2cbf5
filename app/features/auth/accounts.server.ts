/**
 * Creating staff accounts: a better-auth `user` (plus a `credential` account when a password is
 * given) and its `admin_users` row, in the caller's transaction. Used by the first-admin bootstrap,
 * `npm run admin:create` and the Users screen (`shared/DESIGN.md` section 6).
 */
import { randomUUID } from "node:crypto";
import { hashPassword } from "better-auth/crypto";
import { eq } from "drizzle-orm";
import type { Database, Transaction } from "~/db/client.server";
import { account, adminUsers, user } from "~/db/schema";
import { passwordProblem } from "./password-policy.server";
import type { AdminRole } from "./roles";

/** A rule a staff change broke; `message` is shown to the person as is. */
export class StaffError extends Error {
  constructor(
    readonly code: "email_taken" | "weak_password" | "not_found" | "last_super_admin" | "self",
    message: string,
  ) {
    super(message);
    this.name = "StaffError";
  }
}

/** E-mail addresses are stored lowercased and trimmed (better-auth looks them up lowercased). */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export type NewStaffAccount = {
  email: string;
  name: string;
  role: AdminRole;
  /** Omitted for an invitation: the person chooses one through the set-password link. */
  password?: string;
};

/**
 * Creates the login and the admin row. Throws StaffError "email_taken" when the e-mail already has
 * a login, "weak_password" (with the rule's message) when a given password breaks the staff
 * password rule (`passwordProblem`, the same rule as every other password screen).
 * Returns the ids of the better-auth user and the admin_users row.
 */
export async function createStaffAccount(
  executor: Database | Transaction,
  input: NewStaffAccount,
): Promise<{ userId: string; adminId: string }> {
  const email = normaliseEmail(input.email);
  const name = input.name.trim();
  const weak = input.password === undefined ? null : passwordProblem(input.password);
  if (weak) throw new StaffError("weak_password", weak);
  const [existing] = await executor.select({ id: user.id }).from(user).where(eq(user.email, email));
  if (existing) throw new StaffError("email_taken", "Someone with this e-mail address already has an account.");

  const userId = randomUUID();
  await executor.insert(user).values({ id: userId, name, email, emailVerified: input.password !== undefined });
  if (input.password !== undefined) {
    await executor.insert(account).values({
      id: randomUUID(),
      accountId: userId,
      providerId: "credential",
      userId,
      password: await hashPassword(input.password),
    });
  }
  const [row] = await executor
    .insert(adminUsers)
    .values({ userId, name, email, role: input.role })
    .returning({ id: adminUsers.id });
  return { userId, adminId: row!.id };
}
