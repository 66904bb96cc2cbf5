/**
 * Writes the public site's placeholder media (committed, so a fresh clone needs no generation;
 * this script makes them reproducible):
 *   public/media/hero/hero-{1,2,3}-{640,1280,1920}.webp   home hero slideshow (16:9)
 *   public/media/team/{slug}-{400,800}.webp               founders (4:5)
 *   public/media/partners/*.svg                           neutral partner logos
 *   public/media/og-default.jpg                           1200x630 social-share image
 *   public/media/approach/approach.{mp4,webm} + approach-poster.webp   looping muted clip (needs ffmpeg)
 *
 * Run: `npx tsx scripts/generate-site-media.ts`
 */
import { execFileSync } from "node:child_process";
import { mkdir, mkdtemp, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { SITE_PAGE_SEED } from "../app/features/site-pages/defaults";
import { companyDefaults } from "../app/content/company";
import { renderPlaceholder, renderPlaceholderSvg, type PlaceholderScene } from "./media-lib";

const ROOT = "public/media";

async function hero() {
  const scenes: PlaceholderScene[] = ["skyline", "structure", "community"];
  for (const [i, scene] of scenes.entries()) {
    await renderPlaceholder({ scene, seed: i + 1, widths: [640, 1280, 1920], outBase: `${ROOT}/hero/hero-${i + 1}`, aspect: 16 / 9, quality: 60 });
  }
}

async function team() {
  for (const [i, person] of SITE_PAGE_SEED.about.team.people.entries()) {
    const base = person.photo.src.replace(/-\d+\.webp$/, "");
    await renderPlaceholder({ scene: "portrait", seed: i + 2, widths: [400, 800], outBase: `public${base}`, aspect: 4 / 5, quality: 68 });
  }
}

/** A simple geometric mark plus the name, in neutral slate, 200x60. */
function partnerSvg(name: string, index: number): string {
  const marks = [
    `<rect x="4" y="14" width="32" height="32" rx="4" fill="none" stroke="#475569" stroke-width="4"/><path d="M12 38 20 22l8 16" fill="none" stroke="#475569" stroke-width="4"/>`,
    `<circle cx="20" cy="30" r="16" fill="none" stroke="#475569" stroke-width="4"/><circle cx="20" cy="30" r="6" fill="#475569"/>`,
    `<path d="M4 44 20 14l16 30Z" fill="none" stroke="#475569" stroke-width="4" stroke-linejoin="round"/>`,
    `<path d="M4 44h32M8 44V24l12-10 12 10v20" fill="none" stroke="#475569" stroke-width="4"/>`,
    `<rect x="4" y="16" width="14" height="28" fill="#475569"/><rect x="22" y="24" width="14" height="20" fill="#475569"/>`,
    `<path d="M4 30c8-16 24-16 32 0-8 16-24 16-32 0Z" fill="none" stroke="#475569" stroke-width="4"/>`,
    `<path d="M4 44c6-20 26-20 32 0M12 44c3-10 13-10 16 0" fill="none" stroke="#475569" stroke-width="4"/>`,
  ];
  const [first, ...rest] = name.split(" ");
  const label = `<tspan font-weight="700">${first}</tspan>${rest.length ? ` ${rest.join(" ")}` : ""}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 280 60" width="280" height="60" role="img" aria-label="${name}"><title>${name}</title>${marks[index % marks.length]}<text x="46" y="37" font-family="Inter, Helvetica, Arial, sans-serif" font-size="${name.length > 20 ? 17 : 19}" fill="#475569" letter-spacing="0.3">${label}</text></svg>\n`;
}

async function partnerLogos() {
  await mkdir(`${ROOT}/partners`, { recursive: true });
  for (const [i, partner] of SITE_PAGE_SEED.home.partners.partners.entries()) await writeFile(`public${partner.logo.src}`, partnerSvg(partner.name, i));
}

async function ogImage() {
  const base = renderPlaceholderSvg("bridge", 2, 1200 / 630, 0.25);
  const overlay = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630"><rect x="70" y="440" width="8" height="150" fill="#5eead4"/><text x="100" y="500" font-family="DejaVu Sans, Arial, sans-serif" font-size="64" font-weight="700" fill="#ffffff">${companyDefaults.companyName}</text><text x="100" y="548" font-family="DejaVu Sans, Arial, sans-serif" font-size="30" fill="#ccfbf1">Structural &amp; Humanitarian Engineering</text><text x="100" y="585" font-family="DejaVu Sans, Arial, sans-serif" font-size="24" fill="#ccfbf1">London, United Kingdom</text></svg>`;
  const background = await sharp(Buffer.from(base)).resize(1200, 630).png().toBuffer();
  await sharp(background)
    .composite([{ input: Buffer.from(overlay) }])
    .jpeg({ quality: 78, mozjpeg: true })
    .toFile(`${ROOT}/og-default.jpg`);
}

/** A 4-second seamless loop: a slow push-in and pull-out over a structural scene. */
async function approachVideo() {
  const dir = `${ROOT}/approach`;
  await mkdir(dir, { recursive: true });
  const tmp = await mkdtemp(join(tmpdir(), "approach-"));
  const W = 640;
  const H = 360;
  const source = await sharp(Buffer.from(renderPlaceholderSvg("structure", 5, 16 / 9)), { density: 144 })
    .resize(1280, 720)
    .png()
    .toBuffer();
  const frames = 96;
  for (let i = 0; i < frames; i++) {
    const t = (1 - Math.cos((2 * Math.PI * i) / frames)) / 2; // 0 -> 1 -> 0, smooth
    const scale = 1 - 0.18 * t;
    const cw = Math.round(1280 * scale);
    const ch = Math.round(720 * scale);
    const left = Math.round((1280 - cw) * (0.3 + 0.4 * t));
    const top = Math.round((720 - ch) * 0.5);
    await sharp(source)
      .extract({ left, top, width: cw, height: ch })
      .resize(W, H)
      .png()
      .toFile(join(tmp, `f${String(i).padStart(3, "0")}.png`));
  }
  const input = ["-y", "-loglevel", "error", "-framerate", "24", "-i", join(tmp, "f%03d.png")];
  execFileSync("ffmpeg", [...input, "-c:v", "libx264", "-preset", "slow", "-crf", "30", "-pix_fmt", "yuv420p", "-movflags", "+faststart", "-an", `${dir}/approach.mp4`]);
  execFileSync("ffmpeg", [...input, "-c:v", "libvpx-vp9", "-crf", "42", "-b:v", "0", "-row-mt", "1", "-an", `${dir}/approach.webm`]);
  await sharp(join(tmp, "f000.png")).webp({ quality: 68 }).toFile(`${dir}/approach-poster.webp`);
  await rm(tmp, { recursive: true, force: true });
}

async function main() {
  await hero();
  await team();
  await partnerLogos();
  await ogImage();
  if (process.argv.includes("--no-video")) console.log("skipping video");
  else await approachVideo();
  const total = execFileSync("du", ["-sb", ROOT]).toString().split("\t")[0];
  console.log(`public/media: ${(Number(total) / 1024).toFixed(0)} KB`);
  await stat(`${ROOT}/og-default.jpg`);
}

await main();
