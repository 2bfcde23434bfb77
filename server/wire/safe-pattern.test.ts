import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { compileSafePattern, PATTERN_MAX_CHARS, safeRegExp } from './safe-pattern';

describe('compileSafePattern', () => {
  it('runs a catastrophic pattern without backtracking and still gets the answer right', () => {
    const compiled = compileSafePattern('^(a+)+$');
    expect(compiled.isEnforced).toBe(true);
    if (!compiled.isEnforced) return;
    // 40 characters and a mismatch at the end: 2^40 steps for a backtracking engine.
    expect(compiled.test(`${'a'.repeat(40)}!`)).toBe(false);
    expect(compiled.test('aaaa')).toBe(true);
  });

  it('is unanchored like RegExp.test, and reads ECMAScript named groups', () => {
    const compiled = compileSafePattern('(?<digit>\\d)x');
    expect(compiled.isEnforced && compiled.test('ab1xcd')).toBe(true);
  });

  it('reports backreferences, lookaround, bad syntax and huge patterns as not enforced instead of throwing', () => {
    for (const pattern of ['(a)\\1', '(?=x)a', '(?<!x)a', '[', 'a'.repeat(PATTERN_MAX_CHARS + 1)]) {
      const compiled = compileSafePattern(pattern);
      expect(compiled.isEnforced, pattern.slice(0, 20)).toBe(false);
      if (!compiled.isEnforced) expect(compiled.reason.length).toBeGreaterThan(0);
    }
  });
});

describe('safeRegExp in ajv', () => {
  const ajv = new Ajv({ strict: false, code: { regExp: safeRegExp } });

  it('enforces patterns RE2 can run, and gives two patterns two validators', () => {
    const validate = ajv.compile({ type: 'object', properties: { a: { type: 'string', pattern: '^x+$' }, b: { type: 'string', pattern: '^y+$' } } });
    expect(validate({ a: 'xx', b: 'yy' })).toBe(true);
    expect(validate({ a: 'xx', b: 'xx' })).toBe(false);
  });

  it('lets a pattern RE2 cannot run through rather than failing to compile', () => {
    const validate = ajv.compile({ type: 'string', pattern: '(a)\\1' });
    expect(validate('anything')).toBe(true);
  });
});
