import { redirect } from "react-router";
import { LoginForm, type LoginReply } from "~/features/auth/components/login-form";
import { signInWithPassword } from "~/features/auth/sign-in.server";
import { getAdminSession } from "~/features/auth/guard.server";
import { safeAdminRedirect } from "~/features/auth/redirect";
import { pageMeta } from "~/features/seo/meta";
import { logger } from "~/utils/logger.server";
import type { Route } from "./+types/login";
import { readFormData } from "~/utils/form-data.server";
import { refuse } from "~/utils/forms";
import { withDataHeaders } from "~/utils/headers";
import { privateHydrateHandle } from "~/utils/page-mode";

/** Hydrated (ADR "Content pages without React"), and never shown to analytics. */
export const handle = privateHydrateHandle;

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Admin Sign In", path: "/admin/login", noIndex: true });

/** The route's headers and its action's (`Retry-After` on a 429). */
export const headers = withDataHeaders({ "X-Robots-Tag": "noindex, nofollow", "Cache-Control": "private, no-store" });

/** A signed-in admin goes straight to the portal. */
export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const redirectTo = safeAdminRedirect(url.searchParams.get("redirectTo"));
  if (await getAdminSession(request)) throw redirect(redirectTo);
  return { redirectTo, passwordSet: url.searchParams.get("passwordSet") === "1" };
}

/**
 * Signs in with e-mail (trimmed) and password. With
 * two-factor on, a right password leads to /admin/two-factor instead of the portal.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readFormData(request);
  try {
    const email = String(form.get("email") ?? "").trim();
    const password = String(form.get("password") ?? "");
    const redirectTo = safeAdminRedirect(form.get("redirectTo"));
    if (!email || !password) {
      return refuse<LoginReply>(400, { message: "Login failed", description: "Enter your email and password." });
    }
    const result = await signInWithPassword({
      email,
      password,
      clientIp: context.clientIp,
      userAgent: request.headers.get("user-agent"),
      cookie: request.headers.get("cookie"),
    });
    if (!result.ok) {
      if (result.status >= 500) {
        return refuse<LoginReply>(500, { message: "Error", description: result.message ?? "An error occurred during login" });
      }
      const wait = result.retryAfterSeconds ? { headers: { "Retry-After": String(result.retryAfterSeconds) } } : undefined;
      return refuse<LoginReply>(result.status, { message: "Login failed", description: result.message ?? "Invalid credentials. Please try again." }, wait);
    }
    const headers = new Headers();
    for (const cookie of result.setCookie) headers.append("Set-Cookie", cookie);
    if (result.twoFactorRequired) {
      // Password right, two-factor on: the second step, with a short-lived cookie and no session yet.
      return redirect(`/admin/two-factor?redirectTo=${encodeURIComponent(redirectTo)}`, { headers });
    }
    return redirect(redirectTo, { headers });
  } catch (error) {
    logger.error({ err: error }, "login failed unexpectedly");
    return refuse<LoginReply>(500, { message: "Error", description: "An error occurred during login" });
  }
}

export default function AdminLogin({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <LoginForm
      redirectTo={loaderData.redirectTo}
      passwordSet={loaderData.passwordSet}
      reply={actionData}
    />
  );
}
