/**
 * Generates the pictures of the demo projects and insights (app/db/seed/projects.ts and
 * app/db/seed/insights.ts) with scripts/media-lib.ts, and runs each through the upload pipeline
 * (`processImage`, the same code as a staff upload): the stored WebP, AVIF and WebP variants and a
 * blurred placeholder, written under app/db/seed/media/files/ with their library rows in
 * app/db/seed/media/manifest.json (seeded by app/db/seed/media.ts). Also writes the two bundled
 * pictures that are not content: the /projects page banner and the fallback article hero.
 * Deterministic: same content, same bytes.
 *
 * Run: npx tsx scripts/generate-content-media.ts
 */
import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { DEMO_AUTHOR_AVATARS, DEMO_INSIGHT_MEDIA, demoInsights } from "../app/db/seed/insights";
import { DEMO_MEDIA_DIR, demoMediaKey, type DemoMediaEntry } from "../app/db/seed/media";
import { DEMO_PROJECT_MEDIA, demoProjects } from "../app/db/seed/projects";
import { processImage } from "../app/features/media/pipeline.server";
import { type PlaceholderScene, renderPlaceholder, renderPlaceholderBuffer } from "./media-lib";

const SCENE_ALT: Record<PlaceholderScene, string> = {
  skyline: "city towers at dusk",
  bridge: "a cable-stayed bridge over water",
  structure: "a steel frame under construction beside a tower crane",
  community: "low-rise homes and a water tower on a hillside",
  portrait: "portrait",
  blueprint: "a structural drawing with grid lines and sections",
};

const MANIFEST = "app/db/seed/media/manifest.json";

async function ingest(name: string, scene: PlaceholderScene, seed: number, width: number, aspect: number, altText: string): Promise<DemoMediaEntry> {
  const source = await renderPlaceholderBuffer(scene, seed, width, aspect, "webp");
  const processed = await processImage(source, "image/webp");
  const storageKey = demoMediaKey(name);
  const stem = storageKey.replace(/\.webp$/, "");
  const write = async (key: string, body: Buffer) => {
    const file = path.join(DEMO_MEDIA_DIR, key);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, body);
  };
  await write(storageKey, processed.main.body);
  const variants = [];
  for (const v of processed.variants) {
    const key = `${stem}-${v.width}.${v.format}`;
    await write(key, v.body);
    variants.push({ key, format: v.format, width: v.width, height: v.height, bytes: v.body.byteLength });
  }
  return {
    storageKey,
    originalName: `${name}.webp`,
    contentType: "image/webp",
    width: processed.main.width,
    height: processed.main.height,
    bytes: processed.main.body.byteLength,
    altText,
    variants,
    placeholder: processed.placeholder,
  };
}

async function main() {
  await rm(DEMO_MEDIA_DIR, { recursive: true, force: true });
  await rm("public/media/projects", { recursive: true, force: true });
  await rm("public/media/insights", { recursive: true, force: true });
  const entries: DemoMediaEntry[] = [];
  let seed = 11;
  for (const [slug, scenes] of Object.entries(DEMO_PROJECT_MEDIA)) {
    const title = demoProjects.find((p) => p.slug === slug)!.title;
    for (const [i, scene] of scenes.entries()) {
      entries.push(await ingest(`${slug}-${i + 1}`, scene, seed++, 1280, 16 / 10, `${title}: ${SCENE_ALT[scene]}`));
    }
  }
  for (const [slug, scene] of Object.entries(DEMO_INSIGHT_MEDIA)) {
    const title = demoInsights.find((a) => a.slug === slug)!.title;
    entries.push(await ingest(slug, scene, seed++, 1280, 16 / 9, `${SCENE_ALT[scene][0]!.toUpperCase()}${SCENE_ALT[scene].slice(1)}, illustrating "${title}"`));
  }
  for (const [name, s] of Object.entries(DEMO_AUTHOR_AVATARS)) {
    const author = demoInsights.find((a) => a.authorImage?.includes(`author-${name}`))!.authorName;
    entries.push(await ingest(`author-${name}`, "portrait", s, 192, 1, `Portrait of ${author}`));
  }
  await writeFile(MANIFEST, `${JSON.stringify(entries, null, 1)}\n`);
  // Bundled, not content: the /projects banner and the fallback article hero.
  await renderPlaceholder({ scene: "structure", seed: 12, widths: [640, 1280], outBase: "public/media/projects/thames-wharf-mixed-use-tower-2", aspect: 16 / 10, quality: 64 });
  await renderPlaceholder({ scene: "blueprint", seed: 7, widths: [640, 1280], outBase: "public/media/insights/fallback", aspect: 16 / 9, quality: 64 });
  const total = entries.reduce((sum, e) => sum + e.bytes + e.variants.reduce((s, v) => s + v.bytes, 0), 0);
  console.log(`${entries.length} library images, ${(total / 1024).toFixed(0)} KiB`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
