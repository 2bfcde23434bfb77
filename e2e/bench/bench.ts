/**
 * `npm run bench`: measures, on this machine, in one run, side by side where
 * there is a baseline. Prints figures to compare between changes; asserts nothing.
 *
 *   1. start-up: process start to HTTP ready (median of 5)
 *   2. page weight: initial JS and CSS, gzipped
 *   3. a tool call round trip: a direct SDK client vs the same call through the proxy
 *   4. elicitation to a form a person can type into, in Chromium (form-latency.ts)
 *   5. a live session writing 100k entries: proxy memory
 *   6. 100k entries in the page: load, rows in the DOM, filtering (big-log.ts)
 *   7. connect: protocol Auto vs the pinned revision on every server the suites know (the stdio
 *      ones, and mcp-use over HTTP), first connect and Reconnect (`npm run bench -- connect`)
 *   8. headless: 100 eliciting calls answered by rules through the headless runner,
 *      vs a bare SDK client answering the same elicitations (`npm run bench -- headless`)
 *   9. recorded sessions of 10k, 100k and 1M entries: open in the page and a filter over
 *      each, beside the old whole-log replay (`npm run bench -- sessions`)
 *  10. a live session of 10,000 elicitations in the page: its heap and entries held
 *      (`npm run bench -- live-page`)
 *  11. the official MCP Inspector: start-up, click → form ready and the echo call, beside ours from
 *      sections 1 and 4 of the same run (`npm run bench -- startup,elicitation,official`)
 *  12. the tap: what it adds per message over stdio and over HTTP, a round trip and each of
 *      10,000 notifications on one stream, direct vs tapped (tap-cost.ts, `npm run bench -- tap`)
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { chromium, type Browser } from '@playwright/test';
import { kB, measurePage, readBudgets } from '../../scripts/page-weight';
import { InspectorClient } from '../support/inspector-client';
import { demoStdio, everythingStdio, ROOT, startInspector, targetStdio, type Inspector } from '../support/processes';
import { startMcpUseServer } from '../support/node22';
import { buildTargetBundles } from '../support/target-bundles';
import { bigLog } from './big-log';
import { bigSessions } from './big-sessions';
import { connectCost } from './connect-cost';
import { headless } from './headless';
import { elicitationToForm } from './form-latency';
import { livePageMemory } from './live-page-memory';
import { officialInspector, type OurFigures } from './official-inspector';
import { tapCost } from './tap-cost';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const rows: [string, string, string][] = [];
const report = (what: string, value: string, target = '') => {
  rows.push([what, value, target]);
  console.log(`${what.padEnd(58)} ${value.padEnd(28)} ${target}`);
};
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ms = (x: number) => `${x.toFixed(x < 10 ? 2 : 1)} ms`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
/** What the official inspector's section compares with, filled in by the sections that measure it. */
const ours: OurFigures = {};
const rss = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;

/**
 * Medians of 5, from spawning `args` with Node: to a line of its output matching `ready`, whose first
 * group is the page's URL, and to that URL answered (GET, a 200 read to its end). The inspector prints
 * its URL once the port is open and loads its app after; the second figure counts that too.
 */
async function timeToReady(args: string[], ready: RegExp): Promise<{ ready: number; answered: number }> {
  const readyTimes: number[] = [];
  const answeredTimes: number[] = [];
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now();
    const child = spawn(process.execPath, args);
    let out = '';
    const url = await new Promise<string>((resolve) =>
      child.stdout.on('data', (d: Buffer) => {
        const match = ready.exec((out += String(d)));
        if (match) resolve(match[1]);
      }),
    );
    readyTimes.push(performance.now() - t0);
    const response = await fetch(url);
    await response.text();
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
    answeredTimes.push(performance.now() - t0);
    child.kill();
  }
  return { ready: median(readyTimes), answered: median(answeredTimes) };
}

async function startup(): Promise<void> {
  const started = await timeToReady(
    [join(ROOT, 'server/bin.mjs'), '--no-open', '--no-connect', '--port', '0', '--data-dir', join(ROOT, '.tmp/bench-start')],
    /Open: (\S+)/,
  );
  // The floor: Node itself starting an HTTP server that listens on loopback and answers.
  const bare = await timeToReady(
    [
      '-e',
      `const s = require('node:http').createServer((q, r) => r.end('ok')).listen(0, '127.0.0.1', () => console.log('ready http://127.0.0.1:' + s.address().port + '/'))`,
    ],
    /ready (\S+)/,
  );
  report(
    'start-up: process start → HTTP ready | bare Node HTTP server (median of 5)',
    `${ms(started.ready)} | ${ms(bare.ready)}, ${(started.ready / bare.ready).toFixed(2)}×, +${ms(started.ready - bare.ready)}`,
    '≤ 400 ms; ≤ 0.5× the official (section official)',
  );
  report(
    '  process start → the page answered (GET /) | bare Node',
    `${ms(started.answered)} | ${ms(bare.answered)}, ${(started.answered / bare.answered).toFixed(2)}×`,
    'ratio to the official in its section',
  );
  ours.startMs = started.ready;
  ours.answeredMs = started.answered;
}

/** The page's scripts measured and budgeted as `npm test` does (scripts/page-weight.ts), and its stylesheet. */
function pageWeight(): void {
  const weight = measurePage(join(ROOT, 'dist/app'));
  const budgets = readBudgets(join(ROOT, 'scripts/page-weight.json'));
  report('page: initial JS, gzipped', kB(weight.initialGzipBytes), `≤ ${kB(budgets.initialGzipBytes)}`);
  const html = readFileSync(join(ROOT, 'dist/app/index.html'), 'utf8');
  const css = readdirSync(join(ROOT, 'dist/app/assets')).filter((f) => f.endsWith('.css') && html.includes(f));
  report('page: initial CSS, gzipped', kB(css.reduce((n, f) => n + gzipSync(readFileSync(join(ROOT, 'dist/app/assets', f))).length, 0)));
  for (const chunk of weight.lazy) report(`page: lazy chunk ${chunk.name}, gzipped`, kB(chunk.gzipBytes), `≤ ${kB(budgets.lazyGzipBytes[chunk.name] ?? 0)}`);
}

