/**
 * `elicitation-inspector export-spec <session file> [--out FILE]`: a recorded session
 * as a Playwright test, on stdout or in a file.
 */
import { writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { SessionFileError } from '../store/session-file';
import { exportSpec } from './export-spec';
import { readSessionForExport } from './session-events';

/** The usage line its errors repeat; the whole help is in server/commands.ts (printed before this module loads). */
export const EXPORT_SPEC_USAGE = 'Usage: elicitation-inspector export-spec <session file> [--out FILE]';

/** Runs the subcommand; returns the exit code (2 for a usage error, 1 for a file that cannot be read). */
export async function runExportSpec(argv: string[], out: { stdout: (text: string) => void; stderr: (text: string) => void }): Promise<number> {
  let file: string | undefined;
  let outFile: string | undefined;
  for (let i = 0; i < argv.length; i += 1) {
    if (argv[i] === '--out') outFile = argv[++i];
    else if (!file && !argv[i].startsWith('-')) file = argv[i];
    else return usage(out, `unexpected argument "${argv[i]}".`);
  }
  if (!file) return usage(out, 'name the session file to export.');
  if (argv.includes('--out') && !outFile) return usage(out, '--out needs a file name.');
  let source: string;
  try {
    // Written to a file, the spec knows its folder: the server's paths in the project become relative to it.
    source = exportSpec(await readSessionForExport(file), outFile ? { specDir: dirname(resolve(outFile)) } : {});
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
