/**
 * `elicitation-inspector audit <scenario.json> [-- <server command> | --url <url>]`:
 * does the server survive what comes back? Exit codes: 0 no case failed, 1 a
 * server used an invalid answer or broke, 2 usage or a broken file, 3 the audit
 * could not connect or could not go on.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_DATA_DIR, EXIT, exitCode, readUsage, type CliIo } from '../scenarios/run-cli';
import { readScenarioFile, ScenarioFileError } from '../scenarios/scenario-file';
import { REPORTERS, type ReporterName } from '../scenarios/reporters';
import { otlpUrlError, sendTracesOnSessionEnd } from '../otlp-on-end';
import { SessionRegistry } from '../registry/session-registry';
import { AUDIT_CASES } from '../wire/audit';
import type { Scenario } from '../wire/scenario';
import { TargetSchema, type ProtocolChoice, type Target } from '../wire/target';
import { auditJson, auditJunit, auditSummary, caseLine, sideBySide, stepNotes } from './audit-report';
import { DEFAULT_CASE_TIMEOUT_MS, DEFAULT_CONCURRENCY, runAudit, type AuditRun } from './audit-runner';

/** `--revision all`: both eras, newest first. */
export const BOTH_ERAS = ['2026-07-28', '2025-11-25'] as const;
const REVISIONS = ['auto', '2026-07-28', '2025-11-25', '2025-06-18', 'all'] as const;

export type AuditCliOptions = {
  file: string;
  server?: Target;
  protocols: ProtocolChoice[];
  reporter: ReporterName;
  dataDir: string;
  out?: string;
  concurrency: number;
  caseTimeoutMs: number;
  skip: Set<string>;
  /** A collector each case's session goes to as traces when it ends. */
  otlp?: string;
};

export function parseAuditArgs(argv: string[]): AuditCliOptions {
  const dashDash = argv.indexOf('--');
  const command = dashDash === -1 ? [] : argv.slice(dashDash + 1);
  const { values, positionals } = parseArgs({
    args: dashDash === -1 ? argv : argv.slice(0, dashDash),
    allowPositionals: true,
    options: {
      url: { type: 'string' },
      revision: { type: 'string' },
      reporter: { type: 'string' },
      out: { type: 'string' },
      'data-dir': { type: 'string' },
      concurrency: { type: 'string' },
      'case-timeout': { type: 'string' },
      skip: { type: 'string' },
      otlp: { type: 'string' },
    },
  });
  if (positionals.length !== 1) throw new ScenarioFileError('audit takes one file naming the calls: elicitation-inspector audit <scenario.json>');
  const reporter = values.reporter ?? 'line';
  if (!(REPORTERS as readonly string[]).includes(reporter))
    throw new ScenarioFileError(`--reporter must be one of ${REPORTERS.join(', ')}, not "${reporter}".`);
  const revision = values.revision ?? 'auto';
  if (!(REVISIONS as readonly string[]).includes(revision))
    throw new ScenarioFileError(`--revision must be one of ${REVISIONS.join(', ')}, not "${revision}".`);
  if (values.url !== undefined && command.length) throw new ScenarioFileError('Give either --url or a command after --, not both.');
  const skip = new Set((values.skip ?? '').split(',').filter(Boolean));
  checkSkip(skip, '--skip');
  // Said before the audit runs, not after it: the run may take minutes.
  if (values.out && !existsSync(dirname(resolve(values.out))))
    throw new ScenarioFileError(`--out ${values.out}: the folder ${dirname(resolve(values.out))} does not exist; create it or name a file in another.`);
  const otlpError = values.otlp === undefined ? undefined : otlpUrlError(values.otlp);
  if (otlpError) throw new ScenarioFileError(otlpError);
  const server = serverFrom(values.url, command);
  return {
    file: positionals[0],
    ...(server && { server }),
    protocols: revision === 'all' ? [...BOTH_ERAS] : [revision as ProtocolChoice],
    reporter: reporter as ReporterName,
    dataDir: values['data-dir'] ?? DEFAULT_DATA_DIR,
    ...(values.out && { out: values.out }),
    concurrency: whole('--concurrency', values.concurrency, DEFAULT_CONCURRENCY, 1, 32),
    caseTimeoutMs: whole('--case-timeout', values['case-timeout'], DEFAULT_CASE_TIMEOUT_MS, 1000, 600_000),
    skip,
    ...(values.otlp !== undefined && { otlp: values.otlp }),
  };
}

