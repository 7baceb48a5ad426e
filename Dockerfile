# The reference API and the built widget in one image: one SQLite file on a volume by default, or
# PostgreSQL with DATABASE_URL (deploy/compose.yaml runs two of these on one PostgreSQL behind nginx).
# Written on paper: no container engine was available where it was written, so it has not been built or run.
# It is checked by a parser instead (test/package/deploy-files.test.ts): one slim Node image of a version the
# package supports in both stages, every file it copies where a build leaves it, the CMD that `npm run serve`
# runs, and a port and environment the server starts with. What runs is the built server itself, two of them
# behind nginx (server/test/hardening/nginx.test.ts).

FROM node:24-bookworm-slim AS build
WORKDIR /app
# Nothing compiles: better-sqlite3 13 ships its prebuilt Node-API binaries (linux x64/arm64, glibc and musl).
COPY package.json package-lock.json ./
COPY server/package.json ./server/
# The contract the widget and the server share: a workspace both builds bundle (the image needs none of it).
COPY contract/package.json ./contract/
# npm ci runs package.json's prepare: the check that this Node is one the project runs on.
COPY scripts/check-node.cjs ./scripts/
COPY server/src/node-version.cjs ./server/src/
RUN npm ci
COPY . .
RUN npm run build
# The server's production packages only (hono, pg, better-sqlite3, …): none of the widget's build or test tools.
RUN rm -rf node_modules server/node_modules && npm ci --omit=dev -w server

FROM node:24-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production HOST=0.0.0.0 PORT=4173 FEES_DB=/data/fees.sqlite
# The repository's layout, which the server's defaults name (FEES_DIST_DIR=dist, FEES_DEMO_DIR=demo,
# FEES_MIGRATIONS_DIR=server/src/store/migrations/pg); the server itself is the build's one module.
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/server/build ./server/build
COPY --from=build /app/dist ./dist
COPY demo/*.html ./demo/
COPY server/src/store/migrations ./server/src/store/migrations
RUN mkdir -p /data && chown node:node /data
VOLUME /data
USER node
EXPOSE 4173
HEALTHCHECK --interval=10s --timeout=3s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/api/v1/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# node itself, not npm, so that SIGTERM reaches the server and it drains before exiting.
CMD ["node", "server/build/main.js"]
