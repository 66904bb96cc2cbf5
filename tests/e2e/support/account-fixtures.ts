/**
 * Staff accounts of their own for the account-security browser test (tests/e2e/accounts.spec.ts),
 * so changing a password, turning on two-factor or adding a passkey never touches the E2E_ADMIN
 * account the other specs sign in with. Written before the server starts.
 */
export const ACCOUNT_FIXTURES = {
  reset: { email: "reset.me@e2e.test", name: "Rhea Reset", password: "reset-fixture-password-1" },
  twoFactor: { email: "two.factor@e2e.test", name: "Tomas Twofactor", password: "twofactor-fixture-password-1" },
  twoFactorNoJs: { email: "two.factor.nojs@e2e.test", name: "Nora Noscript", password: "nojs-fixture-password-1" },
  passkey: { email: "passkey.user@e2e.test", name: "Priya Passkey", password: "passkey-fixture-password-1" },
  sessions: { email: "many.sessions@e2e.test", name: "Sam Sessions", password: "sessions-fixture-password-1" },
  passwordNoJs: { email: "password.nojs@e2e.test", name: "Paula Plainform", password: "plainform-fixture-password-1" },
  password: { email: "password.change@e2e.test", name: "Pablo Password", password: "password-fixture-password-1" },
} as const;

export async function seedAccountFixtures(): Promise<void> {
  const { db } = await import("../../../app/db/client.server");
  const { createStaffAccount } = await import("../../../app/features/auth/accounts.server");
  const { ensureFirstAdmin } = await import("../../../app/features/auth/bootstrap.server");
  // The server creates E2E_ADMIN (ADMIN_EMAIL / ADMIN_PASSWORD) only when no admin exists: make
  // it first, exactly as the server would, before these accounts exist.
  await ensureFirstAdmin();
  for (const account of Object.values(ACCOUNT_FIXTURES)) {
    await createStaffAccount(db, { ...account, role: "editor" });
  }
}
