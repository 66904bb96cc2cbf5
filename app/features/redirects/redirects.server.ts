/**
 * Redirects staff manage in the portal (Admin > Site > Redirects) and the WordPress import
 * writes: the list, adding one (refused with the reason when it would loop, hide a live page or
 * repeat a source), removing one, and the CSV import and export. Every change is audited and
 * reloads this instance's table at once; other instances reload on the `content_version`
 * notification the table's trigger sends.
 */
import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import { asc, desc, eq, sql } from "drizzle-orm";
import { db, type Transaction } from "~/db/client.server";
import { redirects } from "~/db/schema";
import { recordAudit, type AuditActor } from "~/features/audit/audit.server";
import { neutraliseCsvCell } from "~/utils/csv.server";
import { livePagePaths } from "~/features/seo/feeds.server";
import { REDIRECT_STATUS_CODES } from "~/utils/domain";
import { env } from "~/utils/env.server";
import { isPrefixSource, normaliseSource, normaliseTarget, prefixMatches, redirectLoop, type RedirectRule, type RedirectStatus } from "./rules";
import { reloadRedirects } from "./runtime.server";
import { readRedirectRules } from "./store.server";
import type { RedirectInput, RedirectView } from "./schema";

/** The redirects for the portal's list: most used first, then newest. Times are ISO 8601 instants. */
export async function listRedirects(): Promise<RedirectView[]> {
  const rows = await db.select().from(redirects).orderBy(desc(redirects.hits), desc(redirects.createdAt));
  return rows.map((r) => ({
    id: r.id,
    source: r.source,
    target: r.target,
    statusCode: r.statusCode as RedirectStatus,
    origin: r.origin as RedirectView["origin"],
    hits: r.hits,
    lastHitAt: r.lastHitAt?.toISOString() ?? null,
  }));
}

/** A redirect checked and ready to store, or the field errors people read. */
type Checked = { ok: true; rule: Omit<RedirectRule, "id"> } | { ok: false; errors: { source?: string[]; target?: string[] } };

/**
 * Checks one redirect against the others (`existing`) and the live pages (`live`): the source and
 * target normalised (`rules.ts`), the source not already redirected (unless `replace`), not
 * hiding a live page (an exact path equal to one, or a prefix covering one), and no loop.
 */
export function checkRedirect(input: RedirectInput, existing: readonly RedirectRule[], live: readonly string[], replace = false): Checked {
  const source = normaliseSource(input.source);
  if ("error" in source) return { ok: false, errors: { source: [source.error] } };
  const target = normaliseTarget(input.target, input.statusCode, env.PUBLIC_URL);
  if ("error" in target) return { ok: false, errors: { target: [target.error] } };
  if (!replace && existing.some((r) => r.source === source.source)) return { ok: false, errors: { source: [`A redirect from ${source.source} already exists.`] } };
  if (!source.source.includes("?")) {
    const hidden = isPrefixSource(source.source) ? live.find((path) => prefixMatches(source.source, path)) : live.find((path) => path === source.source);
    if (hidden) return { ok: false, errors: { source: [`${hidden} is a live page: a redirect from ${source.source} would hide it.`] } };
  }
  const rule = { source: source.source, target: target.target, statusCode: input.statusCode };
  const loop = redirectLoop({ id: "candidate", ...rule }, existing);
  if (loop) return { ok: false, errors: { target: [`This redirect would loop: ${loop.join(" → ")}.`] } };
  return { ok: true, rule };
}

/** Adds a redirect made by staff. Returns its id, or the field errors (nothing stored). */
export async function createRedirect(actor: AuditActor, input: RedirectInput): Promise<{ ok: true; id: string } | { ok: false; errors: { source?: string[]; target?: string[] } }> {
  const [existing, live] = await Promise.all([readRedirectRules(), livePagePaths()]);
  const checked = checkRedirect(input, existing, live);
  if (!checked.ok) return checked;
  const id = await db.transaction(async (tx) => {
    const [row] = await tx.insert(redirects).values({ ...checked.rule, origin: "staff" }).onConflictDoNothing().returning({ id: redirects.id });
    if (!row) return null;
    await recordAudit(tx, { actor, action: "redirect.created", entityType: "redirect", entityId: row.id, details: checked.rule });
    return row.id;
  });
  if (!id) return { ok: false, errors: { source: [`A redirect from ${checked.rule.source} already exists.`] } };
  await reloadRedirects();
  return { ok: true, id };
}

/** Removes a redirect; false when there is none with that id. */
export async function deleteRedirect(actor: AuditActor, id: string): Promise<boolean> {
  const removed = await db.transaction(async (tx) => {
    const [row] = await tx.delete(redirects).where(eq(redirects.id, id)).returning({ source: redirects.source, target: redirects.target });
    if (row) await recordAudit(tx, { actor, action: "redirect.deleted", entityType: "redirect", entityId: id, details: row });
    return Boolean(row);
  });
  if (removed) await reloadRedirects();
  return removed;
}

