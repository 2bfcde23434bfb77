import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { COMMAND_DOCS, type HelpCommand } from './cli-help';

const BIN = fileURLToPath(new URL('./bin.mjs', import.meta.url));

function help(command: HelpCommand): { status: number | null; stdout: string } {
  const args = command === '' ? ['--help'] : [command, '--help'];
  const run = spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', timeout: 30_000 });
  return { status: run.status, stdout: run.stdout };
}

describe('--help of every command', () => {
  for (const command of Object.keys(COMMAND_DOCS) as HelpCommand[]) {
    it(`${command || 'the inspector'} --help exits 0 and names a docs page that exists on this machine`, () => {
      const run = help(command);
      expect(run.status).toBe(0);
      expect(run.stdout).toMatch(/Usage/);
      const page = /^Docs: (\S+)/m.exec(run.stdout)?.[1];
      expect(page, run.stdout).toMatch(new RegExp(`${COMMAND_DOCS[command]}$`));
      expect(existsSync(page ?? ''), `${page} exists`).toBe(true);
    });
  }
});
