import { describe, expect, it } from 'vitest';
import type { CallView } from '@app/model/session-store';
import { callPhase } from './call-card';

const open = { callId: 'c1', end: undefined } as unknown as CallView;

describe('callPhase', () => {
  it('names who a live call waits on', () => {
    expect(callPhase(open, 'person').text).toBe('Waiting on you');
    expect(callPhase(open, 'server').text).toBe('Waiting on the server');
    expect(callPhase(open, 'host').text).toBe('Waiting on the host');
  });

  it('says a call of a session that is over has no end recorded, whatever was pending when it stopped', () => {
    expect(callPhase(open, 'person', false)).toEqual({ text: 'No end recorded', tone: 'neutral' });
    expect(callPhase(open, 'host', false)).toEqual({ text: 'No end recorded', tone: 'neutral' });
  });

  it('names a call the server refused for scope a scope refusal, and other protocol errors as before', () => {
    const ended = (error: object) => ({ callId: 'c1', end: { kind: 'call-end', callId: 'c1', outcome: 'error', error } }) as unknown as CallView;
    const refusal = { code: 'unauthorized', message: 'Scope refused: …', detail: { oauthError: 'insufficient_scope', scopeAsked: 'mcp:admin' } };
    expect(callPhase(ended(refusal), 'server')).toEqual({ text: 'Scope refused', tone: 'danger' });
    expect(callPhase(ended({ code: 'unauthorized', message: 'Unauthorized' }), 'server').text).toBe('Protocol error');
    expect(callPhase(ended({ code: -32602, message: 'Invalid params' }), 'server').text).toBe('Protocol error');
  });
});
