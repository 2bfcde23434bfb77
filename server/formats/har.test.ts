import { describe, expect, it } from 'vitest';
import type { LogEvent } from '../wire/events';
import { sessionToHar } from './har';

const exchange = (url: string): LogEvent => ({
  seq: 1,
  at: 1_700_000_000_000,
  sessionId: 's',
  kind: 'http',
  method: 'GET',
  url,
  status: 200,
  durationMs: 5,
  requestHeaders: {},
});

describe('sessionToHar', () => {
  it('keeps the path and query as logged, whatever the case of the host', () => {
    const urls = ['http://LocalHost:8080/Mcp?token=[redacted]#x', 'http://127.0.0.1:9/mcp', 'http://Example.COM'].map(
      (url) => sessionToHar([exchange(url)], { name: 't', version: '1' }).log.entries[0].request.url,
    );
    expect(urls).toEqual(['http://localhost:8080/Mcp?token=%5Bredacted%5D#x', 'http://127.0.0.1:9/mcp', 'http://example.com']);
  });
});
