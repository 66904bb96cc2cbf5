/**
 * Podman as the container test drives it, and local stand-ins for the official base images.
 *
 * No image can be pulled on the machines this runs on, so the images the Dockerfile (and
 * compose.yaml) name are made here under those exact names: a Debian bookworm minimal root file
 * system from `debootstrap --variant=minbase` (the mirror apt uses, read from
 * /etc/apt/sources.list.d/debian.sources), imported with `podman import`, and on top of it
 * Node.js 24 from the npm registry's `node@24` package and npm from its `npm@11` package, laid out
 * as the official `node` image lays them out (/usr/local/bin, user `node` with uid 1000); and
 * PostgreSQL from Debian's packages with a small entrypoint doing what compose.yaml relies on in
 * the official `postgres` image. An image of the name already present (the real one, or a
 * stand-in from an earlier run) is used as it is.
 *
 * The root file system and the Node.js files are cached under MERIDIAN_CONTAINER_CACHE (default
 * ~/.cache/meridian-container), outside the repository, so only the first run pays for debootstrap.
 */
import { spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { createReadStream, createWriteStream, existsSync, readFileSync } from "node:fs";
import { mkdir, mkdtemp, readdir, rename, rm, writeFile } from "node:fs/promises";
import { homedir, tmpdir } from "node:os";
import path from "node:path";

/** Where the stand-ins' ingredients are kept between runs. */
export const CACHE_DIR = process.env.MERIDIAN_CONTAINER_CACHE ?? path.join(process.env.XDG_CACHE_HOME ?? path.join(homedir(), ".cache"), "meridian-container");

/** Label every stand-in carries, so a real official image is never replaced or mistaken for one. */
export const STAND_IN_LABEL = "org.meridian-engineering.stand-in";

/**
 * Options these machines need on every podman call (runc: crun refuses the kernel's cgroups) and
 * on `run`/`build` (host networking, explicit limits); harmless elsewhere.
 */
export const PODMAN_GLOBAL_FLAGS = spawnSync("runc", ["--version"]).status === 0 ? ["--runtime", "runc"] : [];
export const CONTAINER_FLAGS = ["--network", "host", "--ulimit", "nofile=1024:1024", "--ulimit", "nproc=4096:4096"];

/** What a finished command printed and its exit status. */
export type Result = { code: number; stdout: string; stderr: string };

/**
 * Runs `command args` and collects its output. With `log`, output is appended to that file
 * instead of being kept (long builds). Throws an Error with the command and the end of its output
 * when it exits non-zero, unless `allowFailure`.
 */
export async function run(
  command: string,
  args: string[],
  options: { input?: NodeJS.ReadableStream; log?: string; allowFailure?: boolean; cwd?: string } = {},
): Promise<Result> {
  const child = spawn(command, args, { stdio: [options.input ? "pipe" : "ignore", "pipe", "pipe"], cwd: options.cwd });
  if (options.input) options.input.pipe(child.stdin!);
  let stdout = "";
  let stderr = "";
  const logFile = options.log ? createWriteStream(options.log, { flags: "a" }) : null;
  child.stdout!.on("data", (chunk: Buffer) => (logFile ? logFile.write(chunk) : (stdout += chunk)));
  child.stderr!.on("data", (chunk: Buffer) => (logFile ? logFile.write(chunk) : (stderr += chunk)));
  const code = await new Promise<number>((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (status) => resolve(status ?? 1));
  });
  if (logFile) await new Promise((resolve) => logFile.end(resolve));
  if (code !== 0 && !options.allowFailure) {
    const tail = logFile ? readFileSync(options.log!, "utf8") : `${stdout}\n${stderr}`;
    throw new Error(`${command} ${args.join(" ")} exited with ${code}:\n${tail.trim().split("\n").slice(-30).join("\n")}`);
  }
  return { code, stdout, stderr };
}

/** `podman ...` with the flags this machine needs before the subcommand. */
export const podman = (args: string[], options: Parameters<typeof run>[2] = {}): Promise<Result> => run("podman", [...PODMAN_GLOBAL_FLAGS, ...args], options);

/** True when podman is installed and answers. */
export function podmanInstalled(): boolean {
  return spawnSync("podman", ["--version"]).status === 0;
}

/** The image's labels, or null when no image of that name exists locally. */
async function imageLabels(name: string): Promise<Record<string, string> | null> {
  const found = await podman(["image", "inspect", "--format", "{{json .Labels}}", name], { allowFailure: true });
  if (found.code !== 0) return null;
  return (JSON.parse(found.stdout.trim() || "null") as Record<string, string> | null) ?? {};
}

