/**
 * The package as a user gets it: packed, installed into an empty folder outside this
 * repository, and used from there: the bin, the page on the demo server, a form
 * answered, the JSON Schemas, the Playwright examples of the README and docs/playwright.md and
 * the kit's own any-order spec run (and type-checked) by that folder's own Playwright and TypeScript.
 * Packs what `npm run build` left in dist/ (as every browser test, it runs after the build), once a run: the tests
 * are serial, in one worker, and share the one folder (its pack and install, ~5 s of CPU). The commands run as npx
 * runs them once it has found them, from node_modules/.bin (runBin); npx itself where it is the point.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from '@playwright/test';
import { ended, isAlive, ROOT, startUntil, watchStdout } from './support/processes';
import { test } from './support/test';

test.describe.configure({ mode: 'serial' });

/** A package the user installs beside the kit (as `as`, when this repository has it under an alias), at the version this repository tests with. */
const pinned = (name: string, as = name) => `${as}@${JSON.parse(readFileSync(join(ROOT, 'node_modules', name, 'package.json'), 'utf8')).version as string}`;
/** A marked example of the docs (its first code block after the marker): the Playwright page's, or the README's. */
function docExample(name: string, doc = 'docs/playwright.md'): string {
  const text = readFileSync(join(ROOT, doc), 'utf8');
  const marker = text.indexOf(`<!-- readme-example: ${name} -->`);
  expect(marker, `${doc} marks its ${name} example`).toBeGreaterThan(0);
  return /```\w+\n([\s\S]*?)```/.exec(text.slice(marker))?.[1] ?? '';
}
let folder: string;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  if (!existsSync(join(ROOT, 'dist/playwright/playwright.mjs'))) throw new Error('dist/ is missing: run `npm run build` before the browser tests.');
  folder = mkdtempSync(join(tmpdir(), 'inspector-package-'));
  // --ignore-scripts: prepack would build again, and dist/ is already this tree's build.
  const packed = execFileSync('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', folder], { cwd: ROOT, encoding: 'utf8' });
  const [{ filename }] = JSON.parse(packed) as [{ filename: string }];
  writeFileSync(join(folder, 'package.json'), JSON.stringify({ name: 'user-project', private: true, type: 'module' }));
  // Beside the kit, what the docs' kit section has a user add (TypeScript to type-check), and the server the kit's spec tests.
  // TypeScript is the release `npm i -D typescript` installs now (7, the native compiler), which `npm run typecheck` uses too.
  const beside = [
    ...['@playwright/test', '@types/node', '@modelcontextprotocol/server-everything'].map((name) => pinned(name)),
    pinned('typescript-native', 'typescript'),
  ];
  await npm(['install', '--prefer-offline', '--no-audit', '--no-fund', join(folder, filename), ...beside]);
});

test.afterAll(() => {
  if (folder) rmSync(folder, { recursive: true, force: true });
});

async function npm(args: string[]): Promise<void> {
  // Async: a synchronous child would stall this worker's event loop and its timeouts.
  const child = await startUntil('npm', args, /added \d+ packages|up to date/, { cwd: folder, timeoutMs: 150_000 });
  await new Promise<void>((resolve) => (child.process.exitCode !== null ? resolve() : child.process.once('exit', () => resolve())));
  expect(child.process.exitCode, child.output()).toBe(0);
}

/**
 * A command of the user's folder, run as npx runs it once it has found it: its bin in node_modules/.bin, by Node. npx's own
 * start-up (it reads the folder's whole tree to find the bin) cost ~0.3 s of CPU a call, 14 calls a run; two tests go
 * through npx as a user types it: `npx elicitation-inspector --help`, and the wrapper a SIGTERM stops.
 * Async: a synchronous child would stall this worker's event loop and its timeouts.
 */
async function runBin(bin: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<{ status: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(folder, 'node_modules/.bin', bin), ...args], {
      cwd: folder,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (status) => resolve({ status, output }));
  });
}

/** The packed CLI, from the folder's node_modules/.bin. */
const inspectorCli = (args: string[]) => runBin('elicitation-inspector', args);

