import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain script of npm test's, without types
import { e2eFileSeconds, timeLines, unitFileSeconds } from './test-times.mjs';

describe("npm test's time summary", () => {
  it('sums each file across projects and results, slowest first, with its share', () => {
    const e2e = e2eFileSeconds({
      suites: [
        { file: 'a.spec.ts', specs: [{ tests: [{ results: [{ duration: 1000 }] }, { results: [{ duration: 2000 }] }] }] },
        { file: 'b.spec.ts', specs: [], suites: [{ specs: [{ tests: [{ results: [{ duration: 7000 }] }] }] }] },
      ],
    });
    expect(timeLines('e2e', e2e)).toEqual([
      '  e2e: 3 tests in 2 files, 10 worker-seconds; slowest files:',
      '       7.0 s  70 %  b.spec.ts',
      '       3.0 s  30 %  a.spec.ts',
    ]);
  });

  it("reads Vitest's files relative to the repository", () => {
    const unit = unitFileSeconds({ testResults: [{ name: `${process.cwd()}/server/x.test.ts`, startTime: 0, endTime: 1500, assertionResults: [{}, {}] }] });
    expect(timeLines('unit', unit)[1]).toBe('       1.5 s  100 %  server/x.test.ts');
  });
});
