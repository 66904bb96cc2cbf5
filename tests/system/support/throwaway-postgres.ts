/**
 * A throwaway PostgreSQL cluster for failure tests: `initdb` into a temporary
 * folder and `pg_ctl` start/stop on a free port of 127.0.0.1, with the installed PostgreSQL
 * (`/usr/lib/postgresql/<newest>/bin`). PostgreSQL refuses to run as root, so as root (CI) every
 * command runs as the `postgres` user through `runuser`.
 */
import { execFile } from "node:child_process";
import { chown, mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { freePort } from "../../../bench/lib";

const run = promisify(execFile);

/** A cluster made by `createThrowawayPostgres`; `destroy()` stops it and removes its folder. */
export type ThrowawayPostgres = {
  /** `postgres://postgres@127.0.0.1:<port>/postgres` (trust authentication). */
  url: string;
  port: number;
  start(): Promise<void>;
  /** Fast shutdown: open connections are ended (as a restart or failover would). */
  stop(): Promise<void>;
  destroy(): Promise<void>;
};

async function binDir(): Promise<string> {
  const root = "/usr/lib/postgresql";
  const versions = (await readdir(root)).filter((v) => /^\d+$/.test(v)).sort((a, b) => Number(b) - Number(a));
  if (versions.length === 0) throw new Error(`No PostgreSQL server binaries under ${root}`);
  return path.join(root, versions[0], "bin");
}

/** Creates and starts a cluster. Errors: the command's output when initdb or pg_ctl fails. */
export async function createThrowawayPostgres(): Promise<ThrowawayPostgres> {
  const bin = await binDir();
  const dir = await mkdtemp(path.join(tmpdir(), "meridian-pg-"));
  const data = path.join(dir, "data");
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const { stdout } = await run("id", ["-u", "postgres"]);
    const { stdout: gid } = await run("id", ["-g", "postgres"]);
    await chown(dir, Number(stdout.trim()), Number(gid.trim()));
  }
  const pgCommand = async (name: string, args: string[]) => {
    const [file, argv] = asRoot ? ["runuser", ["-u", "postgres", "--", path.join(bin, name), ...args]] : [path.join(bin, name), args];
    try {
      await run(file, argv, { cwd: dir, timeout: 60_000 });
    } catch (error) {
      const e = error as { stdout?: string; stderr?: string; message: string };
      throw new Error(`${name} failed: ${e.message}\n${e.stdout ?? ""}${e.stderr ?? ""}`, { cause: error });
    }
  };
  const port = await freePort();
  await pgCommand("initdb", ["-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync"]);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off`;
  const start = () => pgCommand("pg_ctl", ["-D", data, "-o", options, "-l", path.join(dir, "server.log"), "-w", "-t", "60", "start"]);
  const stop = () => pgCommand("pg_ctl", ["-D", data, "-m", "fast", "-w", "-t", "60", "stop"]);
  let destroyed = false;
  const destroy = async () => {
    if (destroyed) return;
    destroyed = true;
    await stop().catch(() => {});
    await rm(dir, { recursive: true, force: true });
  };
  try {
    await start();
  } catch (error) {
    await destroy();
    throw error;
  }
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, port, start, stop, destroy };
}
