import { BaseSequencer, type TestSpecification } from 'vitest/node'

/**
 * The long files first, longest first. On a clean clone Vitest has no
 * durations yet and starts the larger files first, which puts the response
 * fuzzing (small files, minutes each) last, with one core idle at the end.
 * The tiers, measured: the save fuzzing (the longest), the other response
 * fuzzing, the model-based and the multi-server runs, then everything else
 * in Vitest's order. The browser files run after those, two at a time, by
 * the same rule: the example apps (minutes of builds before their tests),
 * then the suites of three engines and the response fuzzing, longest first,
 * so that the last files to start are short ones and neither worker is left
 * alone at the end.
 */
const TIERS = [
  /responses-save\.fuzz\./,
  /responses-.*\.fuzz\./,
  /\/hardening\//,
  /\.fuzz\./,
  /\/browser\/examples\./,
  /\/browser\/widths\./,
  /\/browser\/a11y\./,
  /\/browser\/color-scheme\./,
  /\/browser\/languages\./,
  /\/browser\/student-settings\./,
  /\/browser\/words\./,
  /\/browser\/failures\./,
  /\/browser\/flows\./,
  /\/browser\/response-fuzz\./,
  /\/browser\/plan-files\./,
  /\/browser\/server-detail\./,
  /\/browser\/plan-downloads\./,
]

const tier = (spec: TestSpecification) => {
  const index = TIERS.findIndex((pattern) => pattern.test(spec.moduleId))
  return index === -1 ? TIERS.length : index
}

export class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    // Array.prototype.sort is stable: within a tier, Vitest's order stays.
    return (await super.sort(files)).sort((a, b) => tier(a) - tier(b))
  }
}
