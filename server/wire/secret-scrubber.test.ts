import { describe, expect, it } from 'vitest';
import { secretScrubber, targetSecrets } from './secret-scrubber';

const entry = (payload: Record<string, unknown>) => JSON.stringify({ ...payload, seq: 7, at: 1, sessionId: 's1' });

describe('targetSecrets', () => {
  it('knows the query values, the userinfo and the secret headers of an HTTP target', () => {
    const secrets = targetSecrets({
      transport: 'http',
      url: 'http://alice:hunter2@h/mcp?api_key=SECRET123&x=1',
      headers: { Authorization: 'Bearer TOKEN-789', 'X-Trace': 'trace-id-1' },
    });
    expect(secrets).toEqual(['alice:hunter2', 'hunter2', 'SECRET123', 'Bearer TOKEN-789', 'TOKEN-789']);
  });

  it('knows the secret env values and arguments of a stdio target, and leaves short ones to the shape rules', () => {
    const secrets = targetSecrets({
      transport: 'stdio',
      command: 'node',
      args: ['s.js', '--token=ARG-SECRET', '--api-key', 'NEXT-SECRET', 'https://h/?key=URL-SECRET', '--port', '3000'],
      env: { API_TOKEN: 'ENV-SECRET', HOME: '/home/me', PASSWORD: 'pw' },
    });
    expect(secrets).toEqual(['ENV-SECRET', 'ARG-SECRET', 'NEXT-SECRET', 'URL-SECRET']);
  });
});

describe('secretScrubber', () => {
  it('is not there at all when the target has no secret', () => {
    expect(secretScrubber([])).toBeUndefined();
    expect(secretScrubber(['pw'])).toBeUndefined();
  });

  it('returns an entry without a secret as the very same string', () => {
    const json = entry({ kind: 'rpc-in', message: { jsonrpc: '2.0', id: 1, result: {} } });
    expect(secretScrubber(['SECRET123'])!(json)).toBe(json);
  });

  it('replaces a secret anywhere in an entry, also percent-encoded, and keeps the JSON and its key order', () => {
    const scrub = secretScrubber(['SECRET 123', 'alice:hunter2', 'hunter2'])!;
    const json = entry({
      kind: 'rpc-in',
      message: {
        jsonrpc: '2.0',
        id: 1,
        result: { content: [{ type: 'text', text: 'key SECRET 123 in http://h/?k=SECRET%20123 as alice:hunter2' }], SECRET_123: 1 },
      },
    });
    const clean = scrub(json);
    expect(clean).not.toMatch(/SECRET 123|SECRET%20123|hunter2/);
    expect(JSON.parse(clean)).toEqual({
      kind: 'rpc-in',
      message: {
        jsonrpc: '2.0',
        id: 1,
        result: { content: [{ type: 'text', text: 'key [redacted] in http://h/?k=[redacted] as [redacted]' }], SECRET_123: 1 },
      },
      seq: 7,
      at: 1,
      sessionId: 's1',
    });
    expect(Object.keys(JSON.parse(clean))).toEqual(['kind', 'message', 'seq', 'at', 'sessionId']);
  });

  it('finds a secret that JSON escapes, and keeps the entry valid JSON', () => {
    const secret = 'pa"ss\\word';
    const clean = secretScrubber([secret])!(entry({ kind: 'stderr', text: `printed ${secret} twice: ${secret}` }));
    expect(JSON.parse(clean)).toMatchObject({ kind: 'stderr', text: 'printed [redacted] twice: [redacted]' });
  });

  it('never touches the fields readers rely on, even if a secret spells one', () => {
    const clean = secretScrubber(['session-state', 's1s1s1'])!(
      JSON.stringify({ kind: 'session-state', state: 'ready', note: 'session-state', seq: 1, at: 1, sessionId: 's1s1s1' }),
    );
    expect(JSON.parse(clean)).toEqual({ kind: 'session-state', state: 'ready', note: '[redacted]', seq: 1, at: 1, sessionId: 's1s1s1' });
  });
});
