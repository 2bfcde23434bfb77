import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { portableServer } from './export-spec-server';

const PROJECT = '/srv/work/shop';
const stdio = (over: { command?: string; args?: string[]; cwd?: string }) => ({
  transport: 'stdio' as const,
  command: over.command ?? '/usr/local/bin/node',
  args: over.args ?? [],
  env: {},
  ...(over.cwd && { cwd: over.cwd }),
});

describe('portableServer', () => {
  it("writes the project's paths relative: args to the server's cwd, the cwd to the spec's folder", () => {
    const server = portableServer(stdio({ args: [`${PROJECT}/dist/index.js`, '--port', '0'], cwd: PROJECT }), `${PROJECT}/tests/e2e`);
    expect(server).toEqual({ command: '/usr/local/bin/node', isNode: true, args: ['dist/index.js', '--port', '0'], env: {}, cwd: '../..' });
  });

  it("without a recorded cwd, the project's paths are from the spec's folder, which becomes the cwd", () => {
    const server = portableServer(
      stdio({ args: ['--import', `file://${PROJECT}/node_modules/tsx/dist/loader.mjs`, `${PROJECT}/server.ts`] }),
      `${PROJECT}/tests`,
    );
    expect(server.args).toEqual(['--import', '../node_modules/tsx/dist/loader.mjs', '../server.ts']);
    expect(server.cwd).toBe('.');
  });

  it('paths outside the project stay as recorded, and a spec of unknown folder keeps args relative to the recorded cwd', () => {
    expect(portableServer(stdio({ command: '/opt/tools/mcp-server', args: ['/etc/mcp.json'] }), `${PROJECT}/tests`)).toEqual({
      command: '/opt/tools/mcp-server',
      isNode: false,
      args: ['/etc/mcp.json'],
      env: {},
    });
    expect(portableServer(stdio({ args: [join(homedir(), 'other/x.js')] }), join(homedir(), 'proj/tests')).args).toEqual([join(homedir(), 'other/x.js')]);
    // A spec written to one temporary folder and a server in another (a checkout under /tmp): two projects, not one.
    expect(portableServer(stdio({ args: [join(tmpdir(), 'checkout/node_modules/tsx/loader.mjs')] }), join(tmpdir(), 'session-data')).args).toEqual([
      join(tmpdir(), 'checkout/node_modules/tsx/loader.mjs'),
    ]);
    expect(portableServer(stdio({ args: [`${PROJECT}/dist/index.js`], cwd: PROJECT }), undefined)).toMatchObject({ args: ['dist/index.js'], cwd: PROJECT });
  });

  it('a command inside the project runs from the cwd as ./path', () => {
    expect(portableServer(stdio({ command: `${PROJECT}/bin/serve`, cwd: PROJECT }), `${PROJECT}/tests`)).toMatchObject({ command: './bin/serve', cwd: '..' });
  });
});
