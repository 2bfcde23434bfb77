/**
 * `elicitation-inspector demo`: the recorded walkthrough writes numbered screenshots
 * and a trace (and says why there is no video when Playwright cannot record one),
 * on the demo server and on a server named after `--`.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { ROOT, targetStdio } from './support/processes';

/** Run the demo command to its end; its output and exit code. */
function runDemo(args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(ROOT, 'server/bin.mjs'), 'demo', ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => resolve({ code, output }));
  });
}

test('the demo walkthrough writes numbered screenshots of every kind, a trace, and a video or why not', async () => {
  test.setTimeout(240_000);
  const out = mkdtempSync(join(tmpdir(), 'inspector-demo-'));
  try {
    const { code, output } = await runDemo(['--out', out, '--pace-ms', '100']);
    expect(code, output).toBe(0);
    const shots = readdirSync(out).filter((f) => f.endsWith('.png'));
    expect(shots[0]).toBe('01-connected.png');
    expect(shots).toEqual(expect.arrayContaining(['09-form-result.png', '13-declined.png', '17-url-flow-completed.png']));
    expect(shots.every((f, i) => f.startsWith(`${String(i + 1).padStart(2, '0')}-`))).toBe(true);
    expect(existsSync(join(out, 'trace.zip'))).toBe(true);
    expect(output).toContain(`Wrote ${shots.length} screenshots to ${out}`);
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
    const { code, output } = await runDemo(['--out', out, '--pace-ms', '100', '--', greeter.command, ...greeter.args]);
    expect(code, output).toBe(0);
    const shots = readdirSync(out).filter((f) => f.endsWith('.png'));
    expect(shots).toEqual(expect.arrayContaining(['01-connected.png', '02-pick-greet.png', '03-run-greet.png', '04-greet-accept.png', '05-greet-result.png']));
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
});

test('a usage error exits 2 and shows the usage', async () => {
  const { code, output } = await runDemo(['--bogus']);
  expect(code).toBe(2);
  expect(output).toContain('Usage: elicitation-inspector demo');
});
