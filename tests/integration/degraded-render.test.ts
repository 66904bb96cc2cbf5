/**
 * Degraded renders: when a public list page's database read fails, the page still shows its
 * empty state but the render is marked degraded, so the HTML cache
 * never keeps it (the cache's side is in html-cache.test.ts). The failure is real: the table the
 * loader reads is renamed away for the duration of one request.
 */
import { sql } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { loader as homeLoader } from "~/routes/public/home";
import { loader as insightsLoader } from "~/routes/public/insights";
import { loader as projectsLoader } from "~/routes/public/projects";
import { setupTestDatabase } from "../setup/database";

setupTestDatabase();

/** Runs `load` with `table` missing (renamed away and back), as during a transient database fault. */
async function withTableMissing<T>(table: string, load: () => Promise<T>): Promise<T> {
  await db.execute(sql.raw(`alter table "${table}" rename to "${table}_unavailable"`));
  try {
    return await load();
  } finally {
    await db.execute(sql.raw(`alter table "${table}_unavailable" rename to "${table}"`));
  }
}

const pages = [
  { name: "home", table: "cms_projects", url: "http://localhost/", load: (args: object): Promise<unknown> => homeLoader(args as never) },
  { name: "projects", table: "cms_projects", url: "http://localhost/projects", load: (args: object): Promise<unknown> => projectsLoader(args as never) },
  { name: "insights", table: "insights", url: "http://localhost/insights", load: (args: object): Promise<unknown> => insightsLoader(args as never) },
];

describe.each(pages)("$name loader", ({ table, url, load }) => {
  it("marks the render degraded when its read fails, and not when it succeeds", async () => {
    const failed: AppLoadContext = { clientIp: "203.0.113.1" };
    const data = await withTableMissing(table, () => load({ request: new Request(url), params: {}, context: failed }));
    expect(failed.renderDegraded).toBe(true);
    expect(JSON.stringify(data)).toMatch(/"(projects|insights)":\[\]/);

    const healthy: AppLoadContext = { clientIp: "203.0.113.1" };
    await load({ request: new Request(url), params: {}, context: healthy });
    expect(healthy.renderDegraded).toBeUndefined();
  });
});
