/**
 * Save as scenario, end to end: a session recorded against the demo server (a
 * person answering form and URL elicitations, on both eras) becomes a scenario
 * that replays green against the same server, and fails against a changed one
 * with a message naming the step and the difference.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { targetStdio } from '../../e2e/support/processes';
import { demoTarget } from '../demo/demo-target';
import { SessionRegistry } from '../registry/session-registry';
import type { Session } from '../session/session';
import type { EventOf, LogEvent } from '../wire/events';
import { ScenarioSchema, type Scenario } from '../wire/scenario';
import { DEFAULT_SETTINGS } from '../wire/target';
import { runScenario } from './scenario-runner';
import { scenarioFromSource, sessionToScenario } from './session-to-scenario';

const dataDir = mkdtempSync(join(tmpdir(), 'session-to-scenario-'));
const registry = new SessionRegistry({ dataDir });
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Waits for the first event of the session that fits. */
function next<T extends LogEvent>(session: Session, fits: (event: LogEvent) => event is T): Promise<T> {
  return new Promise((resolve) => {
    const stop = session.log.subscribe((batch) => {
      for (const stored of batch) {
        const event = JSON.parse(stored.json) as LogEvent;
        if (fits(event)) {
          stop();
          return resolve(event);
        }
      }
    });
  });
}
const isKind =
  <K extends LogEvent['kind']>(kind: K, also: (event: EventOf<K>) => boolean = () => true) =>
  (event: LogEvent): event is EventOf<K> =>
    event.kind === kind && also(event as EventOf<K>);

/** A person at the page: calls a tool and answers each elicitation it brings with the next answer given. */
async function callAndAnswer(session: Session, tool: string, args: Record<string, unknown>, answer: (e: EventOf<'elicitation'>) => void): Promise<void> {
  const callId = session.callTool(tool, args);
  const end = next(
    session,
    isKind('call-end', (e) => e.callId === callId),
  );
  answer(
    await next(
      session,
      isKind('elicitation', (e) => e.callId === callId),
    ),
  );
  await end;
}

async function record(protocol: '2026-07-28' | '2025-11-25'): Promise<string> {
  const session = await registry.connect(demoTarget(), { ...DEFAULT_SETTINGS, protocol }, true);
  await next(
    session,
    isKind('session-state', (e) => e.state === 'ready'),
  );
  await callAndAnswer(session, 'confirm_order', { item: 'coffee' }, (e) =>
    session.answerElicitation(e.key, 'accept', { confirm: true, note: 'ring twice' }, false),
  );
  await callAndAnswer(session, 'confirm_order', {}, (e) => session.answerElicitation(e.key, 'decline', undefined, false));
  await callAndAnswer(session, 'never_completes', {}, (e) => {
    session.answerElicitation(e.key, 'accept', undefined, false);
    session.recordAction(e.key, 'mark-done');
  });
  await session.close('user');
  return session.id;
}

