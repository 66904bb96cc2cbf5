/**
 * Generates the pictures of the demo projects and insights (app/db/seed/projects.ts and
 * app/db/seed/insights.ts) with scripts/media-lib.ts: WebP at 640 and 1280 px wide for project
 * and article pictures (content stores the 1280 one; the pages add a srcset), 192 px square author
 * portraits, and the fallback article hero. Deterministic: same content, same bytes.
 *
 * Run: npx tsx scripts/generate-content-media.ts   (writes public/media/projects and public/media/insights)
 */
import { rm } from "node:fs/promises";
import { DEMO_AUTHOR_AVATARS, DEMO_INSIGHT_MEDIA } from "../app/db/seed/insights";
import { DEMO_PROJECT_MEDIA } from "../app/db/seed/projects";
import { renderPlaceholder, type RenderedFile } from "./media-lib";

const WIDTHS = [640, 1280];

async function main() {
  await rm("public/media/projects", { recursive: true, force: true });
  await rm("public/media/insights", { recursive: true, force: true });
  const files: RenderedFile[] = [];
  let seed = 11;
  for (const [slug, scenes] of Object.entries(DEMO_PROJECT_MEDIA)) {
    for (const [i, scene] of scenes.entries()) {
      files.push(
        ...(await renderPlaceholder({ scene, seed: seed++, widths: WIDTHS, outBase: `public/media/projects/${slug}-${i + 1}`, aspect: 16 / 10, quality: 64 })),
      );
    }
  }
  for (const [slug, scene] of Object.entries(DEMO_INSIGHT_MEDIA)) {
    files.push(...(await renderPlaceholder({ scene, seed: seed++, widths: WIDTHS, outBase: `public/media/insights/${slug}`, aspect: 16 / 9, quality: 64 })));
  }
  files.push(...(await renderPlaceholder({ scene: "blueprint", seed: 7, widths: WIDTHS, outBase: "public/media/insights/fallback", aspect: 16 / 9, quality: 64 })));
  for (const [name, s] of Object.entries(DEMO_AUTHOR_AVATARS)) {
    files.push(...(await renderPlaceholder({ scene: "portrait", seed: s, widths: [192], outBase: `public/media/insights/authors/${name}`, aspect: 1, quality: 70 })));
  }
  const total = files.reduce((sum, f) => sum + f.bytes, 0);
  console.log(`${files.length} files, ${(total / 1024).toFixed(0)} KiB`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
