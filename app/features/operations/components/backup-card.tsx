/**
 * The dashboard's backup card (issue 20, super admins only): when the last good backup was taken,
 * where it is, and a warning when it is more than 26 hours old, missing, or a later one failed.
 */
import { AlertTriangle, DatabaseBackup } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import type { BackupStatus } from "~/features/operations/daily-backup.server";
import { cn } from "~/utils/cn";
import { formatUkDateTime24 } from "~/utils/format";

/** A backup older than this (ms) is flagged: the daily job should have made a newer one. */
const STALE_AFTER_MS = 26 * 60 * 60_000;

/** `status` as read by `getBackupStatus`; `now` is the loader's instant (ISO 8601). */
export function BackupCard({ status, now }: { status: BackupStatus; now: string }) {
  const { lastGood, lastFailure } = status;
  const stale = !lastGood || Date.parse(now) - Date.parse(lastGood.at) > STALE_AFTER_MS;
  const warn = stale || lastFailure !== null;
  return (
    <Card className={cn(warn && "border-amber-300")}>
      <CardHeader className="pb-3">
        <CardTitle className="flex items-center gap-2 text-base">
          {warn ? <AlertTriangle aria-hidden className="size-4 text-amber-700" /> : <DatabaseBackup aria-hidden className="size-4 text-primary" />}
          Backups
        </CardTitle>
        <CardDescription>
          Database and uploads, made daily by the server. Restore one with <code className="text-xs">npm run restore</code>.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-2 text-sm">
        {lastGood ? (
          <p>
            Last good backup: <strong>{formatUkDateTime24(lastGood.at)}</strong>, {(lastGood.bytes / 1024 / 1024).toFixed(1)} MB
            <span className="mt-1 block break-all text-xs text-muted-foreground">{lastGood.location}</span>
          </p>
        ) : (
          <p className="font-medium text-amber-800">No backup has been made yet.</p>
        )}
        {lastGood && stale ? <p className="font-medium text-amber-800">This backup is more than a day old.</p> : null}
        {lastFailure ? (
          <p className="font-medium text-amber-800">
            The backup of {formatUkDateTime24(lastFailure.at)} failed: <span className="break-words font-normal">{lastFailure.error}</span>
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}
