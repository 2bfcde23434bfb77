import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCli, UsageError } from './cli-args';
import { readConfigTargets } from './config-target';

const folder = mkdtempSync(join(tmpdir(), 'config-target-'));
function file(name: string, content: unknown): string {
  const path = join(folder, name);
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
}

describe('--config and --server', () => {
  it('are parsed, and refuse to mix with another target', () => {
    expect(parseCli(['--config', 'mcp.json', '--server', 'a'])).toMatchObject({ target: null, config: { file: 'mcp.json', server: 'a' } });
    expect(() => parseCli(['--server', 'a'])).toThrow(/give the file too/);
    expect(() => parseCli(['--config', 'mcp.json', '--url', 'http://x'])).toThrow(UsageError);
    expect(() => parseCli(['--config', 'mcp.json', '--', 'node'])).toThrow(/one of --config/);
  });

  it('connects to the only usable server, or to the one named; several without a name are offered', () => {
    const two = file('two.json', { mcpServers: { a: { command: 'node' }, b: { url: 'http://127.0.0.1:1/mcp' }, off: { command: 'x', disabled: true } } });
    expect(readConfigTargets(two, undefined).chosen).toBeUndefined();
    expect(readConfigTargets(two, 'b').chosen?.target).toEqual({ transport: 'http', url: 'http://127.0.0.1:1/mcp', headers: {} });
    const one = file('one.json', { mcpServers: { a: { command: 'node' }, off: { command: 'x', disabled: true } } });
    expect(readConfigTargets(one, undefined).chosen?.name).toBe('a');
  });

  it('names the file, the line and the problem; an unknown server lists the ones there are', () => {
    expect(() => readConfigTargets(join(folder, 'missing.json'), undefined)).toThrow(/cannot read --config .*missing\.json: no such file/);
    const broken = file('broken.json', '{\n  "mcpServers": {\n    "a": {"command": "node"},,\n  }\n}');
    expect(() => readConfigTargets(broken, undefined)).toThrow(new RegExp(`--config ${broken}:3:\\d+: not valid JSON`));
    const two = file('named.json', { mcpServers: { a: { command: 'node' }, b: { command: 'node' } } });
    expect(() => readConfigTargets(two, 'c')).toThrow(/has no server "c". It has: a, b\./);
  });

  it("resolves VS Code's ${workspaceFolder} to the folder holding .vscode, and ${env:…} from the environment", () => {
    const path = file('proj/.vscode/mcp.json', { servers: { s: { command: 'node', args: ['${workspaceFolder}/x.js'], env: { K: '${env:MY_KEY}' } } } });
    const chosen = readConfigTargets(path, undefined, { MY_KEY: 'v' }).chosen;
    expect(chosen?.target).toMatchObject({ args: [join(folder, 'proj', 'x.js')], env: { K: 'v' } });
  });

  it('reads the envFile of a .vscode/mcp.json entry from the project folder', () => {
    file('env-proj/.env', 'API_KEY=from-env-file\n');
    const path = file('env-proj/.vscode/mcp.json', { servers: { s: { command: 'node', envFile: '.env' } } });
    expect(readConfigTargets(path, undefined).chosen?.target).toMatchObject({ env: { API_KEY: 'from-env-file' } });
  });

  it("resolves Cursor's ${workspaceFolder} to the folder holding .cursor", () => {
    const path = file('cursor-proj/.cursor/mcp.json', { mcpServers: { s: { command: 'node', args: ['${workspaceFolder}/tools/x.mjs'] } } });
    expect(readConfigTargets(path, undefined).chosen?.target).toMatchObject({ args: [join(folder, 'cursor-proj', 'tools', 'x.mjs')] });
  });
});
