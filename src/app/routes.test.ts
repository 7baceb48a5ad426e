import { describe, expect, it } from 'vitest'
import { matchRoute } from './routes.ts'

describe('matchRoute', () => {
  it('redirects the empty path and unknown paths to /fees', () => {
    expect(matchRoute('/')).toEqual({ name: 'redirect', to: '/fees' })
    expect(matchRoute('/nowhere')).toEqual({ name: 'redirect', to: '/fees' })
  })

  it('shows the calculator waiting for input at /fees', () => {
    expect(matchRoute('/fees')).toEqual({ name: 'fees', versionHashCode: null })
    expect(matchRoute('/fees/')).toEqual({ name: 'fees', versionHashCode: null })
  })

  it('opens a saved version at /fees/:versionHashCode', () => {
    expect(matchRoute('/fees/rd9A1eEhdLURb_-x')).toEqual({ name: 'fees', versionHashCode: 'rd9A1eEhdLURb_-x' })
    expect(matchRoute('/fees/a/b')).toEqual({ name: 'redirect', to: '/fees' })
  })

  it('has a health check', () => {
    expect(matchRoute('/health-check')).toEqual({ name: 'health-check' })
  })
})
