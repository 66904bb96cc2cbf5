import { action as setPasswordAction } from "~/routes/admin/set-password";
import { formPost, outcome, routeArgs, TEST_ORIGIN } from "./admin-session";

/**
 * Posts the set-password form (the link's `token`, `password` typed twice) to the route's action
 * as a browser at `clientIp` would (none given: the default request context); resolves with the
 * action's `outcome` (status, redirect location, returned data).
 */
export function postSetPassword(token: string, password: string, clientIp?: string) {
  return outcome(() =>
    setPasswordAction(
      routeArgs(
        new Request(`${TEST_ORIGIN}/admin/set-password`, {
          ...formPost({ token, password, confirmPassword: password }),
          headers: { "content-type": "application/x-www-form-urlencoded", origin: TEST_ORIGIN },
        }),
        {},
        clientIp ? { clientIp } : {},
      ),
    ),
  );
}
