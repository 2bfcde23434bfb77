/**
 * The audit against the demo's careful and careless tools on both eras (their
 * verdict tables, case by case), and a fragile server that exits, hangs and leaks
 * a stack. Every audit ends, names its evidence, and leaves no server behind.
 * Other servers are audited in audit-peers.test.ts.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { childProcesses, ended, targetStdio, untilNoChildren } from '../../e2e/support/processes';
import { SessionRegistry } from '../registry/session-registry';
import { AUDIT_CASES } from '../wire/audit';
import { ScenarioSchema, type ScenarioInput } from '../wire/scenario';
import { caseTarget } from './audit-report';
import { BOTH_ERAS } from './audit-cli';
import { runAudit, type AuditRun } from './audit-runner';

const dataDir = mkdtempSync(join(tmpdir(), 'audit-runner-'));
const registry = new SessionRegistry({ dataDir });
afterAll(async () => {
  await registry.closeAll('user');
  rmSync(dataDir, { recursive: true, force: true });
});

/** A case's deadline: long enough for a loaded machine, unless the test is about a hang. */
const audit = (input: ScenarioInput, protocols: AuditRun['protocol'][], only?: string[], concurrency?: number, caseTimeoutMs = 10_000) =>
  runAudit(ScenarioSchema.parse(input), {
    registry,
    protocols: protocols as never,
    caseTimeoutMs,
    ...(concurrency && { concurrency }),
    ...(only && { skip: new Set(AUDIT_CASES.map((c) => c.id).filter((id) => !only.includes(id))) }),
  });

/** "case tool › form n › field" → verdict, for one tool of one run. */
function table(run: AuditRun, tool: string): Record<string, string> {
  const rows = run.cases.filter((report) => report.step.endsWith(` ${tool}`));
  return Object.fromEntries(
    rows.map((report) => [`${report.caseId} ${caseTarget(report).replace(/^\d+\. tools\/call \w+( › )?/, '')}`.trim(), report.verdict]),
  );
}

const each = (verdict: string, keys: string[]) => Object.fromEntries(keys.map((key) => [key, verdict]));
const SIGNUP_FIELDS = ['name', 'email', 'age', 'plan', 'newsletter'];
/** The cases both tools meet on each era: the sign-up form, then the confirmation. */
const FORM_CASES = {
  required: ['absent form 1 › name', 'absent form 1 › email', 'absent form 1 › plan'],
  optional: ['absent form 1 › age', 'absent form 1 › newsletter'],
  nulls: [...SIGNUP_FIELDS.map((f) => `null form 1 › ${f}`), 'null form 2 › confirm'],
  invalid: [
    ...SIGNUP_FIELDS.map((f) => `wrong-type form 1 › ${f}`),
    'out-of-range form 1 › name',
    'out-of-range form 1 › age',
    'bad-format form 1 › email',
    'not-an-option form 1 › plan',
    'number-as-string form 1 › age',
    'very-long form 1 › name',
    'accept-no-content form 1',
    'accept-empty form 1',
    'absent form 2 › confirm',
    'wrong-type form 2 › confirm',
    'accept-no-content form 2',
    'accept-empty form 2',
  ],
  odd: ['control-characters form 1 › name', 'decline form 1', 'cancel form 1', 'decline form 2', 'cancel form 2'],
};
const RETRY_CASES = [
  'state-one-byte',
  'state-truncated',
  'state-empty',
  'state-other-call',
  'response-extra-key',
  'response-missing-key',
  'response-renamed-key',
  'response-replayed',
];

