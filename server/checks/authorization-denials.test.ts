import { describe, expect, it } from 'vitest';
import { SessionSettingsSchema } from '../wire/target';
import { readRoundDenial } from './authorization-denials';

const on = SessionSettingsSchema.parse({ proposals: { authorizationDenials: true } });
const declared = { protocolVersion: '2026-07-28', declared: { form: true, url: true } };
const denial = (envelope: unknown) => ({ resultType: 'input_required', _meta: { 'io.modelcontextprotocol/authorization': envelope } });
const URL_DENIAL = {
  reason: 'insufficient_authorization',
  remediation: 'available',
  authorizationContextId: 'authzctx_1',
  remediationHints: [{ type: 'url' }],
};

describe('authorization denials in a round (SEP-2643)', () => {
  it('a URL remedy goes with the URL elicitation, and the retry echoes the handle', () => {
    expect(readRoundDenial(denial(URL_DENIAL), ['url'], on, declared)).toEqual({
      urlRemedy: URL_DENIAL,
      retryMeta: { 'io.modelcontextprotocol/authorization-context-id': 'authzctx_1' },
      findings: [],
    });
  });

  it('is ignored with the setting off, or without an envelope', () => {
    expect(readRoundDenial(denial(URL_DENIAL), ['url'], SessionSettingsSchema.parse({}), declared)).toEqual({ findings: [] });
    expect(readRoundDenial({ resultType: 'input_required' }, ['url'], on, declared)).toEqual({ findings: [] });
  });

  it('says what the proposal forbids', () => {
    const codes = (envelope: unknown, modes: ('form' | 'url')[], ctx = declared) =>
      readRoundDenial(denial(envelope), modes, on, ctx).findings.map((f) => f.code);
    expect(codes({ remediation: 'sometimes' }, ['url'])).toEqual(['authorization-denial-malformed']);
    expect(codes({ ...URL_DENIAL, remediation: 'unavailable' }, ['url'])).toEqual(['authorization-hints-not-allowed']);
    expect(codes(URL_DENIAL, ['form'])).toEqual(['authorization-url-hint-without-url']);
    const undeclared = { ...declared, declared: { form: true, url: false } };
    expect(codes(URL_DENIAL, ['url'], undeclared)).toEqual(['authorization-url-undeclared']);
    expect(readRoundDenial(denial(URL_DENIAL), ['url'], on, undeclared).urlRemedy).toBeUndefined();
  });
});
