import { describe, expect, it } from 'vitest';
import type { SessionSummary } from '@wire/commands';
import { autoPick } from './session-pick';

function summary(sessionId: string, isLive: boolean): SessionSummary {
  return {
    sessionId,
    isLive,
    target: { transport: 'stdio', command: 'node', args: [], env: {} },
    settings: {} as SessionSummary['settings'],
    startedAt: 1,
    eventCount: 3,
  };
}

describe('autoPick: the session a page shows before the person picks one', () => {
  it('shows the live session, else the newest record', () => {
    expect(autoPick([summary('old', false), summary('now', true)], undefined)).toEqual({ sessionId: 'now', wasEnded: false });
    expect(autoPick([summary('old', false)], undefined)).toEqual({ sessionId: 'old', wasEnded: true });
    expect(autoPick([], undefined)).toBeUndefined();
  });

  it('leaves a record it chose for want of a live session once one appears (a restart lists old sessions first)', () => {
    const first = autoPick([summary('old', false)], undefined);
    expect(autoPick([summary('old', false)], first)).toBeUndefined();
    expect(autoPick([summary('new', true), summary('old', false)], first)).toEqual({ sessionId: 'new', wasEnded: false });
  });

  it('keeps a session that ended while it was shown, whatever else is live', () => {
    const shown = autoPick([summary('crashed', true)], undefined);
    expect(autoPick([summary('crashed', false), summary('other', true)], shown)).toBeUndefined();
    expect(autoPick([summary('crashed', false), summary('newer', true)], shown)).toBeUndefined();
  });
});
