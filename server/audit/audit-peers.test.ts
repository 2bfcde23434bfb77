/**
 * The audit against servers written by others, their verdict tables checked case
 * by case: server-everything (which validates nothing it receives, and calls a
 * URL flow done on consent), the classic SDK (whose own check refuses what breaks
 * the schema), and the demo's URL flows on 2026-07-28. One server process each.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { everythingStdio, targetStdio } from '../../e2e/support/processes';
import { SessionRegistry } from '../registry/session-registry';
import { AUDIT_CASES } from '../wire/audit';
import { ScenarioSchema, type ScenarioInput } from '../wire/scenario';
import { caseTarget } from './audit-report';
import { runAudit, type AuditRun } from './audit-runner';

/** None of these servers hangs on purpose: a deadline far past a slow case on a loaded machine, so a verdict of broke means broke. */
const PEER_CASE_TIMEOUT_MS = 10_000;

const dataDir = mkdtempSync(join(tmpdir(), 'audit-peers-'));
const registry = new SessionRegistry({ dataDir });
afterAll(async () => {
  await registry.closeAll('user');
  rmSync(dataDir, { recursive: true, force: true });
});

async function audit(input: ScenarioInput, protocol: '2025-11-25' | '2026-07-28', skip: string[] = []): Promise<AuditRun> {
  const [run] = await runAudit(ScenarioSchema.parse(input), { registry, protocols: [protocol], caseTimeoutMs: PEER_CASE_TIMEOUT_MS, skip: new Set(skip) });
  return run;
}

/** "case form n › field" (or "case URL request n") → verdict, the step's number and method left out. */
const table = (run: AuditRun) =>
  Object.fromEntries(run.cases.map((report) => [`${report.caseId} ${caseTarget(report).replace(/^\d+\. tools\/call [\w-]+ › /, '')}`, report.verdict]));
const each = (verdict: string, keys: string[]) => Object.fromEntries(keys.map((key) => [key, verdict]));
const on = (prefix: string, fields: string[]) => fields.map((field) => `${prefix} form 1 › ${field}`);

const EVERYTHING_FIELDS = [
  'name',
  'check',
  'firstLine',
  'email',
  'homepage',
  'birthdate',
  'integer',
  'number',
  'untitledSingleSelectEnum',
  'untitledMultipleSelectEnum',
  'titledSingleSelectEnum',
  'titledMultipleSelectEnum',
  'legacyTitledEnum',
];
const ENUMS = EVERYTHING_FIELDS.filter((field) => field.endsWith('Enum'));

describe('the audit of other servers', () => {
  it("server-everything's form tool fails every wrong type and every value outside its options; its URL tool calls consent done", async () => {
    const run = await audit(
      {
        server: { transport: 'stdio', ...everythingStdio() },
        steps: [{ call: 'trigger-elicitation-request' }, { call: 'trigger-url-elicitation', arguments: { url: 'https://example.com/' } }],
      },
      '2025-11-25',
      // Its form waits ten minutes: the late answer would only wait out the deadline.
      ['answer-after-cancel'],
    );
    expect(table(run)).toEqual({
      ...each('used', [
        'absent form 1 › name',
        ...on('wrong-type', EVERYTHING_FIELDS),
        ...on('out-of-range', ['integer', 'number', 'untitledMultipleSelectEnum']),
        ...on('bad-format', ['email', 'homepage', 'birthdate']),
        ...on('not-an-option', ENUMS),
        ...on('number-as-string', ['integer', 'number']),
        'extra-property form 1',
        'accept-no-content form 1',
        'accept-empty form 1',
        'url-consent-never-complete URL request 1',
      ]),
      // Its SDK's result schema takes no null.
      ...each('refused', on('null', EVERYTHING_FIELDS)),
      ...each('handled', [
        ...on('absent', EVERYTHING_FIELDS.slice(1)),
        ...on('very-long', ['name', 'firstLine']),
        ...on('control-characters', ['name', 'firstLine']),
        'decline form 1',
        'cancel form 1',
        'url-decline URL request 1',
        'url-cancel URL request 1',
      ]),
      // A list past maxItems does not show in its result as it was sent: the audit cannot tell.
      'out-of-range form 1 › titledMultipleSelectEnum': 'unclear',
    });
    const consent = run.cases.find((report) => report.caseId === 'url-consent-never-complete');
    expect(consent).toMatchObject({ sent: '{"action":"accept"}', reason: 'the call succeeded on consent alone, though the URL was never visited' });
    expect(consent?.came).toContain('User completed the URL elicitation flow');
  }, 60_000);

  it("the classic SDK's own check refuses every invalid field, yet lets an accept with no content and an extra property through", async () => {
    const run = await audit({ server: { transport: 'stdio', ...targetStdio('v1-classic') }, steps: [{ call: 'ask_form' }, { call: 'ask_url' }] }, '2025-11-25');
    expect(table(run)).toEqual({
      ...each('refused', [
        'absent form 1 › email',
        ...on('null', ['email', 'count']),
        ...on('wrong-type', ['email', 'count']),
        'out-of-range form 1 › count',
        'bad-format form 1 › email',
        'number-as-string form 1 › count',
        'accept-empty form 1',
      ]),
      ...each('handled', [
        'absent form 1 › count',
        'decline form 1',
        'cancel form 1',
        'answer-after-cancel form 1',
        'url-decline URL request 1',
        'url-cancel URL request 1',
      ]),
      ...each('used', ['extra-property form 1', 'accept-no-content form 1', 'url-consent-never-complete URL request 1']),
    });
    // It waits for its form as long as it takes: there is nothing to answer late.
    expect(run.cases.find((report) => report.caseId === 'answer-after-cancel')?.reason).toMatch(/never gave up/);
  }, 60_000);

  it("on 2026-07-28 the demo's consent flow asks again until the flow is done; the flow that never completes goes on without it", async () => {
    const retries = AUDIT_CASES.filter((auditCase) => auditCase.scope === 'retry').map((auditCase) => auditCase.id);
    const run = await audit({ steps: [{ call: 'connect_account' }, { call: 'never_completes' }] }, '2026-07-28', retries);
    expect(run.cases.map((report) => [report.step.replace(/^\d+\. tools\/call /, ''), report.caseId, report.verdict, report.reason])).toEqual([
      ['connect_account', 'url-decline', 'handled', 'the call ended normally'],
      ['connect_account', 'url-cancel', 'handled', 'the call ended normally'],
      ['connect_account', 'url-consent-never-complete', 'refused', 'the server asked again: the flow is not done'],
      ['never_completes', 'url-decline', 'handled', 'the call ended normally'],
      ['never_completes', 'url-cancel', 'handled', 'the call ended normally'],
      ['never_completes', 'url-consent-never-complete', 'used', 'the call succeeded on consent alone, though the URL was never visited'],
    ]);
  }, 60_000);
});
