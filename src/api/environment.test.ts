import { describe, expect, it } from 'vitest'
import { API_ROOTS, apiRootFor, environmentOf, isRelativeUrl } from './environment.ts'

describe('environmentOf', () => {
  it.each([
    ['localhost', 'local'],
    ['127.0.0.1', 'local'],
    ['portal.dev.fees-calculator.example', 'dev'],
    ['portal.pre.fees-calculator.example', 'pre'],
    ['portal.test.fees-calculator.example', 'test'],
    ['portal.fees-calculator.example', 'production'],
    ['fees-calculator.example', 'production'],
    ['unknown.example.org', 'dev'],
  ])('%s is %s', (host, environment) => {
    expect(environmentOf(host)).toBe(environment)
  })
})

describe('apiRootFor', () => {
  it('uses the relative /api/v1 root locally', () => {
    expect(apiRootFor('localhost')).toBe('/api/v1')
    expect(API_ROOTS.local).toBe('/api/v1')
  })
  it('lets api-base win and drops a trailing slash', () => {
    expect(apiRootFor('portal.fees-calculator.example', 'https://api.example.edu/v1/')).toBe(
      'https://api.example.edu/v1',
    )
  })
  it('uses dev when nothing matches', () => {
    expect(apiRootFor('elsewhere.example.org')).toBe(API_ROOTS.dev)
  })
})

describe('isRelativeUrl', () => {
  it('tells relative roots from absolute ones', () => {
    expect(isRelativeUrl('/api/v1')).toBe(true)
    expect(isRelativeUrl('api/v1')).toBe(true)
    expect(isRelativeUrl('https://api.example.edu')).toBe(false)
    expect(isRelativeUrl('//api.example.edu')).toBe(false)
  })
})
