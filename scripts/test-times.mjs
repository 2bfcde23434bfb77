// Where `npm test`'s time went: each runner's report, summed per file; then what failed, if anything.
// Worker-seconds are the time a file held a worker (Vitest: its import, hooks and tests;
// Playwright: its tests' durations), so the slowest files are the ones to look
// at first when the run grows. Printed at the end of `npm test`; a report that
// is missing (its step failed early or did not run) is said to be missing.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const SHOWN = 10;

/** Seconds per test file from scripts/vitest-file-times.ts's report (import, hooks and tests included). */
export function unitFileSeconds(report) {
  const seconds = new Map();
  for (const { file, seconds: s } of report.files ?? []) {
    const name = relative(ROOT, file);
    seconds.set(name, (seconds.get(name) ?? 0) + Math.max(0, s));
  }
  return { seconds, tests: (report.files ?? []).reduce((n, file) => n + (file.tests ?? 0), 0) };
}

/** Seconds per spec file (every project and retry summed) from a Playwright JSON report. */
export function e2eFileSeconds(report) {
  const seconds = new Map();
  let tests = 0;
  const walk = (suite, file) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        tests += 1;
        for (const result of test.results ?? []) seconds.set(file, (seconds.get(file) ?? 0) + result.duration / 1000);
      }
    }
    for (const child of suite.suites ?? []) walk(child, file);
  };
  for (const suite of report.suites ?? []) walk(suite, suite.file);
  return { seconds, tests };
}

/**
 * The lines of the summary for one runner. With the step's CPU seconds, also its CPU a test: the figure
 * to compare between two runs, since the same tests cost more CPU on a slower or busier host (the
 * same tree has cost 3.1 s and 6.7 s of CPU a browser test on two days of this kind of machine), and wall
 * time on a CPU-bound run follows it.
 */
export function timeLines(name, { seconds, tests }, cpuSeconds) {
  const total = [...seconds.values()].reduce((a, b) => a + b, 0);
  const slowest = [...seconds].sort((a, b) => b[1] - a[1]).slice(0, SHOWN);
  const cpu = cpuSeconds === undefined || tests === 0 ? '' : `, ${cpuSeconds.toFixed(0)} s of CPU (${(cpuSeconds / tests).toFixed(2)} s a test)`;
  return [
    `  ${name}: ${tests} tests in ${seconds.size} files, ${total.toFixed(0)} worker-seconds${cpu}; slowest files:`,
    ...slowest.map(([file, s]) => `    ${s.toFixed(1).padStart(6)} s  ${(((100 * s) / (total || 1)).toFixed(0) + ' %').padStart(4)}  ${file}`),
  ];
}

/** The failed tests in scripts/vitest-file-times.ts's report: file relative to the repository, name, message. */
export function unitFailures(report) {
  return (report.failures ?? []).map(({ file, name, message }) => ({ where: file ? relative(ROOT, file) : '', name, message }));
}

/**
 * The failed tests in a Playwright JSON report, with their project: those that failed every run, and
 * those that passed only on a retry (the suite runs none, but `--retries N` on the command line does),
 * with the first failed run's error.
 */
export function e2eFailures(report) {
  const failures = [];
  const walk = (suite, file, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected' && test.status !== 'flaky') continue;
        const failed = test.status === 'flaky' ? test.results?.find((result) => result.status !== 'passed') : test.results?.at(-1);
        const error = failed?.error?.message ?? failed?.errors?.[0]?.message ?? `ended ${failed?.status ?? 'without a result'}`;
        const message = test.status === 'flaky' ? `passed only on its retry; first: ${error}` : error;
        const name = [...titles, spec.title].filter(Boolean).join(' › ');
        failures.push({ where: `${file}:${spec.line ?? '?'}`, name: test.projectName ? `[${test.projectName}] ${name}` : name, message });
      }
    }
    for (const child of suite.suites ?? []) walk(child, file, [...titles, child.title]);
  };
  for (const suite of report.suites ?? []) walk(suite, suite.file, []);
  return failures;
}

const MESSAGE_LINES = 4;
const LINE_CHARS = 240;
const FAILURES_SHOWN = 12;

/** One failure as the summary prints it: where, the test's name, and the first lines of its message. */
function failureLines({ where, name, message }) {
  // The runners' messages are coloured for a terminal; the summary is read in logs too.
  const plain = stripVTControlCharacters(String(message));
  const text = plain
    .split('\n')
    .map((line) => line.trimEnd())
    .filter((line) => line.trim() !== '')
    .slice(0, MESSAGE_LINES)
    .map((line) => `        ${line.length > LINE_CHARS ? `${line.slice(0, LINE_CHARS)}…` : line}`);
  return [`    ✗ ${where ? `${where} › ` : ''}${name}`, ...text];
}

