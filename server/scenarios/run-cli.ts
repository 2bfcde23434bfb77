/**
 * `elicitation-inspector run <scenario.json>`: a scenario run headless from a
 * shell or CI, with a verdict in the exit code:
 * 0 every expectation held, 1 one failed, 2 usage or a broken scenario file,
 * 3 the run could not connect or could not go on.
 */
import { writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { parseArgs } from 'node:util';
import { sendFileTraces } from '../otlp-on-end';
import { SessionRegistry } from '../registry/session-registry';
import { DEFAULT_DATA_DIR } from '../store/data-dir';
import { ScenarioProtocolSchema, type RunReport } from '../wire/scenario';
import { differenceTable, jsonReport, junitReport, overallVerdict, REPORTERS, runHeader, runSummary, stepLine, type ReporterName } from './reporters';
import { readScenarioFile, ScenarioFileError } from './scenario-file';
import { runScenario } from './scenario-runner';

export const EXIT = { passed: 0, failed: 1, usage: 2, error: 3 } as const;

export { DEFAULT_DATA_DIR };

export type CliIo = { out: (text: string) => void; err: (text: string) => void };

/**
 * Reads what a command needs before it starts (its arguments, its file): a mistake in
 * either is said on stderr, and the caller exits with EXIT.usage on `undefined`.
 */
export function readUsage<T>(io: Pick<CliIo, 'err'>, read: () => T): T | undefined {
  try {
    return read();
  } catch (error) {
    io.err(`elicitation-inspector: ${error instanceof Error ? error.message : String(error)}\n`);
    return undefined;
  }
}

export type RunCliOptions = { file: string; protocol?: string; reporter: ReporterName; dataDir: string; out?: string; otlp?: string };

export function parseRunArgs(argv: string[]): RunCliOptions {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { protocol: { type: 'string' }, reporter: { type: 'string' }, 'data-dir': { type: 'string' }, out: { type: 'string' }, otlp: { type: 'string' } },
  });
  if (positionals.length !== 1) throw new ScenarioFileError('run takes one scenario file: elicitation-inspector run <scenario.json>');
  const reporter = values.reporter ?? 'line';
  if (!isReporter(reporter)) throw new ScenarioFileError(`--reporter must be one of ${REPORTERS.join(', ')}, not "${reporter}".`);
  if (values.protocol !== undefined && !ScenarioProtocolSchema.safeParse(values.protocol).success) {
    throw new ScenarioFileError(`--protocol must be auto, 2026-07-28, 2025-11-25, 2025-06-18 or all, not "${values.protocol}".`);
  }
  if (values.otlp !== undefined && !URL.canParse(values.otlp)) throw new ScenarioFileError(`--otlp must be a collector's URL, not "${values.otlp}".`);
  return {
    file: positionals[0],
    ...(values.otlp && { otlp: values.otlp }),
    reporter,
    dataDir: values['data-dir'] ?? DEFAULT_DATA_DIR,
    ...(values.protocol && { protocol: values.protocol }),
    ...(values.out && { out: values.out }),
  };
}

/** Runs the command; resolves with the exit code. Writes to the streams given (stdout and stderr by default). */
export async function runCli(argv: string[], io: CliIo = stdio()): Promise<number> {
  const usage = readUsage(io, () => {
    const options = parseRunArgs(argv);
    return { options, scenario: readScenarioFile(options.file) };
  });
  if (!usage) return EXIT.usage;
  const { options, scenario } = usage;
  const registry = new SessionRegistry({ dataDir: options.dataDir });
  // The line report goes to the terminal as steps end; with --out, JSON or JUnit goes to the file and the lines still print.
  const isLive = options.reporter === 'line' || options.out !== undefined;
  let lastProtocol: string | undefined;
  const protocol = options.protocol ? ScenarioProtocolSchema.parse(options.protocol) : undefined;
  let reports: RunReport[];
  try {
    reports = await runScenario(scenario, {
      registry,
      label: basename(options.file),
      ...(protocol && { protocol }),
      onStep: (step, run) => {
        if (!isLive) return;
        if (run.protocol !== lastProtocol) io.out(`${runHeader(run.protocol)}\n`);
        lastProtocol = run.protocol;
        io.out(`${stepLine(step)}\n`);
      },
    });
  } finally {
    await registry.closeAll('user');
  }
  if (options.otlp) await sendTraces(reports, registry, options.otlp, io);
  if (isLive) {
    const table = differenceTable(reports);
    if (table) io.out(`${table}\n`);
    for (const report of reports) io.out(`${runSummary(report)}\n`);
    if (reports.length > 1) io.out(`${overallVerdict(reports, exitCode(reports))}\n`);
  }
  if (options.reporter !== 'line') {
    const text = options.reporter === 'json' ? `${jsonReport(reports)}\n` : junitReport(reports);
    if (options.out) writeFileSync(options.out, text);
    else io.out(text);
  } else if (options.out) {
    writeFileSync(options.out, reports.map(runSummary).join('\n') + '\n');
  }
  return exitCode(reports);
}

/**
 * Each run's calls to the collector, one trace a call, all runs at once so that the bound on each
 * (otlp-export.ts) is the bound on all; a collector that refuses or is down is said, with what was
 * not sent, and changes no verdict. The lines come in the runs' order.
 */
async function sendTraces(reports: RunReport[], registry: SessionRegistry, endpoint: string, io: { err: (text: string) => void }): Promise<void> {
  const lines = await Promise.all(
    reports.map(async (report) => {
      const file = report.sessionId === undefined ? undefined : registry.filePath(report.sessionId);
      const said: string[] = [];
      if (file) await sendFileTraces(file, `the ${report.protocol} run`, endpoint, (line) => said.push(line));
      return said;
    }),
  );
  for (const line of lines.flat()) io.err(`${line}\n`);
}

/** Shared with `audit`: a revision not spoken counts for nothing; none left, or one that could not go on, is an error. */
export function exitCode(reports: Pick<RunReport, 'status' | 'isNotSpoken'>[]): number {
  const counted = reports.filter((report) => !report.isNotSpoken);
  if (counted.length === 0 || counted.some((report) => report.status === 'error')) return EXIT.error;
  return counted.some((report) => report.status === 'failed') ? EXIT.failed : EXIT.passed;
}

function isReporter(name: string): name is ReporterName {
  return (REPORTERS as readonly string[]).includes(name);
}

function stdio() {
  return { out: (text: string) => void process.stdout.write(text), err: (text: string) => void process.stderr.write(text) };
}
