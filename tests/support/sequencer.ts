import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The reliability files (fuzzing, faults, restarts: 1.5–2 minutes each, each starting servers of
 * its own) are spread over the API files, one in every six from the third, so about one runs at a
 * time beside five API files; then the unit files, which are short and fill the end. Vitest's own
 * order puts projects by name (api, reliability, unit): the reliability files started after every
 * API file and ran the API group's last two minutes nearly alone (docs/benchmarks.md, "Test suite
 * time"). All of them first, or one in three, took the load past 15. Within a project vitest's
 * order stays (cached durations, else larger files first).
 */
const EVERY = 6;
const FIRST = 2;

export class SpreadLongFilesSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const of = (name: string) => sorted.filter((file) => file.project.name === name);
    const long = of('reliability');
    const api = of('api');
    const spread: TestSpecification[] = [];
    spread.push(...api.splice(0, FIRST));
    while (long.length > 0 || api.length > 0) {
      const next = long.shift();
      if (next) spread.push(next);
      spread.push(...api.splice(0, EVERY - 1));
    }
    const placed = new Set(spread);
    // The other projects keep their place after these (the unit files; the browser files are a later group).
    return [...spread, ...sorted.filter((file) => !placed.has(file))].sort(
      (a, b) => a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder,
    );
  }
}
