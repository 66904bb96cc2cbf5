/**
 * Runs the export's parsing in a worker thread (piscina), off the thread that serves requests,
 * with a memory limit and a time limit: a hostile file costs a worker, never a page.
 */
import { Piscina } from "piscina";
import { workerFile } from "~/utils/worker-file.server";
import type { BodyWindow, ParsedExport } from "./parse.worker";

/** The worker's heap limit (MB): a 100 MB export streams well within it. */
export const WORKER_HEAP_MB = 256;
/** How long one file may take to read (ms) before it is refused. */
export const PARSE_TIMEOUT_MS = 5 * 60_000;

let pool: Piscina | null = null;

/**
 * The worker pool: one thread running `parse.worker.ts`, bundled by the production build as
 * `build/server/wxr-worker.js`, else loaded through tsx (`parse.worker.dev.mjs`: the command line
 * and the tests).
 */
function workerPool(): Piscina {
  if (pool) return pool;
  pool = new Piscina({
    filename: workerFile(import.meta.url, "wxr-worker", new URL("./parse.worker.dev.mjs", import.meta.url)),
    maxThreads: 1,
    idleTimeout: 30_000,
    resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
  });
  return pool;
}

/**
 * Reads the WordPress export at `file` in the worker: the channel and every item's plan (with
 * `bodies`, the body of each imported item in that window and each attachment's address too), or
 * `{ ok: false, message }` for a file that is not a WordPress export, declares a DTD, is malformed,
 * takes longer than PARSE_TIMEOUT_MS or exhausts the worker's memory.
 */
export async function parseExport(file: string, options: { bodies?: BodyWindow } = {}): Promise<ParsedExport> {
  try {
    return (await workerPool().run({ file, bodies: options.bodies }, { signal: AbortSignal.timeout(PARSE_TIMEOUT_MS) })) as ParsedExport;
  } catch (error) {
    const name = (error as Error).name;
    if (name === "AbortError" || name === "TimeoutError") return { ok: false, message: "Reading this file took too long: it is refused." };
    if ((error as { code?: string }).code === "ERR_WORKER_OUT_OF_MEMORY") return { ok: false, message: "This file needs more memory than an export may: it is refused." };
    throw error;
  }
}

/** Stops the worker (end of a script or a test). */
export async function closeParser(): Promise<void> {
  await pool?.destroy();
  pool = null;
}
