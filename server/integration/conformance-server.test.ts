/**
 * `elicitation-inspector conformance-server`, as a server author runs it: the real
 * CLI, the installed conformance suite, the demo server and server-everything over
 * HTTP and stdio. What is asserted is what the author reads: each scenario's
 * verdict, the failed check's message, and a session file holding the exchange.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoStdio, everythingStdio, ROOT, startDemoHttp, startEverything, targetStdio, type Started } from '../../e2e/support/processes';

type Run = { code: number | null; stdout: string; stderr: string };

const dataDir = mkdtempSync(join(tmpdir(), 'conformance-server-test-'));
const started: Started[] = [];
let demoUrl = '';
let everythingUrl = '';

beforeAll(async () => {
  const [demo, everything] = await Promise.all([startDemoHttp(), startEverything('streamableHttp')]);
  started.push(demo, everything);
  demoUrl = demo.url;
  everythingUrl = everything.url;
}, 60_000);

afterAll(async () => {
  await Promise.all(started.map((s) => s.stop()));
  rmSync(dataDir, { recursive: true, force: true });
});

function conformanceServer(...args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [join(ROOT, 'server/bin.mjs'), 'conformance-server', '--data-dir', dataDir, ...args],
      { timeout: 170_000 },
      (error, stdout, stderr) => resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr }),
    );
  });
}

/** The session files a scenario's report lists, each read as its entries. */
function sessionsOf(stdout: string, scenario: string): Record<string, unknown>[][] {
  const block = stdout.slice(stdout.indexOf(` ${scenario}`)).split(/\n(?=\S)/)[0] ?? '';
  const files = [...block.matchAll(/^ {5}session tap-[\w-]+: (.+\.jsonl)$/gm)].map((m) => m[1] ?? '');
  return files.map((file) =>
    readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>),
  );
}

const calls = (entries: Record<string, unknown>[]) => entries.filter((e) => e.kind === 'call-start').map((e) => e.name);

