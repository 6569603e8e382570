# syntax=docker/dockerfile:1
# The site and its form API in one image. Build: `docker build -t sutra-site .`; run several behind a load
# balancer with PostgreSQL and Redis: compose.yaml. Every setting is an environment variable: docs/deploy.md.
# (Written without a Docker engine at hand, so not built yet: see "Containers" in docs/deploy.md.)

# 1. Build: every dependency, then `npm run build` into dist/ (the site with what the server reads of the
#    content, server-facts.json, and the compiled server, dist/server). The full node image has python3, make
#    and g++, which better-sqlite3 needs: its prebuilt binary is not always downloadable, and node-gyp then
#    compiles it.
FROM node:20-bookworm AS build
WORKDIR /app
# The lockfile and package.json's allowScripts are npm 11's; node:20 ships npm 10.
RUN npm install --global npm@11
# Browser tests are not run in the image; never download a browser.
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
# .npmrc makes a Node version outside package.json's engines an error; the workspace package's
# package.json is part of the lockfile's tree (its tools are development dependencies, pruned below).
COPY package.json package-lock.json .npmrc ./
COPY tools/media-art/package.json tools/media-art/
RUN npm ci
COPY . .
# The editor service is built here too (dist/editor, dist/editor-server); the site's image leaves it out.
RUN npm run build && npx tsx scripts/build-editor.ts && npm prune --omit=dev

# 2. Run: the slim image with the production dependencies built above (same Debian and Node, so the compiled
#    better-sqlite3 loads), dist/ and the request schemas the server compiles at start (schemas/api). No src/,
#    no content/ and no TypeScript tooling: the server is plain JavaScript (docs/deploy.md, "What a deployment
#    contains").
FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/data
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/schemas/api ./schemas/api
# The embedded database (when DATABASE_URL is unset) lives in a volume the unprivileged user may write.
RUN mkdir -p /data && chown node:node /data
VOLUME /data
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The server itself, not `npm start`: npm does not pass SIGTERM on to its script (checked with npm 11), so
# `docker stop` would end the server without letting it finish its requests. The submissions command is
# `docker exec <container> node dist/server/submissions.mjs list`.
CMD ["node", "--enable-source-maps", "dist/server/main.mjs"]

# 3. The editor service (`docker build --target editor`; compose.yaml's `editor`): the built editor and its
#    compiled server, the content engine's page templates and keyword sources (src/content: new pages start
#    from them, and the checker's cache is keyed by them), the section pictures, and git, which it clones,
#    commits and pushes with. Settings: docs/deploy.md, "The editor service".
FROM node:20-bookworm-slim AS editor
RUN apt-get update && apt-get install -y --no-install-recommends git openssh-client ca-certificates \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /app
ENV NODE_ENV=production \
    EDITOR_PORT=4500 \
    EDITOR_HOST=0.0.0.0 \
    EDITOR_DATA_DIR=/data
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist/editor ./dist/editor
COPY --from=build /app/dist/editor-server ./dist/editor-server
COPY --from=build /app/src/content ./src/content
COPY --from=build /app/docs/images/sections ./docs/images/sections
# The working copy and the accounts (without DATABASE_URL) live in the volume; the checker keeps its
# compiled schemas in node_modules/.cache, which the unprivileged user may write.
RUN mkdir -p /data node_modules/.cache && chown node:node /data node_modules/.cache
VOLUME /data
USER node
EXPOSE 4500
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:4500/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Accounts: `docker compose exec editor node dist/editor-server/users.mjs add --email … --role admin`.
# Large request bodies are returned to the system once freed, and the JavaScript heap is collected
# before it grows far past the live data (scripts/editor-start.mjs says why; a site of thousands of
# pages raises the cap in NODE_OPTIONS).
ENV MALLOC_MMAP_THRESHOLD_=131072 NODE_OPTIONS=--max-old-space-size=256
CMD ["node", "--enable-source-maps", "--disable-proto=throw", "dist/editor-server/main.mjs"]
