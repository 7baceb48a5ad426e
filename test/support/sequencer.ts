import { BaseSequencer, type TestSpecification } from 'vitest/node'

/**
 * The long files first. On a clean clone Vitest has no durations yet and
 * starts the larger files first, which puts the response fuzzing (small files,
 * minutes each) last, with one core idle at the end. The fuzzing and the
 * model-based runs go first; the rest keep Vitest's order.
 */
const LONG = /(\.fuzz\.test\.|\/hardening\/)/

export class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files)
    return [...sorted.filter((spec) => LONG.test(spec.moduleId)), ...sorted.filter((spec) => !LONG.test(spec.moduleId))]
  }
}
