/**
 * A Vitest reporter for `npm test`'s "where the time went": how long each test file held its
 * worker, written as JSON to $UNIT_TIMES_FILE when the run ends.
 *
 * Vitest's own JSON report dates a file from its first test's start to its last test's end,
 * which leaves out the file's import and its `beforeAll` hooks: a file that starts its servers
 * (or, as the conformance suite does, runs every scenario) in `beforeAll` looked like seconds
 * when it held a worker for minutes. Here a file's time is everything Vitest measured for it:
 * environment, harness, import, setup file, and every test and hook.
 */
import { writeFileSync } from 'node:fs';
import type { Reporter, TestModule } from 'vitest/node';

export type FileTimes = { files: { file: string; seconds: number; tests: number }[] };

export function fileTimes(modules: ReadonlyArray<Pick<TestModule, 'moduleId' | 'diagnostic' | 'children'>>): FileTimes {
  return {
    files: modules.map((module) => {
      const d = module.diagnostic();
      const ms = d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration + d.duration;
      return { file: module.moduleId, seconds: ms / 1000, tests: [...module.children.allTests()].length };
    }),
  };
}

export default class FileTimesReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const out = process.env.UNIT_TIMES_FILE;
    if (out) writeFileSync(out, JSON.stringify(fileTimes(modules)));
  }
}