test('the installed package holds the built page and no TypeScript toolchain', () => {
  const installed = join(folder, 'node_modules');
  expect(existsSync(join(installed, 'elicitation-inspector/dist/app/index.html'))).toBe(true);
  expect(existsSync(join(installed, 'elicitation-inspector/dist/playwright/playwright.d.ts'))).toBe(true);
  expect(existsSync(join(installed, 'elicitation-inspector/server/cli.ts'))).toBe(false);
  expect(existsSync(join(installed, 'tsx'))).toBe(false);
  expect(existsSync(join(installed, 'esbuild'))).toBe(false);
});

test('--help (through npx, as a user types it) and --version work, and a bad option exits 2 saying so', async () => {
  const help = spawnSync('npx', ['--no-install', 'elicitation-inspector', '--help'], { cwd: folder, encoding: 'utf8', timeout: 120_000 });
  expect(help.status, `${help.stdout}${help.stderr}`).toBe(0);
  expect(help.stdout).toContain('Usage:');
  const version = await inspectorCli(['--version']);
  expect(version.output.trim()).toBe(JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version);
  const bad = await inspectorCli(['--no-such-option']);
  expect(bad.status).toBe(2);
  expect(bad.output).toContain('Run with --help for usage.');
});

test('audit on the demo server fails its careless tool, naming the case, and exits 1', async () => {
  const tools = join(folder, 'audit.tools.json');
  writeFileSync(tools, JSON.stringify({ steps: [{ call: 'audit_careless' }] }));
  const result = await inspectorCli([
    'audit',
    tools,
    '--revision',
    '2026-07-28',
    '--skip',
    'very-long,control-characters',
    '--data-dir',
    join(folder, 'audit-sessions'),
  ]);
  expect(result.status, result.output).toBe(1);
  expect(result.output).toMatch(/FAIL used +not-an-option +1\. tools\/call audit_careless › form 1 › plan/);
  expect(result.output).toMatch(/FAILED on 2026-07-28: \d+ cases/);
});

test('diff of two recorded runs: the same run exits 0, another answer exits 1 naming the result', async () => {
  const runs = join(folder, 'diff-runs');
  const record = async (text: string): Promise<string> => {
    const file = join(folder, `echo-${text}.scenario.json`);
    writeFileSync(file, JSON.stringify({ steps: [{ call: 'echo', arguments: { text } }] }));
    const recorded = await inspectorCli(['run', file, '--reporter', 'json', '--data-dir', runs]);
    expect(recorded.status, recorded.output).toBe(0);
    return join(runs, `${(JSON.parse(recorded.output) as { runs: [{ sessionId: string }] }).runs[0].sessionId}.jsonl`);
  };
  const [first, again, other] = [await record('hi'), await record('hi'), await record('ho')];
  // The answers are what this compares. A run's times on a shared machine are noise (a cold first run's
  // server time was 427 ms against 89 ms): the threshold a user sets for a noisy machine keeps them out.
  const same = await inspectorCli(['diff', first, again, '--time-threshold', '5000']);
  expect(same.status, same.output).toBe(0);
  expect(same.output).toContain('No difference (times within 5000 ms).');
  const changed = await inspectorCli(['diff', first, other, '--time-threshold', '5000']);
  expect(changed.status, changed.output).toBe(1);
  expect(changed.output).toContain('tools/call echo: changed\n  result text: ');
});

test('demo --help works, and a scenario played by demo --target writes screenshots and a trace', async () => {
  test.setTimeout(180_000);
  const help = await inspectorCli(['demo', '--help']);
  expect(help.status, help.output).toBe(0);
  expect(help.output).toContain('Usage: elicitation-inspector demo');
  expect(help.output).toContain('--target FILE');
  const scenario = join(folder, 'echo.scenario.json');
  // The docs' "$schema" for an installed package: it resolves, beside the file, to the schema the package ships.
  const $schema = './node_modules/elicitation-inspector/schemas/scenario.schema.json';
  expect(JSON.parse(readFileSync(join(folder, $schema), 'utf8'))).toMatchObject({ title: 'Elicitation Inspector scenario' });
  expect(JSON.parse(readFileSync(join(folder, 'node_modules/elicitation-inspector/schemas/rules.schema.json'), 'utf8'))).toMatchObject({
    title: 'Elicitation Inspector rules file',
  });
  writeFileSync(
    scenario,
    JSON.stringify({ $schema, steps: [{ call: 'echo', arguments: { text: 'from the tarball' }, expect: { text: { contains: 'from the tarball' } } }] }),
  );
  const out = join(folder, 'demo-out');
  // Async: the walkthrough drives a browser for a while, and this worker's timeouts must keep running.
  const { code, output } = await new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(
      process.execPath,
      [join(folder, 'node_modules/.bin/elicitation-inspector'), 'demo', '--target', scenario, '--out', out, '--pace-ms', '0'],
      {
        cwd: folder,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let text = '';
    child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.once('exit', (exitCode) => resolve({ code: exitCode, output: text }));
  });
  expect(code, output).toBe(0);
  expect(output).toContain('1. tools/call echo: passed');
  expect(readdirSync(out)).toEqual(expect.arrayContaining(['01-connected.png', 'trace.zip']));
  expect(readdirSync(out).filter((f) => f.endsWith('.png')).length).toBeGreaterThan(3);
});

