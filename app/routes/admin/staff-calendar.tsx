import { data } from "react-router";
import { AdminPageHeader } from "~/components/admin-page-header";
import { auditActor, requireAdmin } from "~/features/auth/guard.server";
import { MANAGER_ROLES } from "~/features/auth/roles";
import { calendarConnectionAction } from "~/features/calendars/actions.server";
import { queueUpcomingCalendarWrites } from "~/features/consultations/engineers/index.server";
import { CalendarConnectionCard } from "~/features/calendars/components/calendar-connection-card";
import { getCalendarConnection } from "~/features/calendars/connections.server";
import { findCalendarOwner } from "~/features/calendars/members.server";
import { isCalendarConnectionIntent, type CalendarConnectionResult } from "~/features/calendars/types";
import { pageMeta } from "~/features/seo/meta";
import { readFormData } from "~/utils/form-data.server";
import { refuse } from "~/utils/forms";
import type { Route } from "./+types/staff-calendar";

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "Staff calendar", path: "/admin/users", noIndex: true });

/**
 * Another member's calendar (connect, refresh, disconnect for them), for managers: an admin
 * setting up an engineer. 404 for an unknown member.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const session = await requireAdmin(request, MANAGER_ROLES);
  const member = await findCalendarOwner(params.id);
  if (!member) throw data("Not found", { status: 404 });
  return { member: { userId: member.userId, name: member.name, isActive: member.isActive }, own: member.userId === session.user.id, state: await getCalendarConnection(member.userId) };
}

/** The calendar card's intents for this member; 400 for any other, 404 for an unknown member. */
export async function action({ request, params }: Route.ActionArgs) {
  const session = await requireAdmin(request, MANAGER_ROLES);
  const member = await findCalendarOwner(params.id);
  if (!member) throw data("Not found", { status: 404 });
  const form = Object.fromEntries(await readFormData(request));
  if (!isCalendarConnectionIntent(form.intent)) return refuse<CalendarConnectionResult>(400, { intent: null, message: "Unknown action. Refresh the page and try again." });
  return calendarConnectionAction(auditActor(session), member.userId, form.intent, form, { onConnected: queueUpcomingCalendarWrites });
}

export default function StaffCalendar({ loaderData, actionData }: Route.ComponentProps) {
  const { member, own, state } = loaderData;
  return (
    <>
      <AdminPageHeader
        title={`${member.name}'s calendar`}
        description={member.isActive ? "Read for the times they are busy, so visitors are not offered them; bookings are written into a CalDAV calendar." : "This account is deactivated."}
        back={{ to: "/admin/users", label: "Back to Users" }}
      />
      <div className="grid max-w-3xl gap-6">
        <CalendarConnectionCard userId={member.userId} state={state} own={own} name={member.name} result={actionData ?? null} />
      </div>
    </>
  );
}
