# One image for every Trellis role (all-in-one, API server, collab server).
FROM node:20-bookworm-slim
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
# Built once here, so a container start or restart compiles nothing (scripts/start.mjs runs dist/server/main.js).
RUN npx vite build && node scripts/build-server.mjs
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0 DATA_DIR=/data
# The embedded PostgreSQL (used when DATABASE_URL is unset) refuses to run as root; as root Trellis
# runs it as the system user `postgres`, made here so the container needs no useradd at run time.
# The image stays root so volumes written by earlier images (root-owned) keep working; on a new
# volume, `docker run --user node` (or `user: node` in compose) runs everything unprivileged.
RUN useradd --system --user-group --no-create-home --shell /usr/sbin/nologin postgres \
  && mkdir -p /data && chown node:node /data
EXPOSE 3000
# `docker stop` sends SIGTERM to npm, which passes it to the server (the start script execs node);
# it drains, stores open pages, stops the embedded PostgreSQL and exits 0.
CMD ["npm", "start"]
