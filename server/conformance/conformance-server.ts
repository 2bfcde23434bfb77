/**
 * `elicitation-inspector conformance-server <url> | -- <command> [args…]`: the
 * official conformance suite's server scenarios about elicitation, tasks and
 * `input_required`, run against a user's server, with the suite's verdicts and,
 * for each scenario, the inspector's session of its traffic. The suite speaks
 * HTTP only: each scenario runs against an HTTP tap (`server/tap`'s relay and
 * recorder, as `tap --url`) in front of the server, which records the suite's
 * connections as sessions in the data folder, ready to open in the page. A stdio
 * server is put behind a loopback Streamable HTTP endpoint first
 * (`stdio-http-bridge.ts`), one server process per suite connection.
 */
import { DEFAULT_DATA_DIR, readRunning } from '../store/data-dir';
import { HttpExchanges } from '../tap/http-exchanges';
import { startHttpRelay } from '../tap/http-relay';
import type { HttpRecording } from '../tap/http-recording';
import { findSuite, listServerScenarios, runServerScenario, type ScenarioVerdict, type ServerScenario, type SuiteCommand } from './conformance-suite';
import { EXIT } from '../scenarios/run-cli';
import { startStdioBridge, type StdioBridge } from './stdio-http-bridge';

/** The scenarios this mode runs by default: the ones about elicitation, tasks and input_required. */
export const SELECTED = /elicitation|^tasks-|^input-required-result-/;
const SCENARIO_TIMEOUT_MS = 60_000;
/** Lines of a check's message printed; the rest are counted. */
const MESSAGE_LINES = 3;

type Io = { out: (text: string) => void; err: (text: string) => void };
export type ConformanceServerOptions = {
  url?: string;
  command?: { command: string; args: string[] };
  scenario?: string;
  specVersion?: string;
  dataDir: string;
};

/** A scenario's verdict and the sessions the tap recorded while it ran. */
export type ScenarioReport = ScenarioVerdict & { sessions: { id: string; file: string }[] };

