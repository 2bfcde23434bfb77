/**
 * `elicitation-inspector run` as a CI job runs it: the real bin, a scenario file,
 * the exit code and what it prints.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT, targetStdio } from '../../e2e/support/processes';

const dir = mkdtempSync(join(tmpdir(), 'run-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function run(args: string[]): { code: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [join(ROOT, 'server/bin.mjs'), 'run', ...args, '--data-dir', join(dir, 'data')], {
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function scenarioFile(name: string, content: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
}

describe('elicitation-inspector run', () => {
  it('exits 0 when every expectation holds; the last line is the verdict and the session file to open', () => {
    const { code, stdout } = run([join(ROOT, 'examples/scenarios/form-decline.json')]);
    const lines = stdout.trim().split('\n');
    expect(lines[0]).toBe('Running on 2025-11-25');
    expect(lines[1]).toMatch(/^ {2}ok {3}1\. tools\/call confirm_order \(\d+ ms\)$/);
    const last = lines[lines.length - 1];
    expect(last).toMatch(/^PASSED on 2025-11-25: 1 step \(\d+ ms\); open (.+\.jsonl) in the page for the whole story$/);
    expect(existsSync(/open (.+\.jsonl) in the page/.exec(last)![1])).toBe(true);
    expect(code).toBe(0);
  });

  it('exits 1 when one fails, printing what was expected and what came under the step', () => {
    const file = scenarioFile('fails.json', {
      protocol: '2025-11-25',
      steps: [{ name: 'echo twice', call: 'echo', arguments: { text: 'hi', times: 2 }, expect: { text: { equals: 'hi' } } }],
    });
    const { code, stdout } = run([file]);
    expect(stdout).toContain('  FAIL echo twice (');
    expect(stdout).toContain('         text equals: expected "hi"\n                      got "hi hi"\n');
    expect(stdout.trim().split('\n').pop()).toMatch(/^FAILED on 2025-11-25: 1 of 1 step failed .*open .*\.jsonl in the page/);
    expect(code).toBe(1);
  });

  it('exits 2 for a broken scenario file (with the line and column, or the path of the problem) and for bad usage', () => {
    const broken = run([scenarioFile('broken.json', '{\n  "steps": [\n    { "call": "echo" }\n  ],\n}')]);
    expect(broken.code).toBe(2);
    expect(broken.stderr).toMatch(/broken\.json:4:4: not valid JSON \(trailing comma: nothing follows it in the object\)/);
    const invalid = run([scenarioFile('invalid.json', { protocol: '2024-01-01', steps: [{ call: 'echo' }] })]);
    expect(invalid.code).toBe(2);
    expect(invalid.stderr).toMatch(/invalid\.json: not a valid scenario: protocol: /);
    expect(run([join(ROOT, 'examples/scenarios/form-decline.json'), '--reporter', 'tap']).code).toBe(2);
    expect(run([]).stderr).toMatch(/run takes one scenario file/);
  });

  // That the saved scenario replays green is shown in session-to-scenario.test.ts; here, the command's own job.
  it("scenario-from writes a run's session back as a scenario file", () => {
    const first = run([join(ROOT, 'examples/scenarios/url-flow.json')]);
    const sessionFile = /open (.+\.jsonl) in the page/.exec(first.stdout)![1];
    const saved = join(dir, 'saved.json');
    const from = spawnSync(process.execPath, [join(ROOT, 'server/bin.mjs'), 'scenario-from', sessionFile, '--out', saved], {
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(from.status).toBe(0);
    expect(JSON.parse(readFileSync(saved, 'utf8'))).toMatchObject({
      protocol: '2025-11-25',
      steps: [{ call: 'never_completes', elicitations: [{ expect: { mode: 'url' }, answer: { action: 'accept', markComplete: true } }] }],
    });
  });

  it('exits 3 when it cannot connect', () => {
    const file = scenarioFile('nothing.json', { server: { transport: 'stdio', command: join(dir, 'no-such-server') }, steps: [{ call: 'echo' }] });
    const { code, stdout } = run([file]);
    expect(stdout.trim().split('\n').pop()).toMatch(/^ERROR on auto: Could not connect: /);
    expect(code).toBe(3);
  });

  it('a server that dies mid-run: each step it never reached prints a skip line, and the summary and JUnit count them alike', () => {
    const file = scenarioFile('dies.json', {
      server: { transport: 'stdio', ...targetStdio('scenario-hostile') },
      protocol: '2025-11-25',
      steps: [{ call: 'die', elicitations: [{ answer: { action: 'accept', delayMs: 60_000 } }] }, { call: 'hang' }, { name: 'last', call: 'hang' }],
    });
    const junit = join(dir, 'dies.xml');
    const { code, stdout } = run([file, '--reporter', 'junit', '--out', junit]);
    const lines = stdout.trim().split('\n');
    expect(lines.filter((line) => line.startsWith('  skip '))).toEqual([
      '  skip 2. tools/call hang (not run: the run had stopped)',
      '  skip last (not run: the run had stopped)',
    ]);
    expect(lines.pop()).toMatch(/^ERROR on 2025-11-25: The server process exited with code 9\. \(3 steps: 1 failed, 2 skipped; \d+ ms\); open /);
    expect(readFileSync(junit, 'utf8')).toMatch(/tests="4" failures="1" errors="1" skipped="2"/);
    expect(code).toBe(3);
  });

  it('a refused URL says why once per revision: the port and ECONNREFUSED, "Could not connect" not twice', async () => {
    const port = await closedPort();
    const file = scenarioFile('refused.json', { server: { transport: 'http', url: `http://127.0.0.1:${port}/mcp` }, steps: [{ call: 'echo' }] });
    const { code, stdout } = run([file, '--protocol', 'all']);
    const errors = stdout.split('\n').filter((line) => /^ERROR on [0-9-]+: /.test(line));
    expect(errors).toHaveLength(3);
    for (const line of errors)
      expect(line).toMatch(new RegExp(`^ERROR on [0-9-]+: Could not connect: Connection refused at http://127\\.0\\.0\\.1:${port}/mcp \\(ECONNREFUSED\\)`));
    expect(stdout).not.toMatch(/could not connect: could not connect/i);
    expect(code).toBe(3);
  });

  it('--protocol all reports a revision the server refuses as not spoken, and writes JUnit with --out', () => {
    const file = scenarioFile('legacy.json', {
      server: { transport: 'stdio', ...targetStdio('legacy-strict', 'exits-before-initialize') },
      steps: [{ call: 'whoami', expect: { text: { contains: 'pid' } } }],
    });
    const junit = join(dir, 'junit.xml');
    const { code, stdout } = run([file, '--protocol', 'all', '--reporter', 'junit', '--out', junit]);
    expect(stdout).toContain('NOT SPOKEN: the server does not speak 2026-07-28');
    expect(stdout).toMatch(/PASSED on 2025-11-25: 1 step/);
    expect(stdout.trim().split('\n').pop()).toBe('PASSED on 2025-11-25');
    const xml = readFileSync(junit, 'utf8');
    expect(xml.match(/<testsuite /g)).toHaveLength(3);
    // A revision not spoken is one skipped run, not a skipped case per step.
    expect(xml).toMatch(/<testsuite name="legacy\.json \(2026-07-28\)" tests="1" failures="0" errors="0" skipped="1"/);
    expect(xml).toContain('<testcase name="1. tools/call whoami" classname="legacy.json (2025-11-25)"');
    expect(code).toBe(0);
  });
});
