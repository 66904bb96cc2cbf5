import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import type { AuditListEntry } from "../audit-list.server";
import { describeAuditEntry } from "../describe";
import { formatUkDayTime12 } from "~/utils/format";

/** A short "Recent activity" list of audit entries: who did what, when (UK time). */
export function RecentActivity({ entries, emptyText, icon }: { entries: AuditListEntry[]; emptyText: string; icon?: React.ReactNode }) {
  return (
    <Card>
      <CardHeader className="pb-4">
        <CardTitle className="flex items-center gap-2">
          {icon}
          Recent activity
        </CardTitle>
        <CardDescription>Recorded in the audit log</CardDescription>
      </CardHeader>
      <CardContent>
        {entries.length === 0 ? (
          <p className="text-sm text-muted-foreground">{emptyText}</p>
        ) : (
          <ol className="space-y-3">
            {entries.map((entry) => (
              <li key={entry.id} className="border-l-2 border-primary/30 pl-3 text-sm">
                <p>
                  <span className="font-medium">{entry.actorEmail ?? "System"}</span> {describeAuditEntry(entry)}
                </p>
                <time dateTime={entry.createdAt} className="text-xs text-muted-foreground">
                  {formatUkDayTime12(entry.createdAt)}
                </time>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
