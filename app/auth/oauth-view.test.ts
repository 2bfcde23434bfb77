import { describe, expect, it } from 'vitest';
import type { OAuthStepEvent } from './oauth-view';
import { oauthView } from './oauth-view';

let seq = 0;
const step = (fields: Partial<OAuthStepEvent> & Pick<OAuthStepEvent, 'step'>): OAuthStepEvent => ({
  seq: ++seq,
  at: 1_000 * seq,
  sessionId: 's',
  kind: 'oauth',
  message: `${fields.step} happened`,
  ...fields,
});

describe('oauthView', () => {
  it('waits for the person while the last step is an authorization URL, and shows that URL', () => {
    const view = oauthView([
      step({ step: 'challenge', scopeAsked: 'mcp:tools' }),
      step({ step: 'metadata', detail: { issuer: 'https://auth.example.com/' } }),
      step({ step: 'authorize', authorizationUrl: 'https://auth.example.com/authorize?x=1', scopeAsked: 'mcp:tools' }),
    ]);
    expect(view).toMatchObject({
      state: 'waiting',
      authorizationUrl: 'https://auth.example.com/authorize?x=1',
      authorizationServer: 'https://auth.example.com/',
      scopeAsked: 'mcp:tools',
    });
  });

  it('signed in: scopes granted, expiry, and refreshes counted; the URL is gone', () => {
    const view = oauthView([
      step({ step: 'authorize', authorizationUrl: 'https://a/authorize' }),
      step({ step: 'token', scopeGranted: 'mcp:tools', expiresAt: 5_000 }),
      step({ step: 'refresh', scopeGranted: 'mcp:tools', expiresAt: 9_000 }),
    ]);
    expect(view).toMatchObject({ state: 'signed-in', scopeGranted: 'mcp:tools', expiresAt: 9_000, refreshCount: 1 });
    expect(view?.authorizationUrl).toBeUndefined();
  });

  it('a failure and a sign-out say so; nothing at all for a session without OAuth', () => {
    expect(oauthView([step({ step: 'failed', message: 'Signing in failed at token request: nope' })])).toMatchObject({
      state: 'failed',
      lastMessage: expect.stringContaining('nope'),
    });
    expect(oauthView([step({ step: 'token', scopeGranted: 'a' }), step({ step: 'signed-out' })])).toMatchObject({
      state: 'signed-out',
      scopeGranted: undefined,
    });
    expect(oauthView([])).toBeUndefined();
    expect(
      oauthView([step({ step: 'challenge', message: 'The server answered HTTP 401 and publishes no OAuth protected-resource metadata (x)' })]),
    ).toBeUndefined();
  });
});
