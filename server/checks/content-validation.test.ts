import { describe, expect, it } from 'vitest';
import { validateContent } from './content-validation';

const schema = {
  type: 'object',
  properties: {
    email: { type: 'string', format: 'email' },
    site: { type: 'string', format: 'uri' },
    day: { type: 'string', format: 'date' },
    at: { type: 'string', format: 'date-time' },
    n: { type: 'integer', minimum: 1, maximum: 3 },
    tags: { type: 'array', maxItems: 1, items: { type: 'string', enum: ['a', 'b'] } },
  },
  required: ['email'],
};

describe('validateContent', () => {
  it('passes valid content', () => {
    expect(validateContent(schema, { email: 'a@b.co', site: 'https://x.dev', day: '2026-11-29', at: '2026-11-29T10:00:00Z', n: 2, tags: ['a'] })).toEqual([]);
  });

  it('names each problem by field, formats included', () => {
    const problems = validateContent(schema, { email: 'nope', site: 'not a uri', day: '29/11/2026', at: 'noon', n: 9, tags: ['a', 'b'] });
    expect(problems.map((p) => p.path).sort()).toEqual(['at', 'day', 'email', 'n', 'site', 'tags']);
  });

  it('reports a missing required field by its name', () => {
    expect(validateContent(schema, {})).toEqual([{ path: 'email', message: 'is required' }]);
  });

  it('understands 2020-12 schemas, and reports a schema that does not compile instead of throwing', () => {
    expect(
      validateContent(
        { $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'object', properties: { d: { type: 'string', format: 'date' } } },
        { d: 'x' },
      ),
    ).toHaveLength(1);
    expect(validateContent({ type: 'object', properties: { x: { type: 'wat' } } }, {})[0].message).toContain('does not compile');
  });
});

describe('validateContent with schemas that reuse an $id', () => {
  it('compiles a second, different schema with the same $id', () => {
    const a = { $id: 'https://example.com/form', type: 'object', properties: { x: { type: 'string' } }, required: ['x'] };
    const b = { $id: 'https://example.com/form', type: 'object', properties: { y: { type: 'integer' } }, required: ['y'] };
    expect(validateContent(a, { x: 'ok' })).toEqual([]);
    expect(validateContent(b, { y: 1 })).toEqual([]);
    expect(validateContent(b, { y: 'no' })[0].path).toBe('y');
  });
});

describe('validateContent with a server pattern', () => {
  it('checks ^(a+)+$ against an almost-matching answer without backtracking (2^40 steps on the platform engine)', () => {
    const redos = { type: 'object', properties: { word: { type: 'string', pattern: '^(a+)+$' } } };
    expect(validateContent(redos, { word: `${'a'.repeat(40)}!` })).toEqual([{ path: 'word', message: 'must match pattern "^(a+)+$"' }]);
    expect(validateContent(redos, { word: 'aaa' })).toEqual([]);
  });

  it('lets content through a pattern RE2 cannot run (findings say it is not enforced) rather than failing', () => {
    expect(validateContent({ type: 'object', properties: { w: { type: 'string', pattern: '^(ab)\\1$' } } }, { w: 'anything' })).toEqual([]);
  });
});
