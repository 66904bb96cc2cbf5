# Meridian Engineering: the website, booking wizard and staff portal in one image.
#
#   docker build -t meridian-engineering .
#   docker run -d -p 127.0.0.1:3000:3000 -v meridian-data:/data --env-file .env meridian-engineering
#
# Three stages on the official Node.js 24 image: the production dependencies alone, the build
# (every dependency, the production build, and the operations scripts for the first admin,
# backups and restores bundled to plain JavaScript), then the runtime: the build and the
# production dependencies, run as the image's unprivileged `node` user, writing only under /data.
# `npm run test:container` builds this file unchanged and runs the image.

# `npm install` with the committed lockfile rather than `npm ci` in both installing stages: the
# lockfile names optional binaries of other platforms that `npm ci` insists on fetching.
FROM node:24-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
# Without the devDependencies in package.json, npm also leaves out what only a development tool
# or an optional peer would bring (drizzle-kit, typescript, vite): about 110 MB fewer than
# `npm prune --omit=dev`. This layer is rebuilt only when package.json or the lockfile change.
RUN --mount=type=cache,target=/root/.npm \
    npm pkg delete devDependencies \
 && npm install --omit=dev --no-audit --no-fund --no-update-notifier

FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN --mount=type=cache,target=/root/.npm \
    npm install --no-audit --no-fund --no-update-notifier
COPY . .
RUN npm run build \
 && npx esbuild scripts/admin-create.ts scripts/backup.ts scripts/restore.ts \
      --bundle --platform=node --format=esm --packages=external --log-level=warning \
      --outdir=build/scripts

FROM node:24-bookworm-slim
# pg_dump and pg_restore for backups on PostgreSQL. They must be of the server's major version or
# newer: Debian bookworm's are 15, the version compose.yaml runs.
RUN apt-get update \
 && apt-get install -y --no-install-recommends postgresql-client-15 \
 && rm -rf /var/lib/apt/lists/*

WORKDIR /app
# Listening on every interface makes this a public server: the start refuses without PUBLIC_URL,
# BETTER_AUTH_SECRET and, while no admin exists, ADMIN_EMAIL and ADMIN_PASSWORD.
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    PGLITE_DIR=/data/pglite

COPY --from=build /app/package.json /app/server.js ./
# server.js imports plain modules from server/ (the TypeScript there is in the build already).
COPY --from=build /app/server ./server
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/build ./build
# Read at run time from the working directory: the migrations (applied at every start) and the
# demo images (SEED_DEMO=true).
COPY --from=build /app/app/db/migrations ./app/db/migrations
COPY --from=build /app/app/db/seed/media/files ./app/db/seed/media/files

# One volume for everything the app writes: the embedded database (pglite/, when DATABASE_URL is
# unset), uploads/, the mail outbox/ (without SMTP_URL) and backups/.
RUN mkdir -p /data && chown node:node /data
VOLUME /data
USER node
EXPOSE 3000

HEALTHCHECK --interval=30s --timeout=5s --start-period=120s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]

# Node itself as process 1: it handles SIGTERM (closes the server, the job worker and the
# database) and exits; npm would add a process between it and `docker stop`.
CMD ["node", "server.js"]
