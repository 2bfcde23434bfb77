/**
 * `elicitation-inspector export-spec <session file> [--out FILE]`: a recorded session
 * as a Playwright test, on stdout or in a file.
 */
import { createReadStream, writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { parseHeader, SessionFileError } from '../store/session-file';
import { LogEventSchema, type LogEvent } from '../wire/events';
import { exportSpec } from './export-spec';

export const EXPORT_SPEC_USAGE = 'Usage: elicitation-inspector export-spec <session file> [--out FILE]';

/** The kinds the generator reads: the rest of a long session is not kept in memory. */
const REPLAYED_KINDS = new Set<LogEvent['kind']>(['session-state', 'call-start', 'call-end', 'elicitation', 'action']);

/** Every event the generator needs from a session file; a damaged line is an error naming it. */
export async function readSessionForExport(path: string): Promise<LogEvent[]> {
  const events: LogEvent[] = [];
  let line = 0;
  for await (const text of createInterface({ input: createReadStream(path), crlfDelay: Infinity })) {
    line += 1;
    if (line === 1) {
      parseHeader(text);
      continue;
    }
    if (!text.trim()) continue;
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch (error) {
      throw new SessionFileError(line, `not valid JSON (${(error as Error).message}).`);
    }
    const parsed = LogEventSchema.safeParse(raw);
    if (!parsed.success) throw new SessionFileError(line, 'not a valid log entry.');
    if (REPLAYED_KINDS.has(parsed.data.kind)) events.push(parsed.data);
  }
  if (line === 0) throw new SessionFileError(0, 'the file is empty.');
  return events;
}

/** Runs the subcommand; returns the exit code (2 for a usage error, 1 for a file that cannot be read). */
export async function runExportSpec(argv: string[], out: { stdout: (text: string) => void; stderr: (text: string) => void }): Promise<number> {
  let file: string | undefined;
  let outFile: string | undefined;
  for (let i = 0; i < argv.length; i += 1) {
    if (argv[i] === '--out') outFile = argv[++i];
    else if (argv[i] === '-h' || argv[i] === '--help') {
      out.stdout(`${EXPORT_SPEC_USAGE}\n`);
      return 0;
    } else if (!file && !argv[i].startsWith('-')) file = argv[i];
    else return usage(out, `unexpected argument "${argv[i]}".`);
  }
  if (!file) return usage(out, 'name the session file to export.');
  if (argv.includes('--out') && !outFile) return usage(out, '--out needs a file name.');
  let source: string;
  try {
    source = exportSpec(await readSessionForExport(file));
  } catch (error) {
    const reason =
      error instanceof SessionFileError ? error.message : (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file.' : (error as Error).message;
    out.stderr(`elicitation-inspector: cannot export ${file}: ${reason}\n`);
    return 1;
  }
  if (outFile) {
    writeFileSync(outFile, source);
    out.stderr(`Wrote ${outFile}\n`);
  } else out.stdout(source);
  return 0;
}

function usage(out: { stderr: (text: string) => void }, message: string): number {
  out.stderr(`elicitation-inspector export-spec: ${message}\n${EXPORT_SPEC_USAGE}\n`);
  return 2;
}
