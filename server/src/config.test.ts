import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig, ownOrigin } from './config.ts'

describe('loadConfig', () => {
  it('has a working default for every variable', () => {
    const config = loadConfig({})
    expect(config).toMatchObject({
      port: 4173,
      host: '127.0.0.1',
      dbPath: 'data/fees.sqlite',
      databaseUrl: null,
      minFees: 12,
      maxFees: 24,
      apiKey: 'demo-api-key',
      corsOrigins: null,
      editableSaved: false,
      jwksUrl: null,
      jwtIssuer: null,
      jwtAudience: null,
      jwksCooldownMs: 30_000,
    })
    expect(config.tinFinancing.text).toBe('0.0595')
    expect(config.tinRefinancing.text).toBe('0.0695')
    expect(config.jwtSecret.length).toBeGreaterThanOrEqual(32)
    // The repository's layout, from the folder the server is started in (the image keeps it).
    expect([config.distDir, config.demoDir, config.migrationsDir]).toEqual([
      resolve('dist'),
      resolve('demo'),
      resolve('server/src/store/migrations'),
    ])
  })

  it('finds the files it serves and its migrations where the variables say, from the folder it is started in', () => {
    const config = loadConfig({
      FEES_DIST_DIR: '/srv/fees/dist',
      FEES_DEMO_DIR: 'pages',
      FEES_MIGRATIONS_DIR: '../schema',
    })
    expect([config.distDir, config.demoDir, config.migrationsDir]).toEqual([
      '/srv/fees/dist',
      resolve('pages'),
      resolve('../schema'),
    ])
  })

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '0',
      HOST: '0.0.0.0',
      FEES_DB: ':memory:',
      DATABASE_URL: 'postgres://fees:pw@db.example:5432/fees',
      FEES_TIN_FINANCING: '0',
      FEES_TIN_REFINANCING: '0.1',
      FEES_MIN: '3',
      FEES_MAX: '36',
      FEES_API_KEY: 'another-key',
      FEES_JWT_SECRET: 'x'.repeat(40),
      FEES_CORS_ORIGINS: 'https://portal.example, http://localhost:5173/',
      FEES_EDITABLE_SAVED: 'true',
    })
    expect(config).toMatchObject({
      port: 0,
      host: '0.0.0.0',
      dbPath: ':memory:',
      databaseUrl: 'postgres://fees:pw@db.example:5432/fees',
      minFees: 3,
      maxFees: 36,
      editableSaved: true,
    })
    expect(config.corsOrigins).toEqual(['https://portal.example', 'http://localhost:5173'])
    expect(config.tinFinancing.numerator).toBe(0n)
  })

  it('names every bad variable in one error', () => {
    const bad = () =>
      loadConfig({
        PORT: 'abc',
        FEES_TIN_FINANCING: '5.95',
        FEES_MIN: '30',
        FEES_JWT_SECRET: 'short',
        FEES_CORS_ORIGINS: 'https://a.example/path',
        FEES_EDITABLE_SAVED: 'maybe',
        FEES_JWKS_URL: 'ftp://idp.example/keys',
        FEES_JWKS_COOLDOWN_S: '-1',
        DATABASE_URL: 'mysql://fees:secret-pw@db.example/fees',
      })
    expect(bad).toThrow(ConfigError)
    expect(bad).toThrow(/PORT=.*whole number/)
    expect(bad).toThrow(/FEES_TIN_FINANCING=.*below 1/)
    expect(bad).toThrow(/FEES_JWT_SECRET: must be at least 32/)
    expect(bad).toThrow(/FEES_CORS_ORIGINS=.*not an origin/)
    expect(bad).toThrow(/FEES_EDITABLE_SAVED=.*true or false/)
    expect(bad).toThrow(/FEES_JWKS_URL=.*http\(s\) URL/)
    expect(bad).toThrow(/FEES_JWKS_COOLDOWN_S=.*whole number/)
    expect(bad).toThrow(/DATABASE_URL: must be a postgres:\/\/ or postgresql:\/\/ URL/)
    expect(bad).not.toThrow(/secret-pw/)
    expect(bad).toThrow(/FEES_MIN \(30\) must not be greater than FEES_MAX \(24\)/)
  })

  it('never prints a secret it refuses', () => {
    expect(() => loadConfig({ FEES_JWT_SECRET: 'tiny', FEES_API_KEY: 'key' })).toThrow(ConfigError)
    try {
      loadConfig({ FEES_JWT_SECRET: 'tiny', FEES_API_KEY: 'key' })
    } catch (error) {
      expect((error as Error).message).not.toMatch(/tiny|"key"/)
      expect((error as Error).message).toMatch(/FEES_API_KEY: must be at least 8/)
    }
  })
})

describe('ownOrigin', () => {
  it('is what a browser opens', () => {
    expect(ownOrigin('127.0.0.1', 4173)).toBe('http://127.0.0.1:4173')
    expect(ownOrigin('0.0.0.0', 80)).toBe('http://localhost:80')
    expect(ownOrigin('::1', 8080)).toBe('http://[::1]:8080')
  })
})
