/**
 * The staff portal's waiting lists (ADR 44), at /admin/consultations/waiting-list: one card per
 * consultation type with its entries in the order they joined (who, the days and times that suit
 * them, when they joined and expire, the times offered so far), a form per entry to offer a free
 * time of that type by hand (the same e-mail the worker sends) and Remove. Times are UK time, in
 * the admin's 12-hour style.
 */
import { BellRing, Send, Trash2 } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { AdminPageHeader, ReplyStatus } from "~/components/admin-page-header";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { NativeSelect } from "~/components/ui/input";
import { formatDayName, formatShortDate, formatTime12, formatUkDate, formatWeekdayDate } from "~/utils/format";
import type { ActionReply } from "~/utils/forms";
import type { StaffWaitingEntry, StaffWaitingList } from "../offers.server";

/** The reply of the page's posts: an offer made or an entry removed, or why not. */
export type WaitingListAdminReply = ActionReply;

const PART_NAMES: Record<string, string> = { morning: "mornings", afternoon: "afternoons", evening: "evenings" };
const WEEKDAY_DATES = ["2024-01-01", "2024-01-02", "2024-01-03", "2024-01-04", "2024-01-05", "2024-01-06", "2024-01-07"];

/** "Mon, Wed · mornings, evenings": the days and parts of the day that suit an entry. */
function windowWords(e: StaffWaitingEntry): string {
  const days = e.weekdays.length === 7 ? "every day" : e.weekdays.map((d) => formatDayName(WEEKDAY_DATES[d - 1]!).slice(0, 3)).join(", ");
  return `${days} · ${e.dayParts.map((p) => PART_NAMES[p] ?? p).join(", ")}`;
}

function EntryRow({ entry, list, busy }: { entry: StaffWaitingEntry; list: StaffWaitingList; busy: boolean }) {
  const offered = new Set(entry.offers.map((o) => `${o.slotDate} ${o.slotStartTime}`));
  const choices = list.freeTimes.filter((t) => t.date >= entry.dateFrom && t.date <= entry.dateTo && !offered.has(`${t.date} ${t.startTime}`));
  return (
    <li className="grid gap-3 py-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)] lg:gap-6">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-medium">{entry.name}</span>
          <span className="break-all text-sm text-muted-foreground">{entry.email}</span>
          {entry.language !== "en" ? <Badge variant="grey">{entry.language.toUpperCase()}</Badge> : null}
        </p>
        <p className="mt-1 text-sm">
          {formatShortDate(entry.dateFrom)} to {formatShortDate(entry.dateTo)} · {windowWords(entry)}
        </p>
        <p className="mt-1 text-xs text-muted-foreground">
          Joined {formatUkDate(entry.createdAt)} · expires {formatUkDate(entry.expiresAt)}
          {entry.offers.length > 0
            ? ` · offered ${entry.offers.map((o) => `${formatWeekdayDate(o.slotDate)} ${formatTime12(o.slotStartTime)}${o.byStaff ? " (by staff)" : ""}`).join("; ")}`
            : " · not offered a time yet"}
        </p>
      </div>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <Form method="post" className="flex min-w-0 flex-1 flex-col gap-2 sm:flex-row sm:items-end">
          <input type="hidden" name="intent" value="offer" />
          <input type="hidden" name="entryId" value={entry.id} />
          <label className="flex min-w-0 flex-1 flex-col gap-1 text-sm">
            <span className="text-muted-foreground">Offer a free time</span>
            <NativeSelect name="slotId" required disabled={choices.length === 0} aria-label={`Free time to offer ${entry.name}`}>
              {choices.length === 0 ? <option value="">No free time in their dates</option> : null}
              {choices.map((t) => (
                <option key={t.id} value={t.id}>
                  {formatWeekdayDate(t.date)}, {formatTime12(t.startTime)}
                </option>
              ))}
            </NativeSelect>
          </label>
          <Button type="submit" size="sm" disabled={busy || choices.length === 0}>
            <Send aria-hidden /> Offer
          </Button>
        </Form>
        <Form method="post">
          <input type="hidden" name="intent" value="remove" />
          <input type="hidden" name="entryId" value={entry.id} />
          <Button type="submit" size="sm" variant="outline" disabled={busy} aria-label={`Remove ${entry.name} from the waiting list`}>
            <Trash2 aria-hidden /> Remove
          </Button>
        </Form>
      </div>
    </li>
  );
}

/** The page: a card per type with people waiting, or an empty state. */
export function WaitingListAdminScreen({ lists, days, reply }: { lists: StaffWaitingList[]; days: number; reply: WaitingListAdminReply | undefined }) {
  const busy = useNavigation().state !== "idle";
  return (
    <div className="mx-auto w-full max-w-7xl">
      <AdminPageHeader
        title="Waiting list"
        description={`Visitors who found no time that suits, by consultation type, in the order they joined. They are e-mailed when a time in their dates frees up; entries expire after ${days} days (Data protection).`}
        back={{ to: "/admin/consultations", label: "Back to consultations" }}
      />
      <ReplyStatus reply={reply} />
      {lists.length === 0 ? (
        <Card>
          <CardContent className="flex flex-col items-center gap-2 py-12 text-center">
            <BellRing aria-hidden className="size-8 text-muted-foreground" />
            <p className="font-medium">Nobody is waiting.</p>
            <p className="text-sm text-muted-foreground">Visitors can join from the booking wizard&apos;s time step when no time suits them.</p>
          </CardContent>
        </Card>
      ) : (
        <div className="flex flex-col gap-6">
          {lists.map((list) => (
            <Card key={list.typeId}>
              <CardHeader className="pb-0">
                <CardTitle className="text-lg">{list.typeName}</CardTitle>
                <CardDescription>
                  {list.entries.length} waiting · {list.freeTimes.length} free {list.freeTimes.length === 1 ? "time" : "times"} of this type in the booking window
                </CardDescription>
              </CardHeader>
              <CardContent>
                <ol className="divide-y">
                  {list.entries.map((entry) => (
                    <EntryRow key={entry.id} entry={entry} list={list} busy={busy} />
                  ))}
                </ol>
              </CardContent>
            </Card>
          ))}
        </div>
      )}
    </div>
  );
}
