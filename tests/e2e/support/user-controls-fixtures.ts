/**
 * Members of staff for the Users screen's early presses (tests/e2e/portal-early-clicks.spec.ts):
 * per viewport and for the test without JavaScript, an editor to deactivate and an editor with
 * two-factor on to reset, so each test changes only its own. Written before the server starts.
 */
import { eq } from "drizzle-orm";

/** The fixture members by test (viewport width, or "noJs"): `deactivate` and `reset` (two-factor on). */
export const USER_CONTROLS = {
  1440: {
    deactivate: { email: "dora.deactivate.desk@e2e.test", name: "Dora Deactivate-Desk" },
    reset: { email: "tariq.reset.desk@e2e.test", name: "Tariq Twofactor-Desk" },
  },
  390: {
    deactivate: { email: "dora.deactivate.phone@e2e.test", name: "Dora Deactivate-Phone" },
    reset: { email: "tariq.reset.phone@e2e.test", name: "Tariq Twofactor-Phone" },
  },
  noJs: {
    deactivate: { email: "dora.deactivate.nojs@e2e.test", name: "Dora Deactivate-Plain" },
    reset: { email: "tariq.reset.nojs@e2e.test", name: "Tariq Twofactor-Plain" },
  },
} as const;

export async function seedUserControlFixtures(): Promise<void> {
  const { db } = await import("../../../app/db/client.server");
  const { user } = await import("../../../app/db/schema");
  const { createStaffAccount } = await import("../../../app/features/auth/accounts.server");
  for (const { deactivate, reset } of Object.values(USER_CONTROLS)) {
    await createStaffAccount(db, { ...deactivate, role: "editor", password: "user-controls-fixture-1" });
    const { userId } = await createStaffAccount(db, { ...reset, role: "editor", password: "user-controls-fixture-1" });
    await db.update(user).set({ twoFactorEnabled: true }).where(eq(user.id, userId));
  }
}
