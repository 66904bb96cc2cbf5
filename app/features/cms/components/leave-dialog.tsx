import type { Blocker } from "react-router";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { Button } from "~/components/ui/button";

/** The "leave without saving?" question shown while a blocker holds a navigation. */
export function LeaveDialog({ blocker }: { blocker: Blocker }) {
  return (
    <ConfirmDialog
      open={blocker.state === "blocked"}
      onOpenChange={(open) => !open && blocker.reset?.()}
      title="Leave without saving?"
      description="You have unsaved changes. If you leave this page now, they will be lost."
      cancelLabel="Stay on this page"
      confirm={
        <Button variant="destructive" onClick={() => blocker.proceed?.()}>
          Leave and discard changes
        </Button>
      }
    />
  );
}
