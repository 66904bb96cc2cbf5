/**
 * `npm run import:wordpress -- <export.xml>`: the dry run of importing a WordPress export (Tools →
 * Export → All content, a WXR file): what would be created and skipped, by kind, with the reason
 * for each skip and each changed slug, and how authors and categories map. Writes nothing. The
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

const USAGE = "Usage: npm run import:wordpress -- <export.xml>";
const { positionals, values } = parseArgs({ allowPositionals: true, options: { help: { type: "boolean", short: "h" } } });
if (values.help || positionals.length !== 1) {
  console.log(USAGE);
  process.exit(values.help ? 0 : 1);
}
const file = positionals[0]!;
if (!existsSync(file)) {
  console.error(`No such file: ${file}\n${USAGE}`);
  process.exit(1);
}

const { closeDatabase, migrate } = await import("~/db/client.server");
const { dryRunImport, describeDryRun } = await import("~/features/wordpress/dry-run.server");
const { closeParser } = await import("~/features/wordpress/parse.server");

let code = 0;
try {
  await migrate();
  const result = await dryRunImport(file);
  if (result.ok) console.log(["Dry run: nothing is written.", "", ...describeDryRun(result.dryRun)].join("\n"));
  else {
    console.error(result.message);
    code = 1;
  }
} finally {
  await closeParser();
  await closeDatabase();
}
process.exit(code);
