#!/usr/bin/env node
// `npm test`: every check CI runs, in two stages whose steps run side by side.
//   1. lint, typecheck and build (none reads another's output);
//   2. Vitest and Playwright (both need the build).
// Run one after another these took ~23 minutes on two cores, most of it waiting
// (processes starting, pages loading, timers): CPU sat half idle. Side by side
// they share that idle time. Each step's lines are prefixed with its name and
// printed as they come; a summary with each step's time and result ends the run.
// A failed first stage stops the run (its tests would test a tree that does not
// build); in the second stage both steps always run to the end, so one run
// reports every failure.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Steps of each stage: a name for the prefix and the npm script it runs. */
const STAGES = [
  [
    { name: 'lint', script: 'lint' },
    { name: 'typecheck', script: 'typecheck' },
    { name: 'build', script: 'build' },
  ],
  [
    // One Vitest worker beside Playwright's: the integration tests start real servers too.
    { name: 'unit', script: 'test:unit', env: { VITEST_MAX_WORKERS: process.env.VITEST_MAX_WORKERS ?? '1' } },
    // Playwright's two workers (its config): a third, tried, made the run no shorter.
    { name: 'e2e', script: 'test:e2e' },
  ],
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
  return new Promise((resolve) => {
    // Not --silent: npm passes its log level on to every npm below it, and the package
    // test's `npm install` must still say what it added.
    const child = spawn(NPM, ['run', step.script], {
      cwd: ROOT,
      env: { ...process.env, ...step.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    prefixLines(child.stdout, prefix, process.stdout);
    prefixLines(child.stderr, prefix, process.stderr);
    child.on('error', (error) => resolve({ ...step, code: 1, seconds: 0, error: error.message }));
    child.on('close', (code, signal) => resolve({ ...step, code: code ?? 1, signal, seconds: (Date.now() - startedMs) / 1000 }));
  });
}

const width = Math.max(...STAGES.flat().map((step) => step.name.length));
const results = [];
let failed = false;
for (const stage of STAGES) {
  if (failed) {
    for (const step of stage) results.push({ ...step, skipped: true });
    continue;
  }
  const done = await Promise.all(stage.map((step) => runStep(step, width)));
  results.push(...done);
  failed = done.some((result) => result.code !== 0);
}

console.log('\nnpm test:');
for (const result of results) {
  const outcome = result.skipped
    ? 'not run (an earlier step failed)'
    : result.code === 0
      ? `passed in ${result.seconds.toFixed(0)} s`
      : `FAILED (${result.error ?? (result.signal ? `signal ${result.signal}` : `exit ${result.code}`)}) after ${result.seconds.toFixed(0)} s`;
  console.log(`  ${result.name.padEnd(width)}  ${outcome}`);
}
process.exit(failed ? 1 : 0);
