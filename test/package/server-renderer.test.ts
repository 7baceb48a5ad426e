/**
 * `fees-calculator/server` as it ships (dist/server.js): one ES module that imports nothing, and renders the card where
 * a runtime has only the web's globals (an edge function): in a worker without `process`, `Buffer` or `require`.
 */
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { Worker } from 'node:worker_threads'
import { describe, expect, it } from 'vitest'
import { standInFeesTable, tuitionInput } from '../support/fixtures.ts'

const SERVER_JS = resolve('dist/server.js')

/**
 * Renders in a worker whose Node globals are gone before the module is loaded, every module it resolves recorded (the
 * module loader's own hook): it should resolve none but itself.
 */
const WITHOUT_NODE = `
const { parentPort, workerData } = require('node:worker_threads')
const resolved = []
require('node:module').registerHooks({
  resolve(specifier, context, next) {
    resolved.push(specifier)
    return next(specifier, context)
  },
})
for (const name of ['process', 'Buffer', 'require', 'module', 'global', 'setImmediate', '__filename', '__dirname'])
  delete globalThis[name]
import(workerData.url).then(
  async ({ renderFeesCalculator }) => {
    const html = await renderFeesCalculator({ tuitionInput: workerData.input }, { answer: workerData.answer })
    parentPort.postMessage({ html, resolved, globals: [typeof process, typeof Buffer, typeof require] })
  },
  (error) => parentPort.postMessage({ error: String(error) }),
)
`

describe('fees-calculator/server (dist/server.js)', () => {
  it('is an ES module that renders the card where there is no process, Buffer or require, and imports nothing', async () => {
    const input = tuitionInput({ language: 'gl', token: null })
    const answer = standInFeesTable(input)
    const worker = new Worker(WITHOUT_NODE, {
      eval: true,
      workerData: { url: pathToFileURL(SERVER_JS).href, input, answer },
    })
    try {
      const message = await new Promise<{ html?: string; resolved?: string[]; globals?: string[]; error?: string }>(
        (done, fail) => {
          worker.once('message', done)
          worker.once('error', fail)
        },
      )
      expect(message.error).toBeUndefined()
      expect(message.resolved).toEqual([pathToFileURL(SERVER_JS).href])
      expect(message.globals).toEqual(['undefined', 'undefined', 'undefined'])
      expect(message.html).toContain('<template shadowrootmode="open">')
      expect(message.html).toContain('lang="gl"')
    } finally {
      await worker.terminate()
    }
  })
})
