/**
 * Your account (/admin/account): the signed-in member of staff's own details and their private
 * calendar feed (issue 12). Every staff role reaches it from the sidebar.
 */
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { AdminPageHeader } from "~/features/admin/components/page-header";
import type { CalendarFeedState } from "~/features/consultations/calendar-feed.server";
import { CalendarFeedCard, type CalendarFeedResult } from "~/features/consultations/components/calendar-feed-card";
import { roleLabel, type AdminRole } from "../roles";

/** The page: a header, the account's name, e-mail and role, and the calendar feed section. */
export function AccountScreen({
  admin,
  feed,
  personal,
  result,
}: {
  admin: { name: string; email: string; role: AdminRole };
  feed: CalendarFeedState;
  /** Whether the feed shows visitors' details (roles that may open consultations). */
  personal: boolean;
  /** The answer of a plain (no JavaScript) post. */
  result?: CalendarFeedResult;
}) {
  return (
    <>
      <AdminPageHeader title="Your account" description="Your details, and your private calendar feed of consultations." />
      <div className="grid max-w-3xl gap-6">
        <Card>
          <CardHeader className="pb-2">
            <CardTitle>Your details</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="grid gap-3 text-sm sm:grid-cols-3">
              <div className="min-w-0">
                <dt className="text-muted-foreground">Name</dt>
                <dd className="truncate font-medium">{admin.name}</dd>
              </div>
              <div className="min-w-0">
                <dt className="text-muted-foreground">E-mail</dt>
                <dd className="truncate font-medium">{admin.email}</dd>
              </div>
              <div>
                <dt className="text-muted-foreground">Role</dt>
                <dd className="font-medium capitalize">{roleLabel(admin.role)}</dd>
              </div>
            </dl>
          </CardContent>
        </Card>
        <CalendarFeedCard state={feed} personal={personal} result={result} />
      </div>
    </>
  );
}
