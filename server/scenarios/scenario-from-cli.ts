/** `elicitation-inspector scenario-from <session.jsonl> [--out FILE]`: a recorded session written as a scenario file. */
import { writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { parseArgs } from 'node:util';
import { readSessionFile } from '../store/read-session';
import { sessionFileProblem } from '../store/session-file';
import { EXIT } from './run-cli';
import { sessionToScenario } from './session-to-scenario';

export async function scenarioFromCli(
  argv: string[],
  io = { out: (text: string) => void process.stdout.write(text), err: (text: string) => void process.stderr.write(text) },
): Promise<number> {
  let file: string;
  let out: string | undefined;
  try {
    const { values, positionals } = parseArgs({ args: argv, allowPositionals: true, options: { out: { type: 'string' } } });
    if (positionals.length !== 1) throw new Error('scenario-from takes one session file: elicitation-inspector scenario-from <session.jsonl> [--out FILE]');
    [file] = positionals;
    out = values.out;
  } catch (error) {
    io.err(`elicitation-inspector: ${error instanceof Error ? error.message : String(error)}\n`);
    return EXIT.usage;
  }
  let text: string;
  try {
    // Every line checked, as diff and the exports check it: a damaged or cut-short file is said, not half turned into steps.
    const { events } = await readSessionFile(file);
    const scenario = sessionToScenario(events, `Recorded ${basename(file, '.jsonl')}`);
    if (scenario.steps.length === 0) throw new Error('the session has no calls to turn into steps');
    text = `${JSON.stringify(scenario, null, 2)}\n`;
  } catch (error) {
    io.err(`elicitation-inspector: ${file}: ${sessionFileProblem(error)}\n`);
    return EXIT.usage;
  }
  if (out) writeFileSync(out, text);
  else io.out(text);
  return EXIT.passed;
}
