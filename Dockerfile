# One image for every Trellis role (all-in-one, API server, collab server).
FROM node:20-bookworm-slim
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npx vite build
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0 DATA_DIR=/data
# Run as the image's unprivileged `node` user: the embedded PostgreSQL (used when DATABASE_URL is
# unset) refuses to run as root, and nothing here needs root.
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
# `docker stop` sends SIGTERM to npm, which passes it to the server (the start script execs node);
# it drains, stores open pages, stops the embedded PostgreSQL and exits 0.
CMD ["npm", "start"]
