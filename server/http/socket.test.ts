import { describe, expect, it } from 'vitest';
import { asciiJson } from './socket';

describe('asciiJson', () => {
  it('escapes every non-ASCII character and parses back to the same value', () => {
    const value = { text: 'café → 🙂 — “quotes” аррӏе', plain: 'ascii only', n: 1 };
    const json = asciiJson(JSON.stringify(value));
    // eslint-disable-next-line no-control-regex -- every ASCII character, controls included
    expect(/^[\x00-\x7f]*$/.test(json)).toBe(true);
    expect(JSON.parse(json)).toEqual(value);
  });

  it('leaves ASCII-only JSON untouched', () => {
    const json = JSON.stringify({ a: 'b', c: [1, 2] });
    expect(asciiJson(json)).toBe(json);
  });
});
