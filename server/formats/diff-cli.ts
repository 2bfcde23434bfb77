/**
 * `elicitation-inspector diff <a.jsonl> <b.jsonl>`: two recorded sessions compared
 * call by call. Exit codes: 0 no difference, 1 they differ, 2 usage or a file
 * that cannot be read.
 */
import { parseArgs } from 'node:util';
import { sessionFileProblem } from '../store/session-file';
import type { SessionDigest } from './call-digest';
import { digestSessionFile } from './diff-files';
import { diffText } from './diff-report';
import { DEFAULT_TIME_THRESHOLD_MS, diffSessions } from './session-diff';

/** The usage line its errors repeat; the whole help is in server/commands.ts (printed before this module loads). */
export const DIFF_USAGE = 'Usage: elicitation-inspector diff <a.jsonl> <b.jsonl> [--reporter line|json] [--time-threshold MS]';

type Io = { out: (text: string) => void; err: (text: string) => void };

export async function runDiff(argv: string[], io: Io): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, options: { reporter: { type: 'string' }, 'time-threshold': { type: 'string' } } });
  } catch (error) {
    return usage(io, (error as Error).message);
  }
  const { positionals, values } = parsed;
  if (positionals.length !== 2) return usage(io, `name two session files, not ${positionals.length}.`);
  const reporter = values.reporter ?? 'line';
  if (reporter !== 'line' && reporter !== 'json') return usage(io, `--reporter must be line or json, not "${reporter}".`);
  const threshold = values['time-threshold'] === undefined ? DEFAULT_TIME_THRESHOLD_MS : Number(values['time-threshold']);
  if (!Number.isFinite(threshold) || threshold < 0) return usage(io, `--time-threshold must be a number of ms, not "${values['time-threshold']}".`);
  const digests: SessionDigest[] = [];
  for (const file of positionals) {
    try {
      digests.push(await digestSessionFile(file));
    } catch (error) {
      io.err(`elicitation-inspector: cannot read ${file}: ${sessionFileProblem(error)}\n`);
      return 2;
    }
  }
  const diff = diffSessions({ source: positionals[0], digest: digests[0] }, { source: positionals[1], digest: digests[1] }, threshold);
  io.out(reporter === 'json' ? `${JSON.stringify(diff, null, 2)}\n` : diffText(diff));
  return diff.isDifferent ? 1 : 0;
}

function usage(io: Io, message: string): number {
  io.err(`elicitation-inspector diff: ${message}\n${DIFF_USAGE}\n`);
  return 2;
}
