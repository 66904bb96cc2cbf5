/**
 * /admin/consultations/waiting-list: the waiting lists per consultation type (ADR 44). Managers
 * only (super_admin, admin). The action offers a free time by hand (`intent=offer`, `entryId`,
 * `slotId`: the same e-mail the worker sends) or removes an entry (`intent=remove`, `entryId`).
 */
import { data } from "react-router";
import { z } from "zod";
import { auditActor, requireAdmin } from "~/features/auth/guard.server";
import { MANAGER_ROLES } from "~/features/auth/roles";
import { WaitingListAdminScreen, type WaitingListAdminReply } from "~/features/consultations/waiting-list/components/waiting-list-admin";
import { removeEntry, waitingListDays, listWaitingLists, offerTimeByHand } from "~/features/consultations/waiting-list/index.server";
import { pageMeta } from "~/features/seo/meta";
import { readFormData } from "~/utils/form-data.server";
import { accept, parseSubmission, refuse, refuseInvalid } from "~/utils/forms";
import type { Route } from "./+types/consultation-waiting-list";

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "Waiting list", path: "/admin/consultations/waiting-list", noIndex: true });

/** Every type's waiting list and the days an entry may name, never cached. Managers only. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request, MANAGER_ROLES);
  const [lists, days] = await Promise.all([listWaitingLists(new Date()), waitingListDays()]);
  return data({ lists, days }, { headers: { "Cache-Control": "private, no-store" } });
}

const postSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("offer"), entryId: z.uuid("Choose a person."), slotId: z.uuid("Choose a free time to offer.") }),
  z.object({ intent: z.literal("remove"), entryId: z.uuid("Choose a person.") }),
]);

/**
 * `intent=offer` (`entryId`, `slotId`) or `intent=remove` (`entryId`): 400 with field errors for
 * an id that is not one, 404 for an entry no longer on the list, the offer's refusal status and
 * message (`offerTimeByHand`). Managers only.
 */
export async function action({ request }: Route.ActionArgs) {
  const session = await requireAdmin(request, MANAGER_ROLES);
  const parsed = parseSubmission(postSchema, await readFormData(request));
  if (!parsed.ok) return refuseInvalid<WaitingListAdminReply>(parsed);
  const v = parsed.values;
  if (v.intent === "remove") {
    return (await removeEntry(auditActor(session), v.entryId))
      ? accept<WaitingListAdminReply>({ message: "Removed from the waiting list." })
      : refuse<WaitingListAdminReply>(404, { message: "That person is no longer on the waiting list." });
  }
  const result = await offerTimeByHand(auditActor(session), { entryId: v.entryId, slotId: v.slotId });
  return result.ok
    ? accept<WaitingListAdminReply>({ message: "Offer sent: the person is e-mailed a link to that time." })
    : refuse<WaitingListAdminReply>(result.status, { message: result.message });
}

export default function ConsultationWaitingList({ loaderData, actionData }: Route.ComponentProps) {
  return <WaitingListAdminScreen lists={loaderData.lists} days={loaderData.days} reply={actionData} />;
}