async function roundTrip(inspector: Inspector, client: InspectorClient): Promise<void> {
  const N = 200;
  const direct = new Client({ name: 'bench', version: '1' });
  const { command, args } = demoStdio();
  await direct.connect(new StdioClientTransport({ command, args, stderr: 'ignore' }));
  const directTimes: number[] = [];
  for (let i = 0; i < N + 20; i++) {
    const t0 = performance.now();
    await direct.callTool({ name: 'echo', arguments: { text: `hi ${i}` } });
    if (i >= 20) directTimes.push(performance.now() - t0);
  }
  await direct.close();

  const sessionId = await client.open({ transport: 'stdio', command, args });
  const viaTimes: number[] = [];
  for (let i = 0; i < N + 20; i++) {
    const t0 = performance.now();
    const { end } = await client.call(sessionId, 'echo', { text: `hi ${i}` });
    await end;
    if (i >= 20) viaTimes.push(performance.now() - t0);
  }
  await client.send('disconnect', { sessionId });
  const d = median(directTimes);
  const v = median(viaTimes);
  report('tools/call echo: direct SDK client (median of 200)', ms(d));
  report('tools/call echo: through the proxy, WebSocket to result', ms(v), '≤ 30 ms');
  report('  ratio, and what the proxy adds', `${(v / d).toFixed(2)}×, +${ms(v - d)}`, 'adds ≤ 2 ms');
  void inspector;
}

async function liveMemory(inspector: Inspector, client: InspectorClient): Promise<void> {
  const sessionId = await client.open({ transport: 'stdio', ...demoStdio() });
  const before = rss(inspector.process.pid!);
  const t0 = performance.now();
  let calls = 0;
  // Each echo call is about 8 entries; drive them a few at a time.
  while ((client.events.at(-1)?.seq ?? 0) < 100_000) {
    await Promise.all(Array.from({ length: 8 }, () => client.call(sessionId, 'echo', { text: 'x'.repeat(64) }).then((c) => c.end)));
    calls += 8;
    if (client.events.length > 20_000) client.events.splice(0, 10_000); // the bench client keeps what it needs, not the proxy
  }
  const entries = client.events.at(-1)?.seq ?? 0;
  const after = rss(inspector.process.pid!);
  report(
    `live session: ${Math.round(entries / 1000)}k entries written (${calls} calls, ${((performance.now() - t0) / 1000).toFixed(0)} s)`,
    `RSS ${mb(before)} → ${mb(after)}`,
    'growth < 200 MB',
  );
  await client.send('disconnect', { sessionId });
}

// The test servers run from their bundles, as in the tests (and as a server in the wild runs JavaScript).
await buildTargetBundles();
const inspector = await startInspector(['--no-connect']);
const client = await InspectorClient.connect(inspector);
// Chromium only for the sections that show a page.
let browser: Browser | undefined;
const newPage = async () => {
  browser ??= await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  return browser.newPage({ viewport: { width: 1440, height: 900 } });
};
const load = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');
console.log(`load average (1, 5, 15 min) at the start: ${load()}`);
console.log(`${'measure'.padEnd(58)} ${'value'.padEnd(28)} target`);
// `npm run bench -- big-log` runs one section, `-- startup,connect` several; no argument runs them all.
const only = process.argv[2]?.split(',');
const sections: Record<string, () => Promise<void> | void> = {
  startup,
  'page-weight': pageWeight,
  'round-trip': () => roundTrip(inspector, client),
  elicitation: async () => void Object.assign(ours, await elicitationToForm(inspector, await newPage(), report)),
  'live-memory': () => liveMemory(inspector, client),
  'live-page': async () => livePageMemory(inspector, client, await newPage(), report),
  'big-log': async () => bigLog(inspector, await newPage(), report),
  // Every server the suites know: the stdio ones, and mcp-use (Streamable HTTP only, on the tests' Node 22).
  connect: async () => {
    const mcpUse = await startMcpUseServer();
    try {
      await connectCost(client, report, [
        ['server-everything (2025 only)', everythingStdio(), '2025-11-25', { withSdk: true }],
        ['the classic-SDK server (v1, 2025 only)', targetStdio('v1-classic'), '2025-11-25'],
        ['the demo (both eras)', demoStdio(), '2026-07-28', { withSdk: true }],
        ['a server that ignores unknown methods', targetStdio('legacy-strict', 'ignores-discover'), '2025-11-25'],
        ['a server that exits on a request before initialize', targetStdio('legacy-strict', 'exits-before-initialize'), '2025-11-25'],
        ['mcp-use (2026-07-28 first)', { url: mcpUse.url }, '2026-07-28'],
      ]);
    } finally {
      await mcpUse.stop();
    }
  },
  headless: () => headless(report),
  sessions: async () => bigSessions(inspector, client, await newPage(), report),
  official: () => officialInspector(report, newPage, ours),
  tap: () => tapCost(report),
};
try {
  for (const [name, run] of Object.entries(sections)) if (!only || only.includes(name)) await run();
} finally {
  await browser?.close();
  client.close();
  await inspector.stop();
  console.log(`load average (1, 5, 15 min) at the end: ${load()}`);
}