test('the page loads, connects to the demo server, and a form elicitation is answered', async ({ page }) => {
  let inspector: Awaited<ReturnType<typeof startUntil>> | undefined;
  try {
    // The installed bin itself rather than npx: stop() must reach the inspector's own process, not a wrapper.
    inspector = await startUntil(
      process.execPath,
      [join(folder, 'node_modules/.bin/elicitation-inspector'), '--no-open', '--port', '0', '--data-dir', join(folder, 'sessions')],
      /Open: (\S+)/,
      {
        cwd: folder,
      },
    );
    await page.goto(inspector.match[1]);
    await expect(page.getByRole('status', { name: 'Connection status' })).toHaveText('Connected', { timeout: 20_000 });
    await page.getByRole('listbox', { name: 'Tools' }).getByRole('option', { name: 'plan_trip', exact: true }).click();
    await page.getByRole('button', { name: 'Run tool' }).click();
    const form = page.getByRole('article', { name: /^Elicitation / });
    await expect(form).toContainText('Step 1 of 2');
    await form.getByLabel('Departure date', { exact: true }).fill('2027-04-02');
    await form.getByRole('button', { name: 'Accept', exact: true }).click();
    await expect(form).toContainText('Step 2 of 2');
    await form.getByLabel('Seat', { exact: true }).selectOption({ label: 'Aisle' });
    await form.getByRole('button', { name: 'Accept', exact: true }).click();
    await expect(page.getByRole('region', { name: 'Result' })).toHaveText('plan_trip: booked 1 to Lisbon on 2027-04-02, aisle seat with a meal');
  } finally {
    await inspector?.stop();
  }
});

test('tap from the tarball relays a host to the demo server untouched, and the page shows the host answering', async ({ page }) => {
  test.setTimeout(120_000);
  const bin = join(folder, 'node_modules/.bin/elicitation-inspector');
  const dataDir = join(folder, 'tap-sessions');
  let inspector: Awaited<ReturnType<typeof startUntil>> | undefined;
  const demo = join(folder, 'node_modules/elicitation-inspector/dist/server/demo-stdio.mjs');
  let tapped: ReturnType<typeof spawn> | undefined;
  try {
    // No connection of its own: the page opens on the only live session, the tapped one (with the demo
    // connection as well, which one is newest would depend on which process started first).
    inspector = await startUntil(process.execPath, [bin, '--no-open', '--no-connect', '--port', '0', '--data-dir', dataDir], /Open: (\S+)/, { cwd: folder });
    // What a host's config runs: the tap, then the server's own command line.
    const tap = spawn(process.execPath, [bin, 'tap', '--data-dir', dataDir, '--', process.execPath, demo], { cwd: folder, stdio: ['pipe', 'pipe', 'pipe'] });
    tapped = tap;
    // Waits for what the host reads, as long as the test may: how soon a process starts depends on the machine.
    const stdout = watchStdout(tap);
    const write = (message: object) => tap.stdin.write(JSON.stringify({ jsonrpc: '2.0', ...message }) + '\n');
    const capabilities = { elicitation: { form: {} } };
    write({ id: 0, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities, clientInfo: { name: 'Package Host', version: '1.0' } } });
    await stdout.until('"id":0');
    write({ method: 'notifications/initialized' });
    write({ id: 1, method: 'tools/call', params: { name: 'confirm_order', arguments: {} } });
    await stdout.until('elicitation/create');

    await page.goto(inspector.match[1]);
    await expect(page.getByLabel('Host', { exact: true })).toHaveText('Package Host 1.0, declares form');
    const form = page.getByRole('article', { name: /^Elicitation / });
    // The tapped session reaches the page through a second process and a followed file: on a loaded machine, more than a moment.
    await expect(form.getByRole('note', { name: 'Host answers' })).toContainText('Package Host 1.0 answers this request', { timeout: 30_000 });
    await expect(form.getByRole('button', { name: 'Accept', exact: true })).toHaveCount(0);

    // Every line on stdout is the server's (the tap adds none); the host answers, the call returns.
    const asked = JSON.parse(
      stdout
        .text()
        .split('\n')
        .find((line) => line.includes('elicitation/create'))!,
    ) as { id: number };
    write({ id: asked.id, result: { action: 'accept', content: { confirm: true } } });
    await stdout.until('confirm_order: confirmed');
    for (const line of stdout.text().trim().split('\n')) expect(JSON.parse(line)).toMatchObject({ jsonrpc: '2.0' });
    const status = page.getByRole('status', { name: 'Connection status' });
    await expect(status).toHaveText('Connected');
    tap.stdin.end();
    const code = await new Promise<number | null>((resolve) => tap.once('exit', resolve));
    expect(code).toBe(0);
    // Live: the page learns the end from the file the tap closed.
    await expect(status).toHaveText('Disconnected');
  } finally {
    if (tapped?.exitCode === null) tapped.kill();
    await inspector?.stop();
  }
});

