import { MailQuestion } from "lucide-react";
import { data, Form, Link, useNavigation } from "react-router";
import { Field } from "~/components/field";
import { Button } from "~/components/ui/button";
import { AuthCard } from "~/features/auth/components/auth-page-frame";
import { EmailInput } from "~/features/auth/components/email-input";
import { FormAlert } from "~/features/auth/components/form-alert";
import { hasForeignOrigin } from "~/features/auth/guard.server";
import { requestPasswordReset, RESET_REQUESTED_MESSAGE } from "~/features/auth/password-reset.server";
import { ForgotPasswordSchema } from "~/features/auth/schema";
import { pageMeta } from "~/features/seo/meta";
import { readFormData } from "~/utils/form-data.server";
import { withDataHeaders } from "~/utils/headers";
import { privateHydrateHandle } from "~/utils/page-mode";
import type { Route } from "./+types/forgot-password";

/** Hydrated (ADR "Content pages without React"), and never shown to analytics (issue 9 item 6). */
export const handle = privateHydrateHandle;

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Forgot password", path: "/admin/forgot-password", noIndex: true });

/** The route's headers and its action's (`Retry-After` on a 429). */
export const headers = withDataHeaders({ "X-Robots-Tag": "noindex, nofollow", "Cache-Control": "private, no-store" });

type ActionResult = { sent: true; message: string } | { sent: false; errors: { email?: string[]; form?: string[] } };

/**
 * Sends a reset link (issue 17): the same answer for every address; 400 for a malformed address,
 * 429 with Retry-After past the limits per address or per client.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (hasForeignOrigin(request)) throw data("Forbidden", { status: 403 });
  const parsed = ForgotPasswordSchema.safeParse(Object.fromEntries(await readFormData(request)));
  if (!parsed.success) {
    return data<ActionResult>({ sent: false, errors: { email: parsed.error.issues.map((i) => i.message) } }, { status: 400 });
  }
  const result = await requestPasswordReset(parsed.data.email, context.clientIp);
  if (!result.ok) {
    const minutes = Math.ceil(result.retryAfterSeconds / 60);
    return data<ActionResult>(
      { sent: false, errors: { form: [`Too many requests. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`] } },
      { status: 429, headers: { "Retry-After": String(result.retryAfterSeconds) } },
    );
  }
  return data<ActionResult>({ sent: true, message: RESET_REQUESTED_MESSAGE });
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const pending = navigation.state === "submitting";
  const errors = actionData && !actionData.sent ? actionData.errors : {};
  return (
    <AuthCard
      icon={MailQuestion}
      title="Forgot your password?"
      description="Enter the e-mail address you sign in with. We will send it a link to choose a new password."
    >
      {actionData?.sent ? <FormAlert tone="success">{actionData.message}</FormAlert> : null}
      {errors.form?.[0] ? <FormAlert tone="error">{errors.form[0]}</FormAlert> : null}
      {actionData?.sent ? null : (
        <Form method="post" className="mt-6 space-y-5">
          <Field label="Email" errors={errors.email} required>
            {(p) => <EmailInput {...p} />}
          </Field>
          <Button type="submit" size="lg" className="w-full" disabled={pending}>
            {pending ? "Sending..." : "Send reset link"}
          </Button>
        </Form>
      )}
      <p className="mt-6 text-sm">
        <Link to="/admin/login" className="font-medium text-primary hover:underline">
          Back to sign in
        </Link>
      </p>
    </AuthCard>
  );
}
