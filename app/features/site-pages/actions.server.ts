/**
 * The POST of a page's edit screen in Admin > Site, answered with the one reply shape
 * (`ActionReply` of app/utils/forms.ts): `intent` keep | draft | publish |
 * schedule (+ `scheduleAt`), `version`, and the page's fields. 400 with field errors on bad input
 * (required parts only on publish and schedule; figure keys checked against the published
 * figures), 409 when someone saved the page after the editor opened it. Every staff role.
 */
import { z } from "zod";
import { requireAdmin } from "~/features/auth/guard.server";
import { STAFF_ROLES } from "~/features/auth/roles";
import { cmsActor } from "~/features/cms/actions.server";
import { parsePublication } from "~/features/cms/form-values";
import { formatUkDateTime } from "~/features/cms/publication";
import { readFormData } from "~/utils/form-data.server";
import { accept, type ActionReply, mergeFieldErrors, parseSubmission, refuse, refuseInvalid, refusedFields } from "~/utils/forms";
import { readField } from "./form-data";
import { publishedFigureKeys, readPublicPages, savePage } from "./pages.server";
import { stampLegalUpdates } from "./legal-dates";
import { figureValues, type LegalContent, pageSchema, pageWarnings, SITE_PAGES, type SitePageKey, unknownFigureRefs } from "./schemas";

/**
 * What the page action answers: the toast's message, the editor's warnings after a save; a
 * refusal's `message` is the toast's title and `description` its text, `conflict` when someone
 * else saved first. Field errors are keyed by the field's path ("team.people.0.name").
 */
export type PageActionResult = ActionReply<{ intent: string; message: string; warnings?: string[] }, { intent: string; conflict?: boolean }>;

/** Saves page `key` from its edit form (see the module comment). */
export async function pageEditAction(key: SitePageKey, request: Request, now: Date = new Date()) {
  const session = await requireAdmin(request, STAFF_ROLES);
  const page = SITE_PAGES[key];
  const errorTitle = `Error saving ${page.title}`;
  const form = await readFormData(request);
  const intent = String(form.get("intent") ?? "");
  const version = z.coerce.number().int().min(1).safeParse(form.get("version"));
  if (!version.success) return refuse<PageActionResult>(400, { intent, message: errorTitle, description: "Reload the page and try again." });
  const publication = parsePublication({ intent, scheduleAt: form.get("scheduleAt") }, now);
  const publishing = intent === "publish" || intent === "schedule";
  const schema = pageSchema(key, publishing ? "publish" : "draft");
  const parsed = parseSubmission(schema, readField(schema, form, "") as Record<string, unknown>, { keys: "path" });
  const figureErrors = parsed.ok && publishing && key !== "figures" ? unknownFigureRefs(key, parsed.values, await publishedFigureKeys(now)) : {};
  const errors = mergeFieldErrors(publication.ok ? {} : publication.errors, parsed.fieldErrors, figureErrors);
  if (!publication.ok || !parsed.ok || Object.keys(errors).length) {
    return refuseInvalid<PageActionResult>(refusedFields(errors), { intent, message: errorTitle, description: "Check the highlighted fields." });
  }
  let content = parsed.values as Record<string, unknown>;
  const going = publication.publication;
  if (key === "legal" && (going.intent === "publish" || going.intent === "schedule")) {
    const live = (await readPublicPages(["legal"], null, now)).pages.legal;
    content = stampLegalUpdates(content as LegalContent, live, going.intent === "schedule" ? going.at : now);
  }
  const result = await savePage(key, cmsActor(session), version.data, content, going, now);
  if (!result.ok) return refuse<PageActionResult>(409, { intent, message: errorTitle, description: result.message, conflict: true });
  const message =
    publication.publication.intent === "publish"
      ? `${page.title} published`
      : publication.publication.intent === "schedule" && result.at
        ? `${page.title} scheduled for ${formatUkDateTime(result.at)} (UK time)`
        : `${page.title} saved as a draft (visitors still see the published version)`;
  const warnings = key === "about" ? pageWarnings(key, parsed.values, figureValues((await readPublicPages(["figures"], null, now)).pages.figures)) : [];
  return accept<PageActionResult>({ intent, message, warnings });
}
