/**
 * `npm run test:container`: builds the project's Dockerfile, unchanged, with podman and runs the
 * image as a deployment would:
 *
 * 1. without settings, and without a first admin: it refuses to start and names what is missing;
 * 2. against this machine's PostgreSQL (a throwaway database on 127.0.0.1:5432, or
 *    CONTAINER_TEST_PG_URL): /healthz, the image's HEALTHCHECK, the home page, a booking that
 *    the database then holds, the daily backup through the image's pg_dump, the README's
 *    `node build/scripts/admin-create.js` and `backup.js` in the running container, a server
 *    process that is not root;
 * 3. on the embedded PGlite with a named volume at /data: the same, the mail outbox and backups on
 *    the volume, a clean SIGTERM stop, a backup by hand while stopped, and after the start the
 *    visitor's manage link still shows the booking;
 * 4. compose.yaml with podman-compose when it is installed: PostgreSQL and two app instances
 *    sharing it.
 *
 * It installs nothing. Without podman it prints why it skipped and exits 0. The official base
 * images named by the Dockerfile and compose.yaml are made locally when missing (./podman.ts).
 * It prints the build time, the image size and the start times.
 */
import { randomBytes } from "node:crypto";
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { copyFile, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { freePort } from "../../bench/lib";
import { bookThroughWizard } from "../system/support/booking";
import { CACHE_DIR, CONTAINER_FLAGS, PODMAN_GLOBAL_FLAGS, ensureNodeImage, ensurePostgresImage, podman, podmanInstalled, run, type StandIn } from "./podman";

const ROOT = path.resolve(import.meta.dirname, "../..");
const IMAGE = "localhost/meridian-engineering:container-test";
const RUN_ID = `meridian-ct-${process.pid}`;
const ADMIN_PG_URL = process.env.CONTAINER_TEST_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

if (!podmanInstalled()) {
  console.log("Container test skipped: podman is not installed (apt-get install -y podman runc debootstrap), so the image was neither built nor run.");
  process.exit(0);
}

const log = (line: string) => console.log(`[container] ${line}`);
const seconds = (from: number) => (performance.now() - from) / 1000;
const figures: [string, string][] = [];

/** Throws `message` unless `condition` holds. */
function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(`Container test failed: ${message}`);
}

/** The single base image every `FROM` of the Dockerfile names (build and runtime stages). */
function dockerfileBase(): string {
  const bases = [...readFileSync(path.join(ROOT, "Dockerfile"), "utf8").matchAll(/^FROM\s+(\S+)/gm)].map((m) => m[1]!);
  const unique = [...new Set(bases)];
  check(unique.length === 1, `expected one base image in the Dockerfile, found ${unique.join(", ")}`);
  return unique[0]!;
}

/**
 * Build options that let npm inside the build reach the registry from a machine whose HTTPS goes
 * through an intercepting proxy: when NODE_EXTRA_CA_CERTS names this machine's CA bundle, it is
 * mounted read-only for the build's RUN steps with an npm global config pointing at it. Nothing of
 * it stays in the image, and the Dockerfile stays as a deployment builds it.
 */
async function hostCaBuildArgs(): Promise<string[]> {
  const ca = process.env.NODE_EXTRA_CA_CERTS;
  if (!ca || !existsSync(ca)) return [];
  const npmrc = path.join(tmpdir(), `${RUN_ID}-npmrc`);
  await writeFile(npmrc, "cafile=/run/host-ca/ca.crt\n");
  return ["--volume", `${ca}:/run/host-ca/ca.crt:ro`, "--volume", `${npmrc}:/usr/local/etc/npmrc:ro`];
}

/** Environment of a public deployment on `port` (the image listens on every interface). */
function deploymentEnv(port: number): Record<string, string> {
  return {
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    BETTER_AUTH_SECRET: randomBytes(32).toString("base64url"),
    ADMIN_EMAIL: "owner@example.com",
    ADMIN_PASSWORD: randomBytes(18).toString("base64url"),
    // Demo content gives the wizard a consultation type and free slots to book.
    SEED_DEMO: "true",
    LOG_LEVEL: "warn",
  };
}

