/**
 * The worker thread that reads a WordPress export (run by `parse.server.ts` through piscina, so
 * the XML and HTML parsing never holds the event loop that serves pages): streams the file,
 * plans each item and returns the dry run's material; with `bodies`, also what the import writes
 * for the posts and pages it creates within that window (converted body, excerpt, author, terms,
 * old address, cover) and each attachment's address.
 */
import { createReadStream } from "node:fs";
import { htmlToBlocks, type ConvertedBlock } from "./html-blocks";
import { planItem, type ItemPlan } from "./plan";
import { readWxr, WxrError, type WxrChannel, type WxrTerm } from "./wxr";

/** What the import writes for one post or page it creates (a plan with a status). */
export type ItemBody = { link: string; excerpt: string; creator: string; categories: WxrTerm[]; tags: WxrTerm[]; blocks: ConvertedBlock[]; thumbnailId: number | null };

/** One item's plan, and when asked for, its body (an imported post or page) or its file's address (an attachment). */
export type ParsedItem = ItemPlan & { body?: ItemBody; attachmentUrl?: string };

/** The worker's answer: the channel and every item's plan, or the reason the file was refused. */
export type ParsedExport = { ok: true; channel: WxrChannel; items: ParsedItem[] } | { ok: false; message: string };

/**
 * Which imported items (posts and pages with a status, counted from 0 in the file's order) get
 * their body: `from` inclusive, `to` exclusive. A window keeps the bodies in memory bounded when
 * a large export is applied a batch at a time.
 */
export type BodyWindow = { from: number; to: number };

/** Reads the export at `file` (a path on this machine); `bodies` adds the body of each imported item in that window. */
export default async function parseExportFile({ file, bodies }: { file: string; bodies?: BodyWindow }): Promise<ParsedExport> {
  const items: ParsedItem[] = [];
  let imported = 0;
  try {
    const channel = await readWxr(createReadStream(file, { highWaterMark: 64 * 1024 }), (item) => {
      const plan: ParsedItem = planItem(item);
      const index = plan.status !== null ? imported++ : -1;
      if (bodies && index >= bodies.from && index < bodies.to) {
        const thumbnailId = Number.parseInt(item.meta._thumbnail_id ?? "", 10);
        plan.body = { link: item.link, excerpt: item.excerpt, creator: item.creator, categories: item.categories, tags: item.tags, blocks: htmlToBlocks(item.content), thumbnailId: Number.isSafeInteger(thumbnailId) ? thumbnailId : null };
      }
      if (bodies && plan.kind === "attachment" && item.attachmentUrl) plan.attachmentUrl = item.attachmentUrl;
      items.push(plan);
    });
    return { ok: true, channel, items };
  } catch (error) {
    if (error instanceof WxrError) return { ok: false, message: error.message };
    throw error;
  }
}
