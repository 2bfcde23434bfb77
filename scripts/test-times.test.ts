import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain script of npm test's, without types
import { cpuLine, e2eFileSeconds, reapedChildrenCpuSeconds, reapedCpuFromStat, timeLines, unitFileSeconds } from './test-times.mjs';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

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

  it("reads the reaped children's CPU from a stat line whose command name holds spaces and parentheses", () => {
    // pid (comm) state ppid … utime(14) stime(15) cutime(16) cstime(17) …
    const fields = ['S', ...Array.from({ length: 10 }, () => '0'), '7', '8', '250', '50', '20', '0'];
    expect(reapedCpuFromStat(`42 (npm run (x) y) ${fields.join(' ')}`)).toBeCloseTo(300 / ticksPerSecond(), 6);
    expect(reapedCpuFromStat('42 (truncated) S 1')).toBeUndefined();
  });

  it.runIf(existsSync('/proc/self/stat'))('counts the CPU of a child once it has been waited for', () => {
    const before = reapedChildrenCpuSeconds();
    spawnSync(process.execPath, ['-e', 'const end = Date.now() + 300; while (Date.now() < end);']);
    expect(reapedChildrenCpuSeconds() - before).toBeGreaterThan(0.1);
  });

  it('says how many cores the run kept busy', () => {
    expect(cpuLine(1500, 1000, 2)).toBe('  cpu: 1500 s over 1000 s of wall time: 1.50 of 2 cores busy on average');
  });
});

function ticksPerSecond(): number {
  const out = spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim();
  return Number(out) || 100;
}
