import { describe, expect, it } from 'vitest';
import { bearer, isAllowedHost, isAllowedOrigin, tokensEqual, wsToken } from './security';

const policy = { port: 6280, anyHost: false };

describe('security checks', () => {
  it('compares tokens exactly', () => {
    expect(tokensEqual('abc', 'abc')).toBe(true);
    expect(tokensEqual('abd', 'abc')).toBe(false);
    expect(tokensEqual('ab', 'abc')).toBe(false);
    expect(tokensEqual(undefined, 'abc')).toBe(false);
    expect(tokensEqual('', 'abc')).toBe(false);
  });

  it('accepts only loopback hosts on our port', () => {
    expect(isAllowedHost('127.0.0.1:6280', policy)).toBe(true);
    expect(isAllowedHost('localhost:6280', policy)).toBe(true);
    expect(isAllowedHost('[::1]:6280', policy)).toBe(true);
    expect(isAllowedHost('127.0.0.1:6281', policy)).toBe(false);
    expect(isAllowedHost('evil.example:6280', policy)).toBe(false);
    expect(isAllowedHost('127.0.0.1.evil.example:6280', policy)).toBe(false);
    expect(isAllowedHost(undefined, policy)).toBe(false);
  });

  it('accepts only our own page as Origin; no Origin means not a page', () => {
    expect(isAllowedOrigin('http://127.0.0.1:6280', '127.0.0.1:6280', policy)).toBe(true);
    expect(isAllowedOrigin('http://localhost:6280', 'localhost:6280', policy)).toBe(true);
    expect(isAllowedOrigin('http://evil.example', '127.0.0.1:6280', policy)).toBe(false);
    expect(isAllowedOrigin('https://127.0.0.1:6280', '127.0.0.1:6280', policy)).toBe(false);
    expect(isAllowedOrigin('null', '127.0.0.1:6280', policy)).toBe(false);
    expect(isAllowedOrigin(undefined, '127.0.0.1:6280', policy)).toBe(true);
  });

  it('with the wildcard flag, any Host, but Origin must match it', () => {
    const open = { port: 6280, anyHost: true };
    expect(isAllowedHost('devbox:6280', open)).toBe(true);
    expect(isAllowedOrigin('http://devbox:6280', 'devbox:6280', open)).toBe(true);
    expect(isAllowedOrigin('http://evil.example', 'devbox:6280', open)).toBe(false);
  });

  it('reads the token from a Bearer header and from the WebSocket subprotocols', () => {
    expect(bearer('Bearer abc')).toBe('abc');
    expect(bearer('Basic abc')).toBeUndefined();
    expect(wsToken('elicitation-inspector, token.abc')).toBe('abc');
    expect(wsToken('elicitation-inspector')).toBeUndefined();
  });
});
