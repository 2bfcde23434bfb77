import { describe, expect, it } from 'vitest';
import { validateContent } from './content-validation';
import {
  checkElicitationParams,
  checkHostAnswer,
  checkRequestedSchema,
  checkRequestStateEcho,
  hostGaveUpFinding,
  HUMAN_URL_ACCEPT_MS,
  type HostAnswer,
} from './findings';

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

describe('the host checks (a tapped session)', () => {
  const schema = { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] };
  const problemsOf = (s: Record<string, unknown>, content: unknown) => validateContent(s, content).map((p) => `${p.path} ${p.message}`);
  const answer = (over: Partial<HostAnswer>): HostAnswer => ({
    mode: 'form',
    params: { message: 'Go?', requestedSchema: schema },
    action: 'accept',
    content: { confirm: true },
    waitedMs: 4000,
    serverCancelled: false,
    ...over,
  });
  const check = (over: Partial<HostAnswer>) => codes(checkHostAnswer(answer(over), problemsOf));

  it('a valid accept, a decline and a cancel raise nothing, however fast', () => {
    expect(check({})).toEqual([]);
    expect(check({ action: 'decline', content: undefined, waitedMs: 1 })).toEqual([]);
    expect(check({ action: 'cancel', content: undefined })).toEqual([]);
  });

  it("content that breaks the schema is the host's, on accept only", () => {
    expect(check({ content: { confirm: 'yes' } })).toEqual(['host-content-invalid']);
    expect(check({ content: {} })).toEqual(['host-content-invalid']);
    expect(check({ action: 'decline', content: { confirm: 'yes' } })).toEqual([]);
  });

  it('an accept to a URL flow faster than a person, and only then', () => {
    const url = { mode: 'url' as const, params: { mode: 'url', message: 'Sign in', url: 'https://example.com' }, content: undefined };
    expect(check({ ...url, waitedMs: 40 })).toEqual(['host-url-accept-too-fast']);
    expect(check({ ...url, waitedMs: HUMAN_URL_ACCEPT_MS + 1 })).toEqual([]);
    expect(check({ ...url, waitedMs: 40, action: 'decline' })).toEqual([]);
    // A fast form accept is a host that filled it itself, which is allowed.
    expect(check({ waitedMs: 40 })).toEqual([]);
  });

  it('an answer after the server withdrew the request, and an action the spec does not have', () => {
    expect(check({ serverCancelled: true })).toEqual(['host-answered-after-cancel']);
    expect(check({ action: 'ok' })).toEqual(['host-unknown-action']);
  });

  it('requestState: dropped, changed, echoed, or never given', () => {
    expect(codes(checkRequestStateEcho('s1', undefined))).toEqual(['host-dropped-request-state']);
    expect(codes(checkRequestStateEcho('s1', 's1 '))).toEqual(['host-changed-request-state']);
    expect(checkRequestStateEcho('s1', 's1')).toEqual([]);
    expect(checkRequestStateEcho(undefined, undefined)).toEqual([]);
  });

  it('a host that gave up says how long the request had waited', () => {
    expect(hostGaveUpFinding('cancelled', 12_400, 'tools/call')).toMatchObject({ code: 'host-gave-up', message: expect.stringContaining('12 s') });
    expect(hostGaveUpFinding('closed', 1500, 'connection').message).toContain('1.5 s');
  });

  it('a mode the host did not declare is judged against what it declared', () => {
    const url = { mode: 'url', message: 'Sign in', url: 'https://example.com', elicitationId: 'x' };
    expect(codes(checkElicitationParams(url, { protocolVersion: '2025-11-25', declared: { form: true, url: false } }))).toEqual(['url-mode-undeclared']);
    expect(codes(checkElicitationParams(url, ctx1125))).toEqual([]);
  });
});

describe('app-rendered requests (SEP-3118)', () => {
  const form = { message: 'Pick a plan', requestedSchema: { type: 'object', properties: { plan: { type: 'string' } } } };
  const ctx = { protocolVersion: '2026-07-28', declared: { form: true, url: true } };
  const codes = (params: Record<string, unknown>, appElicitation: boolean) =>
    checkElicitationParams(params, { ...ctx, appElicitation })
      .filter((f) => f.code.startsWith('app-'))
      .map((f) => f.code);

  it('an app for a client that did not declare it, on a URL request, or not a ui:// URI', () => {
    const app = (resourceUri: unknown) => ({ _meta: { ui: { resourceUri } } });
    expect(codes({ ...form, ...app('ui://demo/plan') }, true)).toEqual([]);
    expect(codes({ ...form, ...app('ui://demo/plan') }, false)).toEqual(['app-elicitation-undeclared']);
    expect(codes({ mode: 'url', message: 'Sign in', url: 'https://example.com/a', ...app('ui://demo/plan') }, true)).toEqual(['app-on-url-mode']);
    expect(codes({ ...form, ...app('https://example.com/plan') }, true)).toEqual(['app-resource-uri-invalid']);
    expect(codes({ ...form, ...app(42) }, true)).toEqual(['app-resource-uri-invalid']);
    expect(codes({ ...form, _meta: { ui: {} } }, false)).toEqual([]);
    expect(codes(form, false)).toEqual([]);
  });
});
