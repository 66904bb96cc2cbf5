/**
 * The route actions of the content studio, shared by projects and insights: create,
 * edit-screen saves and status changes, and list-row actions. Each answers a typed
 * `CmsActionResult` with a 4xx and field errors on bad input, 404 for a missing item and 409 for
 * a stale save; successful creates redirect to the edit screen.
 */
import { data, redirect } from "react-router";
import { z } from "zod";
import { type AdminSession, requireAdmin } from "~/features/auth/guard.server";
import { STAFF_ROLES } from "~/features/auth/roles";
import { changeContentStatus, type ChangeResult, type CmsActor, createContent, type ContentValues, deleteContent, updateContent } from "./content.server";
import { parsePublication, SAVE_INTENTS, type SaveIntent } from "./form-values";
import type { ContentKindRef, ParseResult } from "./kinds";
import { formatUkDateTime } from "./publication";
import { readFormData } from "~/utils/form-data.server";
import type { FieldErrors } from "~/utils/forms";

/** What an action tells the screen: a toast, and field errors or a conflict when refused. */
export type CmsActionResult =
  | { ok: true; intent: string; message: string; id?: string }
  | { ok: false; intent: string; title: string; description?: string; errors?: FieldErrors; conflict?: boolean };

/** The member of staff as the studio records them. */
export function cmsActor(session: AdminSession): CmsActor {
  return { userId: session.user.id, email: session.admin.email, name: session.admin.name };
}

/**
 * Validates a submitted form for a save intent: the kind's own `parse` unless a check that reads
 * the database is added (async then); values or field errors.
 */
export type FormParser = (form: FormData, intent: SaveIntent) => ParseResult<ContentValues> | Promise<ParseResult<ContentValues>>;

/** The intent the fields are checked for: the one asked for (even when its schedule time is wrong), else `fallback`. */
const fieldsIntent = (intent: string, fallback: SaveIntent): SaveIntent => ((SAVE_INTENTS as readonly string[]).includes(intent) ? (intent as SaveIntent) : fallback);

const refused = (status: number, body: Omit<Extract<CmsActionResult, { ok: false }>, "ok">) => data<CmsActionResult>({ ok: false, ...body }, { status });

/** The toast of a successful save for its intent and resulting date. */
function savedMessage(kind: ContentKindRef, intent: SaveIntent, publishedAt: Date | null): string {
  const m = kind.messages;
  if (intent === "publish") return m.published;
  if (intent === "draft") return m.draft;
  if (intent === "schedule" && publishedAt) return m.scheduled(formatUkDateTime(publishedAt));
  return m.updated;
}

/**
 * POST of a create screen: `intent` draft | publish | schedule (+ `scheduleAt`), then the kind's
 * fields. Redirects to the new item's edit screen with `?saved={intent}`; 400 with field errors.
 */
export async function createAction(kind: ContentKindRef, request: Request, parse: FormParser = kind.parse, now: Date = new Date()) {
  const session = await requireAdmin(request, STAFF_ROLES);
  const form = await readFormData(request);
  const intent = String(form.get("intent") ?? "");
  const publication = parsePublication({ intent, scheduleAt: form.get("scheduleAt") }, now);
  const parsed = await parse(form, fieldsIntent(intent, "draft"));
  if (!publication.ok || !parsed.ok) {
    const errors = { ...(publication.ok ? {} : publication.errors), ...(parsed.ok ? {} : parsed.errors) };
    return refused(400, { intent, ...kind.messages.createError, errors });
  }
  const created = await createContent(kind.name, cmsActor(session), parsed.values, publication.publication, now);
  return redirect(`${kind.paths.edit(created.id)}?saved=${publication.publication.intent}`);
}

const VersionSchema = z.coerce.number().int().min(1);

function changeOutcome(kind: ContentKindRef, result: ChangeResult, intent: string, message: (r: Extract<ChangeResult, { ok: true }>) => string) {
  const m = kind.messages;
  if (result.ok) return data<CmsActionResult>({ ok: true, intent, message: message(result), id: result.id });
  if (result.reason === "missing") return refused(404, { intent, ...m.loadError });
  return refused(409, { intent, title: m.updateError.title, description: result.message, conflict: true });
}

/**
 * POST of an edit screen for item `id`: `intent` draft | publish | schedule | keep (a save, with
 * `version` and the fields), archive | restore | unpublish | cancel-schedule (with `version`), or delete (redirects
 * to the list with `?deleted=1`). 400 bad input, 404 missing item, 409 stale version.
 */
export async function editAction(kind: ContentKindRef, request: Request, id: string, parse: FormParser = kind.parse, now: Date = new Date()) {
  const session = await requireAdmin(request, STAFF_ROLES);
  const m = kind.messages;
  if (!z.uuid().safeParse(id).success) return refused(404, { intent: "", ...m.loadError });
  const form = await readFormData(request);
  const intent = String(form.get("intent") ?? "");
  const actor = cmsActor(session);
  if (intent === "delete") {
    if (!(await deleteContent(kind.name, actor, id))) return refused(404, { intent, ...m.deleteError });
    return redirect(`${kind.paths.list}?deleted=1`);
  }
  const version = VersionSchema.safeParse(form.get("version"));
  if (!version.success) return refused(400, { intent, ...m.updateError, description: "Reload the page and try again." });
  if (intent === "archive" || intent === "restore" || intent === "unpublish" || intent === "cancel-schedule") {
    // Cancelling a schedule is an unpublish of an item not yet live: back to draft, date cleared.
    const result = await changeContentStatus(kind.name, actor, id, intent === "cancel-schedule" ? "unpublish" : intent, version.data, now);
    const said = { archive: m.archived, restore: m.restored, unpublish: m.unpublished, "cancel-schedule": m.scheduleCancelled }[intent];
    return changeOutcome(kind, result, intent, () => said);
  }
  const publication = parsePublication({ intent, scheduleAt: form.get("scheduleAt") }, now);
  const parsed = await parse(form, fieldsIntent(intent, "keep"));
  if (!publication.ok || !parsed.ok) {
    const errors = { ...(publication.ok ? {} : publication.errors), ...(parsed.ok ? {} : parsed.errors) };
    return refused(400, { intent, ...m.updateError, errors });
  }
  const result = await updateContent(kind.name, actor, id, version.data, parsed.values, publication.publication, now);
  return changeOutcome(kind, result, intent, (r) => savedMessage(kind, publication.publication.intent, r.publishedAt));
}

/** POST of a list screen: `intent` delete | archive | restore with `id`. 404 when the item is gone. */
export async function listAction(kind: ContentKindRef, request: Request, now: Date = new Date()) {
  const session = await requireAdmin(request, STAFF_ROLES);
  const m = kind.messages;
  const form = await readFormData(request);
  const intent = String(form.get("intent") ?? "");
  const id = z.uuid().safeParse(form.get("id"));
  if (!id.success || !["delete", "archive", "restore"].includes(intent)) {
    return refused(400, { intent, title: "Invalid request", description: "Reload the page and try again." });
  }
  const actor = cmsActor(session);
  if (intent === "delete") {
    if (!(await deleteContent(kind.name, actor, id.data))) return refused(404, { intent, ...m.deleteError });
    return data<CmsActionResult>({ ok: true, intent, message: m.deleted, id: id.data });
  }
  const result = await changeContentStatus(kind.name, actor, id.data, intent as "archive" | "restore", null, now);
  return changeOutcome(kind, result, intent, () => m[intent === "archive" ? "archived" : "restored"]);
}
