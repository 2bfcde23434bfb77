import { describe, expect, it } from 'vitest';
import type { CallView } from '@app/model/session-store';
import { callPhase } from './call-card';

const open = { callId: 'c1', end: undefined } as unknown as CallView;

describe('callPhase', () => {
  it('names who a live call waits on', () => {
    expect(callPhase(open, true).text).toBe('Waiting on you');
    expect(callPhase(open, false).text).toBe('Waiting on the server');
  });

  it('says a call of a session that is over has no end recorded, whatever was pending when it stopped', () => {
    expect(callPhase(open, true, false)).toEqual({ text: 'No end recorded', tone: 'neutral' });
    expect(callPhase(open, false, false)).toEqual({ text: 'No end recorded', tone: 'neutral' });
  });
});
