/**
 * Choosing a password costs little whatever is sent: the link (or the current password) is
 * checked before the strength estimate, which is bounded; attempts are limited per client and per
 * account (429 with Retry-After); and the portal's 429s carry Retry-After on documents too.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { emailOutbox } from "~/db/schema";
import { opened } from "~/features/mail/test-factories";
import { createStaffAccount } from "~/features/auth/accounts.server";
import type { AccountResult } from "~/features/auth/components/account/types";
import { PASSWORD_ATTEMPT_LIMITS } from "~/features/auth/password-attempts.server";
import { passwordProblem } from "~/features/auth/password-policy.server";
import { requestPasswordReset, settlePasswordResets } from "~/features/auth/password-reset.server";
import { action as accountAction } from "~/routes/admin/account";
import { headers as forgotPasswordHeaders } from "~/routes/admin/forgot-password";
import { headers as loginHeaders } from "~/routes/admin/login";
import { headers as setPasswordHeaders } from "~/routes/admin/set-password";
import { headers as twoFactorHeaders } from "~/routes/admin/two-factor";
import { createStaffSession, formPost, outcome, routeArgs, TEST_PASSWORD } from "../setup/admin-session";
import { setupTestDatabase } from "../setup/database";
import { postSetPassword } from "../setup/set-password";

setupTestDatabase();

/**
 * CPU time (user + system) `run` takes, in ms: the least of `runs` runs, since other processes on
 * a busy machine inflate any single measurement.
 */
async function cpuMs(run: () => unknown, runs = 5): Promise<number> {
  let least = Infinity;
  for (let i = 0; i < runs; i++) {
    const start = process.cpuUsage();
    await run();
    const used = process.cpuUsage(start);
    least = Math.min(least, (used.user + used.system) / 1000);
  }
  return least;
}

/** Passwords that made the strength estimate slow: long runs of digits, dates, l33t characters. */
const COSTLY = [
  "1".repeat(128),
  Array.from({ length: 128 }, (_, i) => String(i % 10)).join(""),
  "19901231".repeat(16),
  "1a!".repeat(42),
  "4@8(3!1|0$5+7%2".repeat(8).slice(0, 128),
];

const setPassword = (token: string, password: string, clientIp = "10.50.0.1") => postSetPassword(token, password, clientIp);

/** A live reset token for a new account `email`. */
async function resetToken(email: string): Promise<string> {
  await createStaffAccount(db, { email, name: "Reset Me", role: "editor", password: TEST_PASSWORD });
  await requestPasswordReset(email, "10.59.0.1");
  await settlePasswordResets();
  const [mail] = await opened(db.select().from(emailOutbox).where(and(eq(emailOutbox.to, email), eq(emailOutbox.kind, "admin.password_reset"))));
  return decodeURIComponent(/\/admin\/set-password\?token=([\w%-]+)/.exec(mail!.text)![1]!);
}

/** The status, Retry-After header and message of an action outcome. */
function answerOf(result: Awaited<ReturnType<typeof outcome>>) {
  const value = result.value as { data?: { message?: string }; init?: { headers?: Record<string, string> } } | undefined;
  return { status: result.status, retryAfter: value?.init?.headers?.["Retry-After"] ?? null, message: value?.data?.message };
}

describe("the strength estimate", () => {
  it("costs under 50 ms of CPU for any password the form accepts, and still refuses common ones", async () => {
    // As in a running server: the matchers' code has been compiled by earlier requests.
    for (const password of COSTLY) passwordProblem(password);
    for (const password of COSTLY) {
      const ms = await cpuMs(() => passwordProblem(password));
      expect(ms, `${password.slice(0, 12)}... took ${ms.toFixed(1)} ms`).toBeLessThan(50);
    }
    expect(passwordProblem("1".repeat(128))).toMatch(/too common/);
    expect(passwordProblem("P@ssw0rd12345")).toMatch(/too common/);
    expect(passwordProblem("fresh lantern orbit quietly")).toBeNull();
  });
});

