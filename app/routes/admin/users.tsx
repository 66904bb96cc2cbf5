import { data } from "react-router";
import { listRecentAudit } from "~/features/audit/audit-list.server";
import { UsersScreen, type UsersActionResult } from "~/features/auth/components/users-screen";
import { auditActor, requireAdmin, SUPER_ADMIN_ONLY } from "~/features/auth/guard.server";
import { AdminIdSchema, ChangeRoleSchema, InviteStaffSchema } from "~/features/auth/schema";
import {
  changeStaffRole,
  deactivateStaff,
  inviteStaff,
  listStaff,
  reactivateStaff,
  resendSetPasswordLink,
  StaffError,
} from "~/features/auth/users.server";
import { isTwoFactorRequired, resetMemberTwoFactor, setTwoFactorRequired } from "~/features/auth/two-factor.server";
import { pageMeta } from "~/features/seo/meta";
import type { Route } from "./+types/users";
import { readFormData } from "~/utils/form-data.server";

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

const result = (value: UsersActionResult, status = 200) => data(value, { status });

/**
 * intent: invite | role | deactivate | reactivate | resend | reset-two-factor | require-two-factor
 * (`on` = "true" or "false"). Rule breaks come back as a 4xx message.
 */
export async function action({ request }: Route.ActionArgs) {
  const session = await requireAdmin(request, SUPER_ADMIN_ONLY);
  const actor = auditActor(session);
  const form = Object.fromEntries(await readFormData(request));
  try {
    switch (form.intent) {
      case "invite": {
        const parsed = InviteStaffSchema.safeParse(form);
        if (!parsed.success) {
          const errors: Record<string, string[]> = {};
          for (const issue of parsed.error.issues) (errors[String(issue.path[0])] ??= []).push(issue.message);
          return result({ intent: "invite", ok: false, message: "Check the highlighted fields.", errors }, 400);
        }
        await inviteStaff(actor, parsed.data);
        return result({ intent: "invite", ok: true, message: `Invitation sent to ${parsed.data.email}.` });
      }
      case "role": {
        const parsed = ChangeRoleSchema.safeParse(form);
        if (!parsed.success) return result({ intent: "role", ok: false, message: "Choose a role." }, 400);
        await changeStaffRole(actor, parsed.data.adminId, parsed.data.role);
        return result({ intent: "role", ok: true, message: `Role changed to ${parsed.data.role.replace(/_/g, " ")}.` });
      }
      case "require-two-factor": {
        const on = form.on === "true";
        await setTwoFactorRequired(actor, on);
        return result({
          intent: "require-two-factor",
          ok: true,
          message: on ? "Two-factor is now required for all staff." : "Two-factor is no longer required.",
        });
      }
      case "deactivate":
      case "reactivate":
      case "reset-two-factor":
      case "resend": {
        const parsed = AdminIdSchema.safeParse(form);
        if (!parsed.success) return result({ intent: form.intent, ok: false, message: "Unknown member of staff." }, 400);
        if (form.intent === "deactivate") {
          await deactivateStaff(actor, parsed.data.adminId);
          return result({ intent: "deactivate", ok: true, message: "Account deactivated. Their sessions have ended." });
        }
        if (form.intent === "reset-two-factor") {
          await resetMemberTwoFactor(actor, parsed.data.adminId);
          return result({ intent: "reset-two-factor", ok: true, message: "Two-factor reset. They have been told by e-mail." });
        }
        if (form.intent === "reactivate") {
          await reactivateStaff(actor, parsed.data.adminId);
          return result({ intent: "reactivate", ok: true, message: "Account reactivated." });
        }
        await resendSetPasswordLink(actor, parsed.data.adminId);
        return result({ intent: "resend", ok: true, message: "A new set-password link is on its way." });
      }
      default:
        return result({ intent: "unknown", ok: false, message: "Unknown action." }, 400);
    }
  } catch (error) {
    if (error instanceof StaffError) {
      const status = error.code === "not_found" ? 404 : error.code === "email_taken" ? 409 : 400;
      const errors = error.code === "email_taken" ? { email: [error.message] } : undefined;
      return result({ intent: String(form.intent), ok: false, message: error.message, errors }, status);
    }
    throw error;
  }
}

export default function Users({ loaderData }: Route.ComponentProps) {
  return (
    <UsersScreen
      staff={loaderData.staff}
      activity={loaderData.activity}
      currentAdminId={loaderData.currentAdminId}
      requireTwoFactor={loaderData.requireTwoFactor}
    />
  );
}
