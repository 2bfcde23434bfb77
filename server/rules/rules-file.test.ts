import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../e2e/support/processes';
import { parseRulesFile, readRulesFile, RULES_FILE_MAX_BYTES } from './rules-file';

const folder = mkdtempSync(join(tmpdir(), 'rules-file-'));
const fileWith = (name: string, text: string) => {
  const path = join(folder, name);
  writeFileSync(path, text);
  return path;
};

describe('rules files', () => {
  it('a good file gives its rule set, defaults filled in', () => {
    const path = fileWith('good.json', JSON.stringify({ version: 1, rules: [{ match: { tool: 'book_table' }, answer: { action: 'decline' } }] }));
    expect(readRulesFile(path)).toEqual({ enabled: true, rules: [{ enabled: true, match: { tool: 'book_table' }, answer: { action: 'decline' } }] });
  });

  it('each kind of broken file is refused, naming the file and the problem', () => {
    expect(() => parseRulesFile('r.json', '{"rules": [')).toThrow(/^r\.json:1:12: not valid JSON \(unexpected end of file/);
    expect(() => parseRulesFile('r.json', '{"rules": [{"answer": {"action": "maybe"}}]}')).toThrow(/^r\.json: not a rules file: rules\.0\.answer\.action: /);
    expect(() => parseRulesFile('r.json', '{"rules": [{"answer": {"action": "decline", "content": {}}}]}')).toThrow(
      /content, skipValidation, mergeDefaults and markComplete go only with action "accept"/,
    );
    expect(() => parseRulesFile('r.json', '{"version": 2, "rules": []}')).toThrow(/version/);
    expect(() => readRulesFile(join(folder, 'missing.json'))).toThrow(/missing\.json: cannot read it \(ENOENT/);
    const huge = fileWith('huge.json', ' '.repeat(RULES_FILE_MAX_BYTES + 1));
    expect(() => readRulesFile(huge)).toThrow(/huge\.json: \d+ bytes is more than a rules file may be/);
  });

  it('the CLI refuses a broken file at start with exit 2, before listening', () => {
    const path = fileWith('broken.json', '{"rules": [{"match": {"mode": "fax"}, "answer": {"action": "decline"}}]}');
    const run = spawnSync(process.execPath, [join(ROOT, 'server/bin.mjs'), '--no-open', '--port', '0', '--rules', path], {
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain(`--rules ${path}: not a rules file: rules.0.match.mode:`);
    expect(run.stdout).not.toContain('listening');
  }, 90_000);
});
