import { describe, expect, it } from 'vitest';
import type { EventOf } from '@wire/events';
import type { CallView, ElicitationView } from '@app/model/session-store';
import { flowErrors, flowState } from './flow-status';

const base: ElicitationView = {
  key: 'e1',
  callId: 'c1',
  origin: { kind: 'push', rpcId: 3 },
  mode: 'url',
  params: { mode: 'url', message: 'Sign in', url: 'https://example.com', elicitationId: 'id-1' },
  serverName: 'demo',
  requestedAt: 1000,
  seq: 5,
  findings: [],
  actions: [],
};
const call: CallView = {
  callId: 'c1',
  method: 'tools/call',
  name: 't',
  startedAt: 900,
  startSeq: 1,
  timeoutMs: 1,
  rounds: [],
  elicitationKeys: ['e1'],
  findingCodes: [],
};
const ev = <K extends string>(kind: K, at: number, rest: object) => ({ kind, at, seq: 0, sessionId: 's', ...rest }) as never;

const accepted = {
  ...base,
  end: ev('elicitation-end', 1200, { key: 'e1', outcome: 'answered', action: 'accept' }),
  actions: [ev('action', 1250, { actor: 'user', action: 'open-url', key: 'e1' })],
} as ElicitationView;

describe('flowState', () => {
  it('waits for consent, then for completion, then for the call', () => {
    expect(flowState(base, call).status).toBe('Waiting for consent');
    expect(flowState(accepted, call)).toMatchObject({ status: 'Waiting for completion', consented: true, openedAt: 1250, isActive: true });
    const completed = {
      ...accepted,
      completion: ev('url-complete', 1300, { key: 'e1', elicitationId: 'id-1', source: 'notification' }) as EventOf<'url-complete'>,
    };
    expect(flowState(completed, call).status).toBe('Completed');
    const ended = { ...call, end: ev('call-end', 1400, { callId: 'c1', outcome: 'result', result: { content: [] } }) as EventOf<'call-end'> };
    const done = flowState(completed, ended);
    expect(done.status).toBe('Completed');
    expect(done.isActive).toBe(false);
    expect(done.timeline.map((s) => s.label)).toEqual([
      'Requested',
      'Accept sent to the server',
      'You opened the URL',
      'notifications/elicitation/complete received',
      'The tool call returned its result',
    ]);
  });

  it('a call that ends without any completion still finishes the flow, and says no completion came', () => {
    const ended = { ...call, end: ev('call-end', 1400, { callId: 'c1', outcome: 'result', result: {} }) as EventOf<'call-end'> };
    expect(flowState(accepted, ended)).toMatchObject({ status: 'Finished, no completion reported', isActive: false, completedAt: undefined });
  });

  it('the final status comes from the events, not from which states were on screen', () => {
    // Completion and result applied in one batch: the page never showed "Completed" before the end.
    const completion = ev('url-complete', 1300, { key: 'e1', elicitationId: 'id-1', source: 'notification' }) as EventOf<'url-complete'>;
    const ended = { ...call, end: ev('call-end', 1301, { callId: 'c1', outcome: 'result', result: { content: [] } }) as EventOf<'call-end'> };
    expect(flowState({ ...accepted, completion }, ended).status).toBe('Completed');
    expect(flowState(accepted, ended).status).toBe('Finished, no completion reported');
  });

  it('2026-07-28: no notification exists; a retried call that returns its result completes the flow', () => {
    const mrtr = { ...accepted, origin: { kind: 'mrtr', round: 1, inputKey: 'pay' } } as ElicitationView;
    expect(flowState(mrtr, call).status).toBe('Retried');
    const result = { ...call, end: ev('call-end', 1400, { callId: 'c1', outcome: 'result', result: { content: [] } }) as EventOf<'call-end'> };
    expect(flowState(mrtr, result).status).toBe('Completed');
    const timedOut = { ...call, end: ev('call-end', 1400, { callId: 'c1', outcome: 'timeout' }) as EventOf<'call-end'> };
    expect(flowState(mrtr, timedOut).status).toBe('Finished, no completion reported');
  });

  it('declined, cancelled, withdrawn', () => {
    const declined = { ...base, end: ev('elicitation-end', 1100, { key: 'e1', outcome: 'answered', action: 'decline' }) } as ElicitationView;
    expect(flowState(declined, call).status).toBe('Declined');
    const withdrawn = { ...base, end: ev('elicitation-end', 1100, { key: 'e1', outcome: 'server-cancelled', reason: 'timeout' }) } as ElicitationView;
    expect(flowState(withdrawn, call)).toMatchObject({ status: 'Withdrawn', isActive: false });
    expect(flowState(withdrawn, call).timeline.at(-1)?.label).toBe('The server withdrew the request (timeout)');
  });

  it('-32042 consent is local, and the person can mark it done', () => {
    const required = {
      ...accepted,
      origin: { kind: 'url-required', index: 0 },
      completion: ev('url-complete', 1300, { key: 'e1', elicitationId: 'id-1', source: 'person' }),
    } as ElicitationView;
    const labels = flowState(required, call).timeline.map((s) => s.label);
    expect(labels).toContain('You consented (-32042: nothing is sent to the server)');
    expect(labels).toContain('You marked it done');
  });
});

describe('flowErrors', () => {
  it('lists the errors about the request, and leaves out the URL checks the destination shows itself', () => {
    const finding = (code: string, severity: 'error' | 'warning' | 'info' = 'error') => ({ code, severity, message: code });
    const findings = [
      finding('url-mode-undeclared'),
      finding('url-mode-on-2025-06-18'),
      finding('url-missing-elicitation-id'),
      finding('url-scheme-refused'),
      finding('url-unparseable'),
      finding('url-plain-http', 'warning'),
      finding('completion-unknown-id', 'warning'),
      finding('a-code-from-an-older-version'),
    ];
    expect(flowErrors(findings).map((f) => f.code)).toEqual([
      'url-mode-undeclared',
      'url-mode-on-2025-06-18',
      'url-missing-elicitation-id',
      'a-code-from-an-older-version',
    ]);
  });
});
