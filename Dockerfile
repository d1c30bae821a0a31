# Vitrine Imóveis: console + API + landing pages + workers.
FROM node:24-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
COPY package.json package-lock.json ./
COPY apps/console/package.json apps/console/
COPY apps/server/package.json apps/server/
COPY packages/contracts/package.json packages/contracts/
RUN npm ci --ignore-scripts
COPY . .
RUN node scripts/build-console.mjs --force
ENV PORT=3000 DATA_DIR=/data
VOLUME /data
EXPOSE 3000
CMD ["node", "--import", "tsx", "apps/server/src/server.ts"]
