/**
 * The public forms refuse or flag a submission sent sooner than the form guard's minimum after the
 * form was rendered (`app/features/abuse/form-guard.server.ts`). The browser tests' server lowers
 * that minimum to E2E_FORM_GUARD_MIN_MS (FORM_GUARD_MIN_MS, playwright.config.ts), so a test still
 * sends a real, signed, old-enough token without waiting the three seconds a person takes.
 */
import type { Page } from "@playwright/test";
import { E2E_FORM_GUARD_MIN_MS } from "../../../playwright.config";

/**
 * Waits until a form is old enough for the test server's guard: a form rendered at `from` (epoch
 * ms), or the form on page `from`, whose render time is read from its token
 * (`"<render ms>.<signature>"`) right before the submit. The contact page replaces the token of a
 * page from the HTML cache once the page has loaded (the form is `data-token-refreshing` until
 * then), so only the final token tells when its form was rendered.
 */
export async function waitUntilHumanPace(from: number | Page): Promise<void> {
  // The contact page's script marks the form while it runs (before the load event) and replaces the
  // token once the page has loaded: after `load`, the mark is there until the final token is.
  if (typeof from !== "number") {
    await from.waitForLoadState("load");
    await from.locator("form[data-token-refreshing]").first().waitFor({ state: "detached" });
  }
  const renderedAt = typeof from === "number" ? from : Number((await from.locator('input[name="formToken"]').first().inputValue()).split(".")[0]);
  const wait = E2E_FORM_GUARD_MIN_MS + 100 - (Date.now() - renderedAt);
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
}
