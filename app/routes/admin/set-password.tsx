import { KeyRound } from "lucide-react";
import { data, Form, redirect, useNavigation } from "react-router";
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
import { fieldError, parseSubmission, refuse, refuseInvalid, refusedFields, replyFieldErrors } from "~/utils/forms";
import { withDataHeaders } from "~/utils/headers";
import { privateHydrateHandle } from "~/utils/page-mode";

/** Hydrated (ADR "Content pages without React"), and never shown to analytics. */
export const handle = privateHydrateHandle;

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Set your password", path: "/admin/set-password", noIndex: true });

export const headers = withDataHeaders({ "X-Robots-Tag": "noindex, nofollow", "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" });

/** The token comes from the set-password link mailed to new staff (or a reset). */
export function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return { token, minLength: MIN_PASSWORD_LENGTH };
}

/**
 * Sets the password (twice, at least 12 characters, not common: `passwordProblem`), then sends
 * the person to sign in. The token works once (better-auth deletes it) and every session ends.
 * In order, cheapest first: the attempt is counted per client (429 with Retry-After past the
 * limit), the token must name an account (400), the attempt is counted per account (429), and
 * only then is the new password's strength estimated. A refusal of the whole form has a message
 * and no field errors; a refused field has field errors.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (hasForeignOrigin(request)) throw data("Forbidden", { status: 403 });
  const form = Object.fromEntries(await readFormData(request));
  const parsed = parseSubmission(SetPasswordSchema, form);
  if (!parsed.ok) return refuseInvalid(parsed);
  const tooMany = async (by: Parameters<typeof refusePasswordAttempt>[0]) => {
    const retryAfter = await refusePasswordAttempt(by);
    if (retryAfter === null) return null;
    return refuse(429, { message: tooManyPasswordAttempts(retryAfter) }, { headers: { "Retry-After": String(retryAfter) } });
  };
  const byClient = await tooMany({ clientIp: context.clientIp });
  if (byClient) return byClient;
  const { token, password } = parsed.values;
  const userId = await setPasswordTokenOwner(token);
  if (!userId) return refuse(400, { message: SET_PASSWORD_LINK_INVALID });
  const byAccount = await tooMany({ userId });
  if (byAccount) return byAccount;
  const weak = passwordProblem(password);
  if (weak) return refuseInvalid(refusedFields({ password: [weak] }));
  const problem = await setPasswordWithToken(token, password);
  if (problem) return refuse(400, { message: problem });
  return redirect("/admin/login?passwordSet=1");
}

export default function SetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const pending = navigation.state === "submitting";
  const errors = replyFieldErrors(actionData);
  // A refusal of the whole form (its message), or of the link's token.
  const formError = !actionData || actionData.ok ? undefined : actionData.fieldErrors ? fieldError(actionData, "token") : actionData.message;
  return (
    <AuthCard back={{ to: "/admin/login", label: "Back to sign in" }} icon={KeyRound} title="Set your password" description="Choose a new password for the admin portal.">
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
    </AuthCard>
  );
}