test("the README's and the Playwright page's examples and the kit's any-order spec type-check and pass in the user's folder", async () => {
  test.setTimeout(900_000);
  mkdirSync(join(folder, 'tests'), { recursive: true });
  writeFileSync(join(folder, 'tests/elicitation.spec.ts'), docExample('playwright-kit'));
  writeFileSync(join(folder, 'tests/readme.spec.ts'), docExample('playwright-kit-short', 'README.md'));
  writeFileSync(join(folder, 'tests/kit-any-order.spec.ts'), readFileSync(join(ROOT, 'e2e/kit-any-order.spec.ts'), 'utf8'));
  writeFileSync(join(folder, 'playwright.config.ts'), docExample('playwright-kit-config'));
  writeFileSync(join(folder, 'tsconfig.json'), docExample('playwright-kit-tsconfig'));
  const typecheck = await runBin('tsc', ['-p', '.']);
  expect(typecheck.status, typecheck.output).toBe(0);
  // The docs' way to an existing browser: CHROMIUM_PATH, read by the kit's fixture (the config names none).
  // playwright.config.ts has set CHROMIUM_PATH to the browser these tests launch (unset: Playwright's own).
  const chromium = process.env.CHROMIUM_PATH;
  const tests = await runBin('playwright', ['test', '--reporter', 'line', '--workers', '1'], {
    CI: '',
    PLAYWRIGHT_HTML_OPEN: 'never',
    ...(chromium ? { CHROMIUM_PATH: chromium } : {}),
  });
  expect(tests.status, tests.output).toBe(0);
  expect(tests.output).toMatch(/\d+ passed/);
  expect(tests.output).not.toMatch(/\d+ (failed|flaky|skipped)/);
});

test('killing the npx wrapper (SIGTERM to its pid) stops the inspector it started', async () => {
  const wrapper = await startUntil(
    'npx',
    ['--no-install', 'elicitation-inspector', '--no-open', '--port', '0', '--data-dir', join(folder, 'wrapped')],
    /Open: http:\/\/127\.0\.0\.1:(\d+)\//,
    {
      cwd: folder,
    },
  );
  const port = Number(/Open: http:\/\/127\.0\.0\.1:(\d+)\//.exec(wrapper.output())?.[1]);
  const inspector = descendantsOf(wrapper.process.pid!);
  expect(inspector.length, 'npx runs the inspector as a child process').toBeGreaterThan(0);
  try {
    wrapper.process.kill('SIGTERM');
    for (const pid of inspector) expect(await ended(pid, 15_000), `process ${pid} (${commandOf(pid)}) still runs`).toBe(true);
    await expect(fetch(`http://127.0.0.1:${port}/`)).rejects.toThrow();
  } finally {
    for (const pid of inspector.filter(isAlive)) process.kill(pid, 'SIGKILL');
  }
});

/** Every process below `pid`, from /proc (Linux). */
function descendantsOf(pid: number): number[] {
  const children = readdirSync(`/proc/${pid}/task`).flatMap((task) =>
    readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number),
  );
  return children.flatMap((child) => [child, ...descendantsOf(child)]);
}

function commandOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ').trim();
  } catch {
    return 'gone';
  }
}
