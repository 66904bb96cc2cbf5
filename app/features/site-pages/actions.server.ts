/**
 * The POST of a page's edit screen in Admin > Site, answered like every content-studio
 * save (`CmsActionResult` of app/features/cms/actions.server.ts): `intent` keep | draft | publish |
 * schedule (+ `scheduleAt`), `version`, and the page's fields. 400 with field errors on bad input
 * (required parts only on publish and schedule; figure keys checked against the published
 * figures), 409 when someone saved the page after the editor opened it. Every staff role.
 */
import { data } from "react-router";
import { z } from "zod";
import { requireAdmin, STAFF_ROLES } from "~/features/auth/guard.server";
import { cmsActor, type CmsActionResult } from "~/features/cms/actions.server";
import { parsePublication } from "~/features/cms/form-values";
import { formatUkDateTime } from "~/features/cms/publication";
import { readFormData } from "~/utils/form-data.server";
import { type FieldErrors, parseSubmission } from "~/utils/forms";
import { readField } from "./form-data";
import { publishedFigureKeys, readPublicPages, savePage } from "./pages.server";
import { stampLegalUpdates } from "./legal-dates";
import { figureValues, type LegalContent, pageSchema, pageWarnings, SITE_PAGES, type SitePageKey, unknownFigureRefs } from "./schemas";

/** What the page action answers: a CMS result, with the editor's warnings after a save. */
export type PageActionResult = CmsActionResult & { warnings?: string[] };

const refused = (status: number, body: Omit<Extract<CmsActionResult, { ok: false }>, "ok">) => data<PageActionResult>({ ok: false, ...body }, { status });

/** Saves page `key` from its edit form (see the module comment). */
export async function pageEditAction(key: SitePageKey, request: Request, now: Date = new Date()) {
  const session = await requireAdmin(request, STAFF_ROLES);
  const page = SITE_PAGES[key];
  const errorTitle = `Error saving ${page.title}`;
  const form = await readFormData(request);
  const intent = String(form.get("intent") ?? "");
  const version = z.coerce.number().int().min(1).safeParse(form.get("version"));
  if (!version.success) return refused(400, { intent, title: errorTitle, description: "Reload the page and try again." });
  const publication = parsePublication({ intent, scheduleAt: form.get("scheduleAt") }, now);
  const publishing = intent === "publish" || intent === "schedule";
  const schema = pageSchema(key, publishing ? "publish" : "draft");
  const parsed = parseSubmission(schema, readField(schema, form, "") as Record<string, unknown>, { keys: "path" });
  let errors: FieldErrors = { ...(publication.ok ? {} : publication.errors), ...(parsed.ok ? {} : parsed.fieldErrors) };
  if (parsed.ok && publishing && key !== "figures") errors = { ...errors, ...unknownFigureRefs(key, parsed.values, await publishedFigureKeys(now)) };
  if (!publication.ok || !parsed.ok || Object.keys(errors).length) {
    return refused(400, { intent, title: errorTitle, description: "Check the highlighted fields.", errors });
  }
  let content = parsed.values as Record<string, unknown>;
  const going = publication.publication;
  if (key === "legal" && (going.intent === "publish" || going.intent === "schedule")) {
    const live = (await readPublicPages(["legal"], null, now)).pages.legal;
    content = stampLegalUpdates(content as LegalContent, live, going.intent === "schedule" ? going.at : now);
  }
  const result = await savePage(key, cmsActor(session), version.data, content, going, now);
  if (!result.ok) return refused(409, { intent, title: errorTitle, description: result.message, conflict: true });
  const message =
    publication.publication.intent === "publish"
      ? `${page.title} published`
      : publication.publication.intent === "schedule" && result.at
        ? `${page.title} scheduled for ${formatUkDateTime(result.at)} (UK time)`
        : `${page.title} saved as a draft (visitors still see the published version)`;
  const warnings = key === "about" ? pageWarnings(key, parsed.values, figureValues((await readPublicPages(["figures"], null, now)).pages.figures)) : [];
  return data<PageActionResult>({ ok: true, intent, message, warnings });
}
