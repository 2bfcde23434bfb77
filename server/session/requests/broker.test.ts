import { describe, expect, it } from 'vitest';
import type { NewLogEvent } from '../../wire/events';
import { ElicitationBroker } from './broker';

function setup() {
  const events: NewLogEvent[] = [];
  const broker = new ElicitationBroker(
    (e) => events.push(e),
    () => 'demo',
  );
  return { broker, events };
}

const form = {
  message: 'Who?',
  requestedSchema: { type: 'object', properties: { name: { type: 'string', minLength: 2 }, age: { type: 'integer' } }, required: ['name'] },
};

describe('ElicitationBroker', () => {
  it('announces a request, then resolves it once with the answer', async () => {
    const { broker, events } = setup();
    const { key, answer } = broker.request({ callId: 'c1', origin: { kind: 'push', rpcId: 0 }, params: form });
    expect(events[0]).toMatchObject({ kind: 'elicitation', key, callId: 'c1', mode: 'form', serverName: 'demo' });
    expect(broker.answer(key, { action: 'accept', content: { name: 'Ada', age: 36 } })).toBeUndefined();
    await expect(answer).resolves.toEqual({ action: 'accept', content: { name: 'Ada', age: 36 } });
    expect(events.map((e) => e.kind)).toEqual(['elicitation', 'action', 'elicitation-end']);
    expect(broker.answer(key, { action: 'decline' })?.code).toBe('not-found');
  });

  it('refuses content that breaks the schema, and leaves the request pending', () => {
    const { broker } = setup();
    const { key } = broker.request({ origin: { kind: 'push', rpcId: 1 }, params: form });
    const error = broker.answer(key, { action: 'accept', content: { name: 'A', age: 1.5 } });
    expect(error?.code).toBe('validation-failed');
    expect(error?.message).toContain('name');
    expect(broker.isPending(key)).toBe(true);
  });

  it('sends invalid content when told to skip validation, and says so in the log', async () => {
    const { broker, events } = setup();
    const { key, answer } = broker.request({ origin: { kind: 'push', rpcId: 1 }, params: form });
    expect(broker.answer(key, { action: 'accept', content: { age: 'old' } }, { skipValidation: true })).toBeUndefined();
    await expect(answer).resolves.toEqual({ action: 'accept', content: { age: 'old' } });
    expect(events.find((e) => e.kind === 'action')).toMatchObject({ action: 'accept', skippedValidation: true });
  });

  it('decline and cancel carry no content', async () => {
    const { broker } = setup();
    const { key, answer } = broker.request({ origin: { kind: 'push', rpcId: 1 }, params: form });
    broker.answer(key, { action: 'decline', content: { name: 'ignored' } });
    await expect(answer).resolves.toEqual({ action: 'decline' });
  });

  it('a server cancel ends the request with its reason, and answers are refused after', async () => {
    const { broker, events } = setup();
    const abort = new AbortController();
    const { key, answer } = broker.request({ callId: 'c1', origin: { kind: 'push', rpcId: 1 }, params: form, signal: abort.signal });
    abort.abort(new Error('Request timed out'));
    await expect(answer).resolves.toEqual({ action: 'cancel' });
    expect(events.at(-1)).toMatchObject({ kind: 'elicitation-end', key, outcome: 'server-cancelled', reason: 'Request timed out' });
    expect(broker.answer(key, { action: 'accept', content: { name: 'Ada' } })?.code).toBe('not-found');
  });

  it('ends what belongs to a call when the call ends, and nothing else', () => {
    const { broker } = setup();
    const a = broker.request({ callId: 'c1', origin: { kind: 'push', rpcId: 1 }, params: form });
    const b = broker.request({ callId: 'c2', origin: { kind: 'push', rpcId: 2 }, params: form });
    broker.endForCall('c1', 'call-ended');
    expect(broker.isPending(a.key)).toBe(false);
    expect(broker.isPending(b.key)).toBe(true);
  });

  it('matches completions to URL flows by elicitationId; unknown and repeated ones are told apart', () => {
    const { broker, events } = setup();
    const { key } = broker.request({
      origin: { kind: 'push', rpcId: 3 },
      params: { mode: 'url', message: 'Sign in', url: 'https://example.com', elicitationId: 'flow-1' },
    });
    expect(broker.complete('flow-1')).toEqual({ key });
    expect(events.at(-1)).toMatchObject({ kind: 'url-complete', key, elicitationId: 'flow-1' });
    expect(broker.complete('flow-1')).toEqual({ problem: 'duplicate' });
    expect(broker.complete('nope')).toEqual({ problem: 'unknown' });
  });
});
