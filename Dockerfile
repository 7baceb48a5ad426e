# The reference API and the built widget in one image: one SQLite file on a volume by default, or
# PostgreSQL with DATABASE_URL (deploy/compose.yaml runs two of these on one PostgreSQL behind nginx).
# Written on paper: no Docker engine was available where it was written, so it has not been built or run.

FROM node:20-bookworm-slim AS build
WORKDIR /app
# better-sqlite3 compiles when no prebuilt binary matches.
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci
COPY . .
RUN npm run build

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production HOST=0.0.0.0 PORT=4173 FEES_DB=/data/fees.sqlite
# The server is the build's one module, build/server/main.js; the packages it imports (hono, pg,
# better-sqlite3, …) are dev dependencies of the widget's package, so the whole node_modules comes along.
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/build ./build
COPY --from=build /app/package.json ./
# The demo pages and the PostgreSQL migrations are read from demo/ at run time, the OpenAPI document from openapi/.
COPY demo ./demo
COPY openapi ./openapi
RUN mkdir -p /data && chown node:node /data
VOLUME /data
USER node
EXPOSE 4173
HEALTHCHECK --interval=10s --timeout=3s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/api/v1/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# node itself, not npm, so that SIGTERM reaches the server and it drains before exiting.
CMD ["node", "build/server/main.js"]
