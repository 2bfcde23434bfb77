/**
 * `elicitation-inspector audit` as a CI job sees it: the exit code, the line
 * report with its evidence, JUnit, and usage mistakes named.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { demoStdio, targetStdio } from '../../e2e/support/processes';
import { AUDIT_CASES } from '../wire/audit';
import { auditCli } from './audit-cli';

const dir = mkdtempSync(join(tmpdir(), 'audit-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function audit(args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await auditCli([...args, '--data-dir', join(dir, 'data')], { out: (text) => void (out += text), err: (text) => void (err += text) });
  return { code, out, err };
}

function toolsFile(name: string, content: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify(content));
  return path;
}

/** All cases but these, so each run stays short. */
const skipAllBut = (...ids: string[]) => [
  '--skip',
  AUDIT_CASES.map((c) => c.id)
    .filter((id) => !ids.includes(id))
    .join(','),
];

describe('elicitation-inspector audit', () => {
  it('names what is wrong with its usage and exits 2', async () => {
    const file = toolsFile('ok.json', { steps: [{ call: 'audit_careful' }] });
    expect(await audit([])).toMatchObject({ code: 2, err: expect.stringContaining('audit takes one file') as string });
    expect(await audit([file, '--skip', 'nope'])).toMatchObject({ code: 2, err: expect.stringContaining('--skip: no case "nope"') as string });
    expect(await audit([file, '--revision', '2024'])).toMatchObject({ code: 2, err: expect.stringContaining('--revision must be one of') as string });
    expect(await audit([file, '--url', 'http://127.0.0.1:1/mcp', '--', 'node'])).toMatchObject({ code: 2 });
    expect(await audit([file, '--out', join(dir, 'no-such-folder', 'audit.xml')])).toMatchObject({
      code: 2,
      err: expect.stringContaining(`the folder ${join(dir, 'no-such-folder')} does not exist`) as string,
    });
    expect(await audit([join(dir, 'missing.json')])).toMatchObject({ code: 2, err: expect.stringContaining('cannot be read') as string });
    const badSkip = toolsFile('bad-skip.json', { steps: [{ call: 'audit_careful' }], audit: { skip: ['nope'] } });
    expect(await audit([badSkip])).toMatchObject({ code: 2, err: expect.stringContaining('audit.skip: no case "nope"') as string });
    const taken = toolsFile('taken.json', { steps: [{ call: 'audit_careful' }], audit: { cases: [{ id: 'null', judge: 'refuse', field: 'age', value: 0 }] } });
    expect(await audit([taken])).toMatchObject({ code: 2, err: expect.stringContaining('the id "null" is taken') as string });
  });

  it('exits 1 on a careless tool, printing what was sent and what came, and writes JUnit; exits 0 on a careful one given after --', async () => {
    // The scenario file switches cases off and adds one of its own.
    const careless = toolsFile('careless.json', {
      steps: [{ call: 'audit_careless' }],
      audit: { skip: skipAllBut('not-an-option', 'decline')[1].split(','), cases: [{ id: 'too-young', field: 'age', value: 12, judge: 'refuse' }] },
    });
    const junit = join(dir, 'audit.xml');
    const failed = await audit([careless, '--revision', '2026-07-28', '--reporter', 'junit', '--out', junit]);
    expect(failed.code, failed.out + failed.err).toBe(1);
    expect(failed.out).toMatch(/FAIL used {4}not-an-option {8}1\. tools\/call audit_careless › form 1 › plan: the result carries the value sent/);
    expect(failed.out).toMatch(/FAIL used {4}too-young {12}1\. tools\/call audit_careless › form 1 › age: the result carries the value sent/);
    expect(failed.out).toContain('sent {"action":"accept","content":{"name":"audit"');
    expect(failed.out).toMatch(/FAILED on 2026-07-28: 4 cases \(2 handled, 2 used\)/);
    const xml = readFileSync(junit, 'utf8');
    expect(xml).toContain('<testsuite name="audit careless.json (2026-07-28)" tests="4" failures="2"');
    expect(xml).toContain('<failure message="used"');

    const careful = toolsFile('careful.json', { steps: [{ call: 'audit_careful' }] });
    const demo = demoStdio();
    const passed = await audit([careful, '--revision', 'all', ...skipAllBut('wrong-type'), '--', demo.command, ...demo.args]);
    expect(passed.code, passed.out).toBe(0);
    expect(passed.out).toContain('Verdicts side by side:');
    expect(passed.out).toMatch(/wrong-type 1\. tools\/call audit_careful › form 1 › age +\| refused +\| refused/);
    expect(passed.out).toMatch(/PASSED on 2025-11-25: 6 cases \(6 refused\)/);
  }, 90_000);

  it('with --revision all, a revision the server does not speak is NOT SPOKEN, as run says it, and decides nothing', async () => {
    const file = toolsFile('classic.json', { steps: [{ call: 'book_stay' }] });
    const classic = targetStdio('careless-classic');
    const junit = join(dir, 'classic.xml');
    const result = await audit([
      file,
      '--revision',
      'all',
      ...skipAllBut('decline'),
      '--reporter',
      'junit',
      '--out',
      junit,
      '--',
      classic.command,
      ...classic.args,
    ]);
    expect(result.code, result.out + result.err).toBe(0);
    expect(result.out).toMatch(/^NOT SPOKEN: the server does not speak 2026-07-28 \(Could not connect: .+\)$/m);
    expect(result.out).toMatch(/^PASSED on 2025-11-25: 1 case \(1 handled\)/m);
    expect(result.out).not.toMatch(/^ERROR/m);
    expect(readFileSync(junit, 'utf8')).toMatch(/<testsuite name="audit classic\.json \(2026-07-28\)" tests="1" failures="0" errors="0" skipped="1"/);
  }, 90_000);
});
