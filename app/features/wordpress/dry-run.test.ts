/**
 * The dry run against the database, on the real theme unit test export: totals by kind, a slug
 * already taken here gets the next free one (and says so), an author whose e-mail is a member of
 * staff maps to them, a category named like an article category maps to it; nothing is written.
 */
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { adminUsers, insights, user } from "~/db/schema";
import { setupTestDatabase } from "../../../tests/setup/database";
import { describeDryRun, dryRunImport } from "./dry-run.server";
import { closeParser } from "./parse.server";

setupTestDatabase();
afterAll(() => closeParser());

const CLASSIC = path.resolve(import.meta.dirname, "../../../tests/fixtures/wordpress/themeunittestdata.wordpress.xml");

describe("the dry run of a WordPress import", () => {
  it("lists what would be created and skipped, maps staff by e-mail, renames a taken slug, and writes nothing", async () => {
    await db.insert(insights).values({ slug: "markup-html-tags-and-formatting", title: "Ours" });
    await db.insert(user).values({ id: "u-theme", name: "Theme Reviewer", email: "themereviewteam@gmail.com", emailVerified: true });
    await db.insert(adminUsers).values({ userId: "u-theme", name: "Theme Reviewer", email: "themereviewteam@gmail.com", role: "editor" });

    const result = await dryRunImport(CLASSIC);
    if (!result.ok) throw new Error(result.message);
    const { dryRun } = result;
    expect(dryRun.totals).toEqual({
      post: { create: 58, update: 0, skip: 0 },
      page: { create: 21, update: 0, skip: 0 },
      attachment: { create: 37, update: 0, skip: 0 },
      menu: { create: 0, update: 0, skip: 70 },
      other: { create: 0, update: 0, skip: 0 },
    });
    expect(dryRun.items.find((i) => i.postId === 1178)).toMatchObject({ action: "create", slug: "markup-html-tags-and-formatting", newSlug: "markup-html-tags-and-formatting-1" });
    expect(dryRun.authors).toEqual([
      { login: "themedemos", displayName: "Theme Buster", staffId: null, staffName: null },
      { login: "themereviewteam", displayName: "Theme Reviewer", staffId: "u-theme", staffName: "Theme Reviewer" },
    ]);
    expect(dryRun.categories.filter((c) => c.mappedTo === null)).toHaveLength(68);
    const text = describeDryRun(dryRun).join("\n");
    expect(text).toContain("Posts (articles): 58 to create (55 published, 1 scheduled, 2 draft), 0 skipped");
    expect(text).toContain("Menu items: 0 to create, 70 skipped");
    expect(text).toContain('note  post #1178 "Markup: HTML Tags and Formatting": slug taken: becomes markup-html-tags-and-formatting-1');
    expect(text).toContain("Authors: Theme Buster → byline, Theme Reviewer → Theme Reviewer");
    expect(await db.select({ slug: insights.slug }).from(insights)).toEqual([{ slug: "markup-html-tags-and-formatting" }]);
  });

  it("refuses a file that is not a WordPress export with the reason", async () => {
    expect(await dryRunImport(path.resolve(import.meta.dirname, "../../../tests/fixtures/wordpress/README.md"))).toMatchObject({ ok: false, message: expect.stringContaining("not a readable WordPress export") });
  });
});
