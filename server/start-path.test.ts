/**
 * The inspector listens before it reads what its first request does not need (docs/limits.md):
 * the start path, up to the port being open, is node:http and the command line; the page's own
 * app adds hono alone. A page opened the moment the URL is printed is still answered in full.
 */
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InspectorClient } from '../e2e/support/inspector-client';
import { demoStdio, startInspector, type Inspector } from '../e2e/support/processes';

/** The project files and the packages an entry imports before any of its code runs (its static imports, followed). */
async function staticReach(entry: string): Promise<{ files: string[]; packages: string[] }> {
  const { metafile } = await build({
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    write: false,
    metafile: true,
    outdir: 'out',
    splitting: true,
    logLevel: 'silent',
  });
  const files = new Set<string>();
  const packages = new Set<string>();
  const walk = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    for (const imported of metafile.inputs[file]?.imports ?? []) {
      if (imported.kind !== 'import-statement') continue;
      if (!imported.external) walk(imported.path);
      else if (!imported.path.startsWith('node:'))
        packages.add(
          imported.path
            .split('/')
            .slice(0, imported.path.startsWith('@') ? 2 : 1)
            .join('/'),
        );
    }
  };
  walk(entry);
  return { files: [...files].sort(), packages: [...packages].sort() };
}

describe('the start path', () => {
  it('reaches the open port with no package and no schema, session or store module', async () => {
    const { files, packages } = await staticReach('server/cli.ts');
    expect(packages).toEqual([]);
    expect(files.filter((file) => /^server\/(session|store\/session|http\/(server|socket)|wire\/(target|commands|events)\.ts$)/.test(file))).toEqual([]);
    // The table of commands is read, the commands are not: each is imported only when it is given.
    expect(files).toContain('server/commands.ts');
    expect(files.filter((file) => /^(server\/(scenarios|audit|tap|formats|export)\/|walkthrough\/)/.test(file))).toEqual([]);
    // A budget rather than a list: what cli.ts reads before the port is open stays small.
    expect(files.length).toBeLessThanOrEqual(20);
  });

  it('answers the page with hono alone: no zod, ws or MCP SDK before the page is served', async () => {
    const { packages } = await staticReach('server/http/page-app.ts');
    expect(packages).toEqual(['@hono/node-server', 'hono']);
  });
});

describe('a page opened the moment the URL is printed', () => {
  let inspector: Inspector;
  beforeAll(async () => {
    inspector = await startInspector(['--no-connect']);
  });
  afterAll(() => inspector?.stop());

  it('gets the page, the API and the WebSocket, each answered as later ones are', async () => {
    // Sent at once, together, while the proxy's app may still be loading.
    const [page, health, refused, client] = await Promise.all([
      fetch(`${inspector.origin}/`),
      fetch(`${inspector.origin}/api/health`, { headers: { authorization: `Bearer ${inspector.token}` } }),
      fetch(`${inspector.origin}/api/health`),
      InspectorClient.connect(inspector),
    ]);
    expect(page.status).toBe(200);
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    expect(await page.text()).toContain('<div id="root">');
    expect(await health.json()).toMatchObject({ ok: true });
    expect(refused.status).toBe(401);
    // The socket from then is the whole proxy: it connects a server and lists its tools.
    const sessionId = await client.open({ transport: 'stdio', ...demoStdio() });
    expect((await client.send('list-tools', { sessionId })).count).toBeGreaterThan(0);
    await client.send('disconnect', { sessionId });
    client.close();
  });
});
