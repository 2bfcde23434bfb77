/**
 * Every JSON file a person hands the command line, broken where JSON.parse's own message
 * names no place (Node 20: `Unexpected token ']', ..."ket" }, ] } " is not valid JSON`):
 * a scenario for `run`, an audit's cases, `--rules`, `--config`. Each is refused with exit
 * code 2, the file's line and column, and a short reason, as docs/ci.md promises.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../e2e/support/processes';

const dir = mkdtempSync(join(tmpdir(), 'json-files-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function inspector(args: string[]): { code: number | null; stderr: string } {
  const result = spawnSync(process.execPath, [join(ROOT, 'server/bin.mjs'), ...args], { encoding: 'utf8', timeout: 120_000 });
  return { code: result.status, stderr: result.stderr };
}

/** The file written, and the 1-based line and column of `mark` (its last place on the first line that has it). */
function file(name: string, lines: string[], mark: string): { path: string; line: number; column: number } {
  const path = join(dir, name);
  writeFileSync(path, `${lines.join('\n')}\n`);
  const line = lines.findIndex((text) => text.includes(mark));
  return { path, line: line + 1, column: lines[line].lastIndexOf(mark) + 1 };
}

const TRAILING_IN_ARRAY = 'not valid JSON (trailing comma: nothing follows it in the array).';

describe('a JSON file with a syntax error, as the command line reads it', () => {
  it('run: the scenario file, its line and column', () => {
    const scenario = file('scenario.json', ['{', '  "steps": [', '    { "call": "order", "arguments": { "item": "basket" } },', '  ]', '}'], ' },');
    const { code, stderr } = inspector(['run', scenario.path, '--data-dir', join(dir, 'data')]);
    expect(code).toBe(2);
    expect(stderr).toContain(`${scenario.path}:${scenario.line}:${scenario.column + 2}: ${TRAILING_IN_ARRAY}`);
  });

  it("audit: the scenario's own cases, their line and column", () => {
    const cases = file(
      'audit.json',
      [
        '{',
        '  "steps": [{ "call": "book_table" }],',
        '  "audit": {',
        '    "cases": [',
        '      { "id": "mine", "answer": { "action": "decline" } },',
        '    ]',
        '  }',
        '}',
      ],
      ' },',
    );
    const { code, stderr } = inspector(['audit', cases.path]);
    expect(code).toBe(2);
    expect(stderr).toContain(`${cases.path}:${cases.line}:${cases.column + 2}: ${TRAILING_IN_ARRAY}`);
  });

  it('--rules: the rules file, its line and column', () => {
    const rules = file(
      'rules.json',
      ['{', '  "version": 1,', '  "rules": [', '    { "match": { "message": "basket" }, "answer": { "action": "decline" } },', '  ]', '}'],
      ' },',
    );
    const { code, stderr } = inspector(['--rules', rules.path, '--port', '0', '--', process.execPath, join(dir, 'no-server.js')]);
    expect(code).toBe(2);
    expect(stderr).toContain(`--rules ${rules.path}:${rules.line}:${rules.column + 2}: ${TRAILING_IN_ARRAY}`);
  });

  it('--config: the config file (comments and trailing commas allowed), its line and column', () => {
    const config = file(
      'mcp.json',
      ['{', '  // the servers', '  "mcpServers": {', '    "shop": { "command": node, "args": ["server.js"], },', '  },', '}'],
      'node',
    );
    const { code, stderr } = inspector(['--config', config.path, '--port', '0']);
    expect(code).toBe(2);
    expect(stderr).toContain(`--config ${config.path}:${config.line}:${config.column}: not valid JSON: unexpected word 'node': a string takes double quotes`);
  });
});
