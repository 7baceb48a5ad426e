import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { manifestTables, readmeWithTables } from '../../scripts/manifest-tables.ts'

describe('README.md', () => {
  it('has the same attribute, property, event, CSS property and part tables as dist/custom-elements.json', () => {
    const readme = readFileSync('README.md', 'utf8')
    expect(readme).toBe(readmeWithTables(readme, manifestTables()))
  })

  it('documents every element property, attribute and event the manifest lists', () => {
    const tables = manifestTables()
    for (const name of [
      'tuition-input',
      'version-hash-code',
      'show-header',
      'show-footer',
      'api-base',
      'api-key',
      'color-scheme',
    ]) {
      expect(tables.attributes).toContain(`\`${name}\``)
    }
    for (const name of ['calculationResultReceivedEvent', 'invalidTuitionEvent', 'feeOptionSelectedEvent']) {
      expect(tables.events).toContain(`\`${name}\``)
    }
  })
})
