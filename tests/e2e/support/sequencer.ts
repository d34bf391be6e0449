// Runs the specs in a fixed order with foundation.spec.ts first: it is the one spec that meets the
// instance before it is set up; every other spec sets it up (or finds it set up) through the API.
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const rank = (spec: TestSpecification) => (spec.moduleId.endsWith('/foundation.spec.ts') ? 0 : 1);

export default class FoundationFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return [...files].sort((a, b) => rank(a) - rank(b) || a.moduleId.localeCompare(b.moduleId));
  }
}
