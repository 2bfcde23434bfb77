import { describe, expect, it } from 'vitest';
import { displayText } from './display-text';

describe('displayText', () => {
  it('shows a string as it is, and anything else a server sent as JSON', () => {
    expect(displayText('Sign in')).toBe('Sign in');
    expect(displayText({ text: 'hi' })).toBe('{"text":"hi"}');
    expect(displayText(42)).toBe('42');
    expect(displayText(undefined, 'none')).toBe('none');
    expect(displayText(null)).toBe('');
  });
});
