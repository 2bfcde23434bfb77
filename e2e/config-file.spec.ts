/**
 * The config files people already have: `--config FILE` lists the file's servers
 * in the page to connect to by name, and a pasted config fills the form.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, InspectorPage } from 'elicitation-inspector/playwright';
import { demoStdio, everythingStdio, ROOT, startEverything, startHttpTarget, TSX, type Started } from './support/processes';
import { test } from './support/test';

const folder = mkdtempSync(join(tmpdir(), 'inspector-config-'));
const demo = demoStdio();
const configFile = join(folder, 'claude_desktop_config.json');
writeFileSync(
  configFile,
  JSON.stringify({
    mcpServers: {
      demo: { command: demo.command, args: demo.args, env: { DEMO_SECRET_KEY: 'sk-config-secret-123' } },
      'demo-again': { command: demo.command, args: demo.args },
      everything: { ...everythingStdio(), disabled: true },
      broken: { type: 'websocket', url: 'ws://127.0.0.1:1' },
    },
    globalShortcut: 'Ctrl+Space',
  }),
);

test.describe('a config file with several servers', () => {
  test.use({ inspectorArgs: ['--config', configFile] });

  // Not the `app` fixture: it waits for a connection, and here none is made until the person picks.
  test('the page lists them, says what it ignored, and connects to one by name', async ({ inspector, page }) => {
    const app = new InspectorPage(page, inspector);
    await app.open();
    // Two usable servers and no --server: nothing is connected until the person picks one.
    await expect(app.connectionStatus).toHaveText('No session');
    const list = (await app.openConnection()).getByRole('region', { name: `Servers in ${configFile}` });
    await expect(list.getByRole('button', { name: 'Connect to demo', exact: true })).toBeVisible();
    await expect(list).toContainText('(disabled in the file)');
    await expect(list).toContainText('Ignored top-level key: "globalShortcut".');
    await expect(list).toContainText('Server "broken" is left out: its type "websocket" is not one of stdio');
    // The secret in the file's env stays in the proxy: the page shows it redacted.
    await expect(list).not.toContainText('sk-config-secret-123');
    await page.screenshot({ path: test.info().outputPath('config-servers.png') });
    await list.getByRole('button', { name: 'Connect to demo', exact: true }).click();
    await app.waitConnected();
    await expect(app.tools.getByRole('option', { name: 'collect_profile', exact: true })).toBeVisible();
  });
});

// Cursor's project file: ${workspaceFolder} is the project that holds .cursor, as it is for .vscode.
const cursorProject = join(folder, 'cursor-project');
mkdirSync(join(cursorProject, '.cursor'), { recursive: true });
mkdirSync(join(cursorProject, 'tools'));
writeFileSync(join(cursorProject, 'tools/greeter.ts'), `import ${JSON.stringify(join(ROOT, 'e2e/targets/greeter.ts'))};\n`);
// A TypeScript server in the project, run through tsx as such a project would.
writeFileSync(
  join(cursorProject, '.cursor/mcp.json'),
  JSON.stringify({ mcpServers: { greeter: { command: process.execPath, args: ['--import', TSX, '${workspaceFolder}/tools/greeter.ts'] } } }),
);

test.describe("a Cursor project's .cursor/mcp.json", () => {
  test.use({ inspectorArgs: ['--config', join(cursorProject, '.cursor/mcp.json')] });

  test('starts ${workspaceFolder}/tools/… from the project folder, not from .cursor', async ({ app }) => {
    await expect(app.tools.getByRole('option', { name: 'greet', exact: true })).toBeVisible();
  });
});

test.describe('a Cursor entry with only an /sse URL', () => {
  const sseConfig = join(folder, 'cursor-sse.json');
  let everything: Started | undefined;
  test.beforeAll(async () => {
    const started = await startEverything('sse');
    everything = started;
    writeFileSync(sseConfig, JSON.stringify({ mcpServers: { everything: { url: started.url } } }));
  });
  test.afterAll(async () => everything?.stop());
  test.use({ inspectorArgs: ['--config', sseConfig] });

  test('is read as SSE, as Cursor falls back to it, saying so', async ({ app }) => {
    await expect(app.tools.getByRole('option', { name: 'echo', exact: true })).toBeVisible();
    const list = (await app.openConnection()).getByRole('region', { name: `Servers in ${sseConfig}` });
    await expect(list).toContainText('No "type": read as SSE, as its URL ends in /sse.');
  });
});

test.describe('a pasted config', () => {
  test.use({ inspectorArgs: ['--no-connect'] });

  test('fills the connection form from the server picked, and a broken paste says where', async ({ app, page }) => {
    const form = await app.openConnection();
    await form.getByText('Paste a config file').click();
    const text = form.getByLabel('Config file text');
    await text.fill('{\n  "mcpServers": {\n    "a": { "command": "node" }\n    "b": {}\n  }\n}');
    await form.getByRole('button', { name: 'Read config' }).click();
    await expect(form.getByRole('alert')).toContainText('Line 4');

    await text.fill(JSON.stringify({ servers: { demo: { type: 'stdio', command: demo.command, args: demo.args } } }));
    await form.getByRole('button', { name: 'Read config' }).click();
    await form.getByRole('button', { name: 'Use demo' }).click();
    await expect(form.getByLabel('Command', { exact: true })).toHaveValue(demo.command);
    await expect(form.getByLabel('Arguments', { exact: true })).toHaveValue(demo.args.join('\n'));
    await form.getByRole('button', { name: 'Connect', exact: true }).click();
    await app.waitConnected();
    await page.screenshot({ path: test.info().outputPath('pasted-config.png') });
  });

  test('offers a server whose header takes ${env:…}, with the value to fill in, and connects with it', async ({ app }) => {
    const auth = await startHttpTarget('http-auth');
    try {
      const url = `http://127.0.0.1:${auth.port}/mcp`;
      const form = await app.openConnection();
      await form.getByText('Paste a config file').click();
      await form
        .getByLabel('Config file text')
        .fill(JSON.stringify({ mcpServers: { remote: { url, headers: { Authorization: 'Bearer ${env:API_TOKEN}' } } } }));
      await form.getByRole('button', { name: 'Read config' }).click();
      const pasted = form.getByRole('list', { name: 'Servers in the pasted config' });
      await pasted.getByLabel('API_TOKEN for remote').fill('secret-token');
      await pasted.getByRole('button', { name: 'Use remote' }).click();
      await expect(form.getByLabel('URL', { exact: true })).toHaveValue(url);
      await expect(form.getByLabel('Headers', { exact: true })).toHaveValue('Authorization: Bearer secret-token');
      await form.getByRole('button', { name: 'Connect', exact: true }).click();
      await app.waitConnected();
      await expect(app.tools.getByRole('option', { name: 'whoami', exact: true })).toBeVisible();
    } finally {
      await auth.stop();
    }
  });
});
