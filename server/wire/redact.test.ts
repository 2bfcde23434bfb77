import { describe, expect, it } from 'vitest';
import type { NewLogEvent } from './events';
import { redactArgs, redactBody, redactEnv, redactHeaders, redactUrl, redactUrlsInText, urlSecretValues } from './redact';
import { redactEvent } from './redact-event';

describe('redactUrl', () => {
  it('hides secret-looking query parameters and keeps the rest, the fragment and the order', () => {
    expect(redactUrl('https://x.dev/mcp?api_key=abc&region=eu#frag')).toBe('https://x.dev/mcp?api_key=[redacted]&region=eu#frag');
    expect(redactUrl('http://127.0.0.1:3001/mcp?x=1&access_token=t&apiKey=k&key=g&sig=s&code=c')).toBe(
      'http://127.0.0.1:3001/mcp?x=1&access_token=[redacted]&apiKey=[redacted]&key=[redacted]&sig=[redacted]&code=[redacted]',
    );
  });

  it('hides every copy of a repeated parameter, and an empty one stays empty-looking', () => {
    expect(redactUrl('/mcp?token=a&token=b&token=')).toBe('/mcp?token=[redacted]&token=[redacted]&token=[redacted]');
  });

  it('reads encoded names the way a server would', () => {
    expect(redactUrl('https://x.dev/?api%5Fkey=abc&API%2DKEY=d&pass%77ord=e')).toBe(
      'https://x.dev/?api%5Fkey=[redacted]&API%2DKEY=[redacted]&pass%77ord=[redacted]',
    );
  });

  it('hides userinfo, user and password alike, also with an @ in the password', () => {
    expect(redactUrl('https://user:pass@x.dev/mcp')).toBe('https://[redacted]@x.dev/mcp');
    expect(redactUrl('https://user:p@ss@x.dev/mcp?x=1')).toBe('https://[redacted]@x.dev/mcp?x=1');
    expect(redactUrl('//user:pw@x.dev/mcp')).toBe('//[redacted]@x.dev/mcp');
    expect(redactUrl('https://x.dev/a@b')).toBe('https://x.dev/a@b');
  });

  it('hides parameters in the fragment (OAuth implicit flow, hash routes); a harmless lookalike goes too', () => {
    expect(redactUrl('https://app.dev/cb#access_token=t&token_type=bearer&state=s')).toBe(
      'https://app.dev/cb#access_token=[redacted]&token_type=[redacted]&state=s',
    );
    expect(redactUrl('https://app.dev/#/done?id_token=t')).toBe('https://app.dev/#/done?id_token=[redacted]');
    expect(redactUrl('https://app.dev/p#a?token=t')).toBe('https://app.dev/p#a?token=[redacted]');
  });

  it('leaves URLs without secrets alone, byte for byte', () => {
    for (const url of ['http://127.0.0.1:3001/mcp', '/messages?sessionId=abc', 'https://x.dev/?q=a%20b&page=2#top', '']) expect(redactUrl(url)).toBe(url);
  });

  it('never throws on relative, malformed or hostile input', () => {
    for (const url of ['?', '#', '?=', '?&&=&', '/x?%E0%A4%A=1&token=%', 'http://[::1', '%%%?token=%ZZ', 'a'.repeat(100_000) + '?token=x']) {
      expect(() => redactUrl(url)).not.toThrow();
    }
    expect(redactUrl('/x?%E0%A4%A=1&token=%')).toBe('/x?%E0%A4%A=1&token=[redacted]');
  });

  it('names the values it hides, as written and decoded', () => {
    expect(urlSecretValues('http://al%40ice:p%21w@h/?api_key=a%2Bb&x=1#access_token=t')).toEqual([
      'al%40ice:p%21w',
      'p%21w',
      'al@ice:p!w',
      'p!w',
      'a%2Bb',
      'a+b',
      't',
      't',
    ]);
    expect(urlSecretValues('http://h/?x=1')).toEqual([]);
  });
});

