import { data, Link } from "react-router";
import { z } from "zod";
import { AdminPageHeader } from "~/components/admin-page-header";
import { auditActor, requireAdmin } from "~/features/auth/guard.server";
import { MANAGER_ROLES } from "~/features/auth/roles";
import { EngineerCard } from "~/features/consultations/engineers/components/engineer-card";
import { EngineerProfileSchema, type EngineerProfileReply } from "~/features/consultations/engineers/engineer-schema";
import { getEngineerCandidate, getEngineerProfile, listTypesForEngineers, saveEngineerProfile } from "~/features/consultations/engineers/index.server";
import { pageMeta } from "~/features/seo/meta";
import { readFormData } from "~/utils/form-data.server";
import { accept, parseSubmission, refuse, refuseInvalid } from "~/utils/forms";
import type { Route } from "./+types/user-consultations";

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "Consultations", path: "/admin/users", noIndex: true });

/** The member of staff of the URL, when they may take consultations (active, not an editor); 404 otherwise. */
async function memberOf(id: string) {
  const parsed = z.uuid().safeParse(id);
  const member = parsed.success ? await getEngineerCandidate(parsed.data) : null;
  if (!member) {
    throw data("No active member of staff who can take consultations has this address.", { status: 404 });
  }
  return member;
}

/** A member of staff's consultations (types, hours, days off, room), edited by an admin. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request, MANAGER_ROLES);
  const member = await memberOf(params.id);
  const [profile, types] = await Promise.all([getEngineerProfile(member.id), listTypesForEngineers()]);
  return { member: { name: member.name, email: member.email }, profile, types };
}

/** intent engineer-save: 400 with field errors for bad input. */
export async function action({ request, params }: Route.ActionArgs) {
  const session = await requireAdmin(request, MANAGER_ROLES);
  const member = await memberOf(params.id);
  const form = await readFormData(request);
  if (form.get("intent") !== "engineer-save") return refuse<EngineerProfileReply>(400, { intent: "engineer-save", message: "Unknown action." });
  const input = parseSubmission(EngineerProfileSchema, form, { message: "Check the highlighted fields.", lists: ["typeIds"] });
  if (!input.ok) return refuseInvalid<EngineerProfileReply>(input, { intent: "engineer-save" });
  await saveEngineerProfile(auditActor(session), member.id, input.values);
  return accept<EngineerProfileReply>({ intent: "engineer-save", message: `Consultations saved for ${member.name}` });
}

export default function UserConsultations({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <AdminPageHeader title={`Consultations: ${loaderData.member.name}`} description={`What ${loaderData.member.email} takes, and when.`} />
      <div className="grid max-w-3xl gap-6">
        <p className="text-sm">
          <Link to="/admin/users" className="font-medium text-primary underline underline-offset-2">
            Back to Users
          </Link>
        </p>
        <EngineerCard self={false} profile={loaderData.profile} types={loaderData.types} result={actionData ?? null} />
      </div>
    </>
  );
}
