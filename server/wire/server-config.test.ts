import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseJsonc, parseServerConfig, type ConfigContext } from './server-config';

const fixture = (name: string) => readFileSync(new URL(`./config-fixtures/${name}`, import.meta.url), 'utf8');
const context: ConfigContext = { env: (name) => ({ API_TOKEN: 'tok-1' })[name], userHome: '/home/me', workspaceFolder: '/work/proj' };

function parse(text: string, ctx = context) {
  const result = parseServerConfig(text, ctx);
  if (!result.ok) throw new Error(`expected a config, got: ${result.problem.message}`);
  return result.config;
}

describe('config files in the shapes people already have', () => {
  it('reads Claude Desktop: stdio servers with args and env, other keys noted', () => {
    const config = parse(fixture('claude-desktop.json'));
    expect(config.format).toBe('mcpServers');
    expect(config.servers.map((s) => s.name)).toEqual(['filesystem', 'weather']);
    expect(config.servers[1]?.target).toEqual({
      transport: 'stdio',
      command: 'node',
      args: ['/Users/me/weather/build/index.js'],
      env: { API_KEY: 'abc123', RETRIES: '3' },
    });
    expect(config.notes).toEqual(['Ignored top-level key: "globalShortcut".']);
  });

  it('reads Cursor: url servers with headers, ${env:…} and ${userHome} expanded, UI keys quiet', () => {
    const config = parse(fixture('cursor-mcp.json'));
    const [remote, local, sse] = config.servers;
    expect(remote?.target).toEqual({ transport: 'http', url: 'https://api.example.com/mcp', headers: { Authorization: 'Bearer tok-1' } });
    expect(local?.target).toMatchObject({ transport: 'stdio', command: '/home/me/bin/server', args: ['--verbose'] });
    expect(local?.notes).toEqual([]);
    expect(sse?.target).toEqual({ transport: 'sse', url: 'http://localhost:8080/sse', headers: {} });
  });

  it('reads an untyped URL ending in /sse as SSE, as the hosts fall back to it, and says so', () => {
    const config = parse('{"mcpServers": {"old": {"url": "http://h:8080/sse?k=1"}, "new": {"url": "http://h:8080/mcp"}}}');
    expect(config.servers.map((s) => s.target.transport)).toEqual(['sse', 'http']);
    expect(config.servers[0]?.notes).toEqual([expect.stringMatching(/^No "type": read as SSE, as its URL ends in \/sse\./)]);
    expect(config.servers[1]?.notes).toEqual([]);
  });

  it('reads VS Code: comments and trailing commas; an ${input:…} server is left out saying why', () => {
    const config = parse(fixture('vscode-mcp.json'));
    expect(config.format).toBe('vscode');
    expect(config.servers.map((s) => s.name)).toEqual(['demo']);
    expect(config.servers[0]?.target).toMatchObject({ command: 'node', args: ['/work/proj/server.js'] });
    expect(config.servers[0]?.notes).toEqual([
      'Ignored key: "dev".',
      '"envFile" (/work/proj/.env) is not read here: add its variables to the environment by hand.',
    ]);
    expect(config.notes.join(' ')).toContain('Server "github" is left out: headers.Authorization uses ${input:github-token}');
  });

  it('reads the official inspector: streamable-http, and a disabled server still offered as such', () => {
    const config = parse(fixture('inspector-config.json'));
    expect(config.servers.map((s) => [s.name, s.target.transport, s.isDisabled])).toEqual([
      ['everything-stdio', 'stdio', false],
      ['everything-http', 'http', false],
      ['off', 'stdio', true],
    ]);
  });

  it('refuses a broken file with the line and what is wrong', () => {
    const result = parseServerConfig(fixture('broken.json'), context);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problem.line).toBe(4);
    expect(result.problem.message).toMatch(/^not valid JSON: /);
  });

  it('says which variable is unset, never guessing a value', () => {
    const result = parseServerConfig('{"mcpServers":{"x":{"url":"https://h/${env:NOPE}"}}}', context);
    expect(result).toEqual({ ok: false, problem: { message: expect.stringContaining('url refers to ${env:NOPE}, which is not set') } });
  });

  it('a paste keeps an unset ${env:…} as written and names it to fill in, rather than leaving the server out', () => {
    const text = '{"mcpServers":{"x":{"url":"https://h/mcp","headers":{"Authorization":"Bearer ${env:NOPE}"}}}}';
    const config = parse(text, { ...context, unsetEnv: 'keep' });
    expect(config.servers[0]).toMatchObject({ target: { headers: { Authorization: 'Bearer ${env:NOPE}' } }, missingEnv: ['NOPE'] });
    const filled = parse(text, { ...context, env: (name) => (name === 'NOPE' ? 'tok-2' : undefined), unsetEnv: 'keep' });
    expect(filled.servers[0]).toMatchObject({ target: { headers: { Authorization: 'Bearer tok-2' } } });
    expect(filled.servers[0]?.missingEnv).toBeUndefined();
  });

  it("reads an envFile through the caller, under the entry's own env, and notes what it cannot use", () => {
    const files: Record<string, string> = {
      '/work/proj/.env': '# keys\nexport A=1\nB="two # not a comment\\n"\nC=three # a comment\nnot a line\nD=from-file\n',
    };
    const readFile = (path: string) => (path in files ? { text: files[path] } : { error: 'no such file.' });
    const config = parse(fixture('vscode-mcp.json'), { ...context, readFile });
    expect(config.servers[0]?.target).toMatchObject({ env: { A: '1', B: 'two # not a comment\n', C: 'three', D: 'from-file' } });
    expect(config.servers[0]?.notes).toEqual(['Ignored key: "dev".', '"envFile" /work/proj/.env: line 5 is not KEY=VALUE, ignored.']);
    const own = parse('{"mcpServers":{"s":{"command":"node","envFile":"/work/proj/.env","env":{"D":"own"}}}}', { ...context, readFile });
    expect(own.servers[0]?.target).toMatchObject({ env: { D: 'own' } });
    const missing = parse('{"mcpServers":{"s":{"command":"node","envFile":"/nope/.env"}}}', { ...context, readFile });
    expect(missing.servers[0]?.notes).toEqual(['Could not read "envFile" /nope/.env: no such file.']);
  });

  it('refuses what is not a config: wrong root, wrong shapes, unknown type', () => {
    const problem = (text: string) => {
      const result = parseServerConfig(text, context);
      return result.ok ? 'accepted' : result.problem.message;
    };
    expect(problem('[]')).toMatch(/JSON object/);
    expect(problem('{"servers": []}')).toMatch(/is not an object of named servers/);
    expect(problem('{"mcpServers": {"a": {"type": "websocket", "url": "ws://x"}}}')).toMatch(/"websocket" is not one of/);
    expect(problem('{"mcpServers": {"a": {"command": "x", "args": [{}]}}}')).toMatch(/"args\[0\]" must be a string/);
    expect(problem('{"mcpServers": {"a": 5}}')).toMatch(/not an object/);
  });

  it('survives hostile files: huge, deeply nested, unterminated strings and comments', () => {
    expect(parseServerConfig(' '.repeat(1_000_001), context).ok).toBe(false);
    expect(parseServerConfig(`{"mcpServers":${'['.repeat(100_000)}`, context).ok).toBe(false);
    expect(parseJsonc('{"a": "unterminated').ok).toBe(false);
    expect(parseJsonc('{"a": 1 /* never closed').ok).toBe(false);
    expect(parseJsonc('{"a": "// not a comment", "b": "/* nor this */",}')).toEqual({ ok: true, value: { a: '// not a comment', b: '/* nor this */' } });
  });
});
