import { describe, expect, it } from 'vitest';
import {
  busySecondsFromProcStat,
  cpuLine,
  e2eFailures,
  e2eFileSeconds,
  failedLines,
  machineLine,
  reapedChildrenCpuSeconds,
  reapedCpuFromStat,
  timeLines,
  unitFailures,
  unitFileSeconds,
} from './test-times.mjs';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

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

  it("adds the step's CPU and its CPU a test where the step's CPU was counted", () => {
    const e2e = e2eFileSeconds({ suites: [{ file: 'a.spec.ts', specs: [{ tests: [{ results: [{ duration: 3000 }] }, { results: [{ duration: 1000 }] }] }] }] });
    expect(timeLines('e2e', e2e, 9)[0]).toBe('  e2e: 2 tests in 1 files, 4 worker-seconds, 9 s of CPU (4.50 s a test); slowest files:');
    expect(timeLines('e2e', { seconds: new Map(), tests: 0 }, 9)[0]).toBe('  e2e: 0 tests in 0 files, 0 worker-seconds; slowest files:');
  });

  it("reads Vitest's files relative to the repository", () => {
    const unit = unitFileSeconds({ files: [{ file: `${process.cwd()}/server/x.test.ts`, seconds: 1.5, tests: 2 }] });
    expect(timeLines('unit', unit)).toEqual(['  unit: 2 tests in 1 files, 2 worker-seconds; slowest files:', '       1.5 s  100 %  server/x.test.ts']);
  });

  it("reads the reaped children's CPU from a stat line whose command name holds spaces and parentheses", () => {
    // pid (comm) state ppid … utime(14) stime(15) cutime(16) cstime(17) …
    const fields = ['S', ...Array.from({ length: 10 }, () => '0'), '7', '8', '250', '50', '20', '0'];
    expect(reapedCpuFromStat(`42 (npm run (x) y) ${fields.join(' ')}`)).toBeCloseTo(300 / ticksPerSecond(), 6);
    expect(reapedCpuFromStat('42 (truncated) S 1')).toBeUndefined();
  });

  it.runIf(existsSync('/proc/self/stat'))('counts the CPU of a child once it has been waited for', () => {
    const before = reapedChildrenCpuSeconds();
    // It spins until it has used 300 ms of CPU itself: on a loaded machine 300 ms of wall time may hold far less.
    spawnSync(process.execPath, ['-e', 'const used = () => { const u = process.cpuUsage(); return u.user + u.system; }; while (used() < 300_000);']);
    expect(reapedChildrenCpuSeconds()! - before!).toBeGreaterThan(0.1);
  });

  it('says how many cores the run kept busy', () => {
    expect(cpuLine(1500, 1000, 2)).toBe('  cpu: 1500 s over 1000 s of wall time: 1.50 of 2 cores busy on average');
    expect(machineLine(1910, 1000, 2)).toBe('  machine: 1910 s of CPU over 1000 s: 1.91 of 2 cores busy (every process on it, from /proc/stat)');
  });

  it("reads the machine's busy time from /proc/stat, idle and iowait left out", () => {
    // cpu user nice system idle iowait irq softirq steal guest guest_nice
    const text = 'cpu  1000 20 300 9000 500 10 40 30 0 0\ncpu0 1 2 3 4 5 6 7 8 0 0\n';
    expect(busySecondsFromProcStat(text)).toBeCloseTo(1400 / ticksPerSecond(), 6);
    expect(busySecondsFromProcStat('intr 1 2 3\n')).toBeUndefined();
  });

  it.runIf(existsSync('/proc/stat'))("counts the machine's CPU whoever started the work", () => {
    // Measured in a process of its own: this worker's reaped count also grows with whatever an earlier test
    // file (they share the process) left to exit, which once added 0.31 s while this test waited.
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', MEASURE_AN_ORPHAN], { encoding: 'utf8', timeout: 60_000 });
    expect(run.status, run.stderr).toBe(0);
    const seen = JSON.parse(run.stdout) as { orphanEnded: boolean; machine: number; reaped: number };
    expect(seen.orphanEnded).toBe(true);
    // The orphan used 300 ms: whatever else the machine did, it counted those (/proc/stat counts in 10 ms ticks).
    expect(seen.machine).toBeGreaterThanOrEqual(0.28);
    // …while the count of what the measuring process waited for saw only the short-lived shell.
    expect(seen.reaped).toBeLessThan(0.2);
  });
});

/** Node code that spins until its process has used 300 ms of CPU: on a loaded machine 300 ms of wall time may hold far less. */
const SPIN_300_MS = 'const u = () => { const c = process.cpuUsage(); return c.user + c.system; }; while (u() < 300_000);';

/**
 * A grandchild whose parent ends first is reaped outside the measuring process's tree: the reaped count
 * misses it, the machine's count does not. The parent is a shell, a few milliseconds of CPU (a Node
 * parent's own start took 0.2 s on a loaded machine). Waits until the orphan has ended; prints the counts.
 */
const MEASURE_AN_ORPHAN = `
import { spawnSync } from 'node:child_process';
import { machineBusySeconds, reapedChildrenCpuSeconds } from ${JSON.stringify(pathToFileURL(join(process.cwd(), 'scripts/test-times.mjs')).href)};
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
// Ended once it is gone or a zombie: its CPU is counted by then, whenever init comes to reap it.
const running = (pid) => { try { return readFileSync('/proc/' + pid + '/stat', 'utf8').split(') ')[1][0] !== 'Z'; } catch { return false; } };
const machineBefore = machineBusySeconds();
const reapedBefore = reapedChildrenCpuSeconds();
const started = spawnSync('sh', ['-c', '"$0" -e "$1" >/dev/null 2>&1 & echo $!', process.execPath, ${JSON.stringify(SPIN_300_MS)}], { encoding: 'utf8' });
const orphan = Number(started.stdout.trim());
if (!(orphan > 0)) throw new Error('no orphan pid: ' + started.stdout);
const waitUntil = Date.now() + 30_000;
// Waiting starts no process: each would add its own CPU to the reaped count.
while (running(orphan) && Date.now() < waitUntil) await sleep(20);
console.log(JSON.stringify({ orphanEnded: !running(orphan), machine: machineBusySeconds() - machineBefore, reaped: reapedChildrenCpuSeconds() - reapedBefore }));
`;

