import { describe, expect, it } from 'vitest';
import { endedText } from './ended-text';

describe('endedText', () => {
  it('says "Could not connect" once', () => {
    const text = endedText('connect-failed', 'Could not connect: fetch failed');
    expect(`${text.headline} ${text.detail ?? ''}`.match(/could not connect/gi)).toHaveLength(1);
    expect(text.headline).toBe('Could not connect: fetch failed');
  });

  it('keeps a reason and a message that say different things', () => {
    expect(endedText('connect-failed', 'Connection refused at http://127.0.0.1:9/mcp: nothing is listening there.')).toEqual({
      headline: 'Could not connect.',
      detail: 'Connection refused at http://127.0.0.1:9/mcp: nothing is listening there.',
    });
    expect(endedText('user', undefined)).toEqual({ headline: 'You disconnected.', detail: undefined });
    expect(endedText('something-new', undefined).headline).toBe('Session ended.');
  });
});
