/**
 * The life of a server process a test starts (Radicale, Dovecot): waiting until it answers, and
 * stopping it with its throwaway folder.
 */
import type { ChildProcess } from "node:child_process";
import { rm } from "node:fs/promises";

/**
 * Polls `probe` every 100 ms until it answers true. Throws `<name> exited: <log>` as soon as the
 * process has exited and `<name> did not start: <log>` after `timeoutMs` milliseconds; `log` gives
 * the server's recent output for those messages (empty: none).
 */
export async function waitUntilServing(options: {
  name: string;
  child: ChildProcess;
  probe: () => Promise<boolean>;
  timeoutMs: number;
  log?: () => string;
}): Promise<void> {
  const { name, child, probe, timeoutMs, log = () => "" } = options;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited: ${log()}`);
    if (await probe()) return;
    if (Date.now() > deadline) throw new Error(`${name} did not start: ${log()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Stops a test server: SIGTERM to `child` when it still runs, waiting for its exit, then removes
 * its throwaway folder `dir` (empty: none).
 */
export async function stopServer(child: ChildProcess | undefined, dir: string): Promise<void> {
  if (child && child.exitCode === null) {
    const exited = new Promise((r) => child.once("exit", r));
    child.kill("SIGTERM");
    await exited;
  }
  if (dir) await rm(dir, { recursive: true, force: true });
}
