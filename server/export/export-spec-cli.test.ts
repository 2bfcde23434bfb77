import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runExportSpec } from './export-spec-cli';

const FIXTURE = fileURLToPath(new URL('../../app/model/fixtures/push-form.jsonl', import.meta.url));

async function run(...argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await runExportSpec(argv, { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t) });
  return { code, stdout, stderr };
}

describe('elicitation-inspector export-spec', () => {
  it('prints the test for a session file', async () => {
    const { code, stdout } = await run(FIXTURE);
    expect(code).toBe(0);
    expect(stdout).toContain('await app.callTool("collect_profile", {});');
  });

  it('--out writes it to a file and says where', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'export-spec-')), 'replay.spec.ts');
    const { code, stdout, stderr } = await run(FIXTURE, '--out', out);
    expect(code).toBe(0);
    expect(stdout).toBe('');
    expect(stderr).toBe(`Wrote ${out}\n`);
    expect(readFileSync(out, 'utf8')).toContain("from 'elicitation-inspector/playwright'");
  });

  it('a missing file, a file that is not a session and a damaged line exit 1 saying which', async () => {
    expect(await run('/nonexistent/session.jsonl')).toMatchObject({ code: 1, stderr: expect.stringContaining('no such file') });
    const dir = mkdtempSync(join(tmpdir(), 'export-spec-'));
    writeFileSync(join(dir, 'notes.txt'), 'hello\n');
    expect(await run(join(dir, 'notes.txt'))).toMatchObject({ code: 1, stderr: expect.stringContaining('not an Elicitation Inspector session file') });
    const lines = readFileSync(FIXTURE, 'utf8').split('\n');
    lines[4] = '{"kind":"rpc-in", "broken';
    writeFileSync(join(dir, 'damaged.jsonl'), lines.join('\n'));
    expect(await run(join(dir, 'damaged.jsonl'))).toMatchObject({ code: 1, stderr: expect.stringContaining('line 5: not valid JSON') });
  });

  it('usage errors exit 2', async () => {
    expect(await run()).toMatchObject({ code: 2, stderr: expect.stringContaining('name the session file') });
    expect(await run(FIXTURE, 'extra')).toMatchObject({ code: 2, stderr: expect.stringContaining('unexpected argument "extra"') });
    expect(await run(FIXTURE, '--out')).toMatchObject({ code: 2, stderr: expect.stringContaining('--out needs a file name') });
  });
});