/** The header of the CSV export and import. */
export const REDIRECT_CSV_COLUMNS = ["source", "target", "status", "hits", "last_used"] as const;

/** Every redirect as CSV (UTF-8 with a BOM for Excel): source, target, status, hits, last use (ISO 8601, UTC or empty). */
export async function redirectsCsv(): Promise<string> {
  const rows = await db.select().from(redirects).orderBy(asc(redirects.source));
  return stringify(
    rows.map((r) => [neutraliseCsvCell(r.source), neutraliseCsvCell(r.target), r.statusCode, r.hits, r.lastHitAt?.toISOString() ?? ""]),
    { bom: true, header: true, columns: [...REDIRECT_CSV_COLUMNS] },
  );
}

/** Most rows one CSV file may hold. */
export const MAX_CSV_ROWS = 5_000;

/** What a CSV import did, or why it stored nothing: each refused line with its reason. */
export type RedirectCsvResult = { ok: true; created: number; updated: number } | { ok: false; message: string; problems: { line: number; reason: string }[] };

/**
 * Imports redirects from CSV text with a header naming at least `source` and `target` (and
 * optionally `status`: 301, 302 or 410, default 301; other columns such as those of the export
 * are ignored). A source already redirected gets the file's target and status. Every row is
 * checked as one typed in the portal, against the stored redirects and the file's earlier rows;
 * when any is refused nothing is stored and every refusal is returned with its line number.
 */
export async function importRedirectsCsv(actor: AuditActor, text: string): Promise<RedirectCsvResult> {
  let records: Record<string, string>[];
  try {
    records = parse(text.replace(/^\uFEFF/, ""), { columns: (header: string[]) => header.map((h) => h.trim().toLowerCase()), skip_empty_lines: true, trim: true, relax_column_count: true, to: MAX_CSV_ROWS + 1 });
  } catch (error) {
    return { ok: false, message: `The file is not a readable CSV file (${error instanceof Error ? error.message : "unknown error"}).`, problems: [] };
  }
  if (records.length === 0 || !("source" in records[0]!) || !("target" in records[0]!)) {
    return { ok: false, message: "The file needs a header row with the columns source, target and (optionally) status.", problems: [] };
  }
  if (records.length > MAX_CSV_ROWS) return { ok: false, message: `A file may hold ${MAX_CSV_ROWS} redirects at most.`, problems: [] };
  const [stored, live] = await Promise.all([readRedirectRules(), livePagePaths()]);
  const bySource = new Map(stored.map((r) => [r.source, r]));
  const problems: { line: number; reason: string }[] = [];
  const accepted: Omit<RedirectRule, "id">[] = [];
  records.forEach((record, index) => {
    const line = index + 2;
    const status = Number((record.status ?? "").trim() || 301);
    if (!REDIRECT_STATUS_CODES.includes(status as RedirectStatus)) {
      problems.push({ line, reason: "the status must be 301, 302 or 410." });
      return;
    }
    const input = { source: record.source ?? "", target: record.target ?? "", statusCode: status as RedirectStatus };
    const normal = normaliseSource(input.source);
    const others = [...bySource.values()].filter((r) => !("source" in normal) || r.source !== normal.source);
    const checked = checkRedirect(input, others, live, true);
    if (!checked.ok) {
      problems.push({ line, reason: (checked.errors.source ?? checked.errors.target ?? ["refused."])[0]! });
      return;
    }
    if (accepted.some((r) => r.source === checked.rule.source)) {
      problems.push({ line, reason: `${checked.rule.source} is already in an earlier line.` });
      return;
    }
    accepted.push(checked.rule);
    bySource.set(checked.rule.source, { id: `line-${line}`, ...checked.rule });
  });
  if (problems.length > 0) return { ok: false, message: `Nothing imported: ${problems.length} ${problems.length === 1 ? "line was" : "lines were"} refused.`, problems };
  const existing = new Set(stored.map((r) => r.source));
  const updated = accepted.filter((r) => existing.has(r.source)).length;
  await db.transaction(async (tx) => {
    await writeRedirects(tx, accepted, "staff");
    await recordAudit(tx, { actor, action: "redirect.imported", entityType: "redirect", details: { created: accepted.length - updated, updated } });
  });
  await reloadRedirects();
  return { ok: true, created: accepted.length - updated, updated };
}

/**
 * Stores `rules` in `tx`, replacing the target and status of a source already redirected (its
 * hits are kept). Used by the CSV import and the WordPress import (`origin` "wordpress"). Writes
 * in chunks of 500 rows.
 */
export async function writeRedirects(tx: Transaction, rules: readonly Omit<RedirectRule, "id">[], origin: "staff" | "wordpress"): Promise<void> {
  for (let i = 0; i < rules.length; i += 500) {
    await tx
      .insert(redirects)
      .values(rules.slice(i, i + 500).map((r) => ({ ...r, origin })))
      .onConflictDoUpdate({ target: redirects.source, set: { target: sql`excluded.target`, statusCode: sql`excluded.status_code` } });
  }
}
