import { getDashboardData, getSidebarCounts } from "~/features/admin/admin.server";
import { QuickActions, RecentEnquiries, ServiceDistribution, StatCards } from "~/features/admin/components/dashboard";
import { AdminPageHeader } from "~/components/admin-page-header";
import { FailingCalendarsNotice } from "~/features/calendars/components/failing-calendars-notice";
import { listFailingCalendars } from "~/features/calendars/connections.server";
import { requireAdmin } from "~/features/auth/guard.server";
import { MANAGER_ROLES, roleAllows, SUPER_ADMIN_ONLY } from "~/features/auth/roles";
import { listUpcomingConsultations } from "~/features/consultations/bookings/index.server";
import { UpcomingConsultations } from "~/features/consultations/bookings/components/upcoming-consultations";
import { londonToday } from "~/utils/time";
import { FailingMailboxNotice } from "~/features/enquiries/components/failing-mailbox-notice";
import { ResponsePromiseCard } from "~/features/enquiries/components/response-card";
import { getMailboxFailure } from "~/features/enquiries/mailbox.server";
import { getResponseStats } from "~/features/enquiries/promise.server";
import { BackupCard } from "~/features/operations/components/backup-card";
import { getBackupStatus } from "~/features/operations/daily-backup.server";
import { pageMeta } from "~/features/seo/meta";
import type { Route } from "./+types/dashboard";

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "Dashboard", path: "/admin/dashboard", noIndex: true });

/**
 * Spec "Dashboard": every staff role. Editors may not see enquiries, so they get counts only and
 * no enquiry personal data. Managers also see the 24-hour promise (overdue count,
 * 30-day median response time) and today's and the next seven days' consultations.
 * Super admins also see the last good backup. Staff calendars that cannot be read are named at the
 * top (managers see everyone's, others their own), and managers see a mailbox that cannot be read.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireAdmin(request);
  const isManager = roleAllows(session.admin.role, MANAGER_ROLES);
  const isSuperAdmin = roleAllows(session.admin.role, SUPER_ADMIN_ONLY);
  const now = new Date();
  const [dashboard, counts, promise, consultations, backups, failingCalendars, mailboxFailure] = await Promise.all([
    getDashboardData({ includeRecent: isManager }),
    isManager ? getSidebarCounts(now) : Promise.resolve(null),
    isManager ? getResponseStats(now) : Promise.resolve(null),
    isManager ? listUpcomingConsultations(now) : Promise.resolve(null),
    isSuperAdmin ? getBackupStatus() : Promise.resolve(null),
    listFailingCalendars(now),
    isManager ? getMailboxFailure() : Promise.resolve(null),
  ]);
  const calendars = { failing: failingCalendars.filter((f) => isManager || f.userId === session.user.id), ownUserId: session.user.id };
  return { ...dashboard, calendars, counts, isManager, isSuperAdmin, promise, consultations, today: londonToday(now), backups, now: now.toISOString(), mailboxFailure };
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { stats, recent, distribution, counts, isManager, isSuperAdmin, promise, consultations, today, backups, now, calendars, mailboxFailure } = loaderData;
  return (
    <>
      <AdminPageHeader title="Dashboard" description="Today's enquiries and content at a glance." />
      <div className="space-y-6">
        <FailingCalendarsNotice failing={calendars.failing} ownUserId={calendars.ownUserId} />
        {mailboxFailure ? <FailingMailboxNotice reason={mailboxFailure.reason} since={mailboxFailure.since} fix={isSuperAdmin ? "link" : "ask"} /> : null}
        <StatCards stats={stats} />
        {promise && consultations ? (
          <div className="grid items-start gap-6 lg:grid-cols-2">
            <ResponsePromiseCard stats={promise} />
            <UpcomingConsultations consultations={consultations} today={today} />
          </div>
        ) : null}
        {recent ? (
          <div className="grid gap-6 lg:grid-cols-3">
            <div className="min-w-0 lg:col-span-2">
              <RecentEnquiries recent={recent} />
            </div>
            <div className="min-w-0 space-y-6">
              <ServiceDistribution distribution={distribution} />
              <QuickActions showManagement={isManager} counts={counts} />
              {backups ? <BackupCard status={backups} now={now} /> : null}
            </div>
          </div>
        ) : (
          <div className="grid gap-6 md:grid-cols-2 [&>*]:min-w-0">
            <ServiceDistribution distribution={distribution} />
            <QuickActions showManagement={isManager} counts={counts} />
          </div>
        )}
      </div>
    </>
  );
}
