/**
 * `elicitation-inspector demo`: the recorded walkthrough writes numbered screenshots
 * and a trace (and says why there is no video when Playwright cannot record one),
 * on the demo server, on a scenario file (`--target`) and on a server named after `--`.
 * Played at `--pace-ms 0`: the pauses are for a viewer, and pace-ms is checked on its own
 * (walkthrough-page.test.ts). The demo server's walkthrough records the trace's film strip;
 * the others are played with `--no-trace-screenshots`, as a run nobody watches is, which
 * leaves the film strip out (a third of a walkthrough's CPU) and still writes the trace.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from '@playwright/test';
import { ROOT, targetStdio } from './support/processes';
import { test } from './support/test';

// Each test starts an inspector, a browser and a trace of its own: one at a time, so two never share a worker's machine.
test.describe.configure({ mode: 'default' });

/** Past this, the command has stalled: it is killed, and its output (a caption per step) says where. */
const DEMO_DEADLINE_MS = 200_000;

/** Whether a trace has the film strip the trace viewer's timeline shows (a zip stores its entries' names as they are). */
function hasFilmStrip(trace: string): boolean {
  return readFileSync(trace).includes('screencast/');
}

/** Run the demo command to its end; its output and exit code. */
function runDemo(args: string[], command = 'demo'): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    // Its own process group, so a stalled walkthrough is ended with its browser.
    const child = spawn(process.execPath, [join(ROOT, 'server/bin.mjs'), command, ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const deadline = setTimeout(() => {
      output += `\n[the demo command was still running after ${DEMO_DEADLINE_MS / 1000} s and was killed]\n`;
      process.kill(-child.pid!, 'SIGKILL');
    }, DEMO_DEADLINE_MS);
    child.once('exit', (code) => {
      clearTimeout(deadline);
      resolve({ code, output });
    });
  });
}

test('the demo walkthrough writes numbered screenshots of every kind, a trace, and a video or why not', async () => {
  test.setTimeout(240_000);
  const out = mkdtempSync(join(tmpdir(), 'inspector-demo-'));
  try {
    const { code, output } = await runDemo(['--out', out, '--pace-ms', '0']);
    expect(code, output).toBe(0);
    const shots = readdirSync(out).filter((f) => f.endsWith('.png'));
    expect(shots[0]).toBe('01-connected.png');
    expect(shots).toEqual(expect.arrayContaining(['09-form-result.png', '13-declined.png', '17-url-flow-completed.png']));
    expect(shots.every((f, i) => f.startsWith(`${String(i + 1).padStart(2, '0')}-`))).toBe(true);
    // The trace, with the film strip of its timeline.
    expect(existsSync(join(out, 'trace.zip'))).toBe(true);
    expect(hasFilmStrip(join(out, 'trace.zip'))).toBe(true);
    expect(output).toContain(`Wrote ${shots.length} screenshots to ${out}`);
    // The terminal followed the walkthrough: each caption as it was shown, in order.
    expect(output.indexOf('Form mode: plan_trip')).toBeGreaterThan(-1);
    expect(output.indexOf('Form mode: plan_trip')).toBeLessThan(output.indexOf('URL mode: connect_account'));
    if (existsSync(join(out, 'video'))) expect(readdirSync(join(out, 'video')).some((f) => f.endsWith('.webm'))).toBe(true);
    else expect(output).toMatch(/no video: .*npx playwright install ffmpeg/);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
});

test('with -- <command>, the walkthrough calls each tool the server lists', async () => {
  test.setTimeout(240_000);
  const out = mkdtempSync(join(tmpdir(), 'inspector-demo-'));
  const greeter = targetStdio('greeter');
  try {
    const { code, output } = await runDemo(['--out', out, '--pace-ms', '0', '--no-trace-screenshots', '--', greeter.command, ...greeter.args]);
    expect(code, output).toBe(0);
    const shots = readdirSync(out).filter((f) => f.endsWith('.png'));
    expect(shots).toEqual(expect.arrayContaining(['01-connected.png', '02-pick-greet.png', '03-run-greet.png', '04-greet-accept.png', '05-greet-result.png']));
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
});

test('with --target, a scenario file is played in the page: each step captioned, screenshotted and checked', async () => {
  test.setTimeout(240_000);
  const out = mkdtempSync(join(tmpdir(), 'inspector-demo-'));
  try {
    const { code, output } = await runDemo(['--target', 'e2e/scenarios/demo-tour.json', '--out', out, '--pace-ms', '0', '--no-trace-screenshots']);
    // The last step expects text the server does not send: the demo says so, and exits 1 as run does.
    expect(code, output).toBe(1);
    expect(output).toContain('1. Order a coffee: passed');
    expect(output).toContain('2. Fill a profile: passed');
    expect(output).toContain('3. Consent to a URL flow: passed');
    expect(output).toMatch(/4\. Leave a form unanswered: skipped \(elicitation 1 is answered "none"/);
    expect(output).toContain('5. Decline, expecting the wrong text: failed: text contains: expected "confirmed: yes", got "confirm_order: not confirmed"');
    // An unlisted elicitation goes to the scenario's rules; one that never answers cannot be played, so it is cancelled.
    expect(output).toContain('6. A rule that never answers: skipped (a rule of the scenario answers elicitation 1 "none" (never answer)');
    const shots = readdirSync(out).filter((f) => f.endsWith('.png'));
    expect(shots[0]).toBe('01-connected.png');
    expect(shots.every((f, i) => f.startsWith(`${String(i + 1).padStart(2, '0')}-`))).toBe(true);
    // Fields typed by their titles, one screenshot each, before the verdict of the step.
    for (const part of ['fill-item', 'fill-email', 'fill-region', 'fill-languages-rust', 'step-2-passed', 'open-url', 'step-4-skipped', 'step-5-failed'])
      expect(
        shots.some((f) => f.endsWith(`-${part}.png`)),
        part,
      ).toBe(true);
    expect(shots.at(-1)).toMatch(/-verdict\.png$/);
    // The trace, without its film strip.
    expect(existsSync(join(out, 'trace.zip'))).toBe(true);
    expect(hasFilmStrip(join(out, 'trace.zip'))).toBe(false);
    expect(output).toContain(`Wrote ${shots.length} screenshots to ${out}`);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
});

test('a broken scenario file is refused with the words run uses, exit 2, before any browser starts', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'inspector-demo-'));
  try {
    const file = join(dir, 'broken.json');
    writeFileSync(file, '{ "steps": [ { "call": "echo", "elicitations": [{ "answer": { "action": "maybe" } }] } ] }');
    const demo = await runDemo(['--target', file, '--out', join(dir, 'out')]);
    const run = await runDemo([file, '--data-dir', join(dir, 'sessions')], 'run');
    expect(demo.code).toBe(2);
    expect(run.code).toBe(2);
    expect(demo.output).toContain(`${file}: not a valid scenario: steps.0.elicitations.0.answer.action`);
    expect(demo.output.trim()).toBe(run.output.trim());
    expect(existsSync(join(dir, 'out'))).toBe(false);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a usage error exits 2 and shows the usage', async () => {
  const { code, output } = await runDemo(['--bogus']);
  expect(code).toBe(2);
  expect(output).toContain('Usage: elicitation-inspector demo');
});
