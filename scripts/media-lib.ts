/**
 * Placeholder media for the site: deterministic SVG "scenes" (sky and haze gradients, building,
 * bridge, frame and settlement silhouettes, blueprint grid lines) in the teal palette, rendered to
 * WebP (or JPEG) with sharp. Used by scripts/generate-site-media.ts and the demo-content seeders,
 * so a fresh clone gets the same pixels every time (same scene + seed = same file).
 *
 * Usage:
 *   await renderPlaceholder({ scene: "skyline", seed: 3, widths: [640, 1280], outBase: "public/media/x/hero", aspect: 16 / 9 })
 *   // writes public/media/x/hero-640.webp and public/media/x/hero-1280.webp
 */
import { mkdir } from "node:fs/promises";
import { dirname } from "node:path";
import sharp from "sharp";

/** The kinds of picture a placeholder can show. */
export type PlaceholderScene =
  | "skyline" // city towers at dusk
  | "bridge" // cable-stayed bridge over water
  | "structure" // steel frame under construction with a tower crane
  | "community" // low-rise settlement, hills, water tower (humanitarian work)
  | "portrait" // a person's head-and-shoulders silhouette against a soft office background
  | "blueprint"; // technical drawing: grid, sections, dimension lines

export const PLACEHOLDER_SCENES: readonly PlaceholderScene[] = ["skyline", "bridge", "structure", "community", "portrait", "blueprint"];

export type PlaceholderOptions = {
  scene: PlaceholderScene;
  /** Any integer; changes the layout and tint of the scene deterministically. */
  seed: number;
  /** Output widths in pixels; one file per width. */
  widths: number[];
  /** Path without the width suffix and extension, e.g. `public/media/hero/hero-1`. */
  outBase: string;
  /** Width divided by height (e.g. 16 / 9). Default 16 / 9. */
  aspect?: number;
  /** Output format; default "webp". */
  format?: "webp" | "jpg";
  /** Encoder quality 1-100; default 72 for WebP, 80 for JPEG. */
  quality?: number;
  /** Darken the picture so white text on top stays readable (0-1). Default 0. */
  shade?: number;
};

export type RenderedFile = { width: number; height: number; path: string; bytes: number };

