# Vitrine Imóveis: console + API + landing pages + job workers, as plain JavaScript on Node.js 24.
# scripts/check-image.mjs runs these same steps without Docker (npm run check:image).
#
#   docker build -t vitrine .
#   docker run -e APP_KEY=base64:... -e DATABASE_URL=postgres://... -p 3000:3000 vitrine
ARG NODE_IMAGE=node:24-bookworm-slim

# ── build: every dependency (vite, esbuild, TypeScript), then the console and the server bundle ──────
FROM ${NODE_IMAGE} AS build
WORKDIR /src
COPY package.json package-lock.json ./
COPY apps/console/package.json apps/console/
COPY apps/server/package.json apps/server/
COPY packages/contracts/package.json packages/contracts/
COPY packages/test-kit/package.json packages/test-kit/
# --ignore-scripts: no `prepare` (it would build the console before its sources are copied) and no
# download of the `node` dev dependency (this image is Node 24 already). esbuild, sharp and argon2
# come as prebuilt optional packages and need no install script.
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY . .
RUN npm run build

# ── runtime: production dependencies only, the built files, an unprivileged user ──────────────────
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production
# Debian's ffmpeg: video posters and durations (without it videos are ready without a poster).
RUN apt-get update \
  && apt-get install -y --no-install-recommends ffmpeg \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/console/package.json apps/console/
COPY apps/server/package.json apps/server/
COPY packages/contracts/package.json packages/contracts/
# No packages/test-kit: the server does not depend on the test kit, and all of the kit's own
# dependencies are dev ones, so the production install is the same with or without it.
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund --workspace=@vitrine/server \
  && npm cache clean --force
COPY --from=build /src/apps/server/dist apps/server/dist
COPY --from=build /src/apps/server/drizzle apps/server/drizzle
COPY --from=build /src/apps/server/site apps/server/site
COPY --from=build /src/apps/console/dist apps/console/dist
# The code stays root-owned and read-only for the app; it writes only to DATA_DIR (embedded database,
# uploads, e-mail outbox) — mount a volume there.
RUN mkdir -p /data && chown node:node /data
USER node
ENV PORT=3000 HOST=0.0.0.0 DATA_DIR=/data
VOLUME /data
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/health/live').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# APP_KEY is required (the server refuses to start without it). The worker alone:
#   docker run ... vitrine node apps/server/dist/worker.js
CMD ["node", "--enable-source-maps", "apps/server/dist/server.js"]
