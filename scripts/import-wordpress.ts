/**
 * `npm run import:wordpress -- <export.xml>`: the dry run of importing a WordPress export (Tools →
 * Export → All content, a WXR file): what would be created and skipped, by kind, with the reason
 * for each skip and each changed slug, and how authors and categories map. Writes nothing.
 *
 * `--apply` then writes it (app/features/wordpress/apply.server.ts): posts and pages become
 * articles, their old addresses redirects; again with the same file changes nothing.
 * `--category "Old name=Case Study"` (repeatable; the WordPress category's slug or name) and
 * `--default-category "Technical Guide"` choose the article category of categories with no
 * article category of their name (default: the first article category).
 * `--author "jdoe=jane@example.com"` (repeatable; the WordPress author's login, then the e-mail of
 * an active member of staff) attributes that author's posts to that member of staff, as the
 * portal's mapping form does (the same check, `mapAuthors`); an author not named maps to the
 * member of staff with their e-mail, else keeps their name as the byline. An unknown login or
 * e-mail is refused with the reason before anything is written. The
 * file is read in a worker thread, streamed (a 100 MB export is fine); a file that is not a
 * WordPress export, or that declares a DTD, is refused with the reason (exit code 1).
 *
 * Uses DATABASE_URL (or the embedded database under PGLITE_DIR: stop the server first, PGlite
 * allows one process at a time). Migrates the database first.
 */
import { existsSync } from "node:fs";
import { parseArgs } from "node:util";
import type { AuthorChoice } from "~/features/wordpress/authors.server";
import { restrictNewFiles } from "~/utils/private-files.server";

restrictNewFiles();

const USAGE = 'Usage: npm run import:wordpress -- <export.xml> [--apply] [--category "old=New"]... [--default-category "New"] [--author "<WordPress login>=<staff e-mail>"]...';
const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { help: { type: "boolean", short: "h" }, apply: { type: "boolean" }, category: { type: "string", multiple: true }, "default-category": { type: "string" }, author: { type: "string", multiple: true } },
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
const authorChoices: Record<string, AuthorChoice> = {};
for (const pair of values.author ?? []) {
  // A login has no "=", an e-mail may: the login is what comes before the first one.
  const at = pair.indexOf("=");
  const [login, email] = [pair.slice(0, at).trim(), pair.slice(at + 1).trim()];
  if (at <= 0 || !login || !email) {
    console.error(`--author takes "<WordPress login>=<staff e-mail>", not "${pair}".\n${USAGE}`);
    process.exit(1);
  }
  authorChoices[login] = { email };
}
const file = positionals[0]!;
if (!existsSync(file)) {
  console.error(`No such file: ${file}\n${USAGE}`);
  process.exit(1);
}

const { closeDatabase, migrate } = await import("~/db/client.server");
const { dryRunImport, describeDryRun } = await import("~/features/wordpress/dry-run.server");
const { closeParser } = await import("~/features/wordpress/parse.server");
const { applyImport, describeApplied } = await import("~/features/wordpress/apply.server");
const { mapAuthors } = await import("~/features/wordpress/authors.server");

let code = 0;
try {
  await migrate();
  const result = await dryRunImport(file);
  const authors = result.ok ? await mapAuthors(result.dryRun, authorChoices) : null;
  if (authors && !authors.ok) {
    console.error(authors.message);
    code = 1;
  }
  if (result.ok && authors?.ok) console.log(["Dry run: nothing is written.", "", ...describeDryRun({ ...result.dryRun, authors: authors.shown })].join("\n"));
  if (result.ok && authors?.ok && values.apply) {
    const applied = await applyImport(file, { userId: "import:wordpress", email: "", name: "WordPress import" }, { categories, defaultCategory, authors: authors.authors });
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
