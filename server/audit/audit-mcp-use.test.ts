/**
 * The audit against a server written with mcp-use (2.5, on Node 22 beside this project's Node 20, over
 * Streamable HTTP, its only transport), its verdict table checked case by case. What it says to a user:
 * mcp-use validates nothing an elicitation brings back by itself; a tool that reads its answer through
 * the schema-aware `acceptedContent(…, schema)` refuses every invalid field (it asks again), and one that
 * reads it with the two-argument form uses whatever comes; the SDK's requestState codec refuses a state
 * altered by a byte, truncated or emptied, yet takes a signed state from another call; and on a
 * 2025-11-25 connection it cannot elicit at all, so there is nothing to audit there.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMcpUseServer } from '../../e2e/support/node22';
import { SessionRegistry } from '../registry/session-registry';
import { ScenarioSchema } from '../wire/scenario';
import { auditCli } from './audit-cli';
import { caseTarget } from './audit-report';
import { runAudit, type AuditRun } from './audit-runner';

/** None of these servers hangs on purpose: a deadline far past a slow case on a loaded machine, so a verdict of broke means broke. */
const PEER_CASE_TIMEOUT_MS = 10_000;

const dataDir = mkdtempSync(join(tmpdir(), 'audit-mcp-use-'));
const registry = new SessionRegistry({ dataDir });
let server: Awaited<ReturnType<typeof startMcpUseServer>>;
// Vitest's global setup installed the Node 22 and mcp-use it runs on (e2e/support/node22-setup.ts); a failed install is tried again here.
beforeAll(async () => {
  server = await startMcpUseServer();
}, 120_000);
afterAll(async () => {
  await registry.closeAll('user');
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const TOOLS = ['book_table', 'book_table_unchecked', 'connect_calendar', 'order_cake'];

async function audit(protocol: '2025-11-25' | '2026-07-28'): Promise<AuditRun> {
  const scenario = ScenarioSchema.parse({ server: { transport: 'http', url: server.url }, steps: TOOLS.map((call) => ({ call })) });
  const [run] = await runAudit(scenario, { registry, protocols: [protocol], caseTimeoutMs: PEER_CASE_TIMEOUT_MS });
  return run;
}

/** One tool's table: "case form n › field" (or "case URL request n", or the case alone) → verdict. */
function table(run: AuditRun, tool: string): Record<string, string> {
  const step = new RegExp(`^\\d+\\. tools/call ${tool}( › )?`);
  return Object.fromEntries(
    run.cases
      .filter((report) => report.step.endsWith(` ${tool}`))
      .map((report) => [`${report.caseId} ${caseTarget(report).replace(step, '')}`.trim(), report.verdict]),
  );
}
const each = (verdict: string, keys: string[]) => Object.fromEntries(keys.map((key) => [key, verdict]));
const on = (prefix: string, fields: string[]) => fields.map((field) => `${prefix} form 1 › ${field}`);
const FIELDS = ['name', 'guests', 'seating', 'notes'];
const REQUIRED = ['name', 'guests', 'seating'];
// The cases every tool gets the same verdict on: rename or drop an inputResponses key and it asks again.
const KEYS = { 'response-extra-key': 'handled', 'response-missing-key': 'refused', 'response-renamed-key': 'refused' };

describe('the audit of an mcp-use server', () => {
  let run: AuditRun;
  beforeAll(async () => {
    run = await audit('2026-07-28');
  }, 90_000);

  it('a form read through acceptedContent with its schema refuses every invalid field; zod drops an extra property', () => {
    expect(table(run, 'book_table')).toEqual({
      ...each('refused', [
        ...on('absent', REQUIRED),
        ...on('null', FIELDS),
        ...on('wrong-type', FIELDS),
        ...on('out-of-range', ['name', 'guests', 'notes']),
        'not-an-option form 1 › seating',
        'number-as-string form 1 › guests',
        ...on('very-long', ['name', 'notes']),
        'accept-no-content form 1',
        'accept-empty form 1',
      ]),
      ...each('handled', [
        'absent form 1 › notes',
        // Control characters and lone surrogates fit a plain string: the schema has no word against them.
        ...on('control-characters', ['name', 'notes']),
        'extra-property form 1',
        'decline form 1',
        'cancel form 1',
      ]),
      ...KEYS,
    });
    const refused = run.cases.find((report) => report.step.endsWith(' book_table') && report.caseId === 'not-an-option');
    expect(refused?.reason).toBe('the server asked again');
  });

  it('the same form read with the two-argument acceptedContent uses every invalid answer it gets', () => {
    expect(table(run, 'book_table_unchecked')).toEqual({
      ...each('used', [
        ...on('absent', REQUIRED),
        ...on('null', FIELDS),
        ...on('wrong-type', FIELDS),
        ...on('out-of-range', ['name', 'guests', 'notes']),
        'not-an-option form 1 › seating',
        'number-as-string form 1 › guests',
        ...on('very-long', ['name', 'notes']),
        'extra-property form 1',
        'accept-no-content form 1',
        'accept-empty form 1',
      ]),
      ...each('handled', ['absent form 1 › notes', ...on('control-characters', ['name', 'notes']), 'decline form 1', 'cancel form 1']),
      ...KEYS,
    });
    const used = run.cases.find((report) => report.step.endsWith(' book_table_unchecked') && report.caseId === 'not-an-option');
    expect(used).toMatchObject({ reason: 'the result carries the value sent' });
    expect(used?.came).toContain('audit-not-an-option');
  });

  it("a URL flow is taken as done on the person's consent alone", () => {
    expect(table(run, 'connect_calendar')).toEqual({
      'url-decline URL request 1': 'handled',
      'url-cancel URL request 1': 'handled',
      'url-consent-never-complete URL request 1': 'used',
      ...KEYS,
    });
    expect(run.cases.find((report) => report.caseId === 'url-consent-never-complete')?.came).toContain('Calendar connected');
  });

  it("the SDK's signed requestState refuses a state altered, truncated or emptied, yet takes another call's", () => {
    expect(table(run, 'order_cake')).toEqual({
      ...each('refused', [
        ...['absent', 'null', 'wrong-type', 'not-an-option'].map((id) => `${id} form 1 › flavour`),
        ...['absent', 'null', 'wrong-type'].map((id) => `${id} form 2 › confirm`),
        ...['accept-no-content', 'accept-empty'].flatMap((id) => [`${id} form 1`, `${id} form 2`]),
        'state-one-byte',
        'state-truncated',
        'state-empty',
        'response-replayed',
      ]),
      ...each(
        'handled',
        ['extra-property', 'decline', 'cancel'].flatMap((id) => [`${id} form 1`, `${id} form 2`]),
      ),
      // Signed by the same key, not bound to its call: the codec proves who minted it, not for which call.
      'state-other-call': 'used',
      ...KEYS,
    });
    const altered = run.cases.find((report) => report.caseId === 'state-one-byte');
    expect(altered).toMatchObject({ reason: 'a JSON-RPC error (-32602)' });
    expect(altered?.came).toContain('Invalid or expired requestState');
  });

  it('from the command line with --url: the careful tool passes, the unchecked one fails the run with its evidence', async () => {
    const run = async (tool: string) => {
      const file = join(dataDir, `${tool}.json`);
      writeFileSync(file, JSON.stringify({ steps: [{ call: tool }] }));
      let out = '';
      const code = await auditCli([file, '--url', server.url, '--revision', '2026-07-28', '--data-dir', dataDir], {
        out: (text) => void (out += text),
        err: () => {},
      });
      return { code, out };
    };
    const careful = await run('book_table');
    expect([careful.code, careful.out]).toEqual([0, expect.stringMatching(/^PASSED on 2026-07-28: \d+ cases/m)]);
    const unchecked = await run('book_table_unchecked');
    expect(unchecked.code).toBe(1);
    expect(unchecked.out).toMatch(/FAIL used +not-an-option +1\. tools\/call book_table_unchecked › form 1 › seating: the result carries the value sent/);
    expect(unchecked.out).toContain('"seating":"audit-not-an-option"');
  }, 60_000);

  it('on 2025-11-25 it cannot elicit at all: every tool answers with an error, and there is nothing to audit', async () => {
    const legacy = await audit('2025-11-25');
    expect(legacy.cases).toEqual([]);
    expect(legacy.steps.map((step) => [step.step, step.note])).toEqual(
      TOOLS.map((tool, i) => [`${i + 1}. tools/call ${tool}`, 'not audited: the call asked nothing']),
    );
  }, 60_000);
});
