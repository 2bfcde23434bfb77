/**
 * `tap --config FILE --server NAME [--write | --restore]` on config files shaped as Claude
 * Desktop, Cursor and VS Code write them: the entry printed, the file rewritten with only that
 * entry's command, args or URL changed, a second write changing nothing, a restore putting the
 * file back byte for byte, and a restore without a backup refused with a clear error.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../e2e/support/processes';
import { readConfigTargets } from '../config-target';
import { tapCli } from '../tap/tap-cli';

const BIN = join(ROOT, 'server/bin.mjs');

const CLAUDE = `{
  "mcpServers": {
    "weather": {
      "command": "node",
      "args": ["/Users/ada/weather/server.js", "--units=metric"],
      "env": { "WEATHER_API_KEY": "wk-123456" }
    },
    "files": {
      "command": "npx",
      "args": ["-y", "@modelcontextprotocol/server-filesystem", "/Users/ada/Desktop"]
    }
  },
  "globalShortcut": "Ctrl+Space"
}
`;

const CURSOR = `{
  "mcpServers": {
    "linear": { "url": "https://mcp.linear.app/sse", "headers": { "Authorization": "Bearer lin_api_123456" } },
    "local": {
      "command": "uvx"
    }
  }
}
`;

const VSCODE = `{
\t// Servers for this workspace
\t"inputs": [{ "type": "promptString", "id": "token", "password": true }],
\t"servers": {
\t\t"github": { "type": "http", "url": "https://api.githubcopilot.com/mcp/", "headers": { "Authorization": "Bearer \${input:token}" } },
\t\t"notes": {
\t\t\t"type": "stdio",
\t\t\t"command": "node", /* built by npm run build */
\t\t\t"args": ["\${workspaceFolder}/dist/notes.js"],
\t\t},
\t},
}
`;

/** Run `tap` as the command line does, in this process: exit code, stdout, stderr. */
async function tap(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const stdout = process.stdout.write;
  const stderr = process.stderr.write;
  const sink = (add: (text: string) => void) => ((chunk: string | Uint8Array) => (add(String(chunk)), true)) as typeof process.stdout.write;
  process.stdout.write = sink((text) => (out += text));
  process.stderr.write = sink((text) => (err += text));
  try {
    return { code: await tapCli(argv), out, err };
  } finally {
    process.stdout.write = stdout;
    process.stderr.write = stderr;
  }
}

function configFile(folder: string | undefined, name: string, text: string): string {
  const dir = join(mkdtempSync(join(tmpdir(), 'tap-config-')), folder ?? '');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, name);
  writeFileSync(file, text);
  return file;
}

describe('tap --config', () => {
  it('Claude Desktop: prints and writes the tapped entry, a second write changes nothing, --restore puts the file back', async () => {
    const file = configFile(undefined, 'claude_desktop_config.json', CLAUDE);
    const printed = await tap('--config', file, '--server', 'weather');
    expect(printed.code).toBe(0);
    expect(JSON.parse(printed.out)).toEqual({
      weather: {
        command: 'npx',
        args: ['-y', 'elicitation-inspector', 'tap', '--', 'node', '/Users/ada/weather/server.js', '--units=metric'],
        env: { WEATHER_API_KEY: 'wk-123456' },
      },
    });
    expect(readFileSync(file, 'utf8')).toBe(CLAUDE);

    expect((await tap('--config', file, '--server', 'weather', '--write')).code).toBe(0);
    const written = readFileSync(file, 'utf8');
    expect(readFileSync(`${file}.before-tap`, 'utf8')).toBe(CLAUDE);
    // Only the two values changed: the other server and the top-level key are as they were.
    expect(written).toBe(
      CLAUDE.replace('"command": "node"', '"command": "npx"').replace(
        '["/Users/ada/weather/server.js", "--units=metric"]',
        '["-y", "elicitation-inspector", "tap", "--", "node", "/Users/ada/weather/server.js", "--units=metric"]',
      ),
    );
    // What the host will launch, as the inspector's own --config reads it.
    expect(readConfigTargets(file, 'weather').chosen?.target).toMatchObject({ command: 'npx', args: JSON.parse(printed.out).weather.args });

    const again = await tap('--config', file, '--server', 'weather', '--write');
    expect([again.code, again.err]).toEqual([0, expect.stringContaining('already goes through the tap')]);
    expect(readFileSync(file, 'utf8')).toBe(written);
    expect(readFileSync(`${file}.before-tap`, 'utf8')).toBe(CLAUDE);

    expect((await tap('--config', file, '--restore')).code).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe(CLAUDE);
    expect(existsSync(`${file}.before-tap`)).toBe(false);
  });

  it('Cursor: a URL entry points at the tap, which the person starts; an entry without args gets them', async () => {
    const file = configFile('.cursor', 'mcp.json', CURSOR);
    const url = await tap('--config', file, '--server', 'linear', '--listen', '6283', '--write');
    expect(url.code).toBe(0);
    expect(JSON.parse(url.out).linear).toEqual({ url: 'http://127.0.0.1:6283/sse', headers: { Authorization: 'Bearer lin_api_123456' } });
    expect(url.err).toContain('tap --url https://mcp.linear.app/sse --listen 6283');
    const local = await tap('--config', file, '--server', 'local', '--write');
    expect(JSON.parse(local.out).local).toEqual({ command: 'npx', args: ['-y', 'elicitation-inspector', 'tap', '--', 'uvx'] });
    const both = readConfigTargets(file, undefined).servers.map((s) => s.target);
    expect(both).toEqual([expect.objectContaining({ transport: 'sse', url: 'http://127.0.0.1:6283/sse' }), expect.objectContaining({ command: 'npx' })]);
    // Written twice: the second run still tells where the tap must listen, and keeps the port.
    const again = await tap('--config', file, '--server', 'linear', '--write');
    expect(again.err).toContain('--url https://mcp.linear.app/sse --listen 6283');
    expect((await tap('--config', file, '--restore')).code).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe(CURSOR);
  });

  it('VS Code: comments, tabs, trailing commas and inputs stay; ${…} references are left for VS Code', async () => {
    const file = configFile('.vscode', 'mcp.json', VSCODE);
    expect((await tap('--config', file, '--server', 'notes', '--write')).code).toBe(0);
    expect((await tap('--config', file, '--server', 'github', '--listen', '6284', '--write')).code).toBe(0);
    const written = readFileSync(file, 'utf8');
    expect(written).toContain('// Servers for this workspace');
    expect(written).toContain('"command": "npx", /* built by npm run build */');
    expect(written).toContain('\t\t\t"args": ["-y", "elicitation-inspector", "tap", "--", "node", "${workspaceFolder}/dist/notes.js"],\n\t\t},');
    expect(written).toContain('"url": "http://127.0.0.1:6284/mcp/", "headers": { "Authorization": "Bearer ${input:token}" } },');
    expect(written.replace(/"url": "[^"]*"/, '').replace(/"command": "npx"/, '')).toContain(
      '"inputs": [{ "type": "promptString", "id": "token", "password": true }]',
    );
    expect((await tap('--config', file, '--restore')).code).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe(VSCODE);
  });

  it('a restore with no backup is a clear error from the command line, and an unknown server names the ones there are', async () => {
    const file = configFile(undefined, 'claude_desktop_config.json', CLAUDE);
    const restore = await promisify(execFile)(process.execPath, [BIN, 'tap', '--config', file, '--restore'], { cwd: ROOT }).then(
      () => ({ code: 0, stderr: '' }),
      (error: { code: number; stderr: string }) => ({ code: error.code, stderr: error.stderr }),
    );
    expect(restore).toEqual({
      code: 1,
      stderr: `elicitation-inspector tap: nothing to restore: there is no ${file}.before-tap (tap --config … --write keeps one there).\n`,
    });
    const unknown = await tap('--config', file, '--server', 'wether', '--write');
    expect([unknown.code, unknown.err]).toEqual([2, expect.stringContaining('has no server "wether". It has: weather, files.')]);
    expect(readFileSync(file, 'utf8')).toBe(CLAUDE);
  }, 60_000);
});
