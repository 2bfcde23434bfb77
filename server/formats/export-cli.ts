/**
 * `elicitation-inspector export-har|export-otlp <session.jsonl> [--out FILE]`: a recorded session
 * in a format other tools open, on stdout or in a file. Exit codes: 0 written,
 * 1 a file that cannot be read (or an --out file that cannot be written), 2 usage.
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { sessionFileProblem } from '../store/session-file';
import { exportSessionFile, type ExportFormat } from './session-exports';

/** The command that writes a format, as the table of commands (server/commands.ts) calls it: its usage errors name it. */
export type ExportCommand = { command: string; format: ExportFormat };

type Io = { out: (text: string) => void; err: (text: string) => void };

export async function runExport({ command, format }: ExportCommand, argv: string[], io: Io): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, options: { out: { type: 'string' } } });
  } catch (error) {
    return usage(command, io, (error as Error).message);
  }
  const { positionals, values } = parsed;
  if (positionals.length !== 1) return usage(command, io, `name one session file, not ${positionals.length}.`);
  const [file] = positionals;
  let text: string;
  try {
    text = await exportSessionFile(file, format);
  } catch (error) {
    io.err(`elicitation-inspector: cannot export ${file}: ${sessionFileProblem(error)}\n`);
    return 1;
  }
  if (values.out === undefined) io.out(text);
  else {
    try {
      writeFileSync(values.out, text);
    } catch (error) {
      io.err(`elicitation-inspector: cannot write ${values.out}: ${(error as Error).message}; name a file in a folder that exists.\n`);
      return 1;
    }
    io.err(`Wrote ${values.out}\n`);
  }
  return 0;
}

function usage(command: string, io: Io, message: string): number {
  io.err(`elicitation-inspector ${command}: ${message}\nUsage: elicitation-inspector ${command} <session.jsonl> [--out FILE]\n`);
  return 2;
}