/** The first `URIs:` of the Debian sources apt uses here (the bookworm mirror). */
function debianMirror(): string {
  const sources = "/etc/apt/sources.list.d/debian.sources";
  const uri = existsSync(sources) ? /^URIs:\s*(\S+)/m.exec(readFileSync(sources, "utf8"))?.[1] : undefined;
  return uri ?? "http://deb.debian.org/debian";
}

/**
 * What the official `debian:bookworm-slim` image (under every `*-bookworm-slim` image) configures
 * and leaves out: apt keeps no package lists or downloaded packages after a command, dpkg installs
 * no documentation, manual pages or translations. Without it a stand-in would carry (and every
 * `apt-get install` would add) about 100 MB the real image does not.
 */
const SLIM_CONFIG: Record<string, string> = {
  "etc/apt/apt.conf.d/docker-clean": `DPkg::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };
APT::Update::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };
Dir::Cache::pkgcache "";
Dir::Cache::srcpkgcache "";
`,
  "etc/apt/apt.conf.d/docker-no-languages": 'Acquire::Languages "none";\n',
  "etc/apt/apt.conf.d/docker-autoremove-suggests": 'Apt::AutoRemove::SuggestsImportant "false";\n',
  "etc/dpkg/dpkg.cfg.d/docker": ["doc/*", "man/*", "groff/*", "info/*", "lintian/*", "linda/*", "locale/*"]
    .map((p) => `path-exclude /usr/share/${p}`)
    .concat(["path-include /usr/share/doc/*/copyright", "path-include /usr/share/locale/locale.alias"])
    .join("\n")
    .concat("\n"),
};

/** Applies {@link SLIM_CONFIG} to the root file system in `dir` and removes what it would have left out. */
async function slim(dir: string): Promise<void> {
  for (const [file, text] of Object.entries(SLIM_CONFIG)) await writeFile(path.join(dir, file), text);
  await run("find", [path.join(dir, "usr/share/doc"), "-mindepth", "1", "-not", "-name", "copyright", "-not", "-type", "d", "-delete"]);
  for (const sub of ["usr/share/man", "usr/share/info", "usr/share/groff", "usr/share/lintian", "var/lib/apt/lists", "var/cache/apt/archives"]) {
    for (const entry of await readdir(path.join(dir, sub)).catch(() => [])) {
      if (entry !== "partial" && entry !== "lock") await rm(path.join(dir, sub, entry), { recursive: true, force: true });
    }
  }
  for (const entry of await readdir(path.join(dir, "usr/share/locale")).catch(() => [])) {
    if (entry !== "locale.alias") await rm(path.join(dir, "usr/share/locale", entry), { recursive: true, force: true });
  }
  for (const bin of await readdir(path.join(dir, "var/cache/apt"))) {
    if (bin.endsWith(".bin")) await rm(path.join(dir, "var/cache/apt", bin), { force: true });
  }
}

/**
 * The cached tarball of a Debian bookworm minbase root file system, made with debootstrap when
 * missing (needs root; a few minutes). Apt's sources inside are this machine's (bookworm, its
 * updates and security suites), trimmed as the official slim image is ({@link SLIM_CONFIG}).
 */
async function bookwormRootfs(log: (line: string) => void): Promise<string> {
  const tarball = path.join(CACHE_DIR, "bookworm-minbase-slim.tar");
  if (existsSync(tarball)) return tarball;
  if (process.getuid?.() !== 0) throw new Error("Making the Debian base image needs root (debootstrap). Run as root once; the result is cached.");
  if (spawnSync("debootstrap", ["--version"]).error) throw new Error("debootstrap is not installed: apt-get install -y debootstrap");
  await mkdir(CACHE_DIR, { recursive: true });
  const dir = path.join(CACHE_DIR, "bookworm-minbase.partial");
  await rm(dir, { recursive: true, force: true });
  await rm(path.join(CACHE_DIR, "debootstrap.log"), { force: true });
  log(`debootstrap --variant=minbase bookworm from ${debianMirror()} (a few minutes, once)`);
  await run("debootstrap", ["--variant=minbase", "bookworm", dir, debianMirror()], { log: path.join(CACHE_DIR, "debootstrap.log") });
  const sources = "/etc/apt/sources.list.d/debian.sources";
  if (existsSync(sources)) {
    await writeFile(path.join(dir, "etc/apt/sources.list.d/debian.sources"), readFileSync(sources));
    await rm(path.join(dir, "etc/apt/sources.list"), { force: true });
  }
  await slim(dir);
  await run("tar", ["-C", dir, "-cf", `${tarball}.partial`, "."]);
  await rename(`${tarball}.partial`, tarball);
  await rm(dir, { recursive: true, force: true });
  return tarball;
}