describe('redactUrlsInText', () => {
  it('redacts each URL in a sentence and keeps the sentence', () => {
    expect(redactUrlsInText('Connection refused at http://127.0.0.1:9/mcp?api_key=abc&x=1: nothing is listening there.')).toBe(
      'Connection refused at http://127.0.0.1:9/mcp?api_key=[redacted]&x=1: nothing is listening there.',
    );
    expect(redactUrlsInText('Request cannot be constructed from a URL that includes credentials: http://user:pw@h/mcp')).toBe(
      'Request cannot be constructed from a URL that includes credentials: http://[redacted]@h/mcp',
    );
    expect(redactUrlsInText('see "https://a.dev/?token=1" and (https://b.dev/?secret=2)')).toBe(
      'see "https://a.dev/?token=[redacted]" and (https://b.dev/?secret=[redacted])',
    );
    expect(redactUrlsInText('no url here, token=abc')).toBe('no url here, token=abc');
  });

  it("gets through a server's hostile 100 kB error text in one pass", () => {
    // Each `a.` starts a word that looks like the beginning of a scheme: an unbounded scheme pattern rescans from every one.
    const text = `${'a.'.repeat(50_000)}b: see http://h/?token=x`;
    expect(redactUrlsInText(text)).toBe(`${'a.'.repeat(50_000)}b: see http://h/?token=[redacted]`);
  });
});

describe('headers, arguments, environment', () => {
  it('hides secret headers, and secrets in headers that carry URLs', () => {
    expect(redactHeaders({ Authorization: 'Bearer x', Cookie: 'a=b', 'X-Trace': '1', 'X-Api-Key': 'k' })).toEqual({
      Authorization: '[redacted]',
      Cookie: '[redacted]',
      'X-Trace': '1',
      'X-Api-Key': '[redacted]',
    });
    expect(redactHeaders({ location: '/next?token=t&x=1', 'content-location': 'http://h/mcp?api_key=k', link: '<https://h/p?sig=s>; rel="next"' })).toEqual({
      location: '/next?token=[redacted]&x=1',
      'content-location': 'http://h/mcp?api_key=[redacted]',
      link: '<https://h/p?sig=[redacted]>; rel="next"',
    });
  });

  it('hides secret-looking arguments and the secrets of URL arguments', () => {
    expect(redactArgs(['server.js', '--api-key', 'k1', '--token=t1', '--port', '9', 'password=p', '--key=k2'])).toEqual([
      'server.js',
      '--api-key',
      '[redacted]',
      '--token=[redacted]',
      '--port',
      '9',
      'password=[redacted]',
      '--key=[redacted]',
    ]);
    expect(redactArgs(['mcp-remote', 'https://u:p@h/mcp?api_key=k&x=1'])).toEqual(['mcp-remote', 'https://[redacted]@h/mcp?api_key=[redacted]&x=1']);
  });

  it('hides secret-looking environment values', () => {
    expect(redactEnv({ GITHUB_TOKEN: 't', LOG_LEVEL: 'debug', DB_PASSWORD: 'p' })).toEqual({
      GITHUB_TOKEN: '[redacted]',
      LOG_LEVEL: 'debug',
      DB_PASSWORD: '[redacted]',
    });
  });
});

