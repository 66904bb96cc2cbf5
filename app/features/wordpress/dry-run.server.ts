/**
 * The dry run of a WordPress import: what would be created and skipped, by kind, with the reason
 * for each skip and each change, before anything is written. Reads the export in the worker
 * (`parse.server.ts`) and the database for what the export meets here: article slugs already
 * taken (the article gets the next free one), authors who are members of staff (matched by
 * e-mail; others are kept as a byline), categories (matched by name to the article
 * categories; others wait for staff to choose one), and items an earlier import wrote (noted: their
 * article is updated if the export changed them).
 */
import { db } from "~/db/client.server";
import { adminUsers, insights, wordpressImports } from "~/db/schema";
import { slugCandidate } from "~/features/cms/slug";
import { INSIGHT_CATEGORIES, type InsightCategory } from "~/features/insights/kind";
import { DRY_RUN_NOTES } from "./import-form";
import { parseExport } from "./parse.server";
import { importGuid, importSlug, WP_KINDS, type ItemPlan, type WpKind } from "./plan";

/**
 * One item of the dry run: its plan, what happens to it (created; "update" for an item an
 * earlier import wrote, whose article is updated if the export changed it; skipped), and the
 * slug it gets when its own is taken.
 */
export type DryRunItem = ItemPlan & { action: "create" | "update" | "skip"; newSlug: string | null };

/** The dry run people read before applying an import. */
export type DryRun = {
  site: { title: string; link: string; wxrVersion: string };
  /** Per kind: how many would be created, updated (imported before) and skipped. */
  totals: Record<WpKind, { create: number; update: number; skip: number }>;
  items: DryRunItem[];
  /** Each author: the member of staff it maps to (by e-mail: their user id and name), or null (kept as a byline). */
  authors: { login: string; displayName: string; staffId: string | null; staffName: string | null }[];
  /** Each category: the article category of the same name, or null (staff choose). */
  categories: { slug: string; name: string; mappedTo: InsightCategory | null }[];
  tags: number;
  comments: number;
};

/**
 * The dry run of the export at `file` (a path on this machine), or `{ ok: false, message }` when
 * it cannot be imported (not a WordPress export, a DTD, malformed, too large for the worker).
 */
export async function dryRunImport(file: string): Promise<{ ok: true; dryRun: DryRun } | { ok: false; message: string }> {
  const parsed = await parseExport(file);
  if (!parsed.ok) return parsed;
  const [slugRows, staff, imported] = await Promise.all([
    db.select({ slug: insights.slug }).from(insights),
    db.select({ userId: adminUsers.userId, name: adminUsers.name, email: adminUsers.email }).from(adminUsers),
    db.select({ guid: wordpressImports.guid, postId: wordpressImports.postId }).from(wordpressImports),
  ]);
  const taken = new Set(slugRows.map((r) => r.slug));
  const importedBefore = new Set(imported.map((r) => `${r.postId} ${r.guid}`));
  const totals = Object.fromEntries(WP_KINDS.map((k) => [k, { create: 0, update: 0, skip: 0 }])) as DryRun["totals"];
  const items: DryRunItem[] = parsed.items.map((item) => {
    const action = item.reason !== null && item.status === null && item.kind !== "attachment" ? "skip" : "create";
    let newSlug: string | null = null;
    if (action === "create" && importedBefore.has(`${item.postId} ${importGuid(item)}`)) {
      const reason = [item.reason, "imported before: its article is updated if the export changed it"].filter(Boolean).join("; ");
      totals[item.kind].update++;
      return { ...item, action: "update", newSlug, reason };
    }
    if (action === "create" && (item.kind === "post" || item.kind === "page")) {
      const base = importSlug(item);
      let slug = base;
      for (let n = 1; taken.has(slug); n++) slug = slugCandidate(base, n);
      taken.add(slug);
      if (slug !== item.slug) newSlug = slug;
    }
    totals[item.kind][action]++;
    return { ...item, action, newSlug };
  });
  const byEmail = new Map(staff.map((s) => [s.email.toLowerCase(), s]));
  const categoryByName = new Map(INSIGHT_CATEGORIES.map((c) => [c.toLowerCase(), c]));
  return {
    ok: true,
    dryRun: {
      site: { title: parsed.channel.title, link: parsed.channel.baseBlogUrl || parsed.channel.link, wxrVersion: parsed.channel.wxrVersion },
      totals,
      items,
      authors: parsed.channel.authors.map((a) => {
        const member = byEmail.get(a.email.toLowerCase());
        return { login: a.login, displayName: a.displayName || a.login, staffId: member?.userId ?? null, staffName: member?.name ?? null };
      }),
      categories: parsed.channel.categories.map((c) => ({ slug: c.slug, name: c.name, mappedTo: categoryByName.get(c.name.toLowerCase()) ?? null })),
      tags: parsed.channel.tags.length,
      comments: parsed.items.reduce((n, i) => n + i.comments, 0),
    },
  };
}

/** The dry run as lines of text for the command line: totals by kind, then each skip or change with its reason. */
export function describeDryRun(dryRun: DryRun): string[] {
  const lines = [`${dryRun.site.title} (${dryRun.site.link}), WXR ${dryRun.site.wxrVersion}`, ""];
  const labels: Record<WpKind, string> = { post: "Posts (articles)", page: "Pages (draft articles)", attachment: "Attachments (media)", menu: "Menu items", other: "Other post types" };
  for (const kind of WP_KINDS) {
    const t = dryRun.totals[kind];
    if (t.create + t.update + t.skip === 0) continue;
    const statuses = (["published", "scheduled", "draft"] as const)
      .map((status) => [status, dryRun.items.filter((i) => i.kind === kind && i.action === "create" && i.status === status).length] as const)
      .filter(([, n]) => n > 0)
      .map(([status, n]) => `${n} ${status}`);
    lines.push(`${labels[kind]}: ${t.create} to create${statuses.length > 0 ? ` (${statuses.join(", ")})` : ""},${t.update > 0 ? ` ${t.update} imported before (updated if changed),` : ""} ${t.skip} skipped`);
  }
  const mapped = dryRun.categories.filter((c) => c.mappedTo).length;
  lines.push(`Categories: ${dryRun.categories.length} (${mapped} match an article category, ${dryRun.categories.length - mapped} for staff to map)`);
  lines.push(`Tags: ${dryRun.tags}`);
  lines.push(`Authors: ${dryRun.authors.map((a) => `${a.displayName} → ${a.staffName ?? "byline"}`).join(", ") || "none"}`);
  lines.push(`Comments: ${dryRun.comments} skipped (comments are not imported)`);
  lines.push("", ...DRY_RUN_NOTES);
  const notes = dryRun.items.filter((i) => i.reason || i.newSlug);
  if (notes.length > 0) lines.push("", "Skipped or changed:");
  for (const item of notes) {
    const what = [item.reason, item.newSlug ? `slug taken: becomes ${item.newSlug}` : null].filter(Boolean).join("; ");
    lines.push(`  ${item.action === "skip" ? "skip" : "note"}  ${item.kind} #${item.postId} "${item.title || "(no title)"}": ${what}`);
  }
  return lines;
}
