/**
 * Runs client scenarios of the official MCP conformance suite with the
 * inspector's headless `conformance-client` as its client: one suite process
 * per scenario, at the revision the scenario is required for, a few at a time.
 * The suite's 0.2 releases import Node 22's fs.globSync (for a command we never
 * run), so they start through conformance-node20.mjs on Node 20.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './processes';

const PACKAGE = join(ROOT, 'node_modules/@modelcontextprotocol/conformance');
const SUITE = join(PACKAGE, 'dist/index.js');
const NODE20_SHIM = join(ROOT, 'e2e/support/conformance-node20.mjs');
const CLIENT = `${process.execPath} ${join(ROOT, 'server/bin.mjs')} conformance-client`;

/** The installed suite's version, for reports and the docs' table. */
export const SUITE_VERSION = (JSON.parse(readFileSync(join(PACKAGE, 'package.json'), 'utf8')) as { version: string }).version;

/** The revisions whose frozen requirement sets the suite carries. */
export const REVISIONS = ['2026-07-28', '2025-11-25'] as const;
export type Revision = (typeof REVISIONS)[number];

export type ScenarioRun = {
  /** The revision it ran at; none for an extension scenario, which the suite runs at its default wire. */
  revision: Revision | undefined;
  scenario: string;
  /** The suite's own verdict: `OVERALL: PASSED` (no failed check, no warning, the client exited 0 where it must). */
  isPassed: boolean;
  /** What the suite counted, or why the run said nothing ("Passed: 5/5, 0 failed, 0 warnings"). */
  summary: string;
  durationMs: number;
  output: string;
};

/** The command that reruns one scenario by hand, from the repository's root. */
export function rerunCommand(scenario: string, revision?: Revision): string {
  const at = revision ? ` --spec-version ${revision}` : '';
  return `node --import ./e2e/support/conformance-node20.mjs node_modules/@modelcontextprotocol/conformance/dist/index.js client --command "node server/bin.mjs conformance-client" --scenario ${scenario}${at}`;
}

/** The client scenarios the suite says `revision` requires (its frozen set, not the extensions it also runs). */
export async function requiredClientScenarios(revision: Revision): Promise<string[]> {
  const { output, code } = await runSuite(['list', '--client', '--requirements', revision], tmpdir());
  if (code !== 0) throw new Error(`conformance list --requirements ${revision} exited ${code}:\n${output}`);
  const section = output.slice(output.indexOf('Client scenarios'));
  const listed = section.slice(0, section.includes('Run and reported') ? section.indexOf('Run and reported') : undefined);
  return [...listed.matchAll(/^ {2}- (\S+)$/gm)].map((m) => m[1] ?? '');
}

/** One scenario at `revision`, in a folder of its own (the suite writes there), removed after. */
export async function runScenario(scenario: string, revision?: Revision): Promise<ScenarioRun> {
  const workDir = mkdtempSync(join(tmpdir(), 'conformance-'));
  const started = performance.now();
  try {
    const at = revision ? ['--spec-version', revision] : [];
    const { output } = await runSuite(['client', '--command', CLIENT, '--scenario', scenario, ...at], workDir);
    const summary = /Passed: \d+\/\d+, \d+ failed, \d+ warnings/.exec(output)?.[0] ?? `no result: ${output.trim().split('\n').slice(-3).join(' / ')}`;
    const exited = /CLIENT EXITED WITH ERROR \(code (-?\d+)\)|CLIENT TIMED OUT/.exec(output)?.[0];
    return {
      revision,
      scenario,
      isPassed: /OVERALL: PASSED/.test(output),
      summary: exited ? `${summary}; ${exited}` : summary,
      durationMs: Math.round(performance.now() - started),
      output,
    };
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}

/** Run `work` over `items`, at most `size` at once, results in the items' order. */
export async function inPool<T, R>(items: readonly T[], size: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(size, items.length) }, worker));
  return results;
}

function runSuite(args: string[], cwd: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', NODE20_SHIM, SUITE, ...args], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => resolve({ code, output }));
  });
}
