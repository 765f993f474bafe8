import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The projects whose files take longest go first. Vitest's own order puts projects by name (api,
 * reliability, unit) and, in a fresh clone (CI: no cache of durations), larger files first within
 * each; the reliability files (fuzzing, faults, restarts: 1.5–2.5 minutes each) then started
 * after every API file and were the run's last minutes alone (docs/benchmarks.md, "Test suite time").
 */
const PROJECTS_LONGEST_FIRST = ['reliability', 'api', 'unit', 'e2e'];

export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => PROJECTS_LONGEST_FIRST.indexOf(file.project.name);
    // Array sort is stable: within a project, vitest's order (cached durations, else sizes) stays.
    return (await super.sort(files)).sort(
      (a, b) => a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder || rank(a) - rank(b),
    );
  }
}
