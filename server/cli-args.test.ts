import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PORT, OPTIONS_HELP, parseCli, UsageError } from './cli-args';

const ROOT = join(import.meta.dirname, '..');

describe('parseCli', () => {
  it('defaults: the demo server, loopback, the default port, open a browser', () => {
    const options = parseCli([]);
    expect(options).toMatchObject({ target: undefined, host: '127.0.0.1', port: DEFAULT_PORT, open: true, protocol: 'auto', timeoutMs: 600_000 });
  });

  it('a stdio command after --, with env and cwd; its own flags are not ours', () => {
    const options = parseCli(['-e', 'A=1', '--env', 'B=x=y', '--cwd', '/tmp', '--', 'npx', '-y', 'server', '--port', '9']);
    expect(options.target).toEqual({ transport: 'stdio', command: 'npx', args: ['-y', 'server', '--port', '9'], env: { A: '1', B: 'x=y' }, cwd: '/tmp' });
    expect(options.port).toBe(DEFAULT_PORT);
  });

  it('a URL with transport and repeated headers', () => {
    const options = parseCli(['--url', 'http://127.0.0.1:3001/sse', '--transport', 'sse', '--header', 'Authorization: Bearer abc: def', '--header', 'X-A:1']);
    expect(options.target).toEqual({ transport: 'sse', url: 'http://127.0.0.1:3001/sse', headers: { Authorization: 'Bearer abc: def', 'X-A': '1' } });
  });

  it('--no-open, --no-connect, --port 0, --protocol, --timeout', () => {
    expect(parseCli(['--no-open', '--no-connect', '--port', '0', '--protocol', '2025-06-18', '--timeout', '30'])).toMatchObject({
      open: false,
      target: null,
      port: 0,
      protocol: '2025-06-18',
      timeoutMs: 30_000,
    });
  });

  it('--elicitation: the modes the client declares, both by default', () => {
    expect(parseCli([]).elicitation).toEqual({ form: true, url: true });
    expect(parseCli(['--elicitation', 'none']).elicitation).toEqual({ form: false, url: false });
    expect(parseCli(['--elicitation', 'form']).elicitation).toEqual({ form: true, url: false });
    expect(parseCli(['--elicitation', 'url']).elicitation).toEqual({ form: false, url: true });
    expect(parseCli(['--elicitation', 'both']).elicitation).toEqual({ form: true, url: true });
  });

  it('--help documents every flag parseCli accepts', () => {
    for (const flag of ['--elicitation', '--protocol', '--timeout', '--no-connect', '--idle-close', '--roots <uri|path>', '--sampling', '--tasks'])
      expect(OPTIONS_HELP).toContain(flag);
  });

  it('--roots (repeatable, URIs or folder paths), --sampling and --tasks: what the client declares; none by default', () => {
    expect(parseCli([])).toMatchObject({ roots: [], sampling: false, tasks: false, keepFileBytes: false });
    expect(parseCli(['--keep-file-bytes'])).toMatchObject({ keepFileBytes: true });
    expect(parseCli(['--roots', 'file:///home/ada/project', '--roots', '/home/ada/my notes', '--sampling', '--tasks'])).toMatchObject({
      roots: [{ uri: 'file:///home/ada/project' }, { uri: 'file:///home/ada/my%20notes' }],
      sampling: true,
      tasks: true,
    });
  });

  it('a --roots value that is not a file:// root is refused with the value and why', () => {
    expect(() => parseCli(['--roots', 'https://example.com/repo'])).toThrow(UsageError);
    expect(() => parseCli(['--roots', 'https://example.com/repo'])).toThrow('--roots takes a file:// URI or a folder path, not "https://example.com/repo"');
  });

  it('the command line exits 2 on a bad --roots, saying why', () => {
    const run = spawnSync(process.execPath, [join(ROOT, 'server/bin.mjs'), '--no-open', '--roots', 'mailto:ada@example.com'], {
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('elicitation-inspector: --roots takes a file:// URI or a folder path, not "mailto:ada@example.com"');
  });

  it.each([
    [['--elicitation', 'forms'], /--elicitation must be one of none, form, url, both/],
    [['--host', '0.0.0.0'], /dangerously-bind-all-interfaces/],
    [['--host', '192.168.1.5'], /loopback/],
    [['--port', '70000'], /--port/],
    [['--protocol', '2024-01-01'], /--protocol/],
    [['--url', 'http://x', '--header', 'NoColon'], /Name: value/],
    [['--header', 'A: b'], /need --url/],
    [['--url', 'http://x', '--', 'node'], /either --url or a command/],
    [['--url', 'http://x', '--transport', 'ws'], /http or sse/],
    [['--bogus'], /Unknown option/],
  ])('refuses %j', (args, message) => {
    expect(() => parseCli(args)).toThrow(UsageError);
    expect(() => parseCli(args)).toThrow(message);
  });

  it('does not print back a malformed --header or --env, which may hold a secret', () => {
    expect(() => parseCli(['--url', 'http://x', '--header', 'Authorization Bearer sk-SECRET-1'])).toThrow(/^(?!.*SECRET).*Name: value/s);
    expect(() => parseCli(['--env', 'API_TOKEN:SECRET-2', '--', 'node'])).toThrow(/^(?!.*SECRET).*KEY=VALUE/s);
  });

  it('accepts a wildcard host with the loudly named flag', () => {
    expect(parseCli(['--host', '0.0.0.0', '--dangerously-bind-all-interfaces'])).toMatchObject({ host: '0.0.0.0', allowAllInterfaces: true });
  });

  it('--rules names a rules file for the connection made at start; with --no-connect there is none', () => {
    expect(parseCli(['--rules', 'rules.json']).rulesFile).toBe('rules.json');
    expect(parseCli([]).rulesFile).toBeUndefined();
    expect(() => parseCli(['--rules', 'rules.json', '--no-connect'])).toThrow(UsageError);
    expect(OPTIONS_HELP).toContain('--rules <file>');
  });
});