/** Small deterministic PRNG (mulberry32): returns floats in [0, 1). */
function rng(seed: number): () => number {
  let a = (seed * 2654435761) >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PALETTES = [
  { skyTop: "#042f2e", skyMid: "#115e59", skyLow: "#5eead4", glow: "#fde68a", far: "#134e4a", mid: "#0f3f3b", near: "#062522", line: "#99f6e4" },
  { skyTop: "#0b1f1d", skyMid: "#0f766e", skyLow: "#a7f3d0", glow: "#fcd34d", far: "#115e59", mid: "#0d3b37", near: "#041c1a", line: "#ccfbf1" },
  { skyTop: "#083344", skyMid: "#0e7490", skyLow: "#99f6e4", glow: "#fef3c7", far: "#155e75", mid: "#123c44", near: "#052126", line: "#a5f3fc" },
  { skyTop: "#1e293b", skyMid: "#0f766e", skyLow: "#f0fdfa", glow: "#fbbf24", far: "#1f4d4a", mid: "#173734", near: "#0b1f1d", line: "#5eead4" },
];

const f = (n: number) => Math.round(n * 10) / 10;

/** The SVG source of a scene at a virtual width of 1600 units (height from `aspect`). */
export function renderPlaceholderSvg(scene: PlaceholderScene, seed: number, aspect = 16 / 9, shade = 0): string {
  const W = 1600;
  const H = Math.round(W / aspect);
  const r = rng(seed * 97 + scene.length * 13);
  const p = PALETTES[Math.abs(seed) % PALETTES.length]!;
  const horizon = H * (0.62 + r() * 0.1);
  const sunX = W * (0.2 + r() * 0.6);
  const sunY = horizon - H * (0.12 + r() * 0.2);
  const parts: string[] = [];

  const defs = `
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${p.skyTop}"/>
      <stop offset="0.55" stop-color="${p.skyMid}"/>
      <stop offset="1" stop-color="${p.skyLow}"/>
    </linearGradient>
    <radialGradient id="sun" cx="${f(sunX / W)}" cy="${f(sunY / H)}" r="0.55">
      <stop offset="0" stop-color="${p.glow}" stop-opacity="0.85"/>
      <stop offset="0.18" stop-color="${p.glow}" stop-opacity="0.35"/>
      <stop offset="1" stop-color="${p.glow}" stop-opacity="0"/>
    </radialGradient>
    <linearGradient id="haze" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${p.skyLow}" stop-opacity="0"/>
      <stop offset="1" stop-color="${p.skyLow}" stop-opacity="0.45"/>
    </linearGradient>
    <linearGradient id="ground" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${p.mid}"/>
      <stop offset="1" stop-color="${p.near}"/>
    </linearGradient>
    <linearGradient id="water" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${p.skyLow}" stop-opacity="0.55"/>
      <stop offset="1" stop-color="${p.near}"/>
    </linearGradient>
    <radialGradient id="vignette" cx="0.5" cy="0.5" r="0.75">
      <stop offset="0.55" stop-color="#000" stop-opacity="0"/>
      <stop offset="1" stop-color="#000" stop-opacity="0.55"/>
    </radialGradient>
    <pattern id="grid" width="80" height="80" patternUnits="userSpaceOnUse">
      <path d="M80 0H0V80" fill="none" stroke="${p.line}" stroke-opacity="0.09" stroke-width="1.5"/>
    </pattern>
    <filter id="soft" x="-10%" y="-10%" width="120%" height="120%"><feGaussianBlur stdDeviation="6"/></filter>
    <filter id="softer" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="28"/></filter>
  </defs>`;

  parts.push(`<rect width="${W}" height="${H}" fill="url(#sky)"/>`);
  parts.push(`<rect width="${W}" height="${H}" fill="url(#sun)"/>`);
  // A few soft clouds.
  for (let i = 0; i < 4; i++) {
    const cx = r() * W;
    const cy = H * (0.1 + r() * 0.35);
    parts.push(
      `<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(160 + r() * 260)}" ry="${f(18 + r() * 30)}" fill="#ffffff" fill-opacity="${f(0.05 + r() * 0.08)}" filter="url(#softer)"/>`,
    );
  }

  const towers = (count: number, base: number, minH: number, maxH: number, fill: string, opacity: number, windows: boolean) => {
    let x = -40;
    const out: string[] = [];
    while (x < W + 40 && out.length < count * 3) {
      const w = 50 + r() * 110;
      const h = minH + r() * (maxH - minH);
      const top = base - h;
      out.push(`<rect x="${f(x)}" y="${f(top)}" width="${f(w)}" height="${f(h + 4)}" fill="${fill}" fill-opacity="${opacity}"/>`);
      if (r() < 0.35) out.push(`<rect x="${f(x + w * 0.45)}" y="${f(top - 40)}" width="4" height="40" fill="${fill}" fill-opacity="${opacity}"/>`);
      if (r() < 0.3) out.push(`<polygon points="${f(x)},${f(top)} ${f(x + w)},${f(top)} ${f(x + w)},${f(top - w * 0.35)}" fill="${fill}" fill-opacity="${opacity}"/>`);
      if (windows) {
        const cols = Math.max(2, Math.floor(w / 18));
        const rows = Math.floor(h / 22);
        for (let c = 0; c < cols; c++)
          for (let ro = 1; ro < rows; ro++)
            if (r() < 0.28)
              out.push(
                `<rect x="${f(x + 6 + c * (w - 12) / cols)}" y="${f(top + ro * 22)}" width="6" height="9" fill="${p.glow}" fill-opacity="${f(0.25 + r() * 0.5)}"/>`,
              );
      }
      x += w + (r() < 0.3 ? 10 + r() * 30 : 2);
    }
    return out.join("");
  };

  const crane = (x: number, base: number, height: number, color: string) => {
    const top = base - height;
    const jib = 260 + r() * 180;
    const seg: string[] = [];
    seg.push(`<rect x="${f(x)}" y="${f(top)}" width="16" height="${f(height)}" fill="none" stroke="${color}" stroke-width="3"/>`);
    for (let y = top; y < base; y += 24) seg.push(`<path d="M${f(x)} ${f(y)}L${f(x + 16)} ${f(y + 24)}" stroke="${color}" stroke-width="2"/>`);
    seg.push(`<path d="M${f(x - 90)} ${f(top)}H${f(x + jib)}" stroke="${color}" stroke-width="6"/>`);
    seg.push(`<path d="M${f(x + 8)} ${f(top - 60)}L${f(x - 90)} ${f(top)}M${f(x + 8)} ${f(top - 60)}L${f(x + jib)} ${f(top)}" stroke="${color}" stroke-width="2"/>`);
    seg.push(`<rect x="${f(x - 110)}" y="${f(top)}" width="40" height="26" fill="${color}"/>`);
    const hook = x + jib * (0.5 + r() * 0.4);
    seg.push(`<path d="M${f(hook)} ${f(top)}V${f(top + 120 + r() * 120)}" stroke="${color}" stroke-width="1.5"/>`);
    return seg.join("");
  };

  switch (scene) {
    case "skyline": {
      parts.push(towers(10, horizon, H * 0.15, H * 0.42, p.far, 0.55, false));
      parts.push(`<rect y="${f(horizon - H * 0.3)}" width="${W}" height="${f(H * 0.3)}" fill="url(#haze)"/>`);
      parts.push(towers(10, horizon + 10, H * 0.1, H * 0.5, p.mid, 0.95, true));
      parts.push(crane(W * (0.55 + r() * 0.3), horizon - H * 0.2, H * 0.45, p.near));
      parts.push(`<rect y="${f(horizon)}" width="${W}" height="${f(H - horizon)}" fill="url(#ground)"/>`);
      parts.push(towers(6, H + 20, H * 0.05, H * 0.2, p.near, 1, false));
      break;
    }
    case "bridge": {
      parts.push(towers(8, horizon, H * 0.06, H * 0.2, p.far, 0.5, false));
      parts.push(`<rect y="${f(horizon)}" width="${W}" height="${f(H - horizon)}" fill="url(#water)"/>`);
      for (let i = 0; i < 14; i++) {
        const y = horizon + 10 + r() * (H - horizon);
        parts.push(`<path d="M${f(r() * W)} ${f(y)}h${f(60 + r() * 220)}" stroke="#ffffff" stroke-opacity="${f(0.05 + r() * 0.12)}" stroke-width="2"/>`);
      }
      const deckY = horizon - H * 0.06;
      const pylons = [W * (0.28 + r() * 0.06), W * (0.68 + r() * 0.06)];
      const pylonTop = deckY - H * (0.32 + r() * 0.1);
      parts.push(`<rect x="-10" y="${f(deckY)}" width="${W + 20}" height="18" fill="${p.near}"/>`);
      for (const px of pylons) {
        parts.push(`<polygon points="${f(px - 16)},${f(horizon + 30)} ${f(px + 16)},${f(horizon + 30)} ${f(px + 7)},${f(pylonTop)} ${f(px - 7)},${f(pylonTop)}" fill="${p.near}"/>`);
        for (let k = 1; k <= 9; k++) {
          const reach = k * 46;
          const ay = pylonTop + 20 + k * 9;
          parts.push(`<path d="M${f(px)} ${f(ay)}L${f(px - reach)} ${f(deckY)}M${f(px)} ${f(ay)}L${f(px + reach)} ${f(deckY)}" stroke="${p.near}" stroke-width="2.2"/>`);
        }
        // reflection
        parts.push(`<rect x="${f(px - 10)}" y="${f(horizon + 30)}" width="20" height="${f((H - horizon) * 0.6)}" fill="${p.near}" fill-opacity="0.25" filter="url(#soft)"/>`);
      }
      break;
    }
    case "structure": {
      parts.push(towers(8, horizon, H * 0.1, H * 0.3, p.far, 0.45, false));
      parts.push(`<rect y="${f(horizon - H * 0.3)}" width="${W}" height="${f(H * 0.3)}" fill="url(#haze)"/>`);
      const left = W * (0.18 + r() * 0.15);
      const bays = 5 + Math.floor(r() * 3);
      const bayW = 110 + r() * 30;
      const floors = 6 + Math.floor(r() * 4);
      const floorH = Math.min(70, (horizon - H * 0.12) / floors);
      const frame: string[] = [];
      for (let b = 0; b <= bays; b++) frame.push(`<rect x="${f(left + b * bayW - 5)}" y="${f(horizon - floors * floorH)}" width="10" height="${f(floors * floorH)}" fill="${p.near}"/>`);
      for (let fl = 0; fl <= floors; fl++) {
        const y = horizon - fl * floorH;
        const span = fl === floors ? Math.floor(bays * 0.6) : bays;
        frame.push(`<rect x="${f(left - 5)}" y="${f(y - 4)}" width="${f(span * bayW + 10)}" height="8" fill="${p.near}"/>`);
        if (fl < floors && r() < 0.5) {
          const b = Math.floor(r() * bays);
          frame.push(`<path d="M${f(left + b * bayW)} ${f(y)}L${f(left + (b + 1) * bayW)} ${f(y - floorH)}M${f(left + (b + 1) * bayW)} ${f(y)}L${f(left + b * bayW)} ${f(y - floorH)}" stroke="${p.near}" stroke-width="3"/>`);
        }
      }
      parts.push(frame.join(""));
      parts.push(crane(left + bays * bayW + 80 + r() * 120, horizon, H * 0.68, p.near));
      parts.push(`<rect y="${f(horizon)}" width="${W}" height="${f(H - horizon)}" fill="url(#ground)"/>`);
      break;
    }
    case "community": {
      const hills = (base: number, amp: number, fill: string, opacity: number) => {
        let d = `M0 ${f(H)}L0 ${f(base)}`;
        for (let x = 0; x <= W; x += 100) d += `L${x} ${f(base - Math.sin(x / 230 + r()) * amp - r() * amp * 0.3)}`;
        return `<path d="${d}L${W} ${f(H)}Z" fill="${fill}" fill-opacity="${opacity}"/>`;
      };
      parts.push(hills(horizon - H * 0.12, H * 0.08, p.far, 0.6));
      parts.push(`<rect y="${f(horizon - H * 0.25)}" width="${W}" height="${f(H * 0.25)}" fill="url(#haze)"/>`);
      parts.push(hills(horizon, H * 0.04, p.mid, 1));
      // houses with pitched roofs
      let x = -20;
      while (x < W) {
        const w = 70 + r() * 70;
        const h = 40 + r() * 40;
        const base = horizon + 20 + r() * 30;
        parts.push(`<rect x="${f(x)}" y="${f(base - h)}" width="${f(w)}" height="${f(h + 200)}" fill="${p.near}"/>`);
        parts.push(`<polygon points="${f(x - 8)},${f(base - h)} ${f(x + w / 2)},${f(base - h - w * 0.4)} ${f(x + w + 8)},${f(base - h)}" fill="${p.near}"/>`);
        if (r() < 0.6) parts.push(`<rect x="${f(x + w * 0.3)}" y="${f(base - h * 0.6)}" width="10" height="12" fill="${p.glow}" fill-opacity="0.6"/>`);
        x += w + 20 + r() * 90;
      }
      // water tower
      const tx = W * (0.15 + r() * 0.7);
      const tb = horizon + 20;
      parts.push(`<path d="M${f(tx - 40)} ${f(tb)}L${f(tx - 20)} ${f(tb - 190)}M${f(tx + 40)} ${f(tb)}L${f(tx + 20)} ${f(tb - 190)}M${f(tx - 34)} ${f(tb - 40)}L${f(tx + 30)} ${f(tb - 120)}M${f(tx + 34)} ${f(tb - 40)}L${f(tx - 30)} ${f(tb - 120)}" stroke="${p.near}" stroke-width="6"/>`);
      parts.push(`<rect x="${f(tx - 50)}" y="${f(tb - 250)}" width="100" height="64" rx="8" fill="${p.near}"/>`);
      // trees
      for (let i = 0; i < 9; i++) {
        const cx = r() * W;
        const cy = horizon + 30 + r() * 40;
        parts.push(`<circle cx="${f(cx)}" cy="${f(cy - 40)}" r="${f(24 + r() * 22)}" fill="${p.near}"/><rect x="${f(cx - 3)}" y="${f(cy - 30)}" width="6" height="40" fill="${p.near}"/>`);
      }
      parts.push(`<rect y="${f(horizon + 60)}" width="${W}" height="${f(H)}" fill="${p.near}"/>`);
      break;
    }
    case "portrait": {
      // Soft office background with bokeh, then a head-and-shoulders silhouette lit from one side.
      parts.push(`<rect width="${W}" height="${H}" fill="${p.mid}" fill-opacity="0.55"/>`);
      for (let i = 0; i < 14; i++) {
        parts.push(
          `<circle cx="${f(r() * W)}" cy="${f(r() * H * 0.7)}" r="${f(30 + r() * 90)}" fill="${i % 3 ? p.skyLow : p.glow}" fill-opacity="${f(0.08 + r() * 0.18)}" filter="url(#softer)"/>`,
        );
      }
      parts.push(`<rect x="${f(W * 0.05)}" y="${f(H * 0.1)}" width="${f(W * 0.22)}" height="${f(H * 0.55)}" fill="${p.skyLow}" fill-opacity="0.12" filter="url(#soft)"/>`);
      const cx = W * (0.45 + r() * 0.1);
      const headR = Math.min(W, H) * 0.15;
      const headY = H * 0.42;
      parts.push(`<defs><linearGradient id="body" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${p.far}"/><stop offset="1" stop-color="${p.near}"/></linearGradient></defs>`);
      parts.push(`<path d="M${f(cx - headR * 2.6)} ${f(H + 10)}C${f(cx - headR * 2.5)} ${f(headY + headR * 1.6)} ${f(cx - headR * 1.2)} ${f(headY + headR * 1.3)} ${f(cx)} ${f(headY + headR * 1.3)}C${f(cx + headR * 1.2)} ${f(headY + headR * 1.3)} ${f(cx + headR * 2.5)} ${f(headY + headR * 1.6)} ${f(cx + headR * 2.6)} ${f(H + 10)}Z" fill="url(#body)"/>`);
      parts.push(`<rect x="${f(cx - headR * 0.42)}" y="${f(headY + headR * 0.6)}" width="${f(headR * 0.84)}" height="${f(headR * 0.9)}" fill="url(#body)"/>`);
      parts.push(`<ellipse cx="${f(cx)}" cy="${f(headY)}" rx="${f(headR * 0.82)}" ry="${f(headR)}" fill="url(#body)"/>`);
      parts.push(`<path d="M${f(cx - headR * 0.35)} ${f(headY + headR * 1.3)}L${f(cx)} ${f(headY + headR * 2.2)}L${f(cx + headR * 0.35)} ${f(headY + headR * 1.3)}Z" fill="${p.skyLow}" fill-opacity="0.35"/>`);
      break;
    }
    case "blueprint": {
      parts.push(`<rect width="${W}" height="${H}" fill="${p.skyTop}"/>`);
      parts.push(`<rect width="${W}" height="${H}" fill="url(#sun)" opacity="0.35"/>`);
      const bx = W * 0.15;
      const by = H * 0.2;
      const bw = W * 0.7;
      const bh = H * 0.55;
      const stroke = `stroke="${p.line}" fill="none"`;
      parts.push(`<rect x="${f(bx)}" y="${f(by)}" width="${f(bw)}" height="${f(bh)}" ${stroke} stroke-width="3" stroke-opacity="0.7"/>`);
      const cols = 4 + Math.floor(r() * 4);
      for (let c = 1; c < cols; c++) parts.push(`<path d="M${f(bx + (bw * c) / cols)} ${f(by)}V${f(by + bh)}" ${stroke} stroke-width="1.5" stroke-opacity="0.45" stroke-dasharray="14 8"/>`);
      for (let k = 1; k < 4; k++) parts.push(`<path d="M${f(bx)} ${f(by + (bh * k) / 4)}H${f(bx + bw)}" ${stroke} stroke-width="1.5" stroke-opacity="0.35"/>`);
      parts.push(`<path d="M${f(bx)} ${f(by + bh)}L${f(bx + bw / 2)} ${f(by - H * 0.08)}L${f(bx + bw)} ${f(by + bh)}" ${stroke} stroke-width="2.5" stroke-opacity="0.6"/>`);
      parts.push(`<path d="M${f(bx)} ${f(by + bh + 40)}H${f(bx + bw)}M${f(bx)} ${f(by + bh + 30)}v20M${f(bx + bw)} ${f(by + bh + 30)}v20" ${stroke} stroke-width="2" stroke-opacity="0.6"/>`);
      parts.push(`<circle cx="${f(bx + bw * 0.8)}" cy="${f(by + bh * 0.3)}" r="${f(H * 0.08)}" ${stroke} stroke-width="2" stroke-opacity="0.5"/>`);
      break;
    }
  }

  // Blueprint grid, a faint diagonal light and the vignette give every scene a shared look.
  parts.push(`<rect width="${W}" height="${H}" fill="url(#grid)"/>`);
  parts.push(`<rect width="${W}" height="${H}" fill="url(#vignette)"/>`);
  if (shade > 0) parts.push(`<rect width="${W}" height="${H}" fill="#041c1a" fill-opacity="${f(Math.min(1, shade))}"/>`);

  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}">${defs}${parts.join("")}</svg>`;
}

