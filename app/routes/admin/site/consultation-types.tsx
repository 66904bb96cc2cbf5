import { AlertTriangle, ArrowDown, ArrowUp, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { data, Form, useActionData, useNavigation } from "react-router";
import { z } from "zod";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { Field } from "~/components/field";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Input, NativeSelect, Textarea } from "~/components/ui/input";
import { AdminPageHeader } from "~/components/admin-page-header";
import { auditActor, MANAGER_ROLES, requireAdmin } from "~/features/auth/guard.server";
import { type FieldErrors, issueFieldErrors } from "~/utils/forms";
import { useActionToast } from "~/features/cms/components/use-cms-toasts";
import { ConsultationTypeSchema, deactivationConsequence, TYPE_DURATION_OPTIONS } from "~/features/consultations/types-admin";
import {
  type AdminConsultationType,
  createConsultationType,
  deleteConsultationType,
  listConsultationTypes,
  moveConsultationType,
  type TypeChangeError,
  updateConsultationType,
} from "~/features/consultations/types-admin.server";
import { pageMeta } from "~/features/seo/meta";
import { readFormData } from "~/utils/form-data.server";
import type { Route } from "./+types/consultation-types";

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "Consultation types", path: "/admin/site/consultation-types", noIndex: true });

/** Admin > Site > Consultation types: every type in the wizard's order. Admins and super admins. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request, MANAGER_ROLES);
  return { types: await listConsultationTypes() };
}

type Result = { ok: true; intent: string; message: string } | { ok: false; intent: string; title: string; description?: string; errors?: FieldErrors; id?: string };

const REFUSALS: Record<Exclude<TypeChangeError, "upcoming_bookings">, { status: number; title: string; description: string }> = {
  missing: { status: 404, title: "Consultation type not found", description: "Someone may have deleted it. Reload the page." },
  duplicate_name: { status: 409, title: "That name is taken", description: "Another consultation type has this name. Choose a different one." },
  has_bookings: { status: 409, title: "This type has bookings", description: "A type with bookings cannot be deleted. Deactivate it instead: the wizard stops offering it." },
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
  const fail = (status: number, body: Omit<Extract<Result, { ok: false }>, "ok" | "intent">) => data<Result>({ ok: false, intent, ...body }, { status });
  if (intent !== "create" && !id.success) return fail(400, { title: "Invalid request", description: "Reload the page and try again." });
  let outcome;
  if (intent === "create" || intent === "update") {
    const parsed = ConsultationTypeSchema.safeParse(Object.fromEntries(form));
    if (!parsed.success) return fail(400, { title: "Check the highlighted fields", errors: issueFieldErrors(parsed.error.issues), id: id.success ? id.data : undefined });
    outcome =
      intent === "create"
        ? await createConsultationType(actor, parsed.data)
        : await updateConsultationType(actor, id.data!, parsed.data, { confirmDeactivation: form.get("confirmDeactivate") === "on" });
  } else if (intent === "up" || intent === "down") {
    outcome = await moveConsultationType(actor, id.data!, intent);
  } else if (intent === "delete") {
    outcome = await deleteConsultationType(actor, id.data!);
  } else {
    return fail(400, { title: "Invalid request", description: "Reload the page and try again." });
  }
  if (!outcome.ok && outcome.reason === "upcoming_bookings") {
    return fail(409, {
      title: "Confirm the deactivation",
      description: "Read what happens to the upcoming bookings, then tick the box to deactivate.",
      errors: { confirmDeactivate: [deactivationConsequence(outcome.upcoming)] },
      id: id.data,
    });
  }
  if (!outcome.ok) {
    const { status, ...message } = REFUSALS[outcome.reason];
    return fail(status, { ...message, id: id.success ? id.data : undefined });
  }
  const messages: Record<string, string> = { create: "Consultation type added", update: "Consultation type saved", up: "Order saved", down: "Order saved", delete: "Consultation type deleted" };
  return data<Result>({ ok: true, intent, message: messages[intent]! });
}

/**
 * A type's fields. Unticking Active on a type with upcoming bookings shows at once what happens to
 * them and asks for a tick to confirm (the server asks the same without JavaScript).
 */
