/**
 * The official MCP conformance suite as `conformance-server` runs it: found where
 * it is installed (beside the inspector, or in the working directory's
 * node_modules), else fetched by npx at the version the inspector is tested
 * with; its server scenarios listed; one scenario run against a URL, its
 * verdicts read from the `checks.json` the suite writes (its exit code says
 * nothing: it is 0 when checks fail).
 *
 * The suite's bundle imports `globSync` from `fs` (Node 22+) for one command we
 * never run; on Node 20 the import alone fails. The hook below, given to the
 * suite's Node with `--import` as a data: URL, hands the suite's files an `fs`
 * with that name added (conformance-node20.mjs, which the tests' own runs of the
 * client suite load too).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { PACKAGE_ROOT } from '../runtime';
import { NODE20_IMPORT } from './conformance-node20.mjs';

/** The release the inspector is tested with; npx fetches this one when none is installed. */
export const SUITE_VERSION = '0.2.0-alpha.12';
const SUITE_PACKAGE = '@modelcontextprotocol/conformance';

/** How the suite is started: its entry file on this Node, or npx. */
export type SuiteCommand = { command: string; args: string[]; env: NodeJS.ProcessEnv; source: string };

/** The installed suite nearest the inspector or the working directory, else npx at SUITE_VERSION. */
export function findSuite(cwd = process.cwd()): SuiteCommand {
  for (const start of [PACKAGE_ROOT, cwd]) {
    for (let dir = start; ; dir = dirname(dir)) {
      const entry = join(dir, 'node_modules', SUITE_PACKAGE, 'dist', 'index.js');
      if (existsSync(entry)) {
        const version = (JSON.parse(readFileSync(join(dir, 'node_modules', SUITE_PACKAGE, 'package.json'), 'utf8')) as { version?: string }).version;
        return {
          command: process.execPath,
          args: ['--import', NODE20_IMPORT, entry],
          env: process.env,
          source: `${SUITE_PACKAGE} ${version ?? '?'} (${entry})`,
        };
      }
      if (dirname(dir) === dir) break;
    }
  }
  const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
  const nodeOptions = `${process.env.NODE_OPTIONS ?? ''} --import ${NODE20_IMPORT}`.trim();
  return {
    command: npx,
    args: ['--yes', `${SUITE_PACKAGE}@${SUITE_VERSION}`],
    env: { ...process.env, NODE_OPTIONS: nodeOptions },
    source: `${SUITE_PACKAGE}@${SUITE_VERSION} through npx`,
  };
}

export type ServerScenario = { name: string; revisions: string[] };

/** Every server scenario the suite lists (`list --server`: `  - name [revisions]`). */
export async function listServerScenarios(suite: SuiteCommand): Promise<ServerScenario[]> {
  const { code, output } = await runSuite(suite, ['list', '--server'], tmpdir(), 120_000);
  if (code !== 0) throw new Error(`the conformance suite's list --server exited ${code}: ${output.trim().split('\n').slice(-3).join(' / ')}`);
  return [...output.matchAll(/^ {2}- (\S+)(?: \[([^\]]*)\])?$/gm)].map((m) => ({ name: m[1] ?? '', revisions: (m[2] ?? '').split(',').filter(Boolean) }));
}

/** One of the suite's checks, as its checks.json says. */
export type SuiteCheck = { id: string; name?: string; description?: string; status: string; errorMessage?: string };

export type ScenarioVerdict = {
  scenario: string;
  /** passed: no failure, no warning; warnings: none failed; failed: one did, or the run said nothing; skipped: not at that revision. */
  verdict: 'passed' | 'warnings' | 'failed' | 'skipped';
  checks: SuiteCheck[];
  /** Why there are no checks (the suite skipped it, crashed or timed out). */
  note?: string;
};

/** Run one server scenario against `url`, in a folder of its own removed after. */
export async function runServerScenario(
  suite: SuiteCommand,
  scenario: string,
  url: string,
  options: { specVersion?: string; timeoutMs: number },
): Promise<ScenarioVerdict> {
  const out = mkdtempSync(join(tmpdir(), 'conformance-server-'));
  try {
    const args = ['server', '--url', url, '--scenario', scenario, '--timeout', String(options.timeoutMs), '-o', out];
    if (options.specVersion) args.push('--spec-version', options.specVersion);
    const { code, output } = await runSuite(suite, args, out, options.timeoutMs + 60_000);
    const skipped = /^SKIPPED: (.*)$/m.exec(output)?.[1];
    const checks = readChecks(out);
    if (skipped && !checks?.length) return { scenario, verdict: 'skipped', checks: [], note: skipped };
    if (checks === undefined || checks.length === 0) {
      const tail = output.trim().split('\n').slice(-3).join(' / ') || '(no output)';
      return { scenario, verdict: 'failed', checks: [], note: `the suite reported no checks (exit ${code}): ${tail}` };
    }
    const judged = checks.filter((c) => c.status === 'SUCCESS' || c.status === 'FAILURE' || c.status === 'WARNING');
    // Every check skipped: the suite did not test the scenario (a harness it has not finished, say); it says why.
    if (judged.length === 0)
      return { scenario, verdict: 'skipped', checks, note: checks.find((c) => c.errorMessage)?.errorMessage ?? 'the suite skipped every check' };
    const failed = checks.some((c) => c.status === 'FAILURE');
    const warned = checks.some((c) => c.status === 'WARNING');
    return { scenario, verdict: failed ? 'failed' : warned ? 'warnings' : 'passed', checks };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

function readChecks(out: string): SuiteCheck[] | undefined {
  for (const dir of readdirSync(out)) {
    const file = join(out, dir, 'checks.json');
    if (!existsSync(file)) continue;
    const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
    if (Array.isArray(parsed))
      return parsed.filter((c): c is SuiteCheck => typeof c === 'object' && c !== null && typeof (c as SuiteCheck).status === 'string');
  }
  return undefined;
}

function runSuite(suite: SuiteCommand, args: string[], cwd: string, timeoutMs: number): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(suite.command, [...suite.args, ...args], { cwd, env: suite.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', (error) => {
      clearTimeout(timer);
      resolve({ code: null, output: `${output}\ncould not start ${suite.command}: ${error.message}` });
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}