describe("set password", () => {
  it("checks the link before the new password: a bad token and 128 digits is refused at once", async () => {
    passwordProblem("warm up the dictionaries first");
    let result: Awaited<ReturnType<typeof outcome>> | undefined;
    const ms = await cpuMs(async () => (result = await setPassword("x", "1".repeat(128))), 3);
    expect(answerOf(result!)).toMatchObject({ status: 400, message: expect.stringMatching(/invalid or has expired/) });
    expect(ms).toBeLessThan(50);
  });

  it("limits attempts per client, then per account, with Retry-After", async () => {
    for (let i = 0; i < PASSWORD_ATTEMPT_LIMITS.perClient.max; i++) expect((await setPassword("x", "1".repeat(20), "10.51.0.1")).status).toBe(400);
    const refused = answerOf(await setPassword("x", "1".repeat(20), "10.51.0.1"));
    expect(refused).toMatchObject({ status: 429, message: expect.stringMatching(/^Too many attempts\. Please try again in \d+ minutes?\.$/) });
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    expect(Number(refused.retryAfter)).toBeLessThanOrEqual(3600);
    // Another client is not affected.
    expect((await setPassword("x", "1".repeat(20), "10.51.0.2")).status).toBe(400);

    // One account, attacked from many addresses: refused past the per-account limit, even with the right link.
    const token = await resetToken("flooded@staff.test");
    for (let i = 0; i < PASSWORD_ATTEMPT_LIMITS.perAccount.max; i++) {
      expect((await setPassword(token, "password1234", `10.52.${i}.1`)).status).toBe(400);
    }
    const byAccount = answerOf(await setPassword(token, "fresh lantern orbit quietly", "10.53.0.1"));
    expect(byAccount.status).toBe(429);
    expect(Number(byAccount.retryAfter)).toBeGreaterThan(0);
  });
});

describe("change password", () => {
  const change = async (staff: Awaited<ReturnType<typeof createStaffSession>>, currentPassword: string, newPassword: string, clientIp = "10.54.0.1") => {
    const result = await outcome(() =>
      accountAction(
        routeArgs(staff.request("/admin/account", formPost({ intent: "change-password", currentPassword, newPassword, confirmPassword: newPassword })), {}, { clientIp }),
      ),
    );
    return { status: result.status, data: (result.value as { data: AccountResult }).data };
  };

  it("checks the current password before the new one, and limits attempts per account", async () => {
    const staff = await createStaffSession("editor");
    passwordProblem("warm up the dictionaries first");
    const wrong = await change(staff, "not-my-password-1", "1".repeat(128));
    expect(wrong).toMatchObject({ status: 400, data: { fieldErrors: { currentPassword: ["Your current password is not right."] } } });
    for (let i = 1; i < PASSWORD_ATTEMPT_LIMITS.perAccount.max; i++) expect((await change(staff, "not-my-password-1", "x".repeat(12), `10.55.${i}.1`)).status).toBe(400);
    const refused = await change(staff, TEST_PASSWORD, "fresh lantern orbit quietly", "10.56.0.1");
    expect(refused).toMatchObject({ status: 429, data: { ok: false, message: expect.stringMatching(/^Too many attempts\. Please try again in \d+ minutes?\.$/) } });
  });
});

describe("Retry-After on documents", () => {
  it("sign-in, forgot-password, two-factor and set-password pass their action's Retry-After to the page", () => {
    const args = { actionHeaders: new Headers({ "Retry-After": "120" }), loaderHeaders: new Headers(), parentHeaders: new Headers(), errorHeaders: undefined };
    for (const headers of [loginHeaders, forgotPasswordHeaders, twoFactorHeaders, setPasswordHeaders]) {
      const sent = new Headers(headers(args as never) as HeadersInit);
      expect(sent.get("retry-after")).toBe("120");
      expect(sent.get("cache-control")).toBe("private, no-store");
    }
  });
});
