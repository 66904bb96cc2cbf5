/**
 * `npm run import:wordpress` as an operator runs it, with `--author <login>=<staff e-mail>`: a
 * value not of that form, a login the export does not have and an e-mail no active member of
 * staff has are refused with the reason (exit code 1, nothing written); a known e-mail maps the
 * author in the dry run and the applied articles. Runs the script with tsx on an embedded
 * database folder of its own, with a small export written here (no pictures to fetch).
 */
import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const run = promisify(execFile);
let work: string;
let file: string;

/** An export with two authors, each with one published post. */
const EXPORT = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:excerpt="https://wordpress.org/export/1.2/excerpt/" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:wp="https://wordpress.org/export/1.2/">
<channel>
<title>Old Blog</title>
<link>https://old.example.com</link>
<wp:wxr_version>1.2</wp:wxr_version>
<wp:base_site_url>https://old.example.com</wp:base_site_url>
<wp:base_blog_url>https://old.example.com</wp:base_blog_url>
<wp:author><wp:author_id>1</wp:author_id><wp:author_login>jdoe</wp:author_login><wp:author_email>jane.doe@oldblog.example</wp:author_email><wp:author_display_name>Jane Doe</wp:author_display_name></wp:author>
<wp:author><wp:author_id>2</wp:author_id><wp:author_login>guest</wp:author_login><wp:author_email>guest@oldblog.example</wp:author_email><wp:author_display_name>Guest Writer</wp:author_display_name></wp:author>
${(
  [
    [11, "jdoe", "Bridges in winter"],
    [12, "guest", "A visit to the works"],
  ] as const
)
  .map(
    ([id, login, title]) => `<item>
<title>${title}</title>
<link>https://old.example.com/post-${id}/</link>
<dc:creator>${login}</dc:creator>
<guid isPermaLink="false">https://old.example.com/?p=${id}</guid>
<content:encoded><![CDATA[<p>${title}: the words.</p>]]></content:encoded>
<excerpt:encoded><![CDATA[${title}.]]></excerpt:encoded>
<wp:post_id>${id}</wp:post_id>
<wp:post_date>2024-03-0${id - 10} 09:00:00</wp:post_date>
<wp:post_date_gmt>2024-03-0${id - 10} 09:00:00</wp:post_date_gmt>
<wp:post_name>post-${id}</wp:post_name>
<wp:status>publish</wp:status>
<wp:post_parent>0</wp:post_parent>
<wp:post_type>post</wp:post_type>
</item>`,
  )
  .join("\n")}
</channel>
</rss>`;

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), "import-wordpress-"));
  file = path.join(work, "export.xml");
  await writeFile(file, EXPORT);
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

/** Runs the script with `args`; returns exit code and output. */
async function importWordpress(args: string[]) {
  try {
    const { stdout, stderr } = await run(path.resolve("node_modules/.bin/tsx"), ["scripts/import-wordpress.ts", file, ...args], {
      env: { ...process.env, NODE_ENV: "development", LOG_LEVEL: "silent", DATABASE_URL: "", PGLITE_DIR: path.join(work, "pglite"), DATA_DIR: work },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

/** The embedded database, opened while no script runs. */
async function withDatabase<T>(task: (db: PGlite) => Promise<T>): Promise<T> {
  const db = new PGlite(path.join(work, "pglite"));
  try {
    return await task(db);
  } finally {
    await db.close();
  }
}

// The script runs on an embedded database of its own, whichever project runs this file.
describe("npm run import:wordpress --author", () => {
  it("refuses a value not of the form, an unknown login and an unknown e-mail; maps a known e-mail in the dry run and the articles", { timeout: 300_000 }, async () => {
    const malformed = await importWordpress(["--author", "jdoe"]);
    expect(malformed.code).toBe(1);
    expect(malformed.stderr).toContain('--author takes "<WordPress login>=<staff e-mail>", not "jdoe".');
    expect(malformed.stderr).toContain('[--author "<WordPress login>=<staff e-mail>"]...');

    const nobody = await importWordpress(["--author", "jdoe=ana@firm.test", "--apply"]);
    expect(nobody.code).toBe(1);
    expect(nobody.stderr).toContain('No active member of staff has the e-mail "ana@firm.test" (chosen for Jane Doe).');
    expect(nobody.stdout).not.toContain("Applied:");

    await withDatabase(async (db) => {
      await db.query(`insert into "user" (id, name, email, email_verified) values ('u-ana', 'Ana Silva', 'ana@firm.test', true)`);
      await db.query(`insert into admin_users (user_id, name, email, role) values ('u-ana', 'Ana Silva', 'ana@firm.test', 'editor')`);
      expect((await db.query("select count(*)::int as n from insights")).rows).toEqual([{ n: 0 }]);
    });

    const wrongLogin = await importWordpress(["--author", "janedoe=ana@firm.test"]);
    expect(wrongLogin.code).toBe(1);
    expect(wrongLogin.stderr).toContain(`"janedoe" is not an author of this export. Its authors' logins: jdoe, guest.`);

    const applied = await importWordpress(["--author", "jdoe=ANA@firm.test", "--apply"]);
    expect(applied.code, applied.stderr).toBe(0);
    expect(applied.stdout).toContain("Authors: Jane Doe → Ana Silva, Guest Writer → byline");
    const articles = await withDatabase(async (db) => (await db.query<{ title: string; author_name: string }>("select title, author_name from insights order by title")).rows);
    expect(articles).toEqual([
      { title: "A visit to the works", author_name: "Guest Writer" },
      { title: "Bridges in winter", author_name: "Ana Silva" },
    ]);
  });
});