describe('scenario from a recorded session', () => {
  for (const protocol of ['2026-07-28', '2025-11-25'] as const) {
    describe(`on ${protocol}`, () => {
      let scenario: Scenario;
      beforeAll(async () => {
        const sessionId = await record(protocol);
        scenario = ScenarioSchema.parse(JSON.parse(JSON.stringify(await scenarioFromSource(registry.source(sessionId)!, 'recorded'))));
      });

      it('the recorded calls, answers and results become steps', () => {
        expect(scenario.protocol).toBe(protocol);
        expect(scenario.server).toBeUndefined();
        expect(scenario.steps).toHaveLength(3);
        expect(scenario.steps[0]).toMatchObject({
          call: 'confirm_order',
          arguments: { item: 'coffee' },
          elicitations: [
            {
              expect: { mode: 'form', message: 'Order one coffee?', properties: ['confirm', 'note'] },
              answer: { action: 'accept', content: { confirm: true, note: 'ring twice' }, mergeDefaults: false },
            },
          ],
          expect: { text: { equals: 'confirm_order: confirmed' }, structuredContent: { item: 'coffee', confirmed: true, note: 'ring twice' }, isError: false },
        });
        expect(scenario.steps[1].elicitations[0].answer).toEqual({ action: 'decline' });
        expect(scenario.steps[2].elicitations[0]).toMatchObject({ expect: { mode: 'url' }, answer: { action: 'accept', markComplete: true } });
      });

      it('replays green against the same server', async () => {
        const [same] = await runScenario(scenario, { registry });
        expect({ status: same.status, failures: same.steps.flatMap((step) => step.failures) }).toEqual({ status: 'passed', failures: [] });
      });

      it('fails against a changed server, naming the step and the difference', async () => {
        const [changed] = await runScenario({ ...scenario, server: { transport: 'stdio', ...targetStdio('changed-demo'), env: {} } }, { registry });
        expect(changed.status).toBe('failed');
        expect(changed.steps.map((step) => step.status)).toEqual(['failed', 'failed', 'passed']);
        expect(changed.steps[0]).toMatchObject({
          name: '1. tools/call confirm_order',
          failures: [{ expectation: 'text equals', expected: '"confirm_order: confirmed"', actual: '"confirm_order: CONFIRMED"' }],
        });
      });
    });
  }

  it('an unanswered elicitation is held on replay, an error becomes its code, and ids that change each run become a pattern', () => {
    const base = { seq: 1, at: 0, sessionId: 's' };
    const scenario = sessionToScenario([
      { ...base, kind: 'call-start', callId: 'c1', method: 'tools/call', name: 'a', timeoutMs: 1000 },
      {
        ...base,
        kind: 'elicitation',
        key: 'e1',
        callId: 'c1',
        origin: { kind: 'push', rpcId: 1 },
        mode: 'url',
        params: { message: 'Go to flow 123e4567-e89b-12d3-a456-426614174000 now' },
        serverName: 'x',
      },
      { ...base, kind: 'call-end', callId: 'c1', outcome: 'result', result: { content: [{ type: 'text', text: 'id 123e4567-e89b-12d3-a456-426614174000.' }] } },
      { ...base, kind: 'call-start', callId: 'c2', method: 'resources/read', name: 'file:///x', timeoutMs: 1000 },
      { ...base, kind: 'call-end', callId: 'c2', outcome: 'error', error: { code: -32002, message: 'not found' } },
    ]);
    expect(scenario.steps).toEqual([
      {
        call: 'a',
        elicitations: [{ expect: { mode: 'url', message: 'Go to flow ' }, answer: { action: 'none' } }],
        expect: { isError: false, text: { pattern: '^id [0-9a-fA-F-]{36}\\.$' } },
      },
      { readResource: 'file:///x', expect: { errorCode: -32002 } },
    ]);
  });
});

it('a file a person sent (SEP-2356) becomes a sentFiles expectation, with the proposal on in the client, and replays green when the log kept its bytes', async () => {
  const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNkYGBgAAAABQABWaDDsAAAAABJRU5ErkJggg==';
  const scenarioOf = async (keepFileBytes: boolean, name: string) => {
    const proposals = { ...DEFAULT_SETTINGS.proposals, fileInputs: true, keepFileBytes };
    const session = await registry.connect(demoTarget(), { ...DEFAULT_SETTINGS, protocol: '2026-07-28', proposals }, true);
    await next(
      session,
      isKind('session-state', (e) => e.state === 'ready'),
    );
    await callAndAnswer(session, 'upload_photo', {}, (e) => session.answerElicitation(e.key, 'accept', { photo: PNG }, false));
    await session.close('user');
    return ScenarioSchema.parse(JSON.parse(JSON.stringify(await scenarioFromSource(registry.source(session.id)!, name))));
  };
  const kept = await scenarioOf(true, 'photo');
  expect(kept.client).toMatchObject({ proposals: { fileInputs: true } });
  expect(kept.steps[0]?.elicitations[0]).toMatchObject({ answer: { content: { photo: PNG } }, sentFiles: { photo: { mediaType: 'image/png', size: 70 } } });
  const [replayed] = await runScenario(kept, { registry });
  expect({ status: replayed.status, failures: replayed.steps.flatMap((step) => step.failures) }).toEqual({ status: 'passed', failures: [] });

  // By default the log has the file's type, size and SHA-256 only: the expectation stands, and a replay cannot resend the bytes.
  const redacted = await scenarioOf(false, 'photo without its bytes');
  expect(redacted.steps[0]?.elicitations[0]).toMatchObject({
    answer: { content: { photo: expect.stringMatching(/^data:image\/png;base64,\[redacted: 70 bytes, sha256 [0-9a-f]{64}\]$/) } },
    sentFiles: { photo: { mediaType: 'image/png', size: 70 } },
  });
  const [refused] = await runScenario(redacted, { registry });
  expect(refused.status).toBe('failed');
  expect(refused.steps.flatMap((step) => step.failures)).toContainEqual(expect.objectContaining({ actual: expect.stringMatching(/rule-content-invalid/) }));
});
