import { describe, expect, it } from 'vitest';
import { unansweredText } from './describe-event';

describe('unansweredText', () => {
  it('says how a request without a response ended, never a ghost once it is over', () => {
    expect(unansweredText({ method: 'tools/call', ended: 'timeout' })).toBe('timed out, no response');
    expect(unansweredText({ method: 'server/discover', ended: 'failed', failure: 'HTTP 400' })).toBe('failed: HTTP 400');
    expect(unansweredText({ method: 'server/discover', ended: 'fell-back' })).toBe('no response (fell back to initialize)');
    expect(unansweredText({ method: 'tools/call' })).toBe('awaiting response');
  });

  it('shows a 2026-07-28 subscription stream as listening, not as a request still awaited', () => {
    expect(unansweredText({ method: 'subscriptions/listen' })).toBe('listening (a stream, open by design)');
    expect(unansweredText({ method: 'subscriptions/listen', ended: 'session-closed' })).toBe('no response (session closed)');
  });
});
