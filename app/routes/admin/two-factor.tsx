import { Loader2, ShieldCheck } from "lucide-react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { Field } from "~/components/field";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { verifySecondFactor } from "~/features/auth/sign-in.server";
import { AuthCard } from "~/features/auth/components/auth-page-frame";
import { FormAlert } from "~/features/auth/components/form-alert";
import { getAdminSession, hasForeignOrigin } from "~/features/auth/guard.server";
import { safeAdminRedirect } from "~/features/auth/redirect";
import { TwoFactorSignInSchema } from "~/features/auth/schema";
import { pageMeta } from "~/features/seo/meta";
import { readFormData } from "~/utils/form-data.server";
import { type ActionReply, type NoExtra, parseSubmission, refuse } from "~/utils/forms";
import { withDataHeaders } from "~/utils/headers";
import { privateHydrateHandle } from "~/utils/page-mode";
import type { Route } from "./+types/two-factor";

/** Hydrated (ADR "Content pages without React"), and never shown to analytics. */
export const handle = privateHydrateHandle;

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "Two-factor sign-in", path: "/admin/two-factor", noIndex: true });

/** The route's headers and its action's (`Retry-After` on a 429). */
export const headers = withDataHeaders({ "X-Robots-Tag": "noindex, nofollow", "Cache-Control": "private, no-store" });

/** Whether the request carries better-auth's cookie of a sign-in waiting for its second step. */
function hasPendingSignIn(request: Request): boolean {
  return /(?:^|;\s*)(?:__Secure-)?better-auth\.two_factor=/.test(request.headers.get("cookie") ?? "");
}

/** The second step after a right password; without a pending sign-in, back to the login page. */
export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const redirectTo = safeAdminRedirect(url.searchParams.get("redirectTo"));
  if (await getAdminSession(request)) throw redirect(redirectTo);
  if (!hasPendingSignIn(request)) throw redirect("/admin/login");
  return { redirectTo, method: url.searchParams.get("method") === "recovery" ? ("recovery" as const) : ("totp" as const) };
}

/** A refusal names the method shown again; `restart` when the sign-in must start over. */
type ActionResult = ActionReply<NoExtra, { method: "totp" | "recovery"; restart?: boolean }>;

/**
 * Checks the authenticator code or recovery code; on success sets the session cookie (and the
 * 30-day "trust this browser" cookie when asked) and opens `redirectTo`. 400 for a malformed code,
 * 401 for a wrong one, 429 with Retry-After past the limits.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (hasForeignOrigin(request)) throw data("Forbidden", { status: 403 });
  const form = Object.fromEntries(await readFormData(request));
  const redirectTo = safeAdminRedirect(typeof form.redirectTo === "string" ? form.redirectTo : null);
  const method = form.method === "recovery" ? "recovery" : "totp";
  const parsed = parseSubmission(TwoFactorSignInSchema, form);
  if (!parsed.ok) return refuse<ActionResult>(400, { message: parsed.message, method });
  const result = await verifySecondFactor({
    method: parsed.values.method,
    code: parsed.values.code,
    trustDevice: parsed.values.trustDevice === "on",
    cookie: request.headers.get("cookie"),
    clientIp: context.clientIp,
    userAgent: request.headers.get("user-agent"),
  });
  if (!result.ok) {
    const headers: Record<string, string> = result.retryAfterSeconds ? { "Retry-After": String(result.retryAfterSeconds) } : {};
    const restart = result.status === 401 && /Sign in with your password again/.test(result.message);
    return refuse<ActionResult>(result.status, { message: result.message, method, restart }, { headers });
  }
  const headers = new Headers();
  for (const cookie of result.setCookie) headers.append("Set-Cookie", cookie);
  return redirect(redirectTo, { headers });
}

export default function TwoFactorSignIn({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const pending = navigation.state !== "idle";
  const refused = actionData && !actionData.ok ? actionData : undefined;
  const method = refused?.method ?? loaderData.method;
  const recovery = method === "recovery";
  const switchTo = `/admin/two-factor?${new URLSearchParams({ method: recovery ? "totp" : "recovery", redirectTo: loaderData.redirectTo })}`;
  return (
    <AuthCard
      icon={ShieldCheck}
      title="Two-factor sign-in"
      description={
        <>
          {recovery
          ? "Enter one of the recovery codes you saved when you set up two-factor. Each code works once."
          : "Enter the 6-digit code from your authenticator app."}
        </>
      }
    >
      {refused ? (
        <FormAlert tone="error">
          {refused.message}
          {refused.restart ? (
            <>
              {" "}
              <Link to="/admin/login" className="font-medium underline">
                Back to sign in
              </Link>
            </>
          ) : null}
        </FormAlert>
      ) : null}
      <Form method="post" className="mt-6 space-y-5" key={method}>
        <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
        <input type="hidden" name="method" value={method} />
        <Field label={recovery ? "Recovery code" : "Authentication code"} required>
          {(p) =>
            recovery ? (
              <Input {...p} name="code" autoComplete="off" autoCapitalize="characters" spellCheck={false} required maxLength={40} placeholder="7KQ2M-X9D4T" autoFocus />
            ) : (
              <Input
                {...p}
                name="code"
                inputMode="numeric"
                autoComplete="one-time-code"
                pattern="[0-9 ]*"
                required
                maxLength={7}
                placeholder="123456"
                autoFocus
              />
            )
          }
        </Field>
        <label className="flex items-start gap-3 text-sm">
          <input type="checkbox" name="trustDevice" className="mt-0.5 size-4 accent-primary" />
          <span>
            Trust this browser for 30 days
            <span className="block text-xs text-muted-foreground">Only on a computer or phone that is yours.</span>
          </span>
        </label>
        <Button type="submit" size="lg" className="w-full" disabled={pending}>
          {pending ? <Loader2 className="animate-spin" aria-hidden /> : null}
          {pending ? "Checking..." : "Verify and sign in"}
        </Button>
      </Form>
      <div className="mt-6 flex flex-col gap-3 text-sm sm:flex-row sm:justify-between">
        <Link to={switchTo} replace className="font-medium text-primary hover:underline">
          {recovery ? "Use your authenticator app" : "Use a recovery code"}
        </Link>
        <Link to="/admin/login" className="font-medium text-primary hover:underline">
          Back to sign in
        </Link>
      </div>
    </AuthCard>
  );
}
