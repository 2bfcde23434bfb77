import { describe, expect, it } from 'vitest';
import type { SessionSummary } from '@wire/commands';
import { autoPick, tapPick, type ShownSession } from './session-pick';

function summary(sessionId: string, isLive: boolean, isTapped = false): SessionSummary {
  return {
    sessionId,
    isLive,
    target: { transport: 'stdio', command: 'node', args: [], env: {}, ...(isTapped && { host: { clientInfo: { name: 'Claude', version: '0.9' } } }) },
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

describe('tapPick: a tapped session that starts while the page shows another', () => {
  const demo = (isIdle: boolean, isLive = true): ShownSession => ({ sessionId: 'demo', isLive, isTapped: false, isIdle });
  const list = [summary('tap-2', true, true), summary('tap-1', true, true), summary('demo', true), summary('tap-0', false, true)];

  it('is shown (the newest) in place of a live session of the inspector where nothing happened yet, the others announced', () => {
    expect(tapPick(list, demo(true), new Set())).toEqual({ show: 'tap-2', announce: ['tap-1'] });
    expect(tapPick(list, undefined, new Set())).toEqual({ show: 'tap-2', announce: ['tap-1'] });
  });

  it('is announced, not shown, while the page shows a session with calls, one that ended, or another tapped one', () => {
    expect(tapPick(list, demo(false), new Set())).toEqual({ show: undefined, announce: ['tap-2', 'tap-1'] });
    expect(tapPick(list, demo(true, false), new Set())).toEqual({ show: undefined, announce: ['tap-2', 'tap-1'] });
    expect(tapPick(list, { sessionId: 'tap-1', isLive: true, isTapped: true, isIdle: true }, new Set())).toEqual({ show: undefined, announce: ['tap-2'] });
  });

  it('deals with each tapped session once, and never with one that is over', () => {
    expect(tapPick(list, demo(true), new Set(['tap-2', 'tap-1']))).toEqual({ show: undefined, announce: [] });
    expect(tapPick([summary('tap-0', false, true), summary('demo', true)], demo(true), new Set())).toEqual({ show: undefined, announce: [] });
  });
});
