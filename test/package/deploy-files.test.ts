import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import yaml from 'js-yaml'
import { describe, expect, it } from 'vitest'
import { DEFAULT_DEMO_DIR, DEFAULT_DIST_DIR, DEFAULT_MIGRATIONS_DIR, loadConfig } from '../../server/src/config.ts'
import { SERVER_BUILD } from '../../server/tools/build.ts'

/**
 * The Dockerfile and deploy/compose.yaml are read, not run: there is no container engine here (nor `docker
 * compose config`). Both are parsed (the compose file by a YAML parser, the Dockerfile by its instructions) and
 * held to what the repository and the server say: the files they copy and mount exist, the ports, paths and
 * service names agree with one another and with deploy/nginx.conf (which server/test/hardening/nginx.test.ts
 * runs), and the environment they give the server is one it starts with.
 */
const ROOT = join(import.meta.dirname, '../..')
const DEPLOY = join(ROOT, 'deploy')

type Env = Record<string, string>

/** Compose's variable syntax: `${NAME}`, `${NAME:-default}`, `${NAME-default}`, `${NAME:?error}`, `${NAME?error}`, `$$`. */
function interpolate(text: string, env: Env): string {
  return text.replace(/\$\$|\$\{(\w+)(?:(:?[-?])([^}]*))?\}/g, (match, name: string, operator?: string, arg = '') => {
    if (match === '$$') return '$'
    const value = env[name]
    const missing = operator?.startsWith(':') ? !value : value === undefined
    if (!missing) return value ?? ''
    if (operator?.endsWith('?')) throw new Error(`${name}: ${arg}`)
    return operator ? arg : ''
  })
}

/** Every string of a parsed compose file, interpolated as `docker compose` does before anything else. */
function interpolated<T>(value: T, env: Env): T {
  if (typeof value === 'string') return interpolate(value, env) as T
  if (Array.isArray(value)) return value.map((item) => interpolated(item, env)) as T
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, interpolated(item, env)])) as T
  return value
}

interface Service {
  image?: string
  build?: { context: string; dockerfile: string }
  environment?: Env
  depends_on?: Record<string, { condition: string }> | string[]
  healthcheck?: { test: string[] }
  ports?: string[]
  volumes?: string[]
  stop_grace_period?: string
}
interface Compose {
  services: Record<string, Service>
  volumes: Record<string, unknown>
}

const composeText = readFileSync(join(DEPLOY, 'compose.yaml'), 'utf8')
/** What an operator sets before `docker compose up`. */
const SECRETS = {
  POSTGRES_PASSWORD: 'a-postgres-password',
  FEES_API_KEY: 'an-api-key-of-the-university',
  FEES_JWT_SECRET: 'a-secret-of-the-university-at-least-32-characters',
  FEES_METRICS_TOKEN: 'a-token-of-the-university-scraper',
}
const compose = interpolated(yaml.load(composeText) as Compose, SECRETS)

interface Instruction {
  name: string
  args: string
}
/** The Dockerfile's instructions, by stage: comments dropped, continued lines joined. */
function dockerfileStages(text: string): Instruction[][] {
  const stages: Instruction[][] = []
  const joined = text.replace(/\\\n\s*/g, ' ')
  for (const line of joined.split('\n')) {
    const trimmed = line.trim()
    if (trimmed === '' || trimmed.startsWith('#')) continue
    const [, name = '', args = ''] = /^(\w+)\s+(.*)$/.exec(trimmed) ?? []
    const instruction = { name: name.toUpperCase(), args }
    if (instruction.name === 'FROM') stages.push([])
    const stage = stages.at(-1)
    if (stage === undefined) throw new Error(`Dockerfile: ${trimmed} before FROM`)
    stage.push(instruction)
  }
  return stages
}
const [buildStage = [], runStage = [], ...moreStages] = dockerfileStages(readFileSync(join(ROOT, 'Dockerfile'), 'utf8'))
const all = (stage: Instruction[], name: string) => stage.filter((instruction) => instruction.name === name)
const one = (stage: Instruction[], name: string): string => {
  const found = all(stage, name)
  expect(found, `one ${name}`).toHaveLength(1)
  return found[0]!.args
}
/** ENV's `NAME=value` pairs, as the image's environment. */
const imageEnv: Env = Object.fromEntries(
  all(runStage, 'ENV').flatMap(({ args }) => args.split(/\s+/).map((pair) => pair.split('=') as [string, string])),
)

/** `server name:port` lines of deploy/nginx.conf's upstream block. */
const nginxConf = readFileSync(join(DEPLOY, 'nginx.conf'), 'utf8')
const upstreams = [
  ...(/upstream\s+\w+\s*\{([^}]*)\}/.exec(nginxConf)?.[1] ?? '').matchAll(/server\s+([\w.-]+):(\d+)/g),
].map(([, host, port]) => ({ host, port }))
const nginxListen = /^\s*listen\s+(\d+);/m.exec(nginxConf)?.[1]

