/**
 * The audit's cases about rounds and time, against e2e/targets/audit-rounds.ts:
 * on 2026-07-28 a requestState from another call or another round, on 2025 an
 * answer sent after the server gave up on its question.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { childProcesses, targetStdio, untilNoChildren } from '../../e2e/support/processes';
import { SessionRegistry } from '../registry/session-registry';
import { AUDIT_CASES } from '../wire/audit';
import { ScenarioSchema } from '../wire/scenario';
import { runAudit } from './audit-runner';

const dataDir = mkdtempSync(join(tmpdir(), 'audit-rounds-'));
const registry = new SessionRegistry({ dataDir });
afterAll(async () => {
  await registry.closeAll('user');
  rmSync(dataDir, { recursive: true, force: true });
});

const allBut = (...ids: string[]) => new Set(AUDIT_CASES.map((c) => c.id).filter((id) => !ids.includes(id)));

async function audit(tools: string[], protocol: '2026-07-28' | '2025-11-25', only: string[]) {
  const scenario = ScenarioSchema.parse({ server: { transport: 'stdio', ...targetStdio('audit-rounds') }, steps: tools.map((call) => ({ call })) });
  const [run] = await runAudit(scenario, { registry, protocols: [protocol], caseTimeoutMs: 1500, skip: allBut(...only) });
  return run;
}

const rows = (run: Awaited<ReturnType<typeof audit>>) =>
  run.cases.map((report) => [report.step.replace(/^\d+\. tools\/call /, ''), report.caseId, report.verdict, report.reason]);

describe('the audit across rounds and time', () => {
  it("refuses another call's and another round's requestState on the careful tool; the careless one goes on with them", async () => {
    const run = await audit(['rounds_careful', 'rounds_careless'], '2026-07-28', ['state-other-call', 'state-other-round']);
    expect(rows(run)).toEqual([
      ['rounds_careful', 'state-other-call', 'refused', 'a tool error'],
      ['rounds_careful', 'state-other-round', 'refused', 'a tool error'],
      ['rounds_careless', 'state-other-call', 'used', 'the call succeeded on the altered retry'],
      ['rounds_careless', 'state-other-round', 'used', 'the call succeeded on the altered retry'],
    ]);
    const otherCall = run.cases.find((report) => report.step.endsWith('rounds_careless') && report.caseId === 'state-other-call');
    expect(otherCall?.sent).toMatch(/"requestState":"\{\\"call\\":1,/);
    expect(otherCall?.came).toContain('"call\\":1');
  }, 30_000);

  it('an answer sent after the server withdrew its question is ignored, or takes down a server that cannot bear it; no server is left', async () => {
    expect(childProcesses()).toEqual([]);
    const run = await audit(['impatient_signup', 'impatient_strict'], '2025-11-25', ['answer-after-cancel']);
    expect(rows(run)).toEqual([
      ['impatient_signup', 'answer-after-cancel', 'handled', 'it ignored the answer sent after the server withdrew its question'],
      ['impatient_strict', 'answer-after-cancel', 'broke', expect.stringMatching(/server went away|did not answer tools\/list/) as string],
    ]);
    expect(run.cases[0].sent).toBe('{"action":"accept","content":{"name":"audit-late-answer"}}');
    expect(await untilNoChildren()).toEqual([]);
  }, 30_000);
});
