/**
 * The red notice of a mailbox that cannot be read: visitors' replies to enquiries stop arriving
 * until it is fixed, so the settings screen and the dashboard say so plainly, with the reason.
 */
import { TriangleAlert } from "lucide-react";
import { Link } from "react-router";
import { formatUkDate, formatUkTime12 } from "~/utils/format";

/**
 * Says since when (`since`, ISO 8601, shown in UK time) the mailbox has failed and why
 * (`reason`), and what to do (`fix`): follow a link to Settings > Mailbox (those who may open it),
 * correct the form below (on that screen), or ask a super admin.
 */
export function FailingMailboxNotice({ reason, since, fix }: { reason: string; since: string; fix: "link" | "form" | "ask" }) {
  return (
    <div role="alert" className="flex gap-3 rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-900">
      <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
      <div className="min-w-0 space-y-1 break-words">
        <p className="font-medium">The mailbox cannot be read: visitors&apos; replies to enquiries are not arriving.</p>
        <p>
          {reason} Failing since {formatUkDate(since)} at {formatUkTime12(since)}.
        </p>
        {fix === "link" ? (
          <p>
            <Link to="/admin/settings/mailbox" className="font-medium underline underline-offset-2">
              Check the mailbox settings
            </Link>
          </p>
        ) : (
          <p>{fix === "form" ? "Correct the settings below and save: the mailbox is checked before saving." : "A super admin can correct it in Settings > Mailbox."}</p>
        )}
      </div>
    </div>
  );
}