describe('bodies', () => {
  it('hides the credentials of OAuth JSON and keeps the metadata fields that merely name tokens', () => {
    const tokens = '{"access_token":"at-1","token_type":"Bearer","expires_in":3600,"refresh_token":"rt-1","scope":"mcp:tools"}';
    expect(redactBody(tokens)).toBe('{"access_token":"[redacted]","token_type":"Bearer","expires_in":3600,"refresh_token":"[redacted]","scope":"mcp:tools"}');
    const registered = '{"client_id":"c-1","client_secret":"s-1","registration_access_token":"r-1","token_endpoint_auth_method":"none"}';
    expect(redactBody(registered)).toBe(
      '{"client_id":"c-1","client_secret":"[redacted]","registration_access_token":"[redacted]","token_endpoint_auth_method":"none"}',
    );
    const metadata = '{"issuer":"https://a.example","token_endpoint":"https://a.example/token","authorization_servers":["https://a.example"]}';
    expect(redactBody(metadata)).toBe(metadata);
  });

  it('hides the credentials of a form body, and works on JSON cut short', () => {
    expect(redactBody('grant_type=refresh_token&refresh_token=rt-1&client_id=c-1')).toBe('grant_type=refresh_token&refresh_token=[redacted]&client_id=c-1');
    expect(redactBody('grant_type=authorization_code&code=abc&code_verifier=v&redirect_uri=http%3A%2F%2F127.0.0.1%2Fcb')).toBe(
      'grant_type=authorization_code&code=[redacted]&code_verifier=[redacted]&redirect_uri=http%3A%2F%2F127.0.0.1%2Fcb',
    );
    expect(redactBody('{"error":"invalid_grant","id_token":"x.y.z","access_tok')).toBe('{"error":"invalid_grant","id_token":"[redacted]","access_tok');
  });

  it('keeps a challenge header (WWW-Authenticate is not a credential), and an http entry’s bodies pass through redactBody', () => {
    expect(redactHeaders({ 'www-authenticate': 'Bearer error="invalid_token"' })).toEqual({ 'www-authenticate': 'Bearer error="invalid_token"' });
    const event = redactEvent({
      kind: 'http',
      method: 'POST',
      url: 'http://a.example/token',
      status: 200,
      durationMs: 1,
      requestHeaders: {},
      requestBody: 'grant_type=client_credentials&client_secret=s-1',
      responseBody: '{"access_token":"at-1"}',
    });
    expect(event).toMatchObject({ requestBody: 'grant_type=client_credentials&client_secret=[redacted]', responseBody: '{"access_token":"[redacted]"}' });
  });
});

describe('redactEvent', () => {
  const url = 'http://u:pw@h/mcp?api_key=k1&x=1';

  it('redacts the URL, headers and error of an http entry', () => {
    const event: NewLogEvent = {
      kind: 'http',
      method: 'POST',
      url,
      durationMs: 1,
      requestHeaders: { authorization: 'Bearer t' },
      responseHeaders: { location: url },
      error: `TypeError: ${url}`,
    };
    expect(redactEvent(event)).toEqual({
      ...event,
      url: 'http://[redacted]@h/mcp?api_key=[redacted]&x=1',
      requestHeaders: { authorization: '[redacted]' },
      responseHeaders: { location: 'http://[redacted]@h/mcp?api_key=[redacted]&x=1' },
      error: 'TypeError: http://[redacted]@h/mcp?api_key=[redacted]&x=1',
    });
  });

  it("redacts the proxy's and the SDK's own error text, detail included", () => {
    const error = { code: 'connect-failed' as const, message: `Could not connect: ${url}`, detail: { message: url, nested: [{ at: url }], count: 3 } };
    const clean = 'http://[redacted]@h/mcp?api_key=[redacted]&x=1';
    const cleanError = { ...error, message: `Could not connect: ${clean}`, detail: { message: clean, nested: [{ at: clean }], count: 3 } };
    expect(redactEvent({ kind: 'proxy-error', error })).toEqual({ kind: 'proxy-error', error: cleanError });
    expect(redactEvent({ kind: 'session-state', state: 'closed', reason: 'connect-failed', error })).toMatchObject({ error: cleanError });
    expect(redactEvent({ kind: 'sdk-error', message: `SSE error at ${url}` })).toEqual({ kind: 'sdk-error', message: `SSE error at ${clean}` });
    expect(redactEvent({ kind: 'call-end', callId: 'c1', outcome: 'error', error })).toMatchObject({ error: cleanError });
  });

  it("passes the server's own words and the protocol messages through untouched", () => {
    const events: NewLogEvent[] = [
      { kind: 'rpc-in', message: { jsonrpc: '2.0', id: 1, result: { url } } },
      { kind: 'stderr', text: `listening at ${url}` },
      { kind: 'call-end', callId: 'c1', outcome: 'error', error: { code: -32000, message: url } },
    ];
    for (const event of events) expect(redactEvent(event)).toBe(event);
  });
});