/** The summary's lines for one runner's failures; none when it had none. */
export function failedLines(name, failures) {
  if (failures.length === 0) return [];
  const shown = failures.slice(0, FAILURES_SHOWN);
  return [
    `  ${name}: ${failures.length} failed`,
    ...shown.flatMap(failureLines),
    ...(failures.length > shown.length ? [`    … and ${failures.length - shown.length} more (the step's own output names them)`] : []),
  ];
}

/** `unit` and `e2e`: each runner's report file; `cpu`: each step's CPU seconds by name, where counted. */
export function printTimeReport({ unit, e2e, cpu = {} }) {
  const lines = ['\nwhere the time went:'];
  const failed = [];
  for (const [name, file, read, readFailures] of [
    ['unit', unit, unitFileSeconds, unitFailures],
    ['e2e', e2e, e2eFileSeconds, e2eFailures],
  ]) {
    if (!existsSync(file)) {
      lines.push(`  ${name}: no report (the step did not finish)`);
      continue;
    }
    try {
      const report = JSON.parse(readFileSync(file, 'utf8'));
      lines.push(...timeLines(name, read(report), cpu[name]));
      failed.push(...failedLines(name, readFailures(report)));
    } catch (error) {
      lines.push(`  ${name}: unreadable report ${file}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  // Last, so a log that keeps only its tail still names what failed.
  if (failed.length > 0) lines.push('\nwhat failed:', ...failed);
  console.log(lines.join('\n'));
}

/**
 * CPU seconds (user + system) of every process this one has waited for, itself excluded: Linux adds a
 * child's whole tree (its own waited-for children too) to the parent's `cutime`/`cstime` when it is
 * reaped. Read before and after a step, the difference is that step's CPU. `undefined` where there is no
 * /proc (macOS, Windows): the summary then leaves the column out.
 */
export function reapedChildrenCpuSeconds() {
  const statText = readProcSelfStat();
  return statText === undefined ? undefined : reapedCpuFromStat(statText);
}

/** The reaped children's CPU seconds in a `/proc/<pid>/stat` line, `undefined` if it does not parse. */
export function reapedCpuFromStat(statText) {
  // The command name is in parentheses and may hold spaces; the fields after it are numbered from 3.
  const fields = statText.slice(statText.lastIndexOf(')') + 2).split(' ');
  const cutime = Number(fields[16 - 3]);
  const cstime = Number(fields[17 - 3]);
  if (!Number.isFinite(cutime) || !Number.isFinite(cstime)) return undefined;
  return (cutime + cstime) / clockTicksPerSecond();
}

function readProcSelfStat() {
  try {
    return readFileSync('/proc/self/stat', 'utf8');
  } catch {
    return undefined;
  }
}

let ticks;
function clockTicksPerSecond() {
  if (ticks === undefined) {
    try {
      ticks = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    } catch {
      ticks = 100;
    }
  }
  return ticks;
}

/**
 * How busy the machine's cores were with the run: CPU seconds over wall seconds. Near the core count, the
 * run is CPU-bound and only less work makes it shorter; well under it, the run is mostly waiting.
 */
export function cpuLine(cpuSeconds, wallSeconds, cores) {
  const busy = cpuSeconds / Math.max(wallSeconds, 1e-9);
  return `  cpu: ${cpuSeconds.toFixed(0)} s over ${wallSeconds.toFixed(0)} s of wall time: ${busy.toFixed(2)} of ${cores} cores busy on average`;
}

/**
 * The machine's busy CPU seconds so far, every process counted (user, nice, system, irq, softirq, steal;
 * not idle or iowait), from /proc/stat's first line; `undefined` where there is none. Beside the steps'
 * own counts it shows what none of them holds: the kernel's own threads, anything else the machine runs,
 * and, where the steps are counted as reaped (no cgroup), the processes reaped outside the run's tree.
 * Read at the start and the end, the difference is the truth, on a machine that runs nothing else.
 */
export function machineBusySeconds() {
  try {
    return busySecondsFromProcStat(readFileSync('/proc/stat', 'utf8'));
  } catch {
    return undefined;
  }
}

/** Busy seconds from the `cpu` line of a /proc/stat text, `undefined` if it does not parse. */
export function busySecondsFromProcStat(text) {
  const line = text.split('\n').find((l) => l.startsWith('cpu '));
  if (!line) return undefined;
  const [user, nice, system, idle, iowait, irq, softirq, steal] = line.trim().split(/\s+/).slice(1, 9).map(Number);
  const busy = [user, nice, system, irq, softirq, steal ?? 0].reduce((a, b) => a + b, 0);
  if (!Number.isFinite(busy) || !Number.isFinite(idle) || !Number.isFinite(iowait)) return undefined;
  return busy / clockTicksPerSecond();
}

/** The machine's line: how many of its cores were busy over the run, whatever started the work. */
export function machineLine(busySeconds, wallSeconds, cores) {
  const busy = busySeconds / Math.max(wallSeconds, 1e-9);
  return `  machine: ${busySeconds.toFixed(0)} s of CPU over ${wallSeconds.toFixed(0)} s: ${busy.toFixed(2)} of ${cores} cores busy (every process on it, from /proc/stat)`;
}
