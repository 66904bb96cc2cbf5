import { MailCheck } from "lucide-react";
import { Form, redirect, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { AuthCard } from "~/features/auth/components/auth-page-frame";
import { FormAlert } from "~/features/auth/components/form-alert";
import { requireAdmin } from "~/features/auth/guard.server";
import { confirmEmailChange } from "~/features/auth/self-service.server";
import { pageMeta } from "~/features/seo/meta";
import { readFormData } from "~/utils/form-data.server";
import { refuse } from "~/utils/forms";
import { privateHydrateHandle } from "~/utils/page-mode";
import type { Route } from "./+types/confirm-email";

/** Hydrated (ADR "Content pages without React"), and never shown to analytics. */
export const handle = privateHydrateHandle;

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "Confirm your new e-mail address", path: "/admin/confirm-email", noIndex: true });

export function headers() {
  return { "X-Robots-Tag": "noindex, nofollow", "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" };
}

/**
 * The link mailed to a new address. Opening it needs the account's session (sign in
 * first, then you come back here); the change happens only on the button's POST, so a mail
 * scanner fetching the link changes nothing.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireAdmin(request);
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return { token, currentEmail: session.admin.email };
}

/** Confirms the change: 400 for an invalid, used or expired link, 403 for another account's link. */
export async function action({ request }: Route.ActionArgs) {
  const session = await requireAdmin(request);
  const form = await readFormData(request);
  const token = String(form.get("token") ?? "");
  if (!token || token.length > 2000) return refuse(400, { message: "This link is incomplete. Open the link from your e-mail again." });
  const result = await confirmEmailChange(session, token, request);
  if (!result.ok) return refuse(result.status, { message: result.message });
  return redirect("/admin/account?emailChanged=1");
}

export default function ConfirmEmail({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const pending = navigation.state !== "idle";
  return (
    <AuthCard back={{ to: "/admin/account", label: "Back to your account" }}
      icon={MailCheck}
      title="Confirm your new e-mail address"
      description={
        <>
          You sign in as <span className="break-all font-medium text-foreground">{loaderData.currentEmail}</span>. Confirm to
          sign in with the new address from now on; the old address will be told.
        </>
      }
    >
      {actionData && !actionData.ok ? <FormAlert tone="error">{actionData.message}</FormAlert> : null}
      {loaderData.token ? (
        <Form method="post" className="mt-6">
          <input type="hidden" name="token" value={loaderData.token} />
          <Button type="submit" size="lg" className="w-full" disabled={pending}>
            {pending ? "Confirming..." : "Confirm new address"}
          </Button>
        </Form>
      ) : (
        <FormAlert tone="error">This link is incomplete. Open the link from your e-mail again.</FormAlert>
      )}
    </AuthCard>
  );
}
