/**
 * The Availability tab of the staff consultations screen: the upcoming slots by date (UK time),
 * each with its Available/Full state and Edit Slot / Delete Slot, and the slot dialogs.
 */
import { useMemo, useState } from "react";
import { CalendarDays, CalendarOff, CalendarPlus, MoreVertical, Pencil, Trash2 } from "lucide-react";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "~/components/ui/dropdown-menu";
import { cn } from "~/utils/cn";
import { formatLongDate, formatTimeRange12, formatWeekdayDate } from "~/utils/format";
import type { AdminSlot } from "../availability.server";
import { AddAvailabilityDialog, CloseDatesDialog, DeleteSlotDialog, EditSlotDialog } from "./slot-dialogs";
import { useResultToast, type Submitter } from "../../core/components/submitter";

/**
 * A slot's state: the spec's Available/Unavailable badge, a "Full" badge when every place is taken,
 * and "n/m booked".
 */
export function SlotBadges({ slot }: { slot: Pick<AdminSlot, "isAvailable" | "currentBookings" | "maxBookings"> }) {
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
      <Badge variant={slot.isAvailable ? "green" : "grey"}>{slot.isAvailable ? "Available" : "Unavailable"}</Badge>
      {slot.currentBookings >= slot.maxBookings ? <Badge variant="red">Full</Badge> : null}
      <span className="tabular-nums">
        {slot.currentBookings}/{slot.maxBookings} booked
      </span>
    </div>
  );
}

/**
 * The Availability tab: upcoming slots grouped by London date, each with its actions, and the
 * dialogs to add, edit, delete and close slots.
 */
export function AvailabilityPanel({ slots, today, submitters }: { slots: AdminSlot[]; today: string; submitters: Record<"single" | "recurring" | "edit" | "remove" | "close", Submitter> }) {
  const [adding, setAdding] = useState(false);
  const [closing, setClosing] = useState(false);
  const [editId, setEditId] = useState<string | null>(null);
  const [deleteId, setDeleteId] = useState<string | null>(null);
  const editing = slots.find((s) => s.id === editId) ?? null;
  const deleting = slots.find((s) => s.id === deleteId) ?? null;

  useResultToast(submitters.single, () => setAdding(false));
  useResultToast(submitters.recurring);
  useResultToast(submitters.edit, () => setEditId(null));
  useResultToast(submitters.remove, () => setDeleteId(null));
  useResultToast(submitters.close, () => setClosing(false));

  const byDate = useMemo(() => {
    const groups = new Map<string, AdminSlot[]>();
    for (const s of slots) groups.set(s.date, [...(groups.get(s.date) ?? []), s]);
    return [...groups.entries()];
  }, [slots]);

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h2 className="text-lg font-semibold">Upcoming availability</h2>
          <p className="text-sm text-muted-foreground">
            {slots.length} {slots.length === 1 ? "slot" : "slots"} from today, UK time
          </p>
        </div>
        <div className="flex gap-2">
          <Button type="button" variant="outline" className="flex-1 sm:flex-none" onClick={() => setClosing(true)}>
            <CalendarOff aria-hidden />
            Close dates
          </Button>
          <Button type="button" className="flex-1 sm:flex-none" onClick={() => setAdding(true)}>
            <CalendarPlus aria-hidden />
            Add Availability
          </Button>
        </div>
      </div>

      {slots.length === 0 ? (
        <Card className="flex flex-col items-center gap-2 px-6 py-12 text-center">
          <CalendarDays className="size-8 text-muted-foreground" aria-hidden />
          <p className="font-medium">No upcoming availability</p>
          <p className="text-sm text-muted-foreground">Add a single slot or a weekly pattern so clients can book a consultation.</p>
        </Card>
      ) : (
        <div className="flex flex-col gap-6">
          {byDate.map(([date, daySlots]) => (
            <section key={date} aria-labelledby={`slots-${date}`} className="flex flex-col gap-2">
              <h3 id={`slots-${date}`} className="text-sm font-semibold text-foreground">
                {formatLongDate(date)}
                {date === today ? <span className="ml-2 font-normal text-muted-foreground">Today</span> : null}
              </h3>
              <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
                {daySlots.map((s) => (
                  <li key={s.id}>
                    <Card className={cn("flex items-start justify-between gap-2 p-4", !s.isAvailable && "bg-muted/60")}>
                      <div className="flex min-w-0 flex-col gap-1.5">
                        <p className="font-medium text-foreground">{formatTimeRange12(s.startTime, s.endTime)}</p>
                        <SlotBadges slot={s} />
                      </div>
                      <DropdownMenu>
                        <DropdownMenuTrigger asChild>
                          <Button type="button" variant="ghost" size="icon" className="-mt-2 -mr-2">
                            <MoreVertical aria-hidden />
                            <span className="sr-only">
                              Slot actions for {formatWeekdayDate(s.date)}, {formatTimeRange12(s.startTime, s.endTime)}
                            </span>
                          </Button>
                        </DropdownMenuTrigger>
                        <DropdownMenuContent align="end">
                          <DropdownMenuItem onSelect={() => setEditId(s.id)}>
                            <Pencil aria-hidden />
                            Edit Slot
                          </DropdownMenuItem>
                          <DropdownMenuItem onSelect={() => setDeleteId(s.id)} className="text-destructive">
                            <Trash2 aria-hidden />
                            Delete Slot
                          </DropdownMenuItem>
                        </DropdownMenuContent>
                      </DropdownMenu>
                    </Card>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}

      <AddAvailabilityDialog open={adding} onOpenChange={setAdding} today={today} single={submitters.single} recurring={submitters.recurring} />
      <CloseDatesDialog open={closing} onOpenChange={setClosing} today={today} submitter={submitters.close} />
      <EditSlotDialog slot={editing} onOpenChange={(open) => !open && setEditId(null)} today={today} submitter={submitters.edit} />
      <DeleteSlotDialog slot={deleting} onOpenChange={(open) => !open && setDeleteId(null)} submitter={submitters.remove} />
    </div>
  );
}
