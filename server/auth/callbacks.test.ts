import { describe, expect, it } from 'vitest';
import { awaitCallback, deliverCallback } from './callbacks';

describe('the OAuth callback', () => {
  it('hands the redirect to the sign-in waiting for its state, once', () => {
    const received: string[] = [];
    awaitCallback('state-one', (params) => received.push(params.get('code') ?? ''));
    expect(deliverCallback(new URLSearchParams({ code: 'c1', state: 'state-one' }))).toBe('delivered');
    expect(deliverCallback(new URLSearchParams({ code: 'c2', state: 'state-one' }))).toBe('unknown-state');
    expect(received).toEqual(['c1']);
  });

  it('refuses a redirect without a state, or with one nobody waits for (or no longer does)', () => {
    const stop = awaitCallback('state-two', () => {
      throw new Error('must not be called');
    });
    expect(deliverCallback(new URLSearchParams({ code: 'c' }))).toBe('no-state');
    expect(deliverCallback(new URLSearchParams({ code: 'c', state: 'state-tw' }))).toBe('unknown-state');
    stop();
    expect(deliverCallback(new URLSearchParams({ code: 'c', state: 'state-two' }))).toBe('unknown-state');
  });
});
