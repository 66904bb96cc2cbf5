/**
 * `npm run import:wordpress -- <export.xml>`: the dry run of importing a WordPress export (Tools →
 * Export → All content, a WXR file): what would be created and skipped, by kind, with the reason
 * for each skip and each changed slug, and how authors and categories map. Writes nothing.
 *
 * `--apply` then writes it (app/features/wordpress/apply.server.ts): posts and pages become
 * articles, their old addresses redirects; again with the same file changes nothing.
 * `--category "Old name=Case Study"` (repeatable; the WordPress category's slug or name) and
 * `--default-category "Technical Guide"` choose the article category of categories with no
 * article category of their name (default: the first article category). The
 * file is read in a worker thread, streamed (a 100 MB export is fine); a file that is not a
 * WordPress export, or that declares a DTD, is refused with the reason (exit code 1).
 *
 * Uses DATABASE_URL (or the embedded database under PGLITE_DIR: stop the server first, PGlite
 * allows one process at a time). Migrates the database first.
 */
import { existsSync } from "node:fs";
import { parseArgs } from "node:util";
import { restrictNewFiles } from "~/utils/private-files.server";

restrictNewFiles();

const USAGE = 'Usage: npm run import:wordpress -- <export.xml> [--apply] [--category "old=New"]... [--default-category "New"]';
const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { help: { type: "boolean", short: "h" }, apply: { type: "boolean" }, category: { type: "string", multiple: true }, "default-category": { type: "string" } },
});
if (values.help || positionals.length !== 1) {
  console.log(USAGE);
  process.exit(values.help ? 0 : 1);
}
const { INSIGHT_CATEGORIES } = await import("~/features/insights/kind");
type Category = (typeof INSIGHT_CATEGORIES)[number];
const asCategory = (name: string): Category => {
  const found = INSIGHT_CATEGORIES.find((c) => c.toLowerCase() === name.trim().toLowerCase());
  if (!found) {
    console.error(`"${name}" is not an article category: use one of ${INSIGHT_CATEGORIES.join(", ")}.`);
    process.exit(1);
  }
  return found;
};
const categories: Record<string, Category> = {};
for (const pair of values.category ?? []) {
  const at = pair.lastIndexOf("=");
  if (at <= 0) {
    console.error(`--category takes "old=New", not "${pair}".\n${USAGE}`);
    process.exit(1);
  }
  categories[pair.slice(0, at).trim()] = asCategory(pair.slice(at + 1));
}
const defaultCategory = values["default-category"] ? asCategory(values["default-category"]) : undefined;
const file = positionals[0]!;
if (!existsSync(file)) {
  console.error(`No such file: ${file}\n${USAGE}`);
  process.exit(1);
}

const { closeDatabase, migrate } = await import("~/db/client.server");
const { dryRunImport, describeDryRun } = await import("~/features/wordpress/dry-run.server");
const { closeParser } = await import("~/features/wordpress/parse.server");
const { applyImport, describeApplied } = await import("~/features/wordpress/apply.server");

let code = 0;
try {
  await migrate();
  const result = await dryRunImport(file);
  if (result.ok) console.log(["Dry run: nothing is written.", "", ...describeDryRun(result.dryRun)].join("\n"));
  if (result.ok && values.apply) {
    const applied = await applyImport(file, { userId: "import:wordpress", email: "", name: "WordPress import" }, { categories, defaultCategory });
    if (applied.ok) console.log(["", "Applied:", ...describeApplied(applied.report)].join("\n"));
    else {
      console.error(applied.message);
      code = 1;
    }
  }
  if (!result.ok) {
    console.error(result.message);
    code = 1;
  }
} finally {
  await closeParser();
  await closeDatabase();
}
process.exit(code);