/** The stand-in Debian base (an imported root file system) every other stand-in is built on. */
const BASE_IMAGE = "localhost/meridian-stand-in/debian:bookworm-minbase";

/** Imports the cached root file system as {@link BASE_IMAGE} unless it is there already. */
async function debianBase(log: (line: string) => void): Promise<void> {
  const name = BASE_IMAGE;
  if (await imageLabels(name)) return;
  const tarball = await bookwormRootfs(log);
  await podman(["import", "--change", `LABEL ${STAND_IN_LABEL}=debootstrap-minbase-bookworm`, "--change", 'CMD ["bash"]', "-", name], { input: createReadStream(tarball) });
}

/**
 * Node.js 24 and npm from the npm registry, cached: `node` (the binary of `node@24`) and `npm/`
 * (the `npm@11` package, which bundles its dependencies) in the returned folder.
 */
async function nodeFiles(log: (line: string) => void): Promise<string> {
  const dir = path.join(CACHE_DIR, "node24");
  if (existsSync(path.join(dir, "node")) && existsSync(path.join(dir, "npm", "bin", "npm-cli.js"))) return dir;
  log("node@24 and npm@11 from the npm registry (once)");
  const work = await mkdtemp(path.join(tmpdir(), "meridian-node24-"));
  try {
    await run("npm", ["install", "--prefix", work, "--no-save", "--no-audit", "--no-fund", "node@24"]);
    await run("npm", ["pack", "npm@11", "--pack-destination", work]);
    const packed = (await readdir(work)).find((f) => /^npm-.*\.tgz$/.test(f));
    if (!packed) throw new Error("npm pack npm@11 produced no tarball");
    await rm(dir, { recursive: true, force: true });
    await mkdir(path.join(dir, "npm"), { recursive: true });
    await run("tar", ["-xzf", path.join(work, packed), "-C", path.join(dir, "npm"), "--strip-components=1"]);
    await run("cp", ["-L", path.join(work, "node_modules", ".bin", "node"), path.join(dir, "node")]);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  return dir;
}

/** How the stand-in node image is laid out: as the official image (binaries in /usr/local, user node). */
const NODE_CONTAINERFILE = (base: string) => `FROM ${base}
COPY node /usr/local/bin/node
COPY npm /usr/local/lib/node_modules/npm
RUN ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm \\
 && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx \\
 && groupadd --gid 1000 node \\
 && useradd --uid 1000 --gid node --shell /bin/bash --create-home node
LABEL ${STAND_IN_LABEL}="debootstrap-minbase-bookworm + node@24 and npm@11 from the npm registry"
CMD ["node"]
`;

/** What `ensureNodeImage` / `ensurePostgresImage` did, for the figures. */
export type StandIn = { name: string; source: "present" | "built"; seconds: number };

/** `docker.io/library/<name>` for an official image's short name, as podman resolves `FROM name`. */
const qualify = (name: string) => (name.includes("/") ? name : `docker.io/library/${name}`);

/** Label holding a hash of the recipe a stand-in was built from: a changed recipe rebuilds it. */
const RECIPE_LABEL = `${STAND_IN_LABEL}.recipe`;

/** The SHA-256 (hex, first 16 characters) of a stand-in's Containerfile and the files it copies. */
const recipeHash = (...parts: string[]) => createHash("sha256").update(parts.join("\0")).digest("hex").slice(0, 16);

/**
 * True when `name` can be used as it is: the real image (no stand-in label), or a stand-in built
 * from the recipe `hash`.
 */
async function usable(name: string, hash: string): Promise<boolean> {
  const labels = await imageLabels(name);
  return labels !== null && (!labels[STAND_IN_LABEL] || labels[RECIPE_LABEL] === hash);
}

/** Builds `containerfile` (labelled with `hash`) in `context` as `name`, logging to the cache folder. */
async function buildStandIn(name: string, context: string, containerfile: string, hash: string, log: (line: string) => void): Promise<void> {
  await writeFile(path.join(context, "Containerfile"), `${containerfile}LABEL ${RECIPE_LABEL}=${hash}\n`);
  log(`building the stand-in ${name}`);
  await podman(["build", ...CONTAINER_FLAGS, "--pull=never", "-t", name, "-f", path.join(context, "Containerfile"), context], { log: path.join(CACHE_DIR, "stand-in-build.log") });
}

/**
 * Makes sure the official Node.js image `name` (e.g. `node:24-bookworm-slim`) exists locally:
 * kept when present, else built as a stand-in (see the module comment). Throws when it cannot be
 * made (not root on the first run, debootstrap missing, the registry unreachable).
 */
export async function ensureNodeImage(name: string, log: (line: string) => void): Promise<StandIn> {
  const started = performance.now();
  const qualified = qualify(name);
  const recipe = NODE_CONTAINERFILE(BASE_IMAGE);
  const hash = recipeHash(recipe);
  if (await usable(qualified, hash)) return { name: qualified, source: "present", seconds: 0 };
  await debianBase(log);
  await buildStandIn(qualified, await nodeFiles(log), recipe, hash, log);
  return { name: qualified, source: "built", seconds: (performance.now() - started) / 1000 };
}

/**
 * The official postgres image's start, as far as compose.yaml relies on it: on an empty
 * PGDATA, `initdb` with POSTGRES_USER and POSTGRES_PASSWORD (password authentication from other
 * hosts) and the database POSTGRES_DB; then the server on every interface, as user postgres.
 */
const POSTGRES_ENTRYPOINT = (major: string) => `#!/bin/sh
set -e
bin=/usr/lib/postgresql/${major}/bin
user="\${POSTGRES_USER:-postgres}"
if [ "$(id -u)" = 0 ]; then
  mkdir -p "$PGDATA" /var/run/postgresql
  chown -R postgres:postgres "$PGDATA" /var/run/postgresql
  chmod 700 "$PGDATA"
  exec setpriv --reuid=postgres --regid=postgres --init-groups "$0" "$@"
fi
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  printf '%s\\n' "$POSTGRES_PASSWORD" > /tmp/pwfile
  "$bin/initdb" -D "$PGDATA" -U "$user" --pwfile=/tmp/pwfile --auth-local=trust --auth-host=scram-sha-256 >/dev/null
  rm -f /tmp/pwfile
  echo "host all all all scram-sha-256" >> "$PGDATA/pg_hba.conf"
  db="\${POSTGRES_DB:-$user}"
  if [ "$db" != postgres ]; then
    echo "CREATE DATABASE \\"$db\\"" | "$bin/postgres" --single -D "$PGDATA" postgres >/dev/null
  fi
fi
exec "$bin/postgres" -D "$PGDATA" -c listen_addresses='*' "$@"
`;

/** The stand-in postgres image: Debian's postgresql-<major> on the stand-in Debian base. */
const POSTGRES_CONTAINERFILE = (base: string, major: string) => `FROM ${base}
RUN mkdir -p /etc/postgresql-common \\
 && echo 'create_main_cluster = false' > /etc/postgresql-common/createcluster.conf \\
 && apt-get update \\
 && apt-get install -y --no-install-recommends postgresql-${major} \\
 && rm -rf /var/lib/apt/lists/*
COPY docker-entrypoint.sh /usr/local/bin/docker-entrypoint.sh
ENV PGDATA=/var/lib/postgresql/data
VOLUME /var/lib/postgresql/data
EXPOSE 5432
STOPSIGNAL SIGINT
LABEL ${STAND_IN_LABEL}="debootstrap-minbase-bookworm + Debian postgresql-${major}"
ENTRYPOINT ["/usr/local/bin/docker-entrypoint.sh"]
`;

/**
 * Makes sure the official PostgreSQL image `name` (`postgres:<major>-bookworm`) exists locally:
 * kept when present, else built from Debian's packages of that major version. Throws for another
 * name (only bookworm's packages can be installed here).
 */
export async function ensurePostgresImage(name: string, log: (line: string) => void): Promise<StandIn> {
  const started = performance.now();
  const qualified = qualify(name);
  const major = /^postgres:(\d+)-bookworm$/.exec(name)?.[1];
  if (!major) throw new Error(`Only a postgres:<major>-bookworm image can be made here, not ${name}`);
  const [recipe, entrypoint] = [POSTGRES_CONTAINERFILE(BASE_IMAGE, major), POSTGRES_ENTRYPOINT(major)];
  const hash = recipeHash(recipe, entrypoint);
  if (await usable(qualified, hash)) return { name: qualified, source: "present", seconds: 0 };
  await debianBase(log);
  const context = path.join(CACHE_DIR, `postgres${major}`);
  await mkdir(context, { recursive: true });
  await writeFile(path.join(context, "docker-entrypoint.sh"), entrypoint, { mode: 0o755 });
  await buildStandIn(qualified, context, recipe, hash, log);
  return { name: qualified, source: "built", seconds: (performance.now() - started) / 1000 };
}
