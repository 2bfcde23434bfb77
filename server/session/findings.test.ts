import { describe, expect, it } from 'vitest';
import { checkElicitationParams, checkRequestedSchema } from './findings';

const codes = (findings: { code: string }[]) => findings.map((f) => f.code);
const ctx1125 = { protocolVersion: '2025-11-25', declared: { form: true, url: true } };
const ctx0618 = { protocolVersion: '2025-06-18', declared: { form: true, url: false } };

describe('checkRequestedSchema', () => {
  it('accepts every kind the spec allows', () => {
    const schema = {
      type: 'object',
      properties: {
        s: { type: 'string', minLength: 1, format: 'email' },
        n: { type: 'number', minimum: 0 },
        i: { type: 'integer' },
        b: { type: 'boolean', default: true },
        e: { type: 'string', enum: ['a', 'b'] },
        t: { type: 'string', oneOf: [{ const: 'a', title: 'A' }] },
        m: { type: 'array', items: { type: 'string', enum: ['x'] } },
        ma: { type: 'array', items: { anyOf: [{ const: 'x', title: 'X' }] } },
      },
    };
    expect(checkRequestedSchema(schema)).toEqual([]);
  });

  it('flags nested objects, free arrays and unknown types', () => {
    const schema = {
      type: 'object',
      properties: {
        address: { type: 'object', properties: { city: { type: 'string' } } },
        tags: { type: 'array', items: { type: 'string' } },
        when: { type: 'null' },
      },
    };
    expect(codes(checkRequestedSchema(schema))).toEqual(['schema-nested-object', 'schema-array-not-enum', 'schema-unsupported-type']);
  });

  it('gives each keyword outside the flat subset its own finding code', () => {
    const schema = {
      type: 'object',
      $defs: { a: { type: 'string' } },
      definitions: { b: { type: 'string' } },
      $ref: '#/$defs/a',
      allOf: [],
      properties: {
        r: { type: 'string', $ref: 'https://example.com/x.json' },
        p: { type: 'string', pattern: '^(a+)+$' },
        q: { type: 'string', pattern: '(a)\\1' },
        u: { type: 'string', const: 'x' },
      },
    };
    expect(codes(checkRequestedSchema(schema))).toEqual([
      'schema-definitions',
      'schema-definitions',
      'schema-ref',
      'schema-unknown-keyword',
      'schema-ref',
      'schema-pattern',
      'schema-pattern-not-enforced',
      'schema-unknown-keyword',
    ]);
  });

  it('warns when a form field asks for a secret', () => {
    const findings = checkRequestedSchema({
      type: 'object',
      properties: { apiKey: { type: 'string' }, name: { type: 'string' }, pw: { type: 'string', title: 'Password' } },
    });
    expect(findings.filter((f) => f.code === 'form-asks-for-secret').map((f) => f.message)).toEqual([
      expect.stringContaining('`apiKey`'),
      expect.stringContaining('`pw`'),
    ]);
  });

  it('names 2025-11-25 features on a 2025-06-18 connection', () => {
    const schema = {
      type: 'object',
      properties: {
        s: { type: 'string', default: 'x' },
        b: { type: 'boolean', default: true },
        t: { type: 'string', oneOf: [{ const: 'a', title: 'A' }] },
        m: { type: 'array', items: { type: 'string', enum: ['x'] } },
      },
    };
    const [finding] = checkRequestedSchema(schema, true).filter((f) => f.code === 'schema-newer-than-protocol');
    expect(finding.message).toContain('`s` (default on a non-boolean field)');
    expect(finding.message).toContain('`t` (titled oneOf enum)');
    expect(finding.message).toContain('`m` (multi-select array)');
    expect(finding.message).not.toContain('`b`');
    expect(codes(checkRequestedSchema(schema, false))).not.toContain('schema-newer-than-protocol');
  });
});

describe('checkElicitationParams', () => {
  it('a request without mode is a form', () => {
    expect(checkElicitationParams({ message: 'hi', requestedSchema: { type: 'object', properties: {} } }, ctx1125)).toEqual([]);
  });

  it('URL mode on 2025-06-18, or undeclared, is an error', () => {
    expect(codes(checkElicitationParams({ mode: 'url', message: 'go', url: 'https://x', elicitationId: '1' }, ctx0618))).toEqual(['url-mode-on-2025-06-18']);
    expect(
      codes(checkElicitationParams({ mode: 'url', message: 'go', url: 'https://x', elicitationId: '1' }, { ...ctx1125, declared: { form: true, url: false } })),
    ).toEqual(['url-mode-undeclared']);
  });

  it('form mode when only URL was declared', () => {
    expect(
      codes(
        checkElicitationParams({ message: 'x', requestedSchema: { type: 'object', properties: {} } }, { ...ctx1125, declared: { form: false, url: true } }),
      ),
    ).toEqual(['form-mode-undeclared']);
  });

  it('missing message and unknown mode', () => {
    expect(codes(checkElicitationParams({ mode: 'sms', requestedSchema: { type: 'object' } }, ctx1125))).toEqual(['missing-message', 'unknown-mode']);
  });
});

describe('URL checks as findings', () => {
  it('a javascript: URL is an error; plain http to another host a warning; loopback nothing', () => {
    const script = checkElicitationParams({ mode: 'url', message: 'go', url: 'javascript:alert(1)', elicitationId: 'a' }, ctx1125);
    expect(script).toEqual([expect.objectContaining({ code: 'url-scheme-refused', severity: 'error' })]);
    expect(codes(checkElicitationParams({ mode: 'url', message: 'go', url: 'http://example.com/x', elicitationId: 'a' }, ctx1125))).toEqual(['url-plain-http']);
    expect(checkElicitationParams({ mode: 'url', message: 'go', url: 'http://localhost:9/x', elicitationId: 'a' }, ctx1125)).toEqual([]);
  });

  it('a 2025-11-25 URL elicitation needs an elicitationId; 2026-07-28 has none', () => {
    expect(codes(checkElicitationParams({ mode: 'url', message: 'go', url: 'https://example.com' }, ctx1125))).toEqual(['url-missing-elicitation-id']);
    expect(
      checkElicitationParams(
        { mode: 'url', message: 'go', url: 'https://example.com' },
        { protocolVersion: '2026-07-28', declared: { form: true, url: true } },
      ),
    ).toEqual([]);
  });
});

describe('x-mcp-file (SEP-2356)', () => {
  const schema = (field: Record<string, unknown>) => ({ type: 'object', properties: { photo: field } });
  const file = { type: 'string', format: 'uri', 'x-mcp-file': { accept: ['image/png'] } };

  it('is an unknown keyword without the setting, and known with it', () => {
    expect(codes(checkRequestedSchema(schema(file)))).toEqual(['schema-unknown-keyword']);
    expect(codes(checkRequestedSchema(schema(file), false, true))).toEqual([]);
  });

  it('says when the keyword is misplaced: the field stays an ordinary one', () => {
    expect(codes(checkRequestedSchema(schema({ type: 'string', 'x-mcp-file': {} }), false, true))).toEqual(['file-input-misplaced']);
  });
});