describe('the Dockerfile, parsed (not built here)', () => {
  it('says so', () => {
    expect(readFileSync(join(ROOT, 'Dockerfile'), 'utf8')).toMatch(/checked by a\s+(#\s+)?parser/)
  })

  it('builds on one slim Node image in both stages, of a version the package supports', () => {
    expect(moreStages).toEqual([])
    const [image, as, stageName] = one(buildStage, 'FROM').split(/\s+/)
    expect([as?.toUpperCase(), stageName]).toEqual(['AS', 'build'])
    expect(one(runStage, 'FROM')).toBe(image)
    const major = /^node:(\d+)-[a-z]+-slim$/.exec(image ?? '')?.[1]
    expect(major, `${image} is node:<major>-<distribution>-slim`).toBeDefined()
    const engines = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { engines: { node: string } })
      .engines
    const least = /^>=\s*(\d+)/.exec(engines.node)?.[1]
    expect(Number(major)).toBeGreaterThanOrEqual(Number(least))
  })

  it('builds with the lockfile and `npm run build`, then keeps the server’s production packages only', () => {
    const copies = all(buildStage, 'COPY').map(({ args }) => args.split(/\s+/))
    expect(copies).toContainEqual(['package.json', 'package-lock.json', './'])
    expect(copies).toContainEqual(['server/package.json', './server/'])
    // The contract's workspace, which both builds bundle: npm ci links it for them.
    expect(copies).toContainEqual(['contract/package.json', './contract/'])
    for (const file of ['package.json', 'package-lock.json', 'server/package.json', 'contract/package.json'])
      expect(existsSync(join(ROOT, file))).toBe(true)
    const runs = all(buildStage, 'RUN').map(({ args }) => args)
    expect(runs).toContain('npm ci')
    // npm ci runs package.json's prepare, the check of the Node (scripts/check-node.cjs and what it requires):
    // they are copied before it.
    const { prepare } = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Env }).scripts
    expect(prepare).toBe('node scripts/check-node.cjs')
    const npmCi = buildStage.findIndex(({ name, args }) => name === 'RUN' && args === 'npm ci')
    for (const copy of ['scripts/check-node.cjs ./scripts/', 'server/src/node-version.cjs ./server/src/']) {
      const checkCopied = buildStage.findIndex(({ name, args }) => name === 'COPY' && args === copy)
      expect(checkCopied, copy).toBeGreaterThan(-1)
      expect(checkCopied, copy).toBeLessThan(npmCi)
    }
    expect(runs).toContain('npm run build')
    expect(runs.at(-1)).toMatch(/npm ci --omit=dev -w server$/)
  })

  it('copies into the image what the server reads, from where a build leaves it, in the repository’s layout', () => {
    expect(one(runStage, 'WORKDIR')).toBe('/app')
    const sources: string[] = []
    for (const { args } of all(runStage, 'COPY')) {
      const parts = args.split(/\s+/)
      const fromBuild = parts[0] === '--from=build'
      const [source = '', target = ''] = fromBuild ? parts.slice(1) : parts
      const path = fromBuild ? relative('/app', source) : source
      // The repository's layout: every file lands where it is in the repository.
      expect(target, args).toBe(path.includes('*') ? `./${dirname(path)}/` : `./${path}`)
      sources.push(path)
      // What a build leaves (npm test builds before it tests), or the repository's own files.
      if (path.includes('*')) {
        const [folder, pattern] = [dirname(path), path.slice(dirname(path).length + 1)]
        const matcher = new RegExp(`^${pattern.replace(/\./g, '\\.').replace(/\*/g, '[^/]*')}$`)
        expect(
          readdirSync(join(ROOT, folder)).filter((file) => matcher.test(file)),
          path,
        ).not.toEqual([])
      } else {
        expect(existsSync(join(ROOT, path)), `${path} (after \`npm run build\`)`).toBe(true)
      }
    }
    const copied = (path: string) => sources.some((source) => path === source || path.startsWith(`${source}/`))
    expect(copied(relative(ROOT, SERVER_BUILD))).toBe(true)
    expect(copied(`${DEFAULT_DIST_DIR}/fees-calculator.js`)).toBe(true)
    expect(sources).toContain(`${DEFAULT_DEMO_DIR}/*.html`)
    expect(copied(DEFAULT_MIGRATIONS_DIR)).toBe(true)
    expect(copied('node_modules')).toBe(true)
  })

  it('runs the built server with node itself, so that SIGTERM reaches it, on the port it exposes', () => {
    const serve = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Env }).scripts.serve
    expect(serve).toBe(`node ${relative(ROOT, SERVER_BUILD)}`)
    expect(JSON.parse(one(runStage, 'CMD'))).toEqual(serve!.split(' '))
    expect(imageEnv).toMatchObject({ NODE_ENV: 'production', HOST: '0.0.0.0' })
    expect(one(runStage, 'EXPOSE')).toBe(imageEnv.PORT)
    expect(one(runStage, 'HEALTHCHECK')).toMatch(/CMD node -e .*\/api\/v1\/health/)
    expect(one(runStage, 'USER')).toBe('node')
    expect(imageEnv.FEES_DB?.startsWith(`${one(runStage, 'VOLUME')}/`)).toBe(true)
  })
})

