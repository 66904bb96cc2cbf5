/**
 * The erasure confirmation: names what will be anonymised, and, when the person has
 * upcoming bookings, asks staff to agree to cancel them and notify the person before erasing.
 */
import { Trash2 } from "lucide-react";
import { useState } from "react";
import { useSubmit } from "react-router";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { Button } from "~/components/ui/button";
import type { SubjectSummary } from "../subject-access-summary.server";

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function EraseDialog({ summary, busy }: { summary: SubjectSummary; busy: boolean }) {
  const submit = useSubmit();
  const [open, setOpen] = useState(false);
  const [agreed, setAgreed] = useState(false);
  const p = summary.preview;
  const future = p.futureBookings;
  const lines = [
    p.enquiries > 0 ? plural(p.enquiries, "enquiry", "enquiries") : null,
    p.bookings > 0 ? plural(p.bookings, "booking", "bookings") : null,
    p.waitingList > 0 ? `${plural(p.waitingList, "waiting-list entry", "waiting-list entries")} (deleted)` : null,
    p.emails > 0
      ? `${plural(p.emails, "e-mail", "e-mails")}${p.pendingEmails > 0 ? ` (${p.pendingEmails} not yet sent: withdrawn, never sent)` : ""}`
      : null,
    p.auditEntries > 0 ? `${plural(p.auditEntries, "audit log entry", "audit log entries")} (personal details removed)` : null,
  ].filter((l): l is string => l !== null);

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setAgreed(false);
      }}
      trigger={
        <Button variant="destructive" disabled={busy}>
          <Trash2 aria-hidden /> Erase personal data
        </Button>
      }
      className="max-w-lg"
      title={`Erase the personal data of ${summary.email}?`}
      description="Names, e-mail addresses, phone numbers, companies, messages and notes are removed from these records in one step. Dates, statuses and types stay, so statistics and slot counts remain right. This cannot be undone."
      confirm={
        <Button
          variant="destructive"
          disabled={busy || (future > 0 && !agreed)}
          onClick={() => {
            submit(
              {
                intent: "erase",
                email: summary.email,
                expectedFutureBookings: String(future),
                cancelFutureBookings: agreed ? "on" : "",
              },
              { method: "post" },
            );
            setOpen(false);
            setAgreed(false);
          }}
        >
          <Trash2 aria-hidden /> Erase
        </Button>
      }
    >
      <ul className="list-disc space-y-1 pl-5 text-sm" aria-label="What will be anonymised">
        {lines.map((l) => (
          <li key={l}>{l}</li>
        ))}
      </ul>
      {future > 0 ? (
        <div className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
          <p>
            {summary.email} has {plural(future, "upcoming booking", "upcoming bookings")}. {future === 1 ? "It" : "They"} must be
            cancelled before erasing: the place is freed and the usual cancellation e-mail is sent, then erased once sent.
          </p>
          <label className="mt-3 flex items-start gap-2 font-medium">
            <input
              type="checkbox"
              className="mt-0.5 size-4 accent-red-700"
              checked={agreed}
              onChange={(e) => setAgreed(e.target.checked)}
            />
            Cancel {plural(future, "future booking", "future bookings")} and notify
          </label>
        </div>
      ) : null}
    </ConfirmDialog>
  );
}
