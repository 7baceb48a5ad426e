'use strict'
/**
 * `npm ci` (prepare), `npm run demo` and `npm test` (predemo, pretest) run this first: on a Node the project does
 * not run on, they stop here with one sentence instead of going on to a build that fails or a server that
 * crashes. `prepare`, not `preinstall`: npm runs it for this repository only, never for whoever installs the
 * published package (npm runs both after it has installed the dependencies).
 */
// biome-ignore lint/style/useNodejsImportProtocol: Node before 14.18 knows no `node:` name, and this runs on any Node
const { join } = require('path')
const { unsupportedNode } = require('../server/src/node-version.cjs')

const { engines } = require(join(__dirname, '..', 'package.json'))
const problem = unsupportedNode(process.version, engines.node, 'fees-calculator')
if (problem !== null) {
  console.error(problem)
  process.exit(1)
}
