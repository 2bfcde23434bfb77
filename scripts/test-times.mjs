// Where `npm test`'s time went: each runner's JSON report, summed per file.
// Worker-seconds are the time a file held a worker (Vitest: the file's run;
// Playwright: its tests' durations), so the slowest files are the ones to look
// at first when the run grows. Printed at the end of `npm test`; a report that
// is missing (its step failed early or did not run) is said to be missing.
import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const SHOWN = 8;

/** Seconds per test file from a Vitest JSON report. */
export function unitFileSeconds(report) {
  const seconds = new Map();
  for (const file of report.testResults ?? []) {
    const name = relative(ROOT, file.name);
    seconds.set(name, (seconds.get(name) ?? 0) + Math.max(0, (file.endTime - file.startTime) / 1000));
  }
  return { seconds, tests: (report.testResults ?? []).reduce((n, file) => n + (file.assertionResults?.length ?? 0), 0) };
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

/** The lines of the summary for one runner. */
export function timeLines(name, { seconds, tests }) {
  const total = [...seconds.values()].reduce((a, b) => a + b, 0);
  const slowest = [...seconds].sort((a, b) => b[1] - a[1]).slice(0, SHOWN);
  return [
    `  ${name}: ${tests} tests in ${seconds.size} files, ${total.toFixed(0)} worker-seconds; slowest files:`,
    ...slowest.map(([file, s]) => `    ${s.toFixed(1).padStart(6)} s  ${(((100 * s) / (total || 1)).toFixed(0) + ' %').padStart(4)}  ${file}`),
  ];
}

export function printTimeReport({ unit, e2e }) {
  const lines = ['\nwhere the time went:'];
  for (const [name, file, read] of [
    ['unit', unit, unitFileSeconds],
    ['e2e', e2e, e2eFileSeconds],
  ]) {
    if (!existsSync(file)) {
      lines.push(`  ${name}: no report (the step did not finish)`);
      continue;
    }
    try {
      lines.push(...timeLines(name, read(JSON.parse(readFileSync(file, 'utf8')))));
    } catch (error) {
      lines.push(`  ${name}: unreadable report ${file}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  console.log(lines.join('\n'));
}
