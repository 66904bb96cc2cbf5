import { KeyRound } from "lucide-react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { Field } from "~/components/field";
import { Button } from "~/components/ui/button";
import { AuthCard } from "~/features/auth/components/auth-page-frame";
import { FormAlert } from "~/features/auth/components/form-alert";
import { PasswordInput } from "~/features/auth/components/password-input";
import { SET_PASSWORD_LINK_INVALID, setPasswordTokenOwner, setPasswordWithToken } from "~/features/auth/auth.server";
import { hasForeignOrigin } from "~/features/auth/guard.server";
import { refusePasswordAttempt, tooManyPasswordAttempts } from "~/features/auth/password-attempts.server";
import { passwordProblem } from "~/features/auth/password-policy.server";
import { MIN_PASSWORD_LENGTH, PASSWORD_RULE, SetPasswordSchema } from "~/features/auth/schema";
import { pageMeta } from "~/features/seo/meta";
import type { Route } from "./+types/set-password";
import { readFormData } from "~/utils/form-data.server";
import { withDataHeaders } from "~/utils/headers";
import { privateHydrateHandle } from "~/utils/page-mode";

/** Hydrated (ADR "Content pages without React"), and never shown to analytics (issue 9 item 6). */
export const handle = privateHydrateHandle;

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Set your password", path: "/admin/set-password", noIndex: true });

export const headers = withDataHeaders({ "X-Robots-Tag": "noindex, nofollow", "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" });

/** The token comes from the set-password link mailed to new staff (or a reset). */
export function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return { token, minLength: MIN_PASSWORD_LENGTH };
}

type Errors = { token?: string[]; password?: string[]; confirmPassword?: string[]; form?: string[] };

/**
 * Sets the password (twice, at least 12 characters, not common: `passwordProblem`), then sends
 * the person to sign in. The token works once (better-auth deletes it) and every session ends.
 * In order, cheapest first: the attempt is counted per client (429 with Retry-After past the
 * limit), the token must name an account (400), the attempt is counted per account (429), and
 * only then is the new password's strength estimated.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (hasForeignOrigin(request)) throw data("Forbidden", { status: 403 });
  const form = Object.fromEntries(await readFormData(request));
  const parsed = SetPasswordSchema.safeParse(form);
  if (!parsed.success) {
    const errors: Errors = {};
    for (const issue of parsed.error.issues) (errors[String(issue.path[0]) as keyof Errors] ??= []).push(issue.message);
    return data({ errors }, { status: 400 });
  }
  const refused = async (by: Parameters<typeof refusePasswordAttempt>[0]) => {
    const retryAfter = await refusePasswordAttempt(by);
    if (retryAfter === null) return null;
    return data({ errors: { form: [tooManyPasswordAttempts(retryAfter)] } satisfies Errors }, { status: 429, headers: { "Retry-After": String(retryAfter) } });
  };
  const byClient = await refused({ clientIp: context.clientIp });
  if (byClient) return byClient;
  const userId = await setPasswordTokenOwner(parsed.data.token);
  if (!userId) return data({ errors: { form: [SET_PASSWORD_LINK_INVALID] } satisfies Errors }, { status: 400 });
  const byAccount = await refused({ userId });
  if (byAccount) return byAccount;
  const weak = passwordProblem(parsed.data.password);
  if (weak) return data({ errors: { password: [weak] } satisfies Errors }, { status: 400 });
  const problem = await setPasswordWithToken(parsed.data.token, parsed.data.password);
  if (problem) return data({ errors: { form: [problem] } satisfies Errors }, { status: 400 });
  return redirect("/admin/login?passwordSet=1");
}

export default function SetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const pending = navigation.state === "submitting";
  const errors: Errors = actionData?.errors ?? {};
  const formError = errors.form?.[0] ?? errors.token?.[0];
  return (
    <AuthCard icon={KeyRound} title="Set your password" description="Choose a new password for the admin portal.">
      {!loaderData.token ? (
        <FormAlert tone="error">
          This link is incomplete. Open the link from your e-mail again, or ask for a new one with "Forgot password?" on the sign-in page.
        </FormAlert>
      ) : (
        <>
          {formError ? <FormAlert tone="error">{formError}</FormAlert> : null}
          <Form method="post" className="mt-6 space-y-5">
            <input type="hidden" name="token" value={loaderData.token} />
            <Field label="New password" errors={errors.password} hint={PASSWORD_RULE} required>
              {(p) => (
                <PasswordInput {...p} name="password" autoComplete="new-password" required minLength={loaderData.minLength} />
              )}
            </Field>
            <Field label="Repeat the new password" errors={errors.confirmPassword} required>
              {(p) => (
                <PasswordInput {...p} name="confirmPassword" autoComplete="new-password" required minLength={loaderData.minLength} />
              )}
            </Field>
            <Button type="submit" size="lg" className="w-full" disabled={pending}>
              {pending ? "Saving..." : "Set password"}
            </Button>
          </Form>
        </>
      )}
      <p className="mt-6 text-sm">
        <Link to="/admin/login" className="font-medium text-primary hover:underline">
          Back to sign in
        </Link>
      </p>
    </AuthCard>
  );
}
