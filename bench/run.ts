/**
 * `npm run bench`: every benchmark in turn, each printing its own table of figures.
 * Pages (bytes, Lighthouse, requests/s, the cost of a cache hit beside the in-memory limit), the booking race, the admin lists at volume, server
 * memory under large request bodies, and media (upload to variants, memory and home p99 under
 * 4 uploads, image bytes at 390 px), and a cached page while the server reads a hostile calendar.
 * Each starts and stops its own production server; the build must exist (`npm run build`).
 * `npm run bench -- pages` (or booking, admin, bodies, media, calendars) runs one.
 */
import { existsSync } from "node:fs";

const suites: Record<string, () => Promise<void>> = {
  pages: async () => {
    await (await import("./pages")).runPagesBench();
    // Each cached page in both encodings beside the in-memory limit for the same bytes, and its CPU per hit.
    await (await import("./hit-cost")).runHitCostBench();
  },
  booking: async () => (await import("./booking")).runBookingBench(),
  admin: async () => (await import("./admin")).runAdminBench(),
  bodies: async () => (await import("./bodies")).runBodiesBench(),
  media: async () => (await import("./media")).runMediaBench(),
  calendars: async () => (await import("./calendars")).runCalendarsBench(),
};

if (!existsSync(`${process.env.BUILD_DIR ?? "build"}/server/index.js`)) {
  console.error("No production build: run `npm run build` first.");
  process.exit(1);
}

const wanted = process.argv.slice(2).filter((a) => a in suites);
for (const name of wanted.length ? wanted : Object.keys(suites)) {
  console.log(`\n=== ${name} ===`);
  await suites[name]();
}
