/**
 * The analytics of this process: one collector, started and stopped by
 * `server/app.ts`, and the entry points the rest of the app calls.
 */
import type { IncomingMessage } from "node:http";
import { createCollector, type Collector, type TrustFunction } from "./collector.server";

let collector: Collector | null = null;

/** Creates and starts this process's collector; `trust` is Express's compiled `trust proxy`. */
export function startAnalytics(trust: TrustFunction): void {
  collector ??= createCollector({ trust });
  collector.start();
}

/** Stops the periodic write and writes what is pending (called on SIGTERM/SIGINT before the database closes). */
export async function stopAnalytics(): Promise<void> {
  await collector?.stop();
}

/** Counts a public page answered 200 as HTML (no-op before `startAnalytics` or when disabled). */
export function countPageView(req: IncomingMessage): void {
  collector?.countPageView(req);
}

/** Writes this process's pending views now (before a conversion looks for its visit). */
export async function flushPageViews(): Promise<void> {
  await collector?.flush();
}
