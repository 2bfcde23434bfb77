/**
 * The table of commands is the only list of them: what the command line dispatches is what the
 * table holds, and no other file reads the command word to decide what runs.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMMANDS, commandNamed, nearestCommands } from './commands';

const ROOT = join(import.meta.dirname, '..');

/** The product's source files (not tests), relative to the root. */
function productFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((path) => /\.(ts|mts|mjs)$/.test(path) && !path.endsWith('.test.ts'))
    .map((path) => `${dir}/${path.replaceAll('\\', '/')}`);
}

describe('the table of commands', () => {
  it('names each command once, with a one-line summary and a page of the docs', () => {
    const names = COMMANDS.map((command) => command.name);
    expect(new Set(names).size).toBe(names.length);
    for (const command of COMMANDS) {
      expect(command.name).toMatch(/^[a-z][a-z-]*$/);
      expect(command.summary, command.name).toMatch(/^[^\n]{1,80}$/);
      expect(command.usage.startsWith(`Usage: elicitation-inspector ${command.name} `), command.name).toBe(true);
      expect(command.docs).toMatch(/^docs\/[a-z-]+\.md$/);
    }
  });

  it('is what dispatch knows: every name it holds, and no other word (not even an object’s own keys)', () => {
    for (const command of COMMANDS) expect(commandNamed(command.name)).toBe(command);
    for (const word of ['', 'help', 'Run', 'diff ', 'constructor', 'toString', '__proto__', 'hasOwnProperty']) expect(commandNamed(word)).toBeUndefined();
  });

  it('each command with an entry of its own is a bundle the build makes from that source', () => {
    const build = readFileSync(join(ROOT, 'server/build-server.mjs'), 'utf8');
    for (const command of COMMANDS) {
      if (!('entry' in command)) continue;
      expect(build).toMatch(new RegExp(`['"]?${command.entry.bundle}['"]?: '${command.entry.source}'`));
    }
  });

  it('the nearest names of a mistyped word: the names it begins, else the closest within a couple of edits', () => {
    expect(nearestCommands('dif')).toEqual(['diff']);
    expect(nearestCommands('taps')).toEqual(['tap']);
    expect(nearestCommands('conformance')).toEqual(['conformance-client', 'conformance-server']);
    expect(nearestCommands('scenario-form')).toEqual(['scenario-from']);
    expect(nearestCommands('frobnicate')).toEqual([]);
  });
});

describe('no file but the table decides what a command word runs', () => {
  // Reading the word and comparing it (`process.argv[2] === 'demo'`) or looking it up in a list of
  // one's own (`HEADLESS[argv[0]]`) is how a second list starts; cli.ts hands the word to commandNamed.
  const READS_THE_WORD = [/\bargv\[\d+\]\s*===?\s*['"`][a-z]/, /['"`][a-z][\w-]*['"`]\s*===?\s*(process\.)?argv\[\d+\]/, /\[\s*(process\.)?argv\[\d+\]\s*\]/];

  it('in server/, walkthrough/ and kit/, nothing compares the command line’s words to a name or looks one up', () => {
    const files = ['server', 'walkthrough', 'kit'].flatMap(productFiles).filter((file) => file !== 'server/commands.ts');
    expect(files).toContain('server/bin.mjs');
    const readers = files.filter((file) => READS_THE_WORD.some((pattern) => pattern.test(readFileSync(join(ROOT, file), 'utf8'))));
    expect(readers).toEqual([]);
  });

  it('the bin names no command: it starts cli.ts, which starts each command as the table says', () => {
    const bin = readFileSync(join(ROOT, 'server/bin.mjs'), 'utf8').replace(/^\s*\/\/.*$/gm, '');
    for (const command of COMMANDS) expect(bin, command.name).not.toMatch(new RegExp(`['"\`]${command.name}['"\`]`));
  });
});
