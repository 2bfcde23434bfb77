/**
 * The audit against careless servers, on the classic SDK (2025 only) and on the 2.4 server SDK (both
 * eras): code that trusts the answer's shape crashes, and the SDK passes the runtime error's message
 * on as a tool error, which the audit must call a crash, not a refusal.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { targetStdio } from '../../e2e/support/processes';
import { SessionRegistry } from '../session/session-registry';
import { AUDIT_CASES } from '../wire/audit';
import { ScenarioSchema, type ScenarioInput } from '../wire/scenario';
import { runAudit, type AuditRun } from './audit-runner';

/** None of these servers hangs: a deadline far past a slow case on a loaded machine, so a verdict of broke means broke. */
const CASE_TIMEOUT_MS = 10_000;

const dataDir = mkdtempSync(join(tmpdir(), 'audit-careless-'));
const registry = new SessionRegistry({ dataDir });
afterAll(async () => {
  await registry.closeAll('user');
  rmSync(dataDir, { recursive: true, force: true });
});

/** Every case but these, so each run stays short. */
const allBut = (...ids: string[]) => new Set(AUDIT_CASES.map((c) => c.id).filter((id) => !ids.includes(id)));

async function audit(input: ScenarioInput, protocol: '2025-11-25' | '2026-07-28', only: string[]): Promise<AuditRun> {
  const [run] = await runAudit(ScenarioSchema.parse(input), { registry, protocols: [protocol], caseTimeoutMs: CASE_TIMEOUT_MS, skip: allBut(...only) });
  return run;
}

/** "case field" (or the case alone) → verdict and reason. */
const verdicts = (run: AuditRun) => Object.fromEntries(run.cases.map((c) => [`${c.caseId} ${c.field ?? ''}`.trim(), `${c.verdict}: ${c.reason}`]));

const crash = (message: string) => `broke: what came back is a runtime error ("${message}"), not a refusal`;

describe('the audit of careless servers', () => {
  it('calls the runtime errors the classic SDK passes on as tool errors crashes', async () => {
    const run = await audit({ server: { transport: 'stdio', ...targetStdio('careless-classic') }, steps: [{ call: 'book_stay' }] }, '2025-11-25', [
      'absent',
      'accept-no-content',
    ]);
    expect(verdicts(run)).toEqual({
      'absent nights': expect.stringMatching(/^refused: /) as string,
      'absent name': crash('Cannot read properties of undefined'),
      'absent wishes': crash('is not iterable'),
      'accept-no-content': crash("Cannot destructure property 'nights' of 'r.content' as it is undefined"),
    });
    expect(run.cases.find((c) => c.caseId === 'accept-no-content')?.came).toBe(
      `a result with isError: "Cannot destructure property 'nights' of 'r.content' as it is undefined."`,
    );
  }, 60_000);

  it('calls the runtime errors the 2.4 SDK passes on as tool errors crashes', async () => {
    const run = await audit({ server: { transport: 'stdio', ...targetStdio('careless-modern') }, steps: [{ call: 'book_stay' }] }, '2026-07-28', [
      'null',
      'wrong-type',
      'accept-no-content',
      'accept-empty',
    ]);
    expect(verdicts(run)).toMatchObject({
      'null name': crash('Cannot read properties of null'),
      'null wishes': crash('is not iterable'),
      'wrong-type name': crash('is not a function'),
      'accept-no-content': crash("Cannot destructure property 'nights' of 'answer.content' as it is undefined"),
      'accept-empty': crash('Cannot read properties of undefined'),
    });
  }, 60_000);
});