describe('deploy/compose.yaml, parsed (not run here)', () => {
  it('says so', () => {
    expect(composeText).toMatch(/checked by a\s+(#\s+)?parser/)
  })

  it.each(Object.keys(SECRETS))('refuses to start without %s, rather than run on a public demo value', (name) => {
    const others = Object.fromEntries(Object.entries(SECRETS).filter(([key]) => key !== name))
    expect(() => interpolated(yaml.load(composeText), others)).toThrow(new RegExp(`^${name}: set ${name}`))
    expect(() => interpolated(yaml.load(composeText), { ...others, [name]: '' })).toThrow(new RegExp(`^${name}:`))
  })

  it('has two API servers built from the Dockerfile, PostgreSQL and nginx', () => {
    expect(Object.keys(compose.services).sort()).toEqual(['api-1', 'api-2', 'nginx', 'postgres'])
    const [api1, api2] = [compose.services['api-1']!, compose.services['api-2']!]
    expect(api2).toEqual(api1)
    expect(api1.build).toEqual({ context: '..', dockerfile: 'Dockerfile' })
    expect(existsSync(join(DEPLOY, api1.build!.context, api1.build!.dockerfile))).toBe(true)
    expect(join(DEPLOY, api1.build!.context)).toBe(ROOT)
  })

  it('gives each server an environment it starts with: PostgreSQL by its service name, the image’s port', () => {
    const postgres = compose.services.postgres!
    const api = compose.services['api-1']!
    // The image's ENV, overridden by compose's, read by the server's own configuration.
    const config = loadConfig({ ...imageEnv, ...api.environment })
    expect(config.host).toBe('0.0.0.0')
    expect(String(config.port)).toBe(imageEnv.PORT)
    const database = new URL(config.databaseUrl!)
    expect(database.hostname).toBe('postgres')
    expect(database.port).toBe('5432')
    expect(decodeURIComponent(database.username)).toBe(postgres.environment?.POSTGRES_USER)
    expect(decodeURIComponent(database.password)).toBe(SECRETS.POSTGRES_PASSWORD)
    expect(postgres.environment?.POSTGRES_PASSWORD).toBe(SECRETS.POSTGRES_PASSWORD)
    expect(database.pathname).toBe(`/${postgres.environment?.POSTGRES_DB}`)
    expect(config.apiKey).toBe(SECRETS.FEES_API_KEY)
    expect(config.jwtSecret).toBe(SECRETS.FEES_JWT_SECRET)
    // /metrics answers only the scraper's token (and nginx refuses it: server/test/hardening/nginx.test.ts).
    expect(config.metrics).toBe(true)
    expect(config.metricsToken).toBe(SECRETS.FEES_METRICS_TOKEN)
    // The browser reaches the servers through nginx's published port.
    const published = compose.services.nginx!.ports?.[0]?.split(':')[0]
    expect(config.corsOrigins).toContain(`http://localhost:${published}`)
  })

  it('starts the servers once PostgreSQL answers its health check, and gives them time to drain', () => {
    const postgres = compose.services.postgres!
    expect(postgres.image).toMatch(/^postgres:\d+$/)
    expect(postgres.healthcheck?.test.join(' ')).toContain(
      `pg_isready -U ${postgres.environment?.POSTGRES_USER} -d ${postgres.environment?.POSTGRES_DB}`,
    )
    expect(postgres.volumes).toEqual(['pgdata:/var/lib/postgresql/data'])
    expect(Object.keys(compose.volumes)).toEqual(['pgdata'])
    for (const name of ['api-1', 'api-2']) {
      const api = compose.services[name]!
      expect(api.depends_on).toEqual({ postgres: { condition: 'service_healthy' } })
      // The server drains for at most 5 s on SIGTERM (server/README.md, Stopping).
      expect(Number(/^(\d+)s$/.exec(api.stop_grace_period ?? '')?.[1])).toBeGreaterThan(5)
    }
  })

  it('runs nginx with deploy/nginx.conf, whose upstreams are the API services on their port', () => {
    const nginx = compose.services.nginx!
    expect(nginx.image).toMatch(/^nginx:[\d.]+$/)
    expect(nginx.depends_on).toEqual(['api-1', 'api-2'])
    const [source, target, mode] = (nginx.volumes?.[0] ?? '').split(':')
    expect(join(DEPLOY, source!)).toBe(join(DEPLOY, 'nginx.conf'))
    expect([target, mode]).toEqual(['/etc/nginx/conf.d/default.conf', 'ro'])
    expect(nginx.ports).toEqual([`8080:${nginxListen}`])
    expect(upstreams).toEqual(
      ['api-1', 'api-2'].map((host) => ({ host, port: compose.services[host]!.environment?.PORT })),
    )
  })
})
