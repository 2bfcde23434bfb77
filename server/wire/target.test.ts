import { describe, expect, it } from 'vitest';
import { summarizeTarget } from './target';

describe('what may be written to a log', () => {
  it('an HTTP target loses its userinfo, secret query values and secret headers (rules in redact.test.ts)', () => {
    const summary = summarizeTarget({
      transport: 'http',
      url: 'https://u:p@x.dev/mcp?api_key=abc&region=eu',
      headers: { Authorization: 'Bearer x', 'X-Trace': '1' },
    });
    expect(summary).toEqual({
      transport: 'http',
      url: 'https://[redacted]@x.dev/mcp?api_key=[redacted]&region=eu',
      headers: { Authorization: '[redacted]', 'X-Trace': '1' },
    });
  });

  it('a stdio target keeps what is safe to show', () => {
    const summary = summarizeTarget({ transport: 'stdio', command: 'node', args: ['s.js', '--secret=x'], env: { GITHUB_TOKEN: 't', LOG_LEVEL: 'debug' } });
    expect(summary).toEqual({
      transport: 'stdio',
      command: 'node',
      args: ['s.js', '--secret=[redacted]'],
      env: { GITHUB_TOKEN: '[redacted]', LOG_LEVEL: 'debug' },
      cwd: undefined,
    });
  });
});

describe('describeTarget', () => {
  it('keeps the last parts of long absolute paths, and the whole line in fullTarget', async () => {
    const { describeTarget, fullTarget } = await import('./target-names');
    const target = { transport: 'stdio' as const, command: '/usr/bin/node', args: ['/home/ada/project/node_modules/pkg/dist/index.js', 'stdio'], env: {} };
    expect(describeTarget(target)).toBe('/usr/bin/node …/pkg/dist/index.js stdio');
    expect(fullTarget(target)).toBe('/usr/bin/node /home/ada/project/node_modules/pkg/dist/index.js stdio');
    expect(describeTarget({ transport: 'http', url: 'http://127.0.0.1:3001/mcp' })).toBe('http://127.0.0.1:3001/mcp (Streamable HTTP)');
  });
});
