/**
 * The toast of an action's reply (`ActionReply` of `~/utils/forms`): a success toasts its
 * `message` (when it has one), a refusal toasts `message` with `description` as the second line.
 * Once per reply: a new reply object is a new toast.
 */
import { useEffect } from "react";
import type { AnyReply } from "~/utils/forms";
import { toast } from "./ui/toast";

/** Shows `reply` as a toast once; `id` names the toast (sonner replaces a toast of the same id). */
export function useReplyToast(reply: AnyReply | null | undefined, id: string) {
  useEffect(() => {
    if (!reply) return;
    const key = `${id}-${reply.intent ?? ""}-${Date.now()}`;
    if (reply.ok) {
      if (reply.message) toast.success(reply.message, { id: key, description: reply.description });
    } else toast.error(reply.message, { id: `${key}-error`, description: reply.description });
  }, [reply, id]);
}
