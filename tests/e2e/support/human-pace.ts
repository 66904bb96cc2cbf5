/**
 * The public forms refuse or flag a submission sent sooner than the form guard's minimum after the
 * form was rendered (`app/features/abuse/form-guard.server.ts`). The browser tests' server lowers
 * that minimum to E2E_FORM_GUARD_MIN_MS (FORM_GUARD_MIN_MS, playwright.config.ts), so a test still
 * sends a real, signed, old-enough token without waiting the three seconds a person takes.
 */
import { E2E_FORM_GUARD_MIN_MS } from "../../../playwright.config";

/** Waits until a form rendered at `loadedAt` (epoch ms) is old enough for the test server's guard. */
export async function waitUntilHumanPace(loadedAt: number): Promise<void> {
  const wait = E2E_FORM_GUARD_MIN_MS + 100 - (Date.now() - loadedAt);
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
}
