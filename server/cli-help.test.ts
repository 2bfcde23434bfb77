import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { INSPECTOR_DOCS } from './cli-help';
import { COMMANDS } from './commands';

const BIN = fileURLToPath(new URL('./bin.mjs', import.meta.url));

/** The command line as a person runs it: the bin, from the bundle when current, else from the sources. */
function cli(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const run = spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', timeout: 30_000 });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The page a help's last line names, checked to be on this machine. */
function docsPage(stdout: string): string {
  const page = /^Docs: (\S+)/m.exec(stdout)?.[1] ?? '';
  expect(existsSync(page), `${page} exists`).toBe(true);
  return page;
}

describe('elicitation-inspector --help', () => {
  it('lists every command of the table, each with its summary', () => {
    const run = cli('--help');
    expect(run.status).toBe(0);
    const listed = (name: string) => new RegExp(`^ +(elicitation-inspector )?${name}( |$)`, 'm').test(run.stdout);
    expect(COMMANDS.map((command) => command.name).filter((name) => !listed(name))).toEqual([]);
    for (const command of COMMANDS) expect(run.stdout).toMatch(new RegExp(`^  ${command.name} +${escaped(command.summary)}$`, 'm'));
  });

  it("names the inspector's own docs page, which exists", () => {
    const run = cli('-h');
    expect(run.stdout).toMatch(/^Usage:/m);
    expect(docsPage(run.stdout)).toMatch(new RegExp(`${INSPECTOR_DOCS}$`));
  });
});

describe('<command> --help', () => {
  for (const command of COMMANDS) {
    it(`${command.name} --help exits 0 with its usage and names its docs page, which explains it`, () => {
      const run = cli(command.name, '--help');
      expect(run.status, run.stderr).toBe(0);
      expect(run.stdout.startsWith(`${command.usage}\n\n`)).toBe(true);
      const page = docsPage(run.stdout);
      expect(page).toMatch(new RegExp(`${command.docs}$`));
      expect(readFileSync(page, 'utf8')).toMatch(new RegExp(`elicitation-inspector ${command.name}(?![\\w-])`));
    });
  }
});

describe('a word in a command’s place that names none', () => {
  it('is a usage error (exit 2) naming the nearest command, and nothing runs', () => {
    const run = cli('dif', 'a.jsonl', 'b.jsonl');
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('elicitation-inspector: "dif" is not a command. Did you mean "diff"?');
    expect(run.stderr).toContain(`The commands: ${COMMANDS.map((command) => command.name).join(', ')}.`);
  });

  it('the start of several names them all; a word near none lists the commands alone', () => {
    expect(cli('export', 'session.jsonl').stderr).toContain('Did you mean "export-har", "export-otlp" or "export-spec"?');
    const far = cli('frobnicate');
    expect(far.status).toBe(2);
    expect(far.stderr).not.toContain('Did you mean');
    expect(far.stderr).toContain('The commands: tap, ');
  });

  it('a name every object has (constructor, toString) is no command either', () => {
    for (const word of ['constructor', 'toString'])
      expect(cli(word)).toMatchObject({ status: 2, stderr: expect.stringContaining(`"${word}" is not a command.`) });
  });
});
