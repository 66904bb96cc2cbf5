import { MailQuestion } from "lucide-react";
import { data, Form, useNavigation } from "react-router";
import { Field } from "~/components/field";
import { Button } from "~/components/ui/button";
import { AuthCard } from "~/features/auth/components/auth-page-frame";
import { EmailInput } from "~/features/auth/components/email-input";
import { FormAlert } from "~/features/auth/components/form-alert";
import { hasForeignOrigin } from "~/features/auth/guard.server";
import { requestPasswordReset, RESET_REQUESTED_MESSAGE } from "~/features/auth/password-reset.server";
import { ForgotPasswordSchema } from "~/features/auth/schema";
import { pageMeta } from "~/features/seo/meta";
import { readSubmission } from "~/utils/form-data.server";
import { accept, refuse, refuseInvalid, replyFieldErrors } from "~/utils/forms";
import { withDataHeaders } from "~/utils/headers";
import { privateHydrateHandle } from "~/utils/page-mode";
import type { Route } from "./+types/forgot-password";

/** Hydrated (ADR "Content pages without React"), and never shown to analytics. */
export const handle = privateHydrateHandle;

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Forgot password", path: "/admin/forgot-password", noIndex: true });

/** The route's headers and its action's (`Retry-After` on a 429). */
export const headers = withDataHeaders({ "X-Robots-Tag": "noindex, nofollow", "Cache-Control": "private, no-store" });

/**
 * Sends a reset link: the same answer for every address; 400 for a malformed address,
 * 429 with Retry-After past the limits per address or per client (a message, no field errors).
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (hasForeignOrigin(request)) throw data("Forbidden", { status: 403 });
  const parsed = await readSubmission(request, ForgotPasswordSchema);
  if (!parsed.ok) return refuseInvalid(parsed);
  const result = await requestPasswordReset(parsed.values.email, context.clientIp);
  if (!result.ok) {
    const minutes = Math.ceil(result.retryAfterSeconds / 60);
    return refuse(
      429,
      { message: `Too many requests. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.` },
      { headers: { "Retry-After": String(result.retryAfterSeconds) } },
    );
  }
  return accept({ message: RESET_REQUESTED_MESSAGE });
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const pending = navigation.state === "submitting";
  const sent = actionData?.ok === true;
  const errors = replyFieldErrors(actionData);
  // A refusal of the whole request (too many) has a message and no field errors.
  const formError = actionData && !actionData.ok && !actionData.fieldErrors ? actionData.message : undefined;
  return (
    <AuthCard back={{ to: "/admin/login", label: "Back to sign in" }}
      icon={MailQuestion}
      title="Forgot your password?"
      description="Enter the e-mail address you sign in with. We will send it a link to choose a new password."
    >
      {sent ? <FormAlert tone="success">{actionData.message}</FormAlert> : null}
      {formError ? <FormAlert tone="error">{formError}</FormAlert> : null}
      {sent ? null : (
        <Form method="post" className="mt-6 space-y-5">
          <Field label="Email" errors={errors.email} required>
            {(p) => <EmailInput {...p} />}
          </Field>
          <Button type="submit" size="lg" className="w-full" disabled={pending}>
            {pending ? "Sending..." : "Send reset link"}
          </Button>
        </Form>
      )}
    </AuthCard>
  );
}
