import { describe, expect, it } from 'vitest';
import { redactArgs, redactHeaders, redactUrl, summarizeTarget } from './target';

describe('what may be written to a log', () => {
  it('redacts secret headers, query parameters, credentials, and secret-looking arguments', () => {
    expect(redactHeaders({ Authorization: 'Bearer x', Cookie: 'a=b', 'X-Trace': '1', 'X-Api-Key': 'k' })).toEqual({ Authorization: '[redacted]', Cookie: '[redacted]', 'X-Trace': '1', 'X-Api-Key': '[redacted]' });
    expect(redactUrl('https://x.dev/mcp?api_key=abc&region=eu#frag')).toBe('https://x.dev/mcp?api_key=[redacted]&region=eu#frag');
    expect(redactUrl('https://user:pass@x.dev/mcp')).toBe('https://[redacted]@x.dev/mcp');
    expect(redactUrl('http://127.0.0.1:3001/mcp')).toBe('http://127.0.0.1:3001/mcp');
    expect(redactArgs(['server.js', '--api-key', 'k1', '--token=t1', '--port', '9', 'password=p'])).toEqual(['server.js', '--api-key', '[redacted]', '--token=[redacted]', '--port', '9', 'password=[redacted]']);
  });

  it('a stdio target keeps what is safe to show', () => {
    const summary = summarizeTarget({ transport: 'stdio', command: 'node', args: ['s.js', '--secret=x'], env: { GITHUB_TOKEN: 't', LOG_LEVEL: 'debug' } });
    expect(summary).toEqual({ transport: 'stdio', command: 'node', args: ['s.js', '--secret=[redacted]'], env: { GITHUB_TOKEN: '[redacted]', LOG_LEVEL: 'debug' }, cwd: undefined });
  });
});

describe('describeTarget', () => {
  it('keeps the last parts of long absolute paths, and the whole line in fullTarget', async () => {
    const { describeTarget, fullTarget } = await import('./target');
    const target = { transport: 'stdio' as const, command: '/usr/bin/node', args: ['/home/ada/project/node_modules/pkg/dist/index.js', 'stdio'], env: {} };
    expect(describeTarget(target)).toBe('/usr/bin/node …/pkg/dist/index.js stdio');
    expect(fullTarget(target)).toBe('/usr/bin/node /home/ada/project/node_modules/pkg/dist/index.js stdio');
    expect(describeTarget({ transport: 'http', url: 'http://127.0.0.1:3001/mcp', headers: {} })).toBe('http://127.0.0.1:3001/mcp (Streamable HTTP)');
  });
});
