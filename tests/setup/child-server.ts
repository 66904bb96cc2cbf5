/**
 * The life of a server process a test starts (Radicale, Dovecot): its port and throwaway folder,
 * waiting until it answers, and stopping it.
 */
import type { ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "../../bench/lib";

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
 * What a test server run as a child process has: a free loopback `port`, a throwaway folder and
 * the process, which `stop()` ends (SIGTERM, then waiting for its exit) before removing the folder.
 */
export abstract class ChildServer {
  port = 0;
  protected dir = "";
  protected child: ChildProcess | undefined;

  /** Takes a free port and makes a fresh throwaway folder whose name starts with `prefix`. */
  protected async prepare(prefix: string): Promise<void> {
    this.port = await freePort();
    this.dir = await mkdtemp(path.join(tmpdir(), prefix));
  }

  /** Stops the server and removes its folder (nothing to do when it never started). */
  async stop(): Promise<void> {
    const child = this.child;
    this.child = undefined;
    if (child && child.exitCode === null) {
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await exited;
    }
    if (this.dir) await rm(this.dir, { recursive: true, force: true });
  }
}