/**
 * Renders a scene to one file per width: `${outBase}-${width}.${format}`. Creates the folder.
 * Returns the files written (pixel sizes and byte counts). Throws on a sharp/IO error.
 */
export async function renderPlaceholder(options: PlaceholderOptions): Promise<RenderedFile[]> {
  const aspect = options.aspect ?? 16 / 9;
  const format = options.format ?? "webp";
  const svg = Buffer.from(renderPlaceholderSvg(options.scene, options.seed, aspect, options.shade ?? 0));
  await mkdir(dirname(options.outBase), { recursive: true });
  const out: RenderedFile[] = [];
  for (const width of options.widths) {
    const height = Math.round(width / aspect);
    const path = `${options.outBase}-${width}.${format}`;
    const image = sharp(svg, { density: Math.max(72, Math.ceil((72 * width) / 1600)) }).resize(width, height, { fit: "cover" });
    const info =
      format === "webp"
        ? await image.webp({ quality: options.quality ?? 72, effort: 5 }).toFile(path)
        : await image.jpeg({ quality: options.quality ?? 80, mozjpeg: true }).toFile(path);
    out.push({ width, height, path, bytes: info.size });
  }
  return out;
}

/** Renders a scene to an in-memory buffer (e.g. for an upload seeder). */
export async function renderPlaceholderBuffer(
  scene: PlaceholderScene,
  seed: number,
  width: number,
  aspect = 16 / 9,
  format: "webp" | "jpg" = "webp",
): Promise<Buffer> {
  const svg = Buffer.from(renderPlaceholderSvg(scene, seed, aspect));
  const image = sharp(svg, { density: Math.max(72, Math.ceil((72 * width) / 1600)) }).resize(width, Math.round(width / aspect), { fit: "cover" });
  return format === "webp" ? image.webp({ quality: 72 }).toBuffer() : image.jpeg({ quality: 80, mozjpeg: true }).toBuffer();
}