describe('the audit', () => {
  it('passes the careful demo tool on every case and fails the careless one where it uses what it got, on both eras; 200 cases end, leaving no process', async () => {
    expect(childProcesses()).toEqual([]);
    // Its forms wait as long as it takes: a late answer would only wait out half the deadline, form after form.
    const everyCase = AUDIT_CASES.map((c) => c.id).filter((id) => id !== 'answer-after-cancel');
    const runs = await audit({ steps: [{ call: 'audit_careful' }, { call: 'audit_careless' }, { call: 'collect_profile' }] }, [...BOTH_ERAS], everyCase);
    expect(runs.map((run) => [run.negotiatedVersion, run.status])).toEqual([
      ['2026-07-28', 'failed'],
      ['2025-11-25', 'failed'],
    ]);
    const [modern, legacy] = runs;
    const careful = {
      ...each('refused', [...FORM_CASES.required, ...FORM_CASES.nulls, ...FORM_CASES.invalid, 'extra-property form 1']),
      ...each('handled', [...FORM_CASES.optional, ...FORM_CASES.odd, 'extra-property form 2']),
    };
    expect(table(modern, 'audit_careful')).toEqual({ ...careful, ...each('refused', RETRY_CASES) });
    expect(table(legacy, 'audit_careful')).toEqual(careful);
    const careless = {
      ...each('used', [...FORM_CASES.required, ...FORM_CASES.nulls, ...FORM_CASES.invalid, 'extra-property form 1', 'extra-property form 2']),
      ...each('handled', [...FORM_CASES.optional, ...FORM_CASES.odd]),
    };
    // On 2026-07-28 it trusts any requestState; a key left out or renamed it asks for again, and the extra one it never reads.
    expect(table(modern, 'audit_careless')).toEqual({
      ...careless,
      ...each('used', ['state-one-byte', 'state-truncated', 'state-empty', 'response-replayed']),
      ...each('refused', ['response-missing-key', 'response-renamed-key']),
      'response-extra-key': 'handled',
      // Its state is the answers alone: the probe's, given the same answers, is this call's own, and nothing is altered.
      'state-other-call': 'handled',
    });
    // On 2025 the SDK's shim refuses a null in content before the tool sees it.
    expect(table(legacy, 'audit_careless')).toEqual({ ...careless, ...each('refused', FORM_CASES.nulls) });

    const used = modern.cases.find((report) => report.caseId === 'not-an-option' && report.step.endsWith('audit_careless'));
    expect(used?.sent).toContain('"plan":"audit-not-an-option"');
    expect(used?.came).toContain('audit-not-an-option');
    expect(used?.sessionFile).toBeDefined();
    const callIds = new Set(modern.cases.map((report) => report.callId));
    expect(callIds.size).toBe(modern.cases.length);
    expect(modern.cases.length + legacy.cases.length).toBeGreaterThan(200);
    // The process table: every server the audit started (one per revision, more after a crash) has ended.
    expect(await untilNoChildren()).toEqual([]);
  }, 120_000);

  it('a server that exits, hangs or leaks a stack broke, with the evidence; the cases after a crash still run, and no server is left', async () => {
    const [run] = await audit(
      { server: { transport: 'stdio', ...targetStdio('audit-fragile') }, steps: [{ call: 'fragile_signup' }] },
      ['2026-07-28'],
      ['absent', 'wrong-type', 'cancel', 'decline'],
      1,
      1500,
    );
    const verdict = (key: string) => {
      const report = run.cases.find((c) => `${c.caseId} ${c.field ?? ''}`.trim() === key);
      return report && { verdict: report.verdict, reason: report.reason };
    };
    expect(verdict('absent name')).toEqual({ verdict: 'broke', reason: expect.stringMatching(/exited with code 3/) as string });
    expect(verdict('wrong-type count')).toEqual({ verdict: 'broke', reason: 'what came back carries a stack trace' });
    expect(verdict('cancel')).toEqual({ verdict: 'broke', reason: 'no end within 1500 ms (a hang)' });
    expect(verdict('decline')).toEqual({ verdict: 'handled', reason: 'the call ended normally' });
    expect(verdict('absent count')?.verdict).toBe('handled');
    expect(verdict('wrong-type name')?.verdict).toBe('used');
    const files = [...new Set(run.cases.flatMap((report) => report.sessionFile ?? []))];
    expect(files.length).toBeGreaterThan(1);
    // Every session of the run, those only set-aside cases used included: each announced its server's pid.
    const pids = new Set(
      readdirSync(dataDir).flatMap((name) => [...readFileSync(join(dataDir, name), 'utf8').matchAll(/audit-fragile: pid (\d+)/g)].map((m) => Number(m[1]))),
    );
    expect(pids.size).toBeGreaterThanOrEqual(files.length);
    for (const pid of pids) expect(await ended(pid)).toBe(true);
  }, 60_000);
});