const envArgs = (env: Record<string, string>) => Object.entries(env).flatMap(([k, v]) => ["-e", `${k}=${v}`]);

/** Polls /healthz until it answers 200; throws with the container's log if it stops or takes over `limitS`. */
async function waitHealthy(name: string, base: string, limitS = 240): Promise<void> {
  const started = performance.now();
  while (seconds(started) < limitS) {
    const answered = await fetch(`${base}/healthz`).then((r) => r.status, () => 0);
    if (answered === 200) return;
    const state = await podman(["inspect", "--format", "{{.State.Running}}", name]);
    if (state.stdout.trim() !== "true") {
      const logs = await podman(["logs", name], { allowFailure: true });
      throw new Error(`Container test failed: ${name} stopped before /healthz answered:\n${(logs.stdout + logs.stderr).trim().split("\n").slice(-30).join("\n")}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`Container test failed: /healthz of ${name} did not answer within ${limitS} s`);
}

/** Runs `sh -c script` in the container and returns its output (trimmed). */
async function inContainer(name: string, script: string): Promise<string> {
  return (await podman(["exec", name, "sh", "-c", script])).stdout.trim();
}

/** Retries `probe` every 500 ms until it returns a truthy value, for at most `limitS` seconds. */
async function eventually<T>(what: string, limitS: number, probe: () => Promise<T>): Promise<T> {
  const started = performance.now();
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value) return value;
    check(seconds(started) < limitS, `${what} within ${limitS} s`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** The uids of the container's process 1 (real, effective, saved, file system). */
async function processUids(name: string): Promise<number[]> {
  const status = await inContainer(name, "cat /proc/1/status");
  return (/^Uid:\s+(.*)$/m.exec(status)?.[1] ?? "").trim().split(/\s+/).map(Number);
}

/** The checks every running deployment passes: health, the home page, not root, a booking. */
async function checkServing(name: string, base: string, visitor: { name: string; email: string }) {
  check((await podman(["healthcheck", "run", name], { allowFailure: true })).code === 0, `the image's HEALTHCHECK passes in ${name}`);
  const home = await fetch(base);
  check(home.status === 200 && (await home.text()).includes("Meridian Engineering"), "the home page answers 200 with the firm's name");
  const uids = await processUids(name);
  check(uids.length === 4 && uids.every((uid) => uid > 0), `the server process is not root (uids ${uids.join(" ")})`);
  const booking = await bookThroughWizard(base, visitor);
  check(booking.status === 302 && booking.confirmationHtml.includes("Booking Confirmed!"), `the wizard confirms the booking (status ${booking.status})`);
  return booking;
}

/** Checks that `node build/scripts/backup.js` printed, last, the folder of a backup with a manifest. */
async function checkManualBackup(name: string, printed: { stdout: string }): Promise<void> {
  const location = printed.stdout.trim().split("\n").at(-1) ?? "";
  check(location.startsWith("/data/backups/"), `build/scripts/backup.js prints a backup under /data/backups last (printed ${JSON.stringify(location)})`);
  await inContainer(name, `test -f '${location}/manifest.json'`);
}

/** Waits for the daily backup the job worker makes shortly after start, on the volume. */
async function waitBackup(name: string): Promise<string> {
  return eventually(`a backup with a manifest under /data/backups in ${name}`, 90, () => inContainer(name, "ls -d /data/backups/*/manifest.json 2>/dev/null | head -n 1"));
}

/**
 * Runs the image with `env` until it exits (at most 120 s, then it is removed) and returns its
 * exit code and log: for starts that must be refused.
 */
async function runToExit(label: string, env: Record<string, string>): Promise<{ code: number; output: string }> {
  const name = `${RUN_ID}-${label}`;
  await podman(["run", "-d", "--name", name, ...CONTAINER_FLAGS, ...envArgs(env), IMAGE]);
  try {
    const waited = await run("timeout", ["120", "podman", ...PODMAN_GLOBAL_FLAGS, "wait", name], { allowFailure: true });
    const logs = await podman(["logs", name], { allowFailure: true });
    return { code: waited.code === 0 ? Number(waited.stdout.trim()) : -1, output: logs.stdout + logs.stderr };
  } finally {
    await podman(["rm", "-f", "-v", name], { allowFailure: true });
  }
}

async function refusesWithoutSettings(): Promise<void> {
  const bare = await runToExit("bare", { PORT: String(await freePort()) });
  check(bare.code > 0 && /PUBLIC_URL/.test(bare.output) && /BETTER_AUTH_SECRET/.test(bare.output), `without settings the image refuses to start and names PUBLIC_URL and BETTER_AUTH_SECRET (exit ${bare.code})`);
  const env = { ...deploymentEnv(await freePort()), ADMIN_EMAIL: "", ADMIN_PASSWORD: "", SEED_DEMO: "false", PGLITE_DIR: "memory://" };
  const noAdmin = await runToExit("no-admin", env);
  check(noAdmin.code > 0 && /ADMIN_EMAIL and ADMIN_PASSWORD/.test(noAdmin.output), `without a first admin the image refuses to start and names ADMIN_EMAIL and ADMIN_PASSWORD (exit ${noAdmin.code})`);
  log("refuses to start without PUBLIC_URL and BETTER_AUTH_SECRET, and without a first admin: ok");
}

async function onPostgres(): Promise<void> {
  const database = `meridian_ct_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: ADMIN_PG_URL });
  await admin.connect().catch((error: Error) => {
    throw new Error(`Container test failed: PostgreSQL at ${ADMIN_PG_URL} (CONTAINER_TEST_PG_URL) is not reachable: ${error.message}`);
  });
  await admin.query(`create database "${database}"`);
  const url = new URL(ADMIN_PG_URL);
  url.pathname = `/${database}`;
  const name = `${RUN_ID}-postgres`;
  try {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const started = performance.now();
    await podman(["run", "-d", "--name", name, ...CONTAINER_FLAGS, ...envArgs({ ...deploymentEnv(port), DATABASE_URL: url.toString() }), IMAGE]);
    await waitHealthy(name, base);
    figures.push(["start to /healthz on PostgreSQL (migrations, demo content)", `${seconds(started).toFixed(1)} s`]);
    await checkServing(name, base, { name: "Postgres Visitor", email: "postgres-visitor@example.com" });
    const db = new pg.Client({ connectionString: url.toString() });
    await db.connect();
    const held = await db.query<{ n: number }>("select count(*)::int as n from consultation_bookings where email = $1", ["postgres-visitor@example.com"]).finally(() => db.end());
    check(held.rows[0]?.n === 1, `PostgreSQL holds the booking (found ${held.rows[0]?.n})`);
    await waitBackup(name);

    // The README's operations in the running container: a staff account, a backup by hand.
    const editorPassword = randomBytes(18).toString("base64url");
    await podman(["exec", "-e", `ADMIN_CREATE_PASSWORD=${editorPassword}`, name, "node", "build/scripts/admin-create.js", "--email", "editor@example.com", "--name", "Second Member", "--role", "editor"]);
    const staff = new pg.Client({ connectionString: url.toString() });
    await staff.connect();
    const roles = await staff.query<{ role: string }>("select role from admin_users where email = $1", ["editor@example.com"]).finally(() => staff.end());
    check(roles.rows[0]?.role === "editor", "build/scripts/admin-create.js adds the staff account");
    await checkManualBackup(name, await podman(["exec", name, "node", "build/scripts/backup.js"]));
    log("PostgreSQL: /healthz, HEALTHCHECK, home page, booking in the database, daily and manual backups with pg_dump, admin-create, not root: ok");
  } finally {
    await podman(["rm", "-f", "-v", name], { allowFailure: true });
    await admin.query(`drop database if exists "${database}" with (force)`).catch(() => {});
    await admin.end();
  }
}

async function onPglite(): Promise<void> {
  const volume = `${RUN_ID}-data`;
  const name = `${RUN_ID}-pglite`;
  await podman(["volume", "create", volume]);
  try {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const started = performance.now();
    const env = deploymentEnv(port);
    await podman(["run", "-d", "--name", name, ...CONTAINER_FLAGS, "-v", `${volume}:/data`, ...envArgs(env), IMAGE]);
    await waitHealthy(name, base);
    figures.push(["start to /healthz on PGlite, empty volume", `${seconds(started).toFixed(1)} s`]);
    const visitor = { name: "Pglite Visitor", email: "pglite-visitor@example.com" };
    const booking = await checkServing(name, base, visitor);
    check(booking.managePath, "the confirmation page shows the visitor's manage link");
    await eventually("a mail file in /data/outbox", 60, () => inContainer(name, "ls /data/outbox/*.eml 2>/dev/null | head -n 1"));
    await waitBackup(name);
    const folders = (await inContainer(name, "ls /data")).split(/\s+/);
    check(["pglite", "outbox", "backups", "uploads"].every((f) => folders.includes(f)), `/data holds pglite, outbox, backups and uploads (found ${folders.join(", ")})`);

    const stopping = performance.now();
    await podman(["stop", "-t", "30", name]);
    const stopS = seconds(stopping);
    const exit = (await podman(["inspect", "--format", "{{.State.ExitCode}}", name])).stdout.trim();
    check(exit === "0", `SIGTERM shuts the server down cleanly (exit code ${exit})`);
    // A backup by hand while the server is stopped (PGlite opens in one process at a time).
    const manual = await podman(["run", "--rm", ...CONTAINER_FLAGS, "-v", `${volume}:/data`, ...envArgs(env), IMAGE, "node", "build/scripts/backup.js"]);
    const restarting = performance.now();
    await podman(["start", name]);
    await waitHealthy(name, base);
    figures.push(["PGlite restart: stop (SIGTERM) / start to /healthz", `${stopS.toFixed(1)} s / ${seconds(restarting).toFixed(1)} s`]);
    await checkManualBackup(name, manual);
    const manage = await (await fetch(new URL(booking.managePath, base))).text();
    check(manage.includes("Your consultation") && manage.includes(visitor.name), "after the restart the manage link still shows the visitor's booking");
    log("PGlite on a volume: /healthz, HEALTHCHECK, home page, booking, outbox and daily backup on /data, manual backup while stopped, restart keeps the booking, not root: ok");
  } finally {
    await podman(["rm", "-f", name], { allowFailure: true });
    await podman(["volume", "rm", "-f", volume], { allowFailure: true });
  }
}

/** The PostgreSQL image compose.yaml names. */
function composePostgresImage(): string {
  const image = /^\s+image:\s+(postgres:\S+)\s*$/m.exec(readFileSync(path.join(ROOT, "compose.yaml"), "utf8"))?.[1];
  check(image, "compose.yaml names a postgres image");
  return image;
}

/**
 * compose.yaml with podman-compose, when installed: PostgreSQL (a stand-in made from Debian's
 * packages when missing) and both app instances, from a copy of the file next to a test .env (the
 * repository's own .env is never touched). A booking taken on the first instance is shown by the
 * second one's manage page, and one first admin exists. podman-compose 1.0 ignores
 * `condition: service_healthy`: until PostgreSQL answers, the app exits and `restart` starts it again.
 */
async function withCompose(): Promise<void> {
  if (spawnSync("podman-compose", ["version"]).error) {
    log("compose.yaml: skipped, podman-compose is not installed (apt-get install -y podman-compose)");
    figures.push(["compose.yaml", "skipped (no podman-compose)"]);
    return;
  }
  const postgres = await ensurePostgresImage(composePostgresImage(), log);
  if (postgres.source === "built") figures.push([`stand-in ${postgres.name}`, `built in ${postgres.seconds.toFixed(0)} s`]);
  const appImage = /^\s+image:\s+(meridian\S+)\s*$/m.exec(readFileSync(path.join(ROOT, "compose.yaml"), "utf8"))?.[1];
  check(appImage, "compose.yaml names the app image");
  await podman(["tag", IMAGE, appImage]);

  const work = await mkdtemp(path.join(tmpdir(), `${RUN_ID}-compose-`));
  const project = `${RUN_ID}-compose`;
  const [port1, port2] = [await freePort(), await freePort()];
  const composeArgs = [...(PODMAN_GLOBAL_FLAGS.length > 0 ? ["--podman-args", PODMAN_GLOBAL_FLAGS.join(" ")] : []), "--podman-run-args", CONTAINER_FLAGS.filter((f) => f !== "--network" && f !== "host").join(" "), "-p", project, "-f", path.join(work, "compose.yaml")];
  try {
    await copyFile(path.join(ROOT, "compose.yaml"), path.join(work, "compose.yaml"));
    const env = { ...deploymentEnv(port1), POSTGRES_PASSWORD: randomBytes(18).toString("hex"), APP_PORT: String(port1), APP_2_PORT: String(port2) };
    await writeFile(path.join(work, ".env"), Object.entries(env).map(([k, v]) => `${k}=${v}`).join("\n") + "\n");
    const started = performance.now();
    await run("podman-compose", [...composeArgs, "up", "-d"], { log: path.join(work, "compose.log"), cwd: work });
    const [base1, base2] = [`http://127.0.0.1:${port1}`, `http://127.0.0.1:${port2}`];
    await eventually("both app instances answer /healthz", 300, async () => (await fetch(`${base1}/healthz`)).ok && (await fetch(`${base2}/healthz`)).ok);
    figures.push(["compose up to both /healthz (PostgreSQL, two app instances)", `${seconds(started).toFixed(1)} s`]);
    const booking = await bookThroughWizard(base1, { name: "Compose Visitor", email: "compose-visitor@example.com" });
    check(booking.status === 302 && booking.managePath, "the first instance takes the booking and shows its manage link");
    const manage = await (await fetch(new URL(booking.managePath, base2))).text();
    check(manage.includes("Your consultation") && manage.includes("Compose Visitor"), "the second instance's manage page shows the booking taken by the first");
    const admins = await podman(["exec", `${project}_postgres_1`, "psql", "-U", "meridian", "-d", "meridian", "-tAc", "select count(*) from admin_users"]);
    check(admins.stdout.trim() === "1", `the two instances created one first admin (found ${admins.stdout.trim()})`);
    log("compose.yaml: PostgreSQL, two app instances sharing it (a booking on one, its manage page on the other), one first admin: ok");
  } finally {
    await run("podman-compose", [...composeArgs, "down", "-v"], { log: path.join(work, "compose.log"), cwd: work, allowFailure: true });
    await podman(["untag", appImage], { allowFailure: true });
    await rm(work, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const total = performance.now();
  const base = dockerfileBase();
  const standIn: StandIn = await ensureNodeImage(base, log);
  figures.push([`base image ${base}`, standIn.source === "present" ? "present (cached)" : `stand-in built in ${standIn.seconds.toFixed(0)} s`]);

  log(`podman build of ${path.join(ROOT, "Dockerfile")}`);
  const building = performance.now();
  // The previous test image, removed once a new build replaces it (its layers stay cached).
  const previous = (await podman(["image", "inspect", "--format", "{{.Id}}", IMAGE], { allowFailure: true })).stdout.trim();
  const buildLog = path.join(CACHE_DIR, "image-build.log");
  await rm(buildLog, { force: true });
  await podman(["build", ...CONTAINER_FLAGS, ...(await hostCaBuildArgs()), "--format", "docker", "--pull=never", "-t", IMAGE, "-f", path.join(ROOT, "Dockerfile"), ROOT], { log: buildLog }).finally(() =>
    rm(path.join(tmpdir(), `${RUN_ID}-npmrc`), { force: true }),
  );
  figures.push(["image build", `${seconds(building).toFixed(0)} s`]);
  const built = (await podman(["image", "inspect", "--format", "{{.Id}}", IMAGE])).stdout.trim();
  if (previous && previous !== built) await podman(["rmi", previous], { allowFailure: true });
  const size = Number((await podman(["image", "inspect", "--format", "{{.Size}}", IMAGE])).stdout.trim());
  figures.push(["image size", `${(size / 1e6).toFixed(0)} MB`]);

  await refusesWithoutSettings();
  await onPostgres();
  await onPglite();
  await withCompose();
  figures.push(["whole container test", `${seconds(total).toFixed(0)} s`]);
  console.log("\nContainer test passed.");
  for (const [what, value] of figures) console.log(`  ${what}: ${value}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  if (figures.length > 0) for (const [what, value] of figures) console.error(`  ${what}: ${value}`);
  process.exit(1);
});
