import { describe, expect, it } from 'vitest';
import { EMPTY_OAUTH_DRAFT } from './oauth-draft';
import { draftFromTarget, EMPTY_DRAFT, sameDraft, targetFromDraft } from './target-draft';

const http = { ...EMPTY_DRAFT, transport: 'http' as const, url: 'http://127.0.0.1:1/mcp' };

describe('the OAuth part of a target draft', () => {
  it('sends no oauth options when nothing is filled in, so the server still gets dynamic registration', () => {
    expect(targetFromDraft(http)).toEqual({ target: { transport: 'http', url: 'http://127.0.0.1:1/mcp', headers: {} } });
  });

  it('sends what the person typed, trimmed, like the command-line flags', () => {
    const oauth = { ...EMPTY_OAUTH_DRAFT, clientId: ' pre-client ', clientSecret: 'pre-secret', scope: ' mcp:tools   mcp:admin ', keepTokens: true };
    expect(targetFromDraft({ ...http, transport: 'sse', oauth })).toEqual({
      target: {
        transport: 'sse',
        url: 'http://127.0.0.1:1/mcp',
        headers: {},
        oauth: { clientId: 'pre-client', clientSecret: 'pre-secret', scope: 'mcp:tools mcp:admin', grant: 'authorization_code', keepTokens: true },
      },
    });
  });

  it('signing in as a machine needs the client id and secret', () => {
    const oauth = { ...EMPTY_OAUTH_DRAFT, clientId: 'svc', isClientCredentials: true };
    expect(targetFromDraft({ ...http, oauth })).toEqual({ error: 'Signing in as a machine needs the OAuth client ID and its secret or private key.' });
    expect(targetFromDraft({ ...http, oauth: { ...oauth, clientSecret: 's' } })).toMatchObject({ target: { oauth: { grant: 'client_credentials' } } });
  });

  it('a summary prefills everything but the redacted secret, and an unchanged draft counts as the same target', () => {
    const draft = draftFromTarget({
      transport: 'http',
      url: 'http://127.0.0.1:1/mcp',
      headers: {},
      oauth: { clientId: 'pre-client', clientSecret: '[redacted]', grant: 'authorization_code', keepTokens: true },
    });
    expect(draft.oauth).toEqual({ ...EMPTY_OAUTH_DRAFT, clientId: 'pre-client', keepTokens: true });
    expect(sameDraft(draft, { ...draft, oauth: { ...draft.oauth } })).toBe(true);
    expect(sameDraft(draft, { ...draft, oauth: { ...draft.oauth, clientSecret: 'new' } })).toBe(false);
  });

  it('a private key signs for a known client; cross-app access needs the identity provider, its client and the ID token', () => {
    const pem = '-----BEGIN PRIVATE KEY-----\nx\n-----END PRIVATE KEY-----';
    expect(targetFromDraft({ ...http, oauth: { ...EMPTY_OAUTH_DRAFT, privateKey: pem } })).toMatchObject({ error: expect.stringMatching(/client ID too/) });
    expect(targetFromDraft({ ...http, oauth: { ...EMPTY_OAUTH_DRAFT, clientId: 'svc', privateKey: pem, isClientCredentials: true } })).toMatchObject({
      target: { oauth: { clientId: 'svc', privateKey: pem, grant: 'client_credentials' } },
    });
    const crossApp = { ...EMPTY_OAUTH_DRAFT, clientId: 'mcp', clientSecret: 's', isCrossApp: true, idpIssuer: 'https://idp.example', idpClientId: 'idp' };
    expect(targetFromDraft({ ...http, oauth: crossApp })).toMatchObject({ error: expect.stringMatching(/ID token/) });
    expect(targetFromDraft({ ...http, oauth: { ...crossApp, idToken: 'eyJ.t' } })).toMatchObject({
      target: { oauth: { grant: 'cross_app_access', idp: { issuer: 'https://idp.example', clientId: 'idp', idToken: 'eyJ.t' } } },
    });
    const prefilled = draftFromTarget({
      transport: 'http',
      url: 'http://127.0.0.1:1/mcp',
      headers: {},
      oauth: { clientId: 'mcp', grant: 'cross_app_access', idp: { issuer: 'https://idp.example', clientId: 'idp', idToken: '[redacted]' }, keepTokens: false },
    });
    expect(prefilled.oauth).toMatchObject({ isCrossApp: true, idpIssuer: 'https://idp.example', idpClientId: 'idp', idToken: '' });
  });
});