function TypeFields({ type, errors }: { type?: AdminConsultationType; errors?: FieldErrors }) {
  const confirming = Boolean(errors?.confirmDeactivate);
  const [active, setActive] = useState(confirming ? false : (type?.isActive ?? true));
  const warn = Boolean(type?.isActive && !active && type.upcoming > 0);
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field label="Name" required errors={errors?.name}>
        {(control) => <Input {...control} name="name" defaultValue={type?.name} maxLength={80} required />}
      </Field>
      <Field label="Duration" required errors={errors?.durationMinutes}>
        {(control) => (
          <NativeSelect {...control} name="durationMinutes" defaultValue={String(type?.durationMinutes ?? 30)}>
            {TYPE_DURATION_OPTIONS.map((m) => (
              <option key={m} value={m}>
                {m} minutes
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>
      <Field label="Description" className="sm:col-span-2" errors={errors?.description}>
        {(control) => <Textarea {...control} name="description" rows={2} defaultValue={type?.description ?? ""} maxLength={500} />}
      </Field>
      <label className="flex items-center gap-2 text-sm font-medium sm:col-span-2">
        <input type="checkbox" name="isActive" checked={active} onChange={(event) => setActive(event.currentTarget.checked)} className="size-4 accent-primary" />
        Active (offered in the booking wizard)
      </label>
      {warn && type ? (
        <div role="alert" className="flex gap-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 sm:col-span-2">
          <AlertTriangle className="mt-0.5 size-5 shrink-0" aria-hidden />
          <div className="min-w-0 space-y-2">
            <p>{errors?.confirmDeactivate?.[0] ?? deactivationConsequence(type.upcoming)}</p>
            <label className="flex items-start gap-2 font-medium">
              <input type="checkbox" name="confirmDeactivate" className="mt-0.5 size-4 shrink-0 accent-primary" />
              Deactivate it: the upcoming bookings stay as they are
            </label>
          </div>
        </div>
      ) : null}
    </div>
  );
}

export default function ConsultationTypes({ loaderData }: Route.ComponentProps) {
  const { types } = loaderData;
  const result = useActionData<typeof action>();
  useActionToast(result);
  const busy = useNavigation().state !== "idle";
  const errorsFor = (id: string | undefined) => (result && !result.ok && result.id === id ? result.errors : undefined);
  return (
    <>
      <AdminPageHeader title="Consultation types" description="What visitors choose in step 1 of the booking wizard, in this order; the first is preselected." />
      <ol className="flex flex-col gap-3" aria-label="Consultation types">
        {types.length === 0 ? <li className="rounded-lg border border-dashed p-6 text-center text-muted-foreground">No consultation types yet: add the first below.</li> : null}
        {types.map((type, i) => (
          <li key={type.id} className="rounded-lg border bg-card p-4 shadow-sm">
            <div className="flex flex-wrap items-start gap-3">
              <div className="min-w-0 flex-1">
                <h2 className="flex flex-wrap items-center gap-2 font-semibold">
                  {type.name}
                  <Badge variant={type.isActive ? "green" : "grey"}>{type.isActive ? "Active" : "Inactive"}</Badge>
                </h2>
                <p className="text-sm text-muted-foreground">
                  {type.durationMinutes} minutes · {type.bookings === 1 ? "1 booking" : `${type.bookings} bookings`}
                  {type.upcoming > 0 ? `, ${type.upcoming} upcoming` : ""}
                </p>
                {type.description ? <p className="mt-1 text-sm">{type.description}</p> : null}
              </div>
              <Form method="post" className="flex gap-1">
                <input type="hidden" name="id" value={type.id} />
                <Button type="submit" name="intent" value="up" variant="ghost" size="icon" disabled={busy || i === 0} aria-label={`Move ${type.name} up`}>
                  <ArrowUp aria-hidden />
                </Button>
                <Button type="submit" name="intent" value="down" variant="ghost" size="icon" disabled={busy || i === types.length - 1} aria-label={`Move ${type.name} down`}>
                  <ArrowDown aria-hidden />
                </Button>
              </Form>
            </div>
            <details className="mt-3 group" open={Boolean(errorsFor(type.id))}>
              <summary className="cursor-pointer text-sm font-medium text-primary">Edit {type.name}</summary>
              <Form method="post" className="mt-3 flex flex-col gap-4">
                <input type="hidden" name="id" value={type.id} />
                <TypeFields type={type} errors={errorsFor(type.id)} />
                <div className="flex flex-wrap gap-2">
                  {/* A long type name wraps inside the card (on a 390 px phone it stuck out past the edge). */}
                  <Button type="submit" name="intent" value="update" disabled={busy} className="h-auto min-h-10 max-w-full shrink whitespace-normal py-2 text-left">
                    Save {type.name}
                  </Button>
                  {type.bookings > 0 ? (
                    <p className="self-center text-sm text-muted-foreground">Used by bookings: deactivate it instead of deleting.</p>
                  ) : (
                    <ConfirmDialog
                      title={`Delete "${type.name}"?`}
                      description="Visitors can no longer choose it. This cannot be undone."
                      trigger={
                        <Button type="button" variant="ghost" disabled={busy}>
                          <Trash2 aria-hidden /> Delete
                        </Button>
                      }
                      confirm={
                        <Form method="post">
                          <input type="hidden" name="id" value={type.id} />
                          <Button type="submit" name="intent" value="delete" variant="destructive">
                            Delete
                          </Button>
                        </Form>
                      }
                    />
                  )}
                </div>
              </Form>
            </details>
          </li>
        ))}
      </ol>
      <section aria-labelledby="add-type" className="mt-8 rounded-lg border bg-card p-4 shadow-sm">
        <h2 id="add-type" className="mb-4 text-lg font-semibold">
          Add a consultation type
        </h2>
        <Form method="post" className="flex flex-col gap-4" key={result?.ok && result.intent === "create" ? `added-${types.length}` : "add"}>
          <TypeFields errors={errorsFor(undefined)} />
          <Button type="submit" name="intent" value="create" className="self-start" disabled={busy}>
            <Plus aria-hidden /> Add type
          </Button>
        </Form>
      </section>
    </>
  );
}
