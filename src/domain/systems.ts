import { System } from './types.ts'

const KNOWN_SYSTEMS = new Set<number>(Object.values(System))

/** ErpCom and ErpComAgent: amounts not editable; in embedded mode they call the Anonymous endpoints and saving does not lock. */
export function isErpSystem(system: System): boolean {
  return system === System.ErpCom || system === System.ErpComAgent
}

export function isKnownSystem(value: unknown): value is System {
  return typeof value === 'number' && KNOWN_SYSTEMS.has(value)
}