describe('conformance-server', () => {
  it('the demo server over HTTP: a scenario it passes says PASS with its checks, exits 0, and its session holds the calls', async () => {
    const run = await conformanceServer(demoUrl, '--scenario', 'input-required-result-validate-input');
    expect(run.stdout).toMatch(/^PASS input-required-result-validate-input: 3\/3 checks passed$/m);
    expect(run.stdout).toMatch(/^1 scenario: 1 passed, 0 with warnings, 0 failed, 0 skipped\./m);
    const sessions = sessionsOf(run.stdout, 'input-required-result-validate-input');
    expect(sessions.length).toBeGreaterThan(0);
    expect(sessions.flatMap(calls).length).toBeGreaterThan(0);
    expect(run.code).toBe(0);
  }, 180_000);

  it('the demo server over HTTP: a scenario whose tool it lacks says FAIL with the check and its message, exits 1', async () => {
    const run = await conformanceServer(demoUrl, '--scenario', 'tools-call-elicitation');
    expect(run.stdout).toMatch(/^FAIL tools-call-elicitation: 1\/2 checks passed$/m);
    expect(run.stdout).toMatch(/^ {5}failed: tools-call-elicitation: .*Tool test_elicitation not found$/m);
    expect(sessionsOf(run.stdout, 'tools-call-elicitation').flatMap(calls)).toContain('test_elicitation');
    expect(run.code).toBe(1);
  }, 180_000);

  it('the demo server over stdio (after --) is served over HTTP for the suite: the same verdict', async () => {
    const { command, args } = demoStdio();
    const run = await conformanceServer('--scenario', 'input-required-result-validate-input', '--', command, ...args);
    expect(run.stdout).toMatch(/\(stdio, served at http:\/\/127\.0\.0\.1:\d+\/mcp\)/);
    expect(run.stdout).toMatch(/^PASS input-required-result-validate-input: 3\/3 checks passed$/m);
    expect(run.code).toBe(0);
  }, 180_000);

  it("a stdio server with the scenario's tool passes it, and the session shows the elicitation the suite answered", async () => {
    const { command, args } = targetStdio('conformance-elicitation');
    const run = await conformanceServer('--scenario', 'tools-call-elicitation', '--', command, ...args);
    expect(run.stdout).toMatch(/^PASS tools-call-elicitation: 2\/2 checks passed$/m);
    const entries = sessionsOf(run.stdout, 'tools-call-elicitation').flat();
    expect(calls(entries)).toEqual(['test_elicitation']);
    expect(entries.find((e) => e.kind === 'elicitation')).toMatchObject({ mode: 'form' });
    expect(entries.find((e) => e.kind === 'action' && e.actor === 'host' && e.action === 'accept')).toBeDefined();
    expect(run.code).toBe(0);
  }, 180_000);

  it('server-everything over HTTP: its elicitation tool is not the one the suite calls, and the 2026-07-28 scenarios find it uninitialized', async () => {
    const run = await conformanceServer(everythingUrl, '--scenario', 'tools-call-elicitation');
    expect(run.stdout).toMatch(/^ {5}failed: tools-call-elicitation: Server did not request elicitation from client$/m);
    expect(run.code).toBe(1);
    const modern = await conformanceServer(everythingUrl, '--scenario', 'input-required-result-basic-elicitation');
    expect(modern.stdout).toMatch(/^FAIL input-required-result-basic-elicitation: 0\/2 checks passed$/m);
    expect(modern.stdout).toMatch(/^ {5}failed: sep-2322-elicitation-incomplete: .*Server not initialized$/m);
    expect(modern.code).toBe(1);
  }, 180_000);

  it('server-everything over stdio, at --spec-version 2025-11-25: the elicitation scenarios run, a 2026-07-28 one is skipped', async () => {
    const { command, args } = everythingStdio();
    const run = await conformanceServer('--spec-version', '2025-11-25', '--scenario', 'elicitation-sep1034-defaults', '--', command, ...args);
    expect(run.stdout).toMatch(/^FAIL elicitation-sep1034-defaults: 1\/2 checks passed$/m);
    expect(sessionsOf(run.stdout, 'elicitation-sep1034-defaults').flatMap(calls)).toContain('test_elicitation_sep1034_defaults');
    expect(run.code).toBe(1);
    const skipped = await conformanceServer('--spec-version', '2025-11-25', '--scenario', 'input-required-result-basic-elicitation', '--', command, ...args);
    expect(skipped.stdout).toMatch(/^SKIP input-required-result-basic-elicitation \(scenario .* is not applicable at spec version 2025-11-25/m);
    expect(skipped.code).toBe(0);
  }, 180_000);

  it('a stdio command that cannot start: the failed check says why, and the run stops there with exit 3', async () => {
    const run = await conformanceServer('--', join(dataDir, 'no-such-server'));
    expect(run.stdout).toMatch(/^FAIL tools-call-elicitation: .*\n {5}failed: tools-call-elicitation: .*could not start .*no-such-server: spawn .*ENOENT$/m);
    expect(run.stdout).not.toMatch(/elicitation-sep1034-defaults/);
    expect(run.stderr).toMatch(/could not start .*no-such-server.*; the other scenarios would fail the same way\./);
    expect(run.code).toBe(3);
  }, 180_000);

  it('usage errors exit 2 with a sentence: no server, a scenario the suite lacks, a revision it does not know', async () => {
    const none = await conformanceServer();
    expect(none.stderr).toMatch(/it needs the server: its URL .* or -- and the command/);
    expect(none.code).toBe(2);
    const unknown = await conformanceServer(demoUrl, '--scenario', 'no-such-scenario');
    expect(unknown.stderr).toMatch(/the suite has no server scenario no-such-scenario; the ones this mode runs: tools-call-elicitation, /);
    expect(unknown.code).toBe(2);
    const revision = await conformanceServer(demoUrl, '--spec-version', '1999-01-01');
    expect(revision.stderr).toMatch(/--spec-version 1999-01-01 is not a revision the suite knows \(.*2025-11-25.*\)/);
    expect(revision.code).toBe(2);
    const both = await conformanceServer(demoUrl, '--', 'node');
    expect(both.stderr).toMatch(/not both/);
    expect(both.code).toBe(2);
  }, 180_000);
});
