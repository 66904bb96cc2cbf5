/**
 * Files the app keeps on disk (the PGlite database, uploads, mail written to the outbox folder,
 * backups and what a restore writes) hold personal data, password hashes and session tokens:
 * only the account the server runs as may read them. Files are created 0600 and folders 0700,
 * explicitly where this code creates them, and through the process umask (`restrictNewFiles`,
 * set first thing by `server.js` and the scripts) for what libraries create (PGlite's data
 * folder, pg_dump's output).
 */
import { chmodSync, mkdirSync } from "node:fs";
import { chmod, mkdir, readdir, writeFile } from "node:fs/promises";
import path from "node:path";

/** Owner read and write: the mode of every file written under the data folders. */
export const PRIVATE_FILE_MODE = 0o600;

/** Owner only: the mode of every folder made under the data folders. */
export const PRIVATE_DIR_MODE = 0o700;

/** The umask that gives files made by any code 0600 and folders 0700 at most. */
export const PRIVATE_UMASK = 0o077;

/** Sets the process umask to `PRIVATE_UMASK`. Call it before anything writes to disk. */
export function restrictNewFiles(): void {
  process.umask(PRIVATE_UMASK);
}

/**
 * Makes `dir` (and any missing parents) owner-only, and narrows an existing `dir` made by an
 * older version (0755) to 0700, so what is already inside is no longer reachable by others.
 */
export async function ensurePrivateDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  await chmod(dir, PRIVATE_DIR_MODE);
}

/** `ensurePrivateDir` for start-up code that cannot wait (opening the PGlite folder). */
export function ensurePrivateDirSync(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  chmodSync(dir, PRIVATE_DIR_MODE);
}

/**
 * Narrows every file under `dir` to 0600 and every folder to 0700 (`dir` included). For folders a
 * library fills with its own modes: PGlite writes its data files 0666 whatever the umask, so its
 * folder is narrowed whenever the database is closed (the folder itself is 0700 meanwhile, so
 * nobody else reaches the files while it runs).
 */
export async function narrowTree(dir: string): Promise<void> {
  await chmod(dir, PRIVATE_DIR_MODE);
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isSymbolicLink()) continue;
    await chmod(path.join(entry.parentPath, entry.name), entry.isDirectory() ? PRIVATE_DIR_MODE : PRIVATE_FILE_MODE);
  }
}

/** Writes `body` to `file` with mode 0600, making missing parent folders 0700. */
export async function writePrivateFile(file: string, body: Buffer | string): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true, mode: PRIVATE_DIR_MODE });
  await writeFile(file, body, { mode: PRIVATE_FILE_MODE });
}
