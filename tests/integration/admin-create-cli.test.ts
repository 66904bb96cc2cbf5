/**
 * `npm run admin:create` as an operator runs it: the password is never an argument (npm would
 * echo it), it comes from ADMIN_CREATE_PASSWORD (or a hidden prompt in a terminal) and passes the
 * same staff password rule as every password screen. Runs the script with tsx on an embedded
 * database folder of its own.
 */
import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const run = promisify(execFile);
let work: string;

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), "admin-create-"));
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

/** Runs the script with `args` and extra `env` (stdin is not a terminal); returns exit code and output. */
async function adminCreate(args: string[], env: Record<string, string>) {
  try {
    const { stdout, stderr } = await run(path.resolve("node_modules/.bin/tsx"), ["scripts/admin-create.ts", ...args], {
      env: { ...process.env, NODE_ENV: "development", LOG_LEVEL: "silent", DATABASE_URL: "", PGLITE_DIR: path.join(work, "pglite"), DATA_DIR: work, ADMIN_CREATE_PASSWORD: "", ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

const account = ["--email", "ana@firm.test", "--name", "Ana Silva", "--role", "super_admin"];

// The script runs on an embedded database of its own, whichever project runs this file.
describe("npm run admin:create", () => {
  it("refuses a password on the command line, and a weak one from the environment; creates the account with a strong one", { timeout: 90_000 }, async () => {
    const argv = await adminCreate([...account, "--password", "copper kettle midnight harbour"], {});
    expect(argv.code).toBe(1);
    expect(argv.stderr).toContain("The password is not taken on the command line");

    const weak = await adminCreate(account, { ADMIN_CREATE_PASSWORD: "aaaaaaaaaaaa" });
    expect(weak.code).toBe(1);
    expect(weak.stderr).toContain("ADMIN_CREATE_PASSWORD is refused: This password is too common or easy to guess.");

    const none = await adminCreate(account, {});
    expect(none.code).toBe(1);
    expect(none.stderr).toContain("set ADMIN_CREATE_PASSWORD");

    const created = await adminCreate(account, { ADMIN_CREATE_PASSWORD: "copper kettle midnight harbour" });
    expect(created.code, created.stderr).toBe(0);
    expect(created.stdout).toContain("Created super admin ana@firm.test");
    expect(created.stdout + created.stderr).not.toContain("copper kettle");

    const db = new PGlite(path.join(work, "pglite"));
    try {
      const { rows } = await db.query<{ email: string; role: string }>("select email, role from admin_users");
      expect(rows).toEqual([{ email: "ana@firm.test", role: "super_admin" }]);
    } finally {
      await db.close();
    }
  });
});
