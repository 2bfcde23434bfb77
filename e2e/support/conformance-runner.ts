/**
 * Runs client scenarios of the official MCP conformance suite with the
 * inspector's headless `conformance-client` as its client: a batch per
 * requirement set (one suite process running all of its scenarios at once), or
 * one suite process per scenario, at the revision the scenario is required for.
 * Two releases are installed: the newest (0.2, with frozen requirement sets per
 * revision) and the one npm calls `latest` (0.1.16, as
 * `@modelcontextprotocol/conformance-latest`). Both import Node 22's
 * fs.globSync (for a command we never run), so on Node 20 they start from a
 * copy without that import (see suiteEntry).
 */
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './processes';

const NODE20_SHIM = join(ROOT, 'e2e/support/conformance-node20.mjs');
/** A word for the shell, which the suite runs the client command with. */
const quoted = (word: string) => `'${word.replaceAll("'", `'\\''`)}'`;
const CLIENT = `${quoted(process.execPath)} ${quoted(join(ROOT, 'server/bin.mjs'))} conformance-client`;
/** How long the suite waits for the client to finish a scenario. */
const CLIENT_TIMEOUT_MS = 120_000;
/** How long a batch's suite waits for a client, its turn included (clientCommand): under the test's own 30 minutes. */
const BATCH_TIMEOUT_MS = 1_500_000;

export type Suite = {
  /** Where it is installed, from the repository's root. */
  dir: string;
  /** Its version, for reports and the docs' tables. */
  version: string;
  /** What node is given to start it (see suiteEntry). */
  start: string[];
};

/**
 * The node arguments that start a release. On Node 22 and newer, its own entry.
 * On Node 20, where `fs` has no `globSync`, a copy of its one-file bundle in
 * `.tmp/conformance-node20/` whose import of that name (for its `tier-check`
 * command alone) is a function that throws what the hook of
 * conformance-node20.mjs would. The hook did the same for every run until now,
 * but Node 20 runs a resolve hook on a thread of its own that each of the
 * suite's imports crosses: 0.6 s of CPU for a suite process's start, against
 * 0.35 s for the copy, and a run starts two dozen. The copy resolves its
 * packages from the same node_modules (the releases have none of their own:
 * where one does, or its import reads otherwise, the hook is used), and finds
 * its requirement sets through a link to the release's own folder.
 */
function suiteEntry(suite: Suite): string[] {
  const entry = join(ROOT, suite.dir, 'dist/index.js');
  if ('globSync' in fs) return [entry];
  const source = readFileSync(entry, 'utf8');
  const fsImport = /import\{([^}]*)\}from"fs";/.exec(source);
  const binding = fsImport?.[1]?.split(',').find((name) => /^globSync( as [\w$]+)?$/.test(name));
  if (!fsImport || !binding || existsSync(join(ROOT, suite.dir, 'node_modules'))) return ['--import', NODE20_SHIM, entry];
  const local = binding.split(' as ')[1] ?? 'globSync';
  const names = (fsImport[1] ?? '').split(',').filter((name) => name !== binding);
  const patched = `${source.slice(0, fsImport.index)}import{${names.join(',')}}from"fs";const ${local}=()=>{throw new Error("this needs Node 22 or newer (fs.globSync)")};${source.slice(fsImport.index + fsImport[0].length)}`;
  const copy = join(ROOT, '.tmp/conformance-node20', suite.dir.split('/').pop() ?? suite.dir);
  const copied = join(copy, 'dist/index.js');
  if (!existsSync(copied) || readFileSync(copied, 'utf8') !== patched) {
    mkdirSync(join(copy, 'dist'), { recursive: true });
    writeFileSync(`${copied}.${process.pid}`, patched);
    renameSync(`${copied}.${process.pid}`, copied);
  }
  const requirements = join(ROOT, suite.dir, 'requirements');
  if (existsSync(requirements) && !existsSync(join(copy, 'requirements'))) symlinkSync(requirements, join(copy, 'requirements'));
  return [copied];
}

function installed(name: string): Suite {
  const dir = `node_modules/@modelcontextprotocol/${name}`;
  const suite = { dir, version: (JSON.parse(readFileSync(join(ROOT, dir, 'package.json'), 'utf8')) as { version: string }).version };
  return { ...suite, start: suiteEntry({ ...suite, start: [] }) };
}

/** The newest release, with a frozen requirement set per revision. */
export const NEWEST = installed('conformance');
/** The release npm tags `latest`, whose scenarios carry no requirement sets: all of its client scenarios are run. */
export const LATEST = installed('conformance-latest');
/** The newest release's version. */
export const SUITE_VERSION = NEWEST.version;

/** The revisions whose frozen requirement sets the suite carries. */
export const REVISIONS = ['2026-07-28', '2025-11-25'] as const;
export type Revision = (typeof REVISIONS)[number];

export type ScenarioRun = {
  suite: Suite;
  /** The revision it ran at; none for an extension scenario or a `latest` one, which run at the suite's default wire. */
  revision: Revision | undefined;
  scenario: string;
  /** The suite's own verdict: `OVERALL: PASSED` (no failed check, no warning, the client exited 0 where it must). */
  isPassed: boolean;
  /** What the suite counted, or why the run said nothing ("Passed: 5/5, 0 failed, 0 warnings"). */
  summary: string;
  durationMs: number;
  output: string;
  /** Run alone after its batch did not pass it: what the batch said (see runBatch). */
  ranAlone?: string;
};

/** The command that reruns one scenario by hand with that release from npm (on Node 22; on Node 20 see docs/conformance.md). */
export function rerunCommand(suite: Suite, scenario: string, revision?: Revision): string {
  const at = revision ? ` --spec-version ${revision}` : '';
  return `npx @modelcontextprotocol/conformance@${suite.version} client --command "npx elicitation-inspector conformance-client" --scenario ${scenario}${at}`;
}

/** Every client scenario the release lists (`list --client`: one `  - name [revisions]` line each), with the revisions it names. */
export async function listedClientScenarios(suite: Suite): Promise<{ scenario: string; tags: string }[]> {
  const { output, code } = await runSuite(suite, ['list', '--client'], tmpdir());
  if (code !== 0) throw new Error(`conformance ${suite.version} list --client exited ${code}:\n${output}`);
  return [...output.matchAll(/^ {2}- (\S+)(?: \[([^\]]*)\])?$/gm)].map((m) => ({ scenario: m[1] ?? '', tags: (m[2] ?? '').split(',').join(', ') }));
}

/** The client scenarios the suite says `revision` requires (its frozen set, not the extensions it also runs). */
export async function requiredClientScenarios(revision: Revision): Promise<string[]> {
  const { output, code } = await runSuite(NEWEST, ['list', '--client', '--requirements', revision], tmpdir());
  if (code !== 0) throw new Error(`conformance list --requirements ${revision} exited ${code}:\n${output}`);
  const section = output.slice(output.indexOf('Client scenarios'));
  const listed = section.slice(0, section.includes('Run and reported') ? section.indexOf('Run and reported') : undefined);
  return [...listed.matchAll(/^ {2}- (\S+)$/gm)].map((m) => m[1] ?? '');
}

/** One scenario at `revision`, in a folder of its own (the suite writes there), removed after. */
export async function runScenario(suite: Suite, scenario: string, revision?: Revision): Promise<ScenarioRun> {
  const workDir = mkdtempSync(join(tmpdir(), 'conformance-'));
  const started = performance.now();
  try {
    const at = revision ? ['--spec-version', revision] : [];
    // The suite gives a client 30 s by default; on a shared 2-core machine under load a start alone can take that long.
    const { output } = await runSuite(suite, ['client', '--command', CLIENT, '--scenario', scenario, '--timeout', String(CLIENT_TIMEOUT_MS), ...at], workDir);
    const summary = /Passed: \d+\/\d+, \d+ failed, \d+ warnings/.exec(output)?.[0] ?? `no result: ${output.trim().split('\n').slice(-3).join(' / ')}`;
    const exited = /CLIENT EXITED WITH ERROR \(code (-?\d+)\)|CLIENT TIMED OUT/.exec(output)?.[0];
    return {
      suite,
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

/**
 * What a batch runs: a revision's frozen requirement set (newest release, which
 * also runs the extensions it never scores), every client scenario a release
 * tags with a revision, at that revision, or every client scenario it lists.
 */
export type Batch = { suite: Suite; requirements: Revision } | { suite: Suite; at: Revision } | { suite: Suite; all: true };

/** The suite's options that pick a batch's scenarios. */
function selected(batch: Batch): string[] {
  if ('requirements' in batch) return ['--requirements', batch.requirements];
  return 'at' in batch ? ['--suite', 'all', '--spec-version', batch.at] : ['--suite', 'all'];
}

/** Whether this machine's shell has util-linux's `flock` and coreutils' `timeout` (Linux has both). */
const HAS_FLOCK = spawnSync('sh', ['-c', 'command -v flock && command -v timeout'], { stdio: 'ignore' }).status === 0;

/**
 * The command a batch gives the suite, which appends the server's URL and runs
 * it with `sh -c`, and the suite's wait for it. The shell appends how the client
 * exited to `exits`. The suite starts every scenario's client at once (33 at
 * 2026-07-28), and on a 2-core machine shared with other tests their starts
 * alone outlast the client's 30 s connect timeout: most of a batch then had to
 * run again alone, a suite process and a client more each. With `flock` the
 * clients take turns on two lock files (two cores), the rest waiting on a lock,
 * not a timer, while their scenario's server waits too; the suite's wait is then
 * for the whole queue, and each client keeps the 120 s a single run gives it
 * through `timeout`, counted from its turn.
 */
function clientCommand(workDir: string, exits: string): { command: string; timeoutMs: number } {
  const record = `echo "$code $MCP_CONFORMANCE_SCENARIO" >> ${quoted(exits)}; exit $code`;
  if (!HAS_FLOCK) return { command: `record(){ ${CLIENT} "$1"; code=$?; ${record}; }; record`, timeoutMs: CLIENT_TIMEOUT_MS };
  const slot = `${quoted(join(workDir, 'client-slot'))}$(( $$ % 2 ))`;
  const client = `flock ${slot} timeout ${CLIENT_TIMEOUT_MS / 1000} ${CLIENT} "$1"`;
  return { command: `record(){ ${client}; code=$?; ${record}; }; record`, timeoutMs: BATCH_TIMEOUT_MS };
}

/**
 * Every scenario of a batch, in one suite process (the suite starts them all at
 * once). The verdict that counts is the one a single-scenario run gives; the
 * batch is the fast way to it for the scenarios it passes: their client exited
 * 0, with no failed check and no warning, which is exactly a single run's
 * `OVERALL: PASSED`. Any other scenario is run again alone, and that run's
 * verdict is the one reported: a batch does not say how a client exited (some
 * scenarios want it to give up), and a batch starts dozens of clients and test
 * servers at once, so on a loaded machine its timing checks can fail where the
 * scenario alone does not. How each client exited is written by the shell the
 * suite runs the command in, a line `<code> <scenario>` appended to one file
 * (no process of its own). That shell also lets two clients run at a time
 * (see clientCommand). `wanted` names the scenarios to report, in the
 * order returned, each with the revision a single run of it names (none: the
 * suite's default wire); one the batch did not report is run alone too. The
 * batch's others (a requirement set also runs extensions it never scores) are
 * left out.
 */
export async function runBatch(batch: Batch, wanted: ReadonlyMap<string, Revision | undefined>): Promise<ScenarioRun[]> {
  const workDir = mkdtempSync(join(tmpdir(), 'conformance-batch-'));
  const exits = join(workDir, 'client-exits');
  const started = performance.now();
  try {
    const select = selected(batch);
    const { command, timeoutMs } = clientCommand(workDir, exits);
    const { output } = await runSuite(batch.suite, ['client', '--command', command, ...select, '--timeout', String(timeoutMs)], workDir);
    const summary = output.slice(output.indexOf('=== SUITE SUMMARY ==='));
    const counted = new Map(
      [...summary.matchAll(/^[✓✗] (\S+): (\d+) passed, (\d+) failed(?:, (\d+) warnings)?$/gm)].map(([, scenario = '', ...counts]) => [
        scenario,
        counts.map((count = '0') => Number(count)),
      ]),
    );
    if (counted.size === 0) throw new Error(`conformance ${batch.suite.version} ${select.join(' ')} printed no summary:\n${output}`);
    const exited = new Map(
      (existsSync(exits) ? readFileSync(exits, 'utf8') : '')
        .split('\n')
        .filter(Boolean)
        .map((line) => [line.slice(line.indexOf(' ') + 1), Number(line.slice(0, line.indexOf(' ')))] as const),
    );
    const durationMs = Math.round(performance.now() - started);
    const runs: ScenarioRun[] = [];
    for (const [scenario, revision] of wanted) {
      const [passed = 0, failed = 0, warnings = 0] = counted.get(scenario) ?? [];
      const summary = `Passed: ${passed}/${passed + failed}, ${failed} failed, ${warnings} warnings`;
      const code = exited.get(scenario);
      if (!counted.has(scenario) || code !== 0 || failed > 0 || warnings > 0) {
        const inBatch = counted.has(scenario) ? `${summary}, client exit ${code ?? 'unknown'}` : 'not in its summary';
        runs.push({ ...(await runScenario(batch.suite, scenario, revision)), ranAlone: inBatch });
      } else {
        runs.push({ suite: batch.suite, revision, scenario, isPassed: true, summary, durationMs, output });
      }
    }
    return runs;
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}

function runSuite(suite: Suite, args: string[], cwd: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...suite.start, ...args], {
      cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => resolve({ code, output }));
  });
}
