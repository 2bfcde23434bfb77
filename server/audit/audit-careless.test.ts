/**
 * The audit against careless servers, on the classic SDK (2025 only) and on the 2.4 server SDK (both
 * eras): code that trusts the answer's shape crashes, and the SDK passes the runtime error's message
 * on as a tool error, which the audit must call a crash, not a refusal; what the SDK itself refuses
 * before the server's code runs, said in one line; the scenario file's own answer laid under every
 * case; and every answer a case sent, read back from the JSON report.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { targetStdio } from '../../e2e/support/processes';
import { SessionRegistry } from '../registry/session-registry';
import { AUDIT_CASES } from '../wire/audit';
import { ScenarioSchema, type ScenarioInput } from '../wire/scenario';
import { auditCli } from './audit-cli';
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

  it("lays each case over the scenario file's own answer, as the probe was", async () => {
    const file = deleteProject();
    const modern = await auditJson(file, '2026-07-28', 'careless-modern', ['extra-property']);
    const legacy = await auditJson(file, '2025-11-25', 'careless-classic', ['extra-property']);
    for (const run of [modern, legacy]) {
      expect(byCase(run, 'extra-property')).toMatchObject({
        verdict: 'used',
        reason: 'the result carries the value sent',
        sent: '{"action":"accept","content":{"confirm":"acme","auditExtra":"audit-extra-property"}}',
      });
      expect(byCase(run, 'extra-property').sentAfter).toBeUndefined();
    }
  }, 90_000);

  it('reports every answer a case sent: the cancel that answered the question asked again, after the answer or the altered retry', async () => {
    const file = deleteProject();
    const modern = await auditJson(file, '2026-07-28', 'careless-modern', ['very-long', 'response-missing-key']);
    const legacy = await auditJson(file, '2025-11-25', 'careless-classic', ['very-long']);
    // A name past what it asks for is not the name: it asks again.
    for (const run of [modern, legacy])
      expect(byCase(run, 'very-long', 'confirm')).toMatchObject({
        verdict: 'refused',
        reason: 'the server asked again',
        sent: expect.stringMatching(/^\{"action":"accept","content":\{"confirm":"LLLL/) as string,
        sentAfter: ['asked again: {"action":"cancel"}'],
      });
    expect(byCase(modern, 'response-missing-key')).toMatchObject({
      verdict: 'refused',
      reason: 'the server asked again',
      sent: '{"round":2,"inputResponses":{}}',
      sentAfter: ['asked again: {"action":"cancel"}'],
    });
  }, 90_000);

  it("says in one line that the SDK's own check refused an answer before the server's code ran", async () => {
    const file = join(dataDir, 'stay.json');
    writeFileSync(file, JSON.stringify({ steps: [{ call: 'book_stay' }] }));
    for (const target of ['careless-classic', 'careless-modern']) {
      const run = await auditJson(file, '2025-11-25', target, ['null']);
      const refused = byCase(run, 'null', 'name');
      expect(refused, target).toMatchObject({ verdict: 'refused', reason: "refused by the SDK's own check, before your code" });
      expect(refused.came, target).toMatch(/^a result with isError from the SDK's own check, before your code: "[^"\n]*Invalid elicitation result"$/);
    }
    const classic = await auditJson(file, '2025-11-25', 'careless-classic', ['wrong-type']);
    expect(byCase(classic, 'wrong-type', 'nights')).toMatchObject({
      verdict: 'refused',
      reason: "refused by the SDK's own check, before your code",
      came: `a result with isError from the SDK's own check, before your code: "MCP error -32602: Elicitation response content does not match requested schema: data/nights must be integer"`,
    });
  }, 90_000);
});

/** A scenario file for delete_project with the answer only it knows: the name the server wants typed. */
function deleteProject(): string {
  const file = join(dataDir, 'delete.json');
  writeFileSync(file, JSON.stringify({ steps: [{ call: 'delete_project', elicitations: [{ answer: { action: 'accept', content: { confirm: 'acme' } } }] }] }));
  return file;
}

type JsonCase = { caseId: string; field?: string; verdict: string; reason: string; sent: string; sentAfter?: string[]; came: string };

/** `audit --reporter json` on one revision, all cases but `only` skipped: the one run it reports. */
async function auditJson(file: string, revision: string, target: string, only: string[]): Promise<{ cases: JsonCase[] }> {
  const server = targetStdio(target);
  let out = '';
  const skip = [...allBut(...only)].join(',');
  const args = [file, '--revision', revision, '--reporter', 'json', '--skip', skip, '--data-dir', dataDir, '--', server.command, ...server.args];
  const code = await auditCli(args, { out: (text) => void (out += text), err: (text) => void (out += text) });
  expect(code, out).toBeLessThan(2);
  const [run] = (JSON.parse(out) as { runs: { cases: JsonCase[] }[] }).runs;
  return run;
}

function byCase(run: { cases: JsonCase[] }, caseId: string, field?: string): JsonCase {
  const found = run.cases.find((c) => c.caseId === caseId && c.field === field);
  if (!found) throw new Error(`no ${caseId} ${field ?? ''} among ${run.cases.map((c) => c.caseId).join(', ')}`);
  return found;
}
