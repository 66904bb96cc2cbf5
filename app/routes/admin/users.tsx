import { listRecentAudit } from "~/features/audit/audit-list.server";
import { UsersScreen, type UsersActionResult } from "~/features/auth/components/users-screen";
import { auditActor, requireAdmin } from "~/features/auth/guard.server";
import { SUPER_ADMIN_ONLY } from "~/features/auth/roles";
import { AdminIdSchema, ChangeRoleSchema, InviteStaffSchema } from "~/features/auth/schema";
import { changeStaffRole, deactivateStaff, inviteStaff, listStaff, reactivateStaff, resendSetPasswordLink } from "~/features/auth/users.server";
import { StaffError } from "~/features/auth/accounts.server";
import { isTwoFactorRequired, resetMemberTwoFactor, setTwoFactorRequired } from "~/features/auth/two-factor.server";
import { pageMeta } from "~/features/seo/meta";
import type { Route } from "./+types/users";
import { readFormData } from "~/utils/form-data.server";
import { accept, parseSubmission, refuse, refuseInvalid, refusedFields } from "~/utils/forms";

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "Users", path: "/admin/users", noIndex: true });

/** Super admins only (`docs/design.md` section 6). */
export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireAdmin(request, SUPER_ADMIN_ONLY);
  const [staff, activity, requireTwoFactor] = await Promise.all([
    listStaff(),
    listRecentAudit({ entityTypes: ["admin_user", "user"], limit: 8 }),
    isTwoFactorRequired(),
  ]);
  return { staff, activity, currentAdminId: session.admin.id, requireTwoFactor };
}

/**
 * intent: invite | role | deactivate | reactivate | resend | reset-two-factor | require-two-factor
 * (`on` = "true" or "false"). deactivate and reset-two-factor act only with `confirmed=yes`;
 * without it they change nothing and answer 409 with `confirm` (the member to ask about). Rule
 * breaks come back as a 4xx message.
 */
export async function action({ request }: Route.ActionArgs) {
  const session = await requireAdmin(request, SUPER_ADMIN_ONLY);
  const actor = auditActor(session);
  const form = Object.fromEntries(await readFormData(request));
  try {
    switch (form.intent) {
      case "invite": {
        const parsed = parseSubmission(InviteStaffSchema, form, { message: "Check the highlighted fields." });
        if (!parsed.ok) return refuseInvalid<UsersActionResult>(parsed, { intent: "invite" });
        await inviteStaff(actor, parsed.values);
        return accept<UsersActionResult>({ intent: "invite", message: `Invitation sent to ${parsed.values.email}.` });
      }
      case "role": {
        const parsed = parseSubmission(ChangeRoleSchema, form);
        if (!parsed.ok) return refuse<UsersActionResult>(400, { intent: "role", message: "Choose a role." });
        await changeStaffRole(actor, parsed.values.adminId, parsed.values.role);
        return accept<UsersActionResult>({ intent: "role", message: `Role changed to ${parsed.values.role.replace(/_/g, " ")}.` });
      }
      case "require-two-factor": {
        const on = form.on === "true";
        await setTwoFactorRequired(actor, on);
        return accept<UsersActionResult>({
          intent: "require-two-factor",
          message: on ? "Two-factor is now required for all staff." : "Two-factor is no longer required.",
        });
      }
      case "deactivate":
      case "reactivate":
      case "reset-two-factor":
      case "resend": {
        const parsed = parseSubmission(AdminIdSchema, form);
        if (!parsed.ok) return refuse<UsersActionResult>(400, { intent: form.intent, message: "Unknown member of staff." });
        // Asked first: posted before the page hydrated (or without JavaScript), the row's button
        // comes here unconfirmed and the page answers with the confirmation step.
        if ((form.intent === "deactivate" || form.intent === "reset-two-factor") && form.confirmed !== "yes") {
          return refuse<UsersActionResult>(409, {
            intent: form.intent,
            message: form.intent === "deactivate" ? "Confirm the deactivation." : "Confirm the two-factor reset.",
            confirm: { intent: form.intent, adminId: parsed.values.adminId },
          });
        }
        if (form.intent === "deactivate") {
          await deactivateStaff(actor, parsed.values.adminId);
          return accept<UsersActionResult>({ intent: "deactivate", message: "Account deactivated. Their sessions have ended." });
        }
        if (form.intent === "reset-two-factor") {
          await resetMemberTwoFactor(actor, parsed.values.adminId);
          return accept<UsersActionResult>({ intent: "reset-two-factor", message: "Two-factor reset. They have been told by e-mail." });
        }
        if (form.intent === "reactivate") {
          await reactivateStaff(actor, parsed.values.adminId);
          return accept<UsersActionResult>({ intent: "reactivate", message: "Account reactivated." });
        }
        await resendSetPasswordLink(actor, parsed.values.adminId);
        return accept<UsersActionResult>({ intent: "resend", message: "A new set-password link is on its way." });
      }
      default:
        return refuse<UsersActionResult>(400, { intent: "unknown", message: "Unknown action." });
    }
  } catch (error) {
    if (error instanceof StaffError) {
      const status = error.code === "not_found" ? 404 : error.code === "email_taken" ? 409 : 400;
      const intent = String(form.intent);
      if (error.code === "email_taken") return refuseInvalid<UsersActionResult>(refusedFields({ email: [error.message] }), { intent }, { status });
      return refuse<UsersActionResult>(status, { intent, message: error.message });
    }
    throw error;
  }
}

export default function Users({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <UsersScreen
      staff={loaderData.staff}
      activity={loaderData.activity}
      currentAdminId={loaderData.currentAdminId}
      requireTwoFactor={loaderData.requireTwoFactor}
      reply={actionData}
    />
  );
}
