#!/usr/bin/env node
// `npm test`: every check CI runs.
//   - lint, typecheck and build start at once (none reads another's output);
//   - Playwright starts once the build has passed (it needs it), Vitest once the build has
//     passed and lint and typecheck have ended (passed or not): the browser tests are the
//     longest step, so they start first, and the proxy's tests do not start beside lint.
// The tests used to start beside lint and typecheck, to fill the time the tests spend
// waiting (processes starting, pages loading, timers). On a slow or shared two-core
// machine that backfired: lint took 20 minutes of wall time for 2.5 of CPU, and tests
// waiting on deadlines (a server to start, a connect) ran past them. Lint and typecheck
// take ~2 minutes beside the first browser tests; then the tests have the machine. Each step's
// lines are prefixed with its name and printed as they come; a summary with each
// step's time and result ends the run. A failed build stops the tests (they would
// test a tree that does not build); every other step always runs to the end, so one
// run reports every failure.
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openStepCgroup } from './step-cgroup.mjs';
import { cpuLine, machineBusySeconds, machineLine, printTimeReport, reapedChildrenCpuSeconds } from './test-times.mjs';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
/** Each test runner's report of its files' times, read at the end to say where the time went. */
const TIMES = join(ROOT, 'test-results-times');
const UNIT_TIMES = join(TIMES, 'unit.json');
const E2E_TIMES = join(TIMES, 'e2e.json');
const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/**
 * Each step: a name for the prefix, the npm script it runs, the step that must pass first
 * (`needs`) and the steps that must have ended first, whatever their result (`after`).
 */
const STEPS = [
  { name: 'lint', script: 'lint' },
  { name: 'typecheck', script: 'typecheck' },
  { name: 'build', script: 'build' },
  // Two Vitest workers beside Playwright's two: the integration tests start real servers and the
  // browser tests a Chromium each, and on two cores more workers only make each test slower, past
  // the deadlines it waits on (a tsx-compiled server's start, a connect), without finishing sooner.
  {
    name: 'unit',
    script: 'test:unit',
    args: ['--reporter=default', '--reporter=./scripts/vitest-file-times.ts'],
    needs: 'build',
    after: ['lint', 'typecheck'],
    env: { VITEST_MAX_WORKERS: process.env.VITEST_MAX_WORKERS ?? '2', UNIT_TIMES_FILE: UNIT_TIMES },
  },
  {
    name: 'e2e',
    script: 'test:e2e',
    needs: 'build',
    env: { E2E_WORKERS: process.env.E2E_WORKERS ?? '2', E2E_TIMES_FILE: E2E_TIMES },
  },
];

/** Forward a stream line by line with a prefix, so side-by-side output stays readable. */
function prefixLines(stream, prefix, out) {
  let pending = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk) => {
    pending += chunk;
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) out.write(`${prefix}${line}\n`);
  });
  stream.on('end', () => {
    if (pending) out.write(`${prefix}${pending}\n`);
  });
}

function runStep(step, width) {
  const startedMs = Date.now();
  const prefix = `[${step.name.padEnd(width)}] `;
  // Every process the step starts is counted in its cgroup, where one can be made; else what is reaped.
  const cgroup = openStepCgroup(step.name);
  // Not --silent: npm passes its log level on to every npm below it, and the package
  // test's `npm install` must still say what it added.
  const npmArgs = ['run', step.script, ...(step.args ? ['--', ...step.args] : [])];
  const { command, args } = cgroup ? cgroup.wrap(NPM, npmArgs) : { command: NPM, args: npmArgs };
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: ROOT,
      env: { ...process.env, ...step.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    prefixLines(child.stdout, prefix, process.stdout);
    prefixLines(child.stderr, prefix, process.stderr);
    child.on('error', (error) => {
      cgroup?.close();
      resolve({ ...step, code: 1, seconds: 0, error: error.message, leftovers: [] });
    });
    child.on('close', (code, signal) => {
      // Reaped: this step's process tree, counted when it ended (steps end one at a time).
      const cpuAfter = reapedChildrenCpuSeconds();
      const reapedCpu = cpuAfter === undefined ? undefined : cpuAfter - reaped;
      if (cpuAfter !== undefined) reaped = cpuAfter;
      const cpu = cgroup?.cpuSeconds() ?? reapedCpu;
      const leftovers = cgroup?.leftovers() ?? [];
      cgroup?.close();
      resolve({ ...step, code: code ?? 1, signal, seconds: (Date.now() - startedMs) / 1000, cpu, counted: cgroup ? 'cgroup' : 'reaped', leftovers });
    });
  });
}

mkdirSync(TIMES, { recursive: true });
const runStartedMs = Date.now();
/** CPU of the processes reaped so far (each step's tree is added when it ends). */
let reaped = reapedChildrenCpuSeconds() ?? 0;
const machineAtStart = machineBusySeconds();
const width = Math.max(...STEPS.map((step) => step.name.length));
/** Each step's run, started once what it needs has passed; a step whose need failed is not run. */
const runs = new Map();
for (const step of STEPS) {
  const need = step.needs ? runs.get(step.needs) : undefined;
  const ended = Promise.all((step.after ?? []).map((name) => runs.get(name)));
  runs.set(
    step.name,
    Promise.all([need, ended]).then(([done]) => (!done || (done.code === 0 && !done.skipped) ? runStep(step, width) : { ...step, skipped: true })),
  );
}
const results = await Promise.all(runs.values());
const failed = results.some((result) => result.skipped || result.code !== 0);

console.log('\nnpm test:');
for (const result of results) {
  const outcome = result.skipped
    ? `not run (${result.needs} failed)`
    : result.code === 0
      ? `passed in ${result.seconds.toFixed(0)} s${result.cpu === undefined ? '' : ` (${result.cpu.toFixed(0)} s of CPU)`}`
      : `FAILED (${result.error ?? (result.signal ? `signal ${result.signal}` : `exit ${result.code}`)}) after ${result.seconds.toFixed(0)} s`;
  console.log(`  ${result.name.padEnd(width)}  ${outcome}`);
}
const wallSeconds = (Date.now() - runStartedMs) / 1000;
const ran = results.filter((result) => !result.skipped);
if (ran.every((result) => result.cpu !== undefined)) {
  const stepsCpu = ran.reduce((sum, result) => sum + result.cpu, 0);
  console.log(cpuLine(stepsCpu, wallSeconds, availableParallelism()));
  // Reaped counts miss what a step's processes left to be reaped elsewhere: say which count this is.
  if (ran.some((result) => result.counted === 'reaped')) {
    console.log('         (counted as reaped: a process whose parent ended first is not in it; the machine line has it)');
  }
}
const machineNow = machineBusySeconds();
if (machineAtStart !== undefined && machineNow !== undefined) console.log(machineLine(machineNow - machineAtStart, wallSeconds, availableParallelism()));
for (const result of ran) {
  if (result.leftovers.length === 0) continue;
  console.log(`  ${result.name} left ${result.leftovers.length} process${result.leftovers.length === 1 ? '' : 'es'} running:`);
  for (const line of result.leftovers.slice(0, 5)) console.log(`    ${line}`);
}
printTimeReport({ unit: UNIT_TIMES, e2e: E2E_TIMES, cpu: Object.fromEntries(ran.map((result) => [result.name, result.cpu])) });
process.exit(failed ? 1 : 0);
