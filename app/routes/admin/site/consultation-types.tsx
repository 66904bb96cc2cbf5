import { z } from "zod";
import { auditActor, requireAdmin } from "~/features/auth/guard.server";
import { MANAGER_ROLES } from "~/features/auth/roles";
import { ConsultationTypesScreen } from "~/features/consultations/types/components/consultation-types-screen";
import { ConsultationTypeSchema, deactivationConsequence, type ConsultationTypeReply } from "~/features/consultations/types/types-admin";
import {
  createConsultationType,
  deleteConsultationType,
  listConsultationTypes,
  moveConsultationType,
  type TypeChangeError,
  updateConsultationType,
} from "~/features/consultations/types/index.server";
import { pageMeta } from "~/features/seo/meta";
import { readFormData } from "~/utils/form-data.server";
import { accept, parseSubmission, refuse, refuseInvalid, type FieldErrors } from "~/utils/forms";
import type { Route } from "./+types/consultation-types";

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "Consultation types", path: "/admin/site/consultation-types", noIndex: true });

/** Admin > Site > Consultation types: every type in the wizard's order. Admins and super admins. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request, MANAGER_ROLES);
  return { types: await listConsultationTypes() };
}

const REFUSALS: Record<Exclude<TypeChangeError, "upcoming_bookings">, { status: number; message: string; description: string }> = {
  missing: { status: 404, message: "Consultation type not found", description: "Someone may have deleted it. Reload the page." },
  duplicate_name: { status: 409, message: "That name is taken", description: "Another consultation type has this name. Choose a different one." },
  has_bookings: { status: 409, message: "This type has bookings", description: "A type with bookings cannot be deleted. Deactivate it instead: the wizard stops offering it." },
};

/**
 * intent create | update (id + fields; `confirmDeactivate=on` to deactivate a type with upcoming
 * bookings) | up | down | delete (id). 400 bad input, 404 missing, 409 name taken, type in use,
 * or a deactivation that needs confirming (the field error says what happens to the bookings).
 */
export async function action({ request }: Route.ActionArgs) {
  const session = await requireAdmin(request, MANAGER_ROLES);
  const actor = auditActor(session);
  const form = await readFormData(request);
  const intent = String(form.get("intent") ?? "");
  const id = z.uuid().safeParse(form.get("id"));
  const fail = (status: number, body: { message: string; description?: string; fieldErrors?: FieldErrors; id?: string }) =>
    refuse<ConsultationTypeReply>(status, { intent, ...body });
  if (intent !== "create" && !id.success) return fail(400, { message: "Invalid request", description: "Reload the page and try again." });
  let outcome;
  if (intent === "create" || intent === "update") {
    const parsed = parseSubmission(ConsultationTypeSchema, form, { message: "Check the highlighted fields" });
    if (!parsed.ok) return refuseInvalid<ConsultationTypeReply>(parsed, { intent, id: id.success ? id.data : undefined });
    outcome =
      intent === "create"
        ? await createConsultationType(actor, parsed.values)
        : await updateConsultationType(actor, id.data!, parsed.values, { confirmDeactivation: form.get("confirmDeactivate") === "on" });
  } else if (intent === "up" || intent === "down") {
    outcome = await moveConsultationType(actor, id.data!, intent);
  } else if (intent === "delete") {
    outcome = await deleteConsultationType(actor, id.data!);
  } else {
    return fail(400, { message: "Invalid request", description: "Reload the page and try again." });
  }
  if (!outcome.ok && outcome.reason === "upcoming_bookings") {
    return fail(409, {
      message: "Confirm the deactivation",
      description: "Read what happens to the upcoming bookings, then tick the box to deactivate.",
      fieldErrors: { confirmDeactivate: [deactivationConsequence(outcome.upcoming)] },
      id: id.data,
    });
  }
  if (!outcome.ok) {
    const { status, ...message } = REFUSALS[outcome.reason];
    return fail(status, { ...message, id: id.success ? id.data : undefined });
  }
  const messages: Record<string, string> = { create: "Consultation type added", update: "Consultation type saved", up: "Order saved", down: "Order saved", delete: "Consultation type deleted" };
  return accept<ConsultationTypeReply>({ intent, message: messages[intent]! });
}

export default function ConsultationTypes({ loaderData, actionData }: Route.ComponentProps) {
  return <ConsultationTypesScreen types={loaderData.types} result={actionData} />;
}

