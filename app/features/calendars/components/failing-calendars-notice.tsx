/**
 * The dashboard's line about staff calendars that cannot be read: while one is failing, no
 * consultations are offered with its owner, so staff should know at once. Shows nothing when
 * every calendar reads.
 */
import { TriangleAlert } from "lucide-react";
import { Link } from "react-router";

/**
 * A red notice naming each member whose calendar is failing, with the last error; `ownUserId`'s
 * own entry says "Your calendar" and links to Your account.
 */
export function FailingCalendarsNotice({ failing, ownUserId }: { failing: { userId: string; name: string; lastError: string | null }[]; ownUserId: string }) {
  if (failing.length === 0) return null;
  return (
    <div role="alert" className="flex gap-3 rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-900">
      <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
      <div className="space-y-1">
        <p className="font-medium">
          {failing.length === 1 ? "A calendar cannot be read" : `${failing.length} calendars cannot be read`}: no consultations are offered with{" "}
          {failing.length === 1 ? "its owner" : "their owners"} until it reads again.
        </p>
        <ul className="space-y-0.5">
          {failing.map((f) => (
            <li key={f.userId}>
              {f.userId === ownUserId ? (
                <Link to="/admin/account" className="font-medium underline underline-offset-2">
                  Your calendar
                </Link>
              ) : (
                <span className="font-medium">{f.name}</span>
              )}
              {f.lastError ? `: ${f.lastError}` : ""}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
