/**
 * The headless runner against real servers: the demo server (the example
 * scenarios, a failing expectation) and a hostile one (a call that never ends, a
 * flood of elicitations, a server that exits mid-step). A run always ends, says
 * why, and leaves no server process behind.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ended, ROOT, targetStdio } from '../../e2e/support/processes';
import { SessionRegistry } from '../registry/session-registry';
import { ScenarioSchema, type RunReport, type ScenarioInput } from '../wire/scenario';
import { runScenario } from './scenario-runner';

const dataDir = mkdtempSync(join(tmpdir(), 'scenario-runner-'));
const registry = new SessionRegistry({ dataDir });
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const run = (input: ScenarioInput) => runScenario(ScenarioSchema.parse(input), { registry });
const hostile = { transport: 'stdio' as const, ...targetStdio('scenario-hostile') };

function fileEvents(report: RunReport): Record<string, unknown>[] {
  return readFileSync(report.sessionFile!, 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** The hostile server announces its pid on stderr; it must have ended with the run. */
async function expectServerEnded(report: RunReport): Promise<void> {
  const line = fileEvents(report).find((e) => e.kind === 'stderr' && String(e.text).includes('scenario-hostile: pid'));
  const pid = Number(/pid (\d+)/.exec(String(line?.text))?.[1]);
  expect(pid).toBeGreaterThan(0);
  expect(await ended(pid)).toBe(true);
}

describe('scenario runner', () => {
  const examples = readdirSync(join(ROOT, 'examples/scenarios')).filter((name) => name.endsWith('.json'));
  it.each(examples)('example %s passes against the demo server, kept as a session file whose answers name the step', async (file) => {
    const scenario = ScenarioSchema.parse(JSON.parse(readFileSync(join(ROOT, 'examples/scenarios', file), 'utf8')));
    for (const report of await runScenario(scenario, { registry, label: file })) {
      expect({ status: report.status, failures: report.steps.flatMap((step) => step.failures) }).toEqual({ status: 'passed', failures: [] });
      const answers = fileEvents(report).filter((e) => e.kind === 'action' && e.actor === 'rule');
      expect(answers.length).toBeGreaterThan(0);
      expect(answers[0].rule).toMatchObject({ source: 'scenario', index: 1 });
    }
  });

  it('a failed expectation says what was expected and what came, and the other steps still run', async () => {
    const [report] = await run({
      protocol: '2026-07-28',
      steps: [
        {
          name: 'order tea',
          call: 'confirm_order',
          elicitations: [{ expect: { mode: 'url' }, answer: { action: 'accept' } }],
          expect: { text: { contains: 'confirmed' } },
        },
        { call: 'echo', arguments: { text: 'hello' }, expect: { text: { equals: 'hello' }, structuredContent: { length: 6 } } },
      ],
    });
    expect(report.status).toBe('failed');
    expect(report.steps.map((step) => step.status)).toEqual(['failed', 'failed']);
    expect(report.steps[0].failures[0]).toEqual({ expectation: 'elicitation 1 mode', expected: 'url', actual: 'form' });
    expect(report.steps[1].failures).toEqual([
      { expectation: 'structuredContent', expected: 'structuredContent.length = 6', actual: 'structuredContent.length = 5' },
    ]);
  });

  it('an elicitation the step does not list is answered by the scenario rules, or fails the step and is cancelled', async () => {
    const steps = [{ call: 'confirm_order', expect: { structuredContent: { confirmed: true } } }];
    const [answered] = await run({
      protocol: '2025-11-25',
      rules: { rules: [{ name: 'yes', match: { properties: ['confirm'] }, answer: { action: 'accept' } }] },
      steps,
    });
    expect(answered.status).toBe('passed');
    const [unanswered] = await run({ protocol: '2025-11-25', steps });
    expect(unanswered.steps[0].failures.map((f) => f.expectation)).toEqual(['no unlisted elicitation', 'structuredContent']);
    expect(unanswered.steps[0].failures[0].actual).toMatch(/"Order one tea\?" no rule matches; it was cancelled/);
  });

  it('content the schema refuses fails the step, and its finding says the elicitation was cancelled, not left to a person', async () => {
    const [report] = await run({
      protocol: '2025-11-25',
      steps: [{ call: 'collect_profile', elicitations: [{ answer: { action: 'accept', content: { email: 'not an email' } } }] }],
    });
    expect(report.steps[0].failures[0]).toMatchObject({ expectation: 'answer to e1', expected: 'content that fits the requested schema' });
    const finding = fileEvents(report).find((e) => e.kind === 'finding' && e.code === 'rule-content-invalid');
    expect(finding?.message).toMatch(/^Not sent: scenario step 1 .*The step fails and the elicitation is cancelled\.$/);
    expect(finding?.message).not.toContain('waits for a person');
  });

  it('a call that never ends fails at the step timeout, and the run goes on', async () => {
    const [report] = await run({
      server: hostile,
      protocol: '2025-11-25',
      steps: [
        { call: 'hang', timeoutMs: 500 },
        { call: 'hang', timeoutMs: 500, expect: { outcome: 'cancelled' } },
      ],
    });
    expect(report.steps[0].failures[0]).toEqual({
      expectation: 'timeoutMs',
      expected: 'the call to end within 500 ms',
      actual: 'it had not; it was cancelled',
    });
    expect(report.steps[1].failures.map((f) => f.expectation)).toEqual(['timeoutMs']);
    await expectServerEnded(report);
  });

  it('a server that floods the step with 1,000 elicitations ends the run with an error that says so', async () => {
    for (const protocol of ['2026-07-28', '2025-11-25'] as const) {
      const [report] = await run({ server: hostile, protocol, steps: [{ call: 'flood' }, { call: 'hang' }] });
      expect(report.status).toBe('error');
      expect(report.error).toMatch(/more than 100 elicitations/);
      expect(report.steps.map((step) => step.status)).toEqual(['failed', 'skipped']);
      // The first few are named; the rest are counted, not listed.
      expect(report.steps[0].failures.length).toBeLessThan(10);
      await expectServerEnded(report);
    }
  });

  it('a server that exits mid-step ends the run with its exit status, even with an answer still waiting to be given', async () => {
    const [report] = await run({
      server: hostile,
      protocol: '2025-11-25',
      steps: [{ call: 'die', elicitations: [{ answer: { action: 'accept', delayMs: 60_000 } }] }, { call: 'hang' }],
    });
    expect(report.status).toBe('error');
    expect(report.error).toBe('The server process exited with code 9.');
    expect(report.steps.map((step) => step.status)).toEqual(['failed', 'skipped']);
    await expectServerEnded(report);
  });
});
