/**
 * A Vitest reporter for `npm test`'s summary: how long each test file held its worker, and which
 * tests failed and why, written as JSON to $UNIT_TIMES_FILE when the run ends.
 *
 * Vitest's own JSON report dates a file from its first test's start to its last test's end,
 * which leaves out the file's import and its `beforeAll` hooks: a file that starts its servers
 * (or, as the conformance suite does, runs every scenario) in `beforeAll` looked like seconds
 * when it held a worker for minutes. Here a file's time is everything Vitest measured for it:
 * environment, harness, import, setup file, and every test and hook.
 *
 * The failures are kept so the summary's last lines name them: a CI log that keeps only its tail
 * still says which test failed, where the runner's own report of it scrolled away long before.
 */
import { writeFileSync } from 'node:fs';
import type { Reporter, SerializedError, TestModule } from 'vitest/node';

export type Failure = { file: string; name: string; message: string };
export type FileTimes = { files: { file: string; seconds: number; tests: number }[]; failures: Failure[] };

type ModuleView = Pick<TestModule, 'moduleId' | 'diagnostic' | 'children' | 'errors'>;

function messageOf(errors: ReadonlyArray<Pick<SerializedError, 'message' | 'name'>> | undefined): string {
  const first = errors?.[0];
  if (!first) return 'failed (no error reported)';
  return first.name && !first.message.startsWith(first.name) ? `${first.name}: ${first.message}` : first.message;
}

export function fileTimes(modules: ReadonlyArray<ModuleView>, unhandled: ReadonlyArray<SerializedError> = []): FileTimes {
  const failures: Failure[] = [];
  for (const module of modules) {
    // A file that failed to load or whose hook threw has no failed test to carry the error.
    const own = module.errors();
    if (own.length > 0) failures.push({ file: module.moduleId, name: '(the file itself)', message: messageOf(own) });
    for (const test of module.children.allTests()) {
      const result = test.result();
      if (result.state === 'failed') failures.push({ file: module.moduleId, name: test.fullName, message: messageOf(result.errors) });
    }
  }
  for (const error of unhandled) failures.push({ file: '', name: '(an unhandled error)', message: messageOf([error]) });
  return {
    files: modules.map((module) => {
      const d = module.diagnostic();
      const ms = d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration + d.duration;
      return { file: module.moduleId, seconds: ms / 1000, tests: [...module.children.allTests()].length };
    }),
    failures,
  };
}

export default class FileTimesReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<SerializedError>): void {
    const out = process.env.UNIT_TIMES_FILE;
    if (out) writeFileSync(out, JSON.stringify(fileTimes(modules, unhandledErrors)));
  }
}
