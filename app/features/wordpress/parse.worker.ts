/**
 * The worker thread that reads a WordPress export (run by `parse.server.ts` through piscina, so
 * the XML and HTML parsing never holds the event loop that serves pages): streams the file,
 * plans each item and returns the dry run's material, without the bodies.
 */
import { createReadStream } from "node:fs";
import { planItem, type ItemPlan } from "./plan";
import { readWxr, WxrError, type WxrChannel } from "./wxr";

/** The worker's answer: the channel and every item's plan, or the reason the file was refused. */
export type ParsedExport = { ok: true; channel: WxrChannel; items: ItemPlan[] } | { ok: false; message: string };

/** Reads the export at `file` (a path on this machine). */
export default async function parseExportFile({ file }: { file: string }): Promise<ParsedExport> {
  const items: ItemPlan[] = [];
  try {
    const channel = await readWxr(createReadStream(file, { highWaterMark: 64 * 1024 }), (item) => {
      items.push(planItem(item));
    });
    return { ok: true, channel, items };
  } catch (error) {
    if (error instanceof WxrError) return { ok: false, message: error.message };
    throw error;
  }
}
