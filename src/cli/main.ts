#!/usr/bin/env node
// The package's command line: `fees-calculator check-api --api <root> …`.
import { readFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { checkApi, formatChecks } from './check-api.ts'

const USAGE = `Usage: fees-calculator check-api --api <root> [--token <bearer>] [--api-key <key>] [--origin <portal origin>] [--input <file.json>] [--json]

Calls every endpoint the <fees-calculator> widget uses and reads each answer as the widget does.
Exits 0 when every check passes, 1 otherwise.`

/** The options of `check-api`; an unknown option or a missing value throws. */
function optionsOf(args: string[]) {
  return parseArgs({
    args,
    options: {
      api: { type: 'string' },
      token: { type: 'string' },
      'api-key': { type: 'string' },
      origin: { type: 'string' },
      input: { type: 'string' },
      json: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  }).values
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv
  if (command !== 'check-api') {
    console.error(USAGE)
    return command === undefined || command === '--help' ? 0 : 2
  }
  let values: ReturnType<typeof optionsOf>
  try {
    values = optionsOf(rest)
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${USAGE}`)
    return 2
  }
  if (values.help || !values.api) {
    console.error(USAGE)
    return values.help ? 0 : 2
  }
  let input: unknown
  if (values.input) {
    try {
      input = JSON.parse(readFileSync(values.input, 'utf8'))
    } catch (error) {
      console.error(`--input ${values.input}: ${(error as Error).message}`)
      return 2
    }
  }
  const checks = await checkApi({
    api: values.api,
    ...(values.token ? { token: values.token } : {}),
    ...(values['api-key'] ? { apiKey: values['api-key'] } : {}),
    ...(values.origin ? { origin: values.origin } : {}),
    ...(input === undefined ? {} : { input }),
  })
  const ok = checks.every((check) => check.ok)
  console.log(values.json ? JSON.stringify({ ok, checks }, null, 2) : formatChecks(checks))
  return ok ? 0 : 1
}

process.exitCode = await main(process.argv.slice(2))