function ticksPerSecond(): number {
  const out = spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim();
  return Number(out) || 100;
}

/** Run Vitest with the file-times reporter over `files` (name → source) in a folder of their own: its exit status and report. */
function runReporter(files: Record<string, string>): { status: number | null; output: string; report: unknown } {
  const dir = mkdtempSync(join(tmpdir(), 'file-times-'));
  try {
    writeFileSync(join(dir, 'vitest.config.mjs'), "export default { test: { include: ['*.test.mjs'] } };\n");
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
    const out = join(dir, 'times.json');
    const vitest = join(process.cwd(), 'node_modules/vitest/vitest.mjs');
    const run = spawnSync(process.execPath, [vitest, 'run', '--root', dir, '--reporter', join(process.cwd(), 'scripts/vitest-file-times.ts')], {
      env: { ...process.env, UNIT_TIMES_FILE: out },
      encoding: 'utf8',
    });
    return { status: run.status, output: run.stderr + run.stdout, report: JSON.parse(readFileSync(out, 'utf8')) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe("npm test's time per Vitest file", () => {
  it("counts a file's beforeAll in its time, which Vitest's JSON report leaves out", () => {
    const run = runReporter({
      'hook.test.mjs':
        "import { beforeAll, it } from 'vitest';\nbeforeAll(() => new Promise((r) => setTimeout(r, 1500)));\nit('is quick', () => {});\nit('is quick too', () => {});\n",
    });
    expect(run.status, run.output).toBe(0);
    const unit = unitFileSeconds(run.report);
    expect(unit.tests).toBe(2);
    expect([...unit.seconds.values()][0]).toBeGreaterThanOrEqual(1.5);
  });
});

describe("npm test's list of what failed", () => {
  it('names each failed Vitest test with its file and the first lines of its error, and a file that failed to load', () => {
    const run = runReporter({
      'mixed.test.mjs':
        "import { describe, expect, it } from 'vitest';\ndescribe('a part', () => {\n  it('passes', () => {});\n  it('sees the wrong count', () => { expect(17).toBe(1); });\n});\n",
      'broken.test.mjs': "import './missing-module.mjs';\n",
    });
    expect(run.status).toBe(1);
    const failures = unitFailures(run.report);
    const byName = new Map(failures.map((f) => [f.name, f]));
    expect(byName.get('a part > sees the wrong count')?.message).toMatch(/expected 17 to be 1/);
    expect(byName.get('(the file itself)')?.message).toMatch(/missing-module/);
    const lines = failedLines('unit', failures);
    expect(lines[0]).toBe('  unit: 2 failed');
    expect(lines.some((line) => /✗ .*mixed\.test\.mjs › a part > sees the wrong count$/.test(line))).toBe(true);
    expect(lines.some((line) => /^ {8}.*expected 17 to be 1/.test(line))).toBe(true);
    expect(lines.join('\n')).not.toContain('passes');
  });

  it('names a failed Playwright test with its project, describe path and line, and one that passed only on its retry, not one that passed', () => {
    const failures = e2eFailures({
      suites: [
        {
          file: 'big-session.spec.ts',
          title: 'big-session.spec.ts',
          specs: [{ title: 'ok', line: 3, tests: [{ status: 'expected', projectName: '1440x900', results: [{ status: 'passed' }] }] }],
          suites: [
            {
              title: 'a search',
              specs: [
                {
                  title: 'reads the rows that match',
                  line: 40,
                  tests: [
                    {
                      status: 'unexpected',
                      projectName: '1440x900',
                      results: [
                        {
                          status: 'failed',
                          error: {
                            message:
                              '\u001b[31mError: expect(received).toHaveLength(expected)\u001b[39m\n\nExpected length: 1\nReceived length: 17\nmore\nand more',
                          },
                        },
                      ],
                    },
                    {
                      status: 'flaky',
                      projectName: '1280x720',
                      results: [{ status: 'failed', error: { message: 'Error: locator.click: Timeout 10000ms exceeded.' } }, { status: 'passed' }],
                    },
                  ],
                },
              ],
            },
          ],
        },
      ],
    });
    expect(failedLines('e2e', failures)).toEqual([
      '  e2e: 2 failed',
      '    ✗ big-session.spec.ts:40 › [1440x900] a search › reads the rows that match',
      '        Error: expect(received).toHaveLength(expected)',
      '        Expected length: 1',
      '        Received length: 17',
      '        more',
      '    ✗ big-session.spec.ts:40 › [1280x720] a search › reads the rows that match',
      '        passed only on its retry; first: Error: locator.click: Timeout 10000ms exceeded.',
    ]);
    expect(failedLines('e2e', [])).toEqual([]);
  });

  it('says how many more there were past the ones it shows', () => {
    const many = Array.from({ length: 15 }, (_, i) => ({ where: 'x.test.ts', name: `test ${i}`, message: 'no' }));
    const lines = failedLines('unit', many);
    expect(lines[0]).toBe('  unit: 15 failed');
    expect(lines.at(-1)).toBe("    … and 3 more (the step's own output names them)");
  });
});