/** Every id switched off names a built-in case. */
function checkSkip(ids: Iterable<string>, where: string): void {
  const known = new Set(AUDIT_CASES.map((auditCase) => auditCase.id));
  for (const id of ids) if (!known.has(id)) throw new ScenarioFileError(`${where}: no case "${id}"; the cases are ${[...known].join(', ')}.`);
}

/** A case of the user's own has an id no other case has. */
function checkOwnCases(cases: { id: string }[]): void {
  const taken = new Set(AUDIT_CASES.map((auditCase) => auditCase.id));
  for (const { id } of cases) {
    if (taken.has(id)) throw new ScenarioFileError(`audit.cases: the id "${id}" is taken; give your case an id of its own.`);
    taken.add(id);
  }
}

function serverFrom(url: string | undefined, command: string[]): Target | undefined {
  if (url === undefined && command.length === 0) return undefined;
  const parsed = TargetSchema.safeParse(url !== undefined ? { transport: 'http', url } : { transport: 'stdio', command: command[0], args: command.slice(1) });
  if (!parsed.success) throw new ScenarioFileError(`Not a server to audit: ${parsed.error.issues.map((issue) => issue.message).join('; ')}`);
  return parsed.data;
}

function whole(flag: string, text: string | undefined, fallback: number, min: number, max: number): number {
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < min || value > max)
    throw new ScenarioFileError(`${flag} must be a whole number from ${min} to ${max}, not "${text}".`);
  return value;
}

/** Runs the command; resolves with the exit code. */
export async function auditCli(argv: string[], io: CliIo = stdio()): Promise<number> {
  const usage = readUsage(io, () => {
    const options = parseAuditArgs(argv);
    const read = readScenarioFile(options.file);
    checkSkip(read.audit?.skip ?? [], 'audit.skip');
    checkOwnCases(read.audit?.cases ?? []);
    const scenario: Scenario = options.server ? { ...read, server: options.server } : read;
    return { options, scenario };
  });
  if (!usage) return EXIT.usage;
  const { options, scenario } = usage;
  const registry = new SessionRegistry({ dataDir: options.dataDir });
  // Each case is a session: sent as it ends; a collector that refuses is said on stderr and changes no verdict.
  const otlp = options.otlp ? sendTracesOnSessionEnd(registry, options.otlp, (line) => io.err(`${line}\n`)) : undefined;
  const isLive = options.reporter === 'line' || options.out !== undefined;
  let lastProtocol: string | undefined;
  let runs: AuditRun[];
  try {
    runs = await runAudit(scenario, {
      registry,
      protocols: options.protocols,
      concurrency: options.concurrency,
      caseTimeoutMs: options.caseTimeoutMs,
      skip: options.skip,
      onCase: (report, run) => {
        if (!isLive) return;
        if (run.protocol !== lastProtocol) io.out(`Auditing on ${run.protocol === 'auto' ? 'the newest revision both sides speak' : run.protocol}\n`);
        lastProtocol = run.protocol;
        io.out(`${caseLine(report)}\n`);
      },
    });
  } finally {
    await registry.closeAll('user');
    await otlp?.flush();
    otlp?.stop();
  }
  if (isLive) {
    for (const run of runs) for (const note of stepNotes(run)) io.out(`${note}\n`);
    const table = sideBySide(runs);
    if (table) io.out(`${table}\n`);
    for (const run of runs) io.out(`${auditSummary(run)}\n`);
  }
  if (options.reporter !== 'line') {
    const text = options.reporter === 'json' ? auditJson(runs) : auditJunit(runs, basename(options.file));
    if (options.out) writeOut(options.out, text, io);
    else io.out(text);
  } else if (options.out) {
    writeOut(options.out, `${runs.map(auditSummary).join('\n')}\n`, io);
  }
  return auditExitCode(runs);
}

/** The report into --out; a file that cannot be written is said, and the report goes to stdout instead of being lost. */
function writeOut(file: string, text: string, io: { out: (text: string) => void; err: (text: string) => void }): void {
  try {
    writeFileSync(file, text);
  } catch (error) {
    io.err(`elicitation-inspector: cannot write ${file} (${(error as Error).message}); the report follows on stdout.\n`);
    io.out(text);
  }
}

/** The exit code `run` gives: a revision not spoken beside one spoken counts for nothing. */
export function auditExitCode(runs: AuditRun[]): number {
  return exitCode(runs);
}

function stdio() {
  return { out: (text: string) => void process.stdout.write(text), err: (text: string) => void process.stderr.write(text) };
}
