/**
 * The admin side of site settings (`docs/design.md` sections 5 and 6): validate with
 * SiteSettingsSchema, store the single `site_settings` row, record the change in the audit log.
 * The public site reads `getSiteSettings()` per request, so a change shows at once, no restart.
 */
import { z } from "zod";
import { db } from "~/db/client.server";
import { siteSettings } from "~/db/schema";
import { recordAudit, type AuditActor } from "~/features/audit/audit.server";
import { SiteSettingsSchema, type SiteSettings } from "./schema";
import { getSiteSettings } from "./settings.server";
import { type FailedSubmission, parseSubmission, submittedValues } from "~/utils/forms";

/** The stored settings and the names of the fields that changed, or the refused submission. */
export type UpdateSettingsResult = { ok: true; settings: SiteSettings; changed: (keyof SiteSettings)[] } | FailedSubmission;

/**
 * Splits the notification recipients as typed in a textarea (one per line, or separated by
 * commas or semicolons) into trimmed addresses; an array is passed through.
 */
export function parseRecipients(value: unknown): unknown {
  if (Array.isArray(value)) return value;
  if (typeof value !== "string") return value;
  return value
    .split(/[\n,;]+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * Replaces the site settings with `input` (every field of SiteSettingsSchema; form strings are
 * coerced). Stores nothing and returns the refused submission (field errors keyed by setting, the
 * submitted text as typed) when any value is invalid. On success returns
 * the stored settings and the names of the fields that changed; the audit entry holds their
 * before and after values. A notification recipient list may not be empty.
 */
export async function updateSiteSettings(actor: AuditActor, input: Record<string, unknown>): Promise<UpdateSettingsResult> {
  const schema = SiteSettingsSchema.extend({
    notificationRecipients: z.array(z.email("Enter valid e-mail addresses, one per line.")).min(1, "Add at least one address.").max(20),
  });
  const parsed = parseSubmission(schema, { ...input, notificationRecipients: parseRecipients(input.notificationRecipients) }, { message: "Check the highlighted fields." });
  if (!parsed.ok) return { ...parsed, values: submittedValues(input) };
  const next = parsed.values;
  const before = await getSiteSettings();
  const changed = (Object.keys(next) as (keyof SiteSettings)[]).filter(
    (k) => JSON.stringify(before[k]) !== JSON.stringify(next[k]),
  );
  await db.transaction(async (tx) => {
    await tx
      .insert(siteSettings)
      .values({ id: 1, data: next, updatedAt: new Date(), updatedBy: actor?.email ?? null })
      .onConflictDoUpdate({ target: siteSettings.id, set: { data: next, updatedAt: new Date(), updatedBy: actor?.email ?? null } });
    if (changed.length > 0) {
      await recordAudit(tx, {
        actor,
        action: "settings.updated",
        entityType: "settings",
        entityId: "1",
        details: Object.fromEntries(changed.map((k) => [k, { from: before[k], to: next[k] }])),
      });
    }
  });
  return { ok: true, settings: next, changed };
}