export function parseConformanceServerArgs(argv: readonly string[]): ConformanceServerOptions | { error: string } {
  const end = argv.indexOf('--');
  const options = end === -1 ? argv : argv.slice(0, end);
  const command = end === -1 ? undefined : argv.slice(end + 1);
  const parsed: ConformanceServerOptions = { dataDir: DEFAULT_DATA_DIR };
  for (let i = 0; i < options.length; i++) {
    const option = options[i];
    if (option === '--scenario' || option === '--spec-version' || option === '--data-dir') {
      const value = options[++i];
      if (value === undefined || value.startsWith('--')) return { error: `${option} needs a value.` };
      if (option === '--scenario') parsed.scenario = value;
      else if (option === '--spec-version') parsed.specVersion = value;
      else parsed.dataDir = value;
    } else if (option.startsWith('-')) {
      return { error: `unknown option ${option}.` };
    } else if (parsed.url !== undefined) {
      return { error: `one server URL, not two (${parsed.url} and ${option}).` };
    } else {
      parsed.url = option;
    }
  }
  if (command !== undefined) {
    if (command.length === 0 || !command[0]) return { error: '-- needs the server command after it.' };
    if (parsed.url !== undefined) return { error: 'give the server URL or a command after --, not both.' };
    parsed.command = { command: command[0], args: command.slice(1) };
  } else if (parsed.url === undefined) {
    return { error: 'it needs the server: its URL (http://127.0.0.1:3001/mcp) or -- and the command that starts it.' };
  } else {
    let url: URL;
    try {
      url = new URL(parsed.url);
    } catch {
      return { error: `${parsed.url} is not a URL.` };
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return { error: `the server URL must be http or https, not ${url.protocol}` };
  }
  return parsed;
}

export async function conformanceServer(argv: string[], io: Io = stdio()): Promise<number> {
  const parsed = parseConformanceServerArgs(argv);
  if ('error' in parsed) {
    io.err(`elicitation-inspector conformance-server: ${parsed.error}\nRun with --help for usage.\n`);
    return EXIT.usage;
  }
  const suite = findSuite();
  let listed: ServerScenario[];
  try {
    listed = await listServerScenarios(suite);
  } catch (error) {
    io.err(`elicitation-inspector conformance-server: ${error instanceof Error ? error.message : String(error)}\n`);
    return EXIT.error;
  }
  const chosen = choose(listed, parsed);
  if ('error' in chosen) {
    io.err(`elicitation-inspector conformance-server: ${chosen.error}\n`);
    return EXIT.usage;
  }
  let bridge: StdioBridge | undefined;
  if (parsed.command) {
    try {
      bridge = await startStdioBridge(parsed.command, (text) => io.err(`elicitation-inspector conformance-server: ${text}\n`));
    } catch (error) {
      io.err(`elicitation-inspector conformance-server: could not serve ${parsed.command.command} over HTTP: ${(error as Error).message}\n`);
      return EXIT.error;
    }
  }
  const upstream = new URL(bridge?.url ?? parsed.url ?? '');
  const shown = parsed.command ? `${[parsed.command.command, ...parsed.command.args].join(' ')} (stdio, served at ${upstream.href})` : upstream.href;
  io.out(`Conformance suite ${suite.source}: ${chosen.length} server scenario${chosen.length === 1 ? '' : 's'} against ${shown}\n`);
  const reports: ScenarioReport[] = [];
  try {
    for (const scenario of chosen) {
      const report = await tappedScenario(suite, scenario.name, upstream, parsed, (text) => io.err(`elicitation-inspector conformance-server: ${text}\n`));
      reports.push(report);
      io.out(describeReport(report));
      const failure = bridge?.failure();
      if (failure) {
        io.err(`elicitation-inspector conformance-server: ${failure}; the other scenarios would fail the same way.\n`);
        return EXIT.error;
      }
    }
  } finally {
    await bridge?.close();
  }
  io.out(summary(reports, parsed.dataDir));
  return reports.some((r) => r.verdict === 'failed') ? EXIT.failed : EXIT.passed;
}

/** The scenarios to run: the one named (any server scenario the suite lists), else the selected ones at the revision asked. */
function choose(listed: ServerScenario[], options: ConformanceServerOptions): ServerScenario[] | { error: string } {
  const revisions = [...new Set(listed.flatMap((s) => s.revisions))].filter((r) => /^\d{4}-\d{2}-\d{2}$/.test(r)).sort();
  if (options.specVersion !== undefined && !revisions.includes(options.specVersion)) {
    return { error: `--spec-version ${options.specVersion} is not a revision the suite knows (${revisions.join(', ')}).` };
  }
  if (options.scenario !== undefined) {
    const found = listed.find((s) => s.name === options.scenario);
    if (!found)
      return {
        error: `the suite has no server scenario ${options.scenario}; the ones this mode runs: ${listed
          .filter((s) => SELECTED.test(s.name))
          .map((s) => s.name)
          .join(', ')}.`,
      };
    return [found];
  }
  const at = options.specVersion;
  return listed.filter((s) => SELECTED.test(s.name) && (at === undefined || s.revisions.includes(at) || s.revisions.includes('extension')));
}

/** One scenario through a fresh tap in front of the server: each connection the suite opens is a session. */
async function tappedScenario(
  suite: SuiteCommand,
  scenario: string,
  upstream: URL,
  options: ConformanceServerOptions,
  note: (text: string) => void,
): Promise<ScenarioReport> {
  const recordings: HttpRecording[] = [];
  const exchanges = new HttpExchanges(options.dataDir, upstream, (recording) => void recordings.push(recording));
  const relay = await startHttpRelay({ upstream, port: 0, watch: (start) => exchanges.watch(start), note });
  try {
    const url = `${relay.origin}${upstream.pathname}${upstream.search}`;
    const verdict = await runServerScenario(suite, scenario, url, { specVersion: options.specVersion, timeoutMs: SCENARIO_TIMEOUT_MS });
    return { ...verdict, sessions: recordings.map((r) => ({ id: r.sessionId, file: r.filePath })) };
  } finally {
    exchanges.endAll('transport-closed');
    await relay.close();
    // The session logs write at the end of the event-loop turn: let them before the next scenario (or the exit).
    await new Promise((resolve) => setImmediate(resolve));
  }
}

const LABEL: Record<ScenarioVerdict['verdict'], string> = { passed: 'PASS', warnings: 'WARN', failed: 'FAIL', skipped: 'SKIP' };

export function describeReport(report: ScenarioReport): string {
  const passed = report.checks.filter((c) => c.status === 'SUCCESS').length;
  const counted = report.checks.filter((c) => c.status === 'SUCCESS' || c.status === 'FAILURE' || c.status === 'WARNING').length;
  const lines = [
    `${LABEL[report.verdict]} ${report.scenario}${counted ? `: ${passed}/${counted} checks passed` : ''}${report.note ? ` (${report.note})` : ''}`,
  ];
  for (const check of report.checks) {
    if (check.status !== 'FAILURE' && check.status !== 'WARNING') continue;
    const what = (check.errorMessage ?? check.description ?? '').trim().split('\n');
    // The suite repeats a long message line by line (one per message it checked): the first few say it.
    const shown = what.slice(0, MESSAGE_LINES).join('\n       ') + (what.length > MESSAGE_LINES ? `\n       (${what.length - MESSAGE_LINES} more lines)` : '');
    lines.push(`     ${check.status === 'FAILURE' ? 'failed' : 'warning'}: ${check.id}${shown ? `: ${shown}` : ''}`);
  }
  for (const session of report.sessions) lines.push(`     session ${session.id}: ${session.file}`);
  return `${lines.join('\n')}\n`;
}

function summary(reports: ScenarioReport[], dataDir: string): string {
  const count = (verdict: ScenarioVerdict['verdict']) => reports.filter((r) => r.verdict === verdict).length;
  const parts = [`${count('passed')} passed`, `${count('warnings')} with warnings`, `${count('failed')} failed`, `${count('skipped')} skipped`];
  const running = readRunning(dataDir);
  const open = running
    ? `The sessions are in the inspector running at ${running.url} (Sessions).`
    : `Open the sessions in the page: elicitation-inspector --data-dir ${dataDir} (Sessions).`;
  return `${reports.length} scenario${reports.length === 1 ? '' : 's'}: ${parts.join(', ')}. ${open}\n`;
}

function stdio(): Io {
  return { out: (text) => void process.stdout.write(text), err: (text) => void process.stderr.write(text) };
}
