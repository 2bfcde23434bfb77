/**
 * `npx tsx scripts/page-load-cost.ts [loads] [passes] [--baseline <checkout>]` (after `npm run build`):
 * what one page load costs the browser, measured as the browser tests load the page: the inspector
 * started through the kit with the demo server, the page opened in a fresh context each time, in the
 * same Chromium and flags. Prints figures, asserts nothing. `loads` page loads per pass (10 unless
 * given); `passes` a comma-separated choice of these (all unless given), kept apart because profiling
 * and coverage slow what they watch:
 *
 *   cpu       the renderer's CPU (CDP `Performance.getMetrics` ProcessTime: every thread of it) and its
 *             main thread's task, script, style and layout time, medians; when the first screen showed
 *             (page clock); every request of a load, by chunk.
 *   profile   a sampled CPU profile: self time by chunk of dist/app (or `(program)`, the browser's own
 *             work: parsing, style, layout, paint), and the top functions.
 *   trace     the main thread's self time by trace event, which a profile lumps as `(program)`.
 *   coverage  the bytes of JavaScript each chunk brought, and the bytes of its functions that ran.
 *   first-form  the first form after a page load and the next one (not among the defaults: it starts
 *             inspectors of its own).
 *
 * `--baseline <checkout>`: the cpu and first-form passes also load the page of another built checkout of the project
 * (a worktree of main, say), alternating with this one load by load, so a busy machine weighs on both.
 *
 * Each load is measured from just before navigation until the page is quiet: it showed Connected
 * and the demo server's tools, and then its main thread's task time grew less than QUIET_TASK_MS over
 * QUIET_MS, so work the page does once idle (the forms' warm-up) is inside the span.
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser, type CDPSession, type Page } from '@playwright/test';
import type * as KitStart from '../kit/start-inspector';
import { systemBrowser } from '../e2e/support/system-browser.mjs';
import { CHROMIUM_ARGS } from '../walkthrough/load-playwright';
import { formPhases, PAGE_TIMING_SCRIPT, toReady } from '../e2e/bench/page-latency';
import { InspectorClient } from '../e2e/support/inspector-client';
import { chunkName } from './page-weight';

const positional = process.argv.slice(2).filter((arg, i, all) => !arg.startsWith('--') && all[i - 1] !== '--baseline');
const LOADS = Number(positional[0] ?? 10);
const PASSES = positional[1]?.split(',') ?? ['cpu', 'profile', 'trace', 'coverage'];
const BASELINE = process.argv.includes('--baseline') ? resolve(process.argv[process.argv.indexOf('--baseline') + 1]) : undefined;
const QUIET_MS = 600;
const QUIET_TASK_MS = 2;
const VIEWPORT = { width: 1440, height: 900 };

/**
 * Resolves, with the page's clock, once the page shows Connected and the demo server's tools. A string, so
 * no code the TypeScript runner adds ends up inside the page; one observer, as Playwright's locators would
 * poll and add their own work to the figures.
 */
const SHOWN_SCRIPT = `new Promise((resolve) => {
  const isShown = () =>
    document.querySelector('[role="status"][aria-label="Connection status"]')?.textContent?.includes('Connected') &&
    document.querySelector('[role="listbox"][aria-label="Tools"] [role="option"]');
  if (isShown()) return resolve(performance.now());
  const observer = new MutationObserver(() => {
    if (!isShown()) return;
    observer.disconnect();
    resolve(performance.now());
  });
  observer.observe(document, { subtree: true, childList: true, characterData: true });
})`;

type Metrics = Record<string, number>;
type ProfileFrame = { functionName: string; url: string; lineNumber: number; columnNumber: number };
type ProfileNode = { id: number; children?: number[]; callFrame: ProfileFrame };
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };
type TraceEvent = { name: string; ph: string; ts: number; dur?: number; pid: number; tid: number; args?: { name?: string; data?: { url?: string } } };
/** What a pass starts before navigation and collects once the page is quiet. */
type Recorder<T> = { start: (cdp: CDPSession, page: Page) => Promise<void>; stop: (cdp: CDPSession, page: Page) => Promise<T> };

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
/** A script's chunk name, or its URL's last part when it is not one of the page's. */
const chunkOf = (url: string) => (url.includes('/assets/') ? chunkName(url.split('?')[0]) : url === '' ? '(no script)' : url.slice(url.lastIndexOf('/') + 1));
const frameName = (frame: ProfileFrame) => `${frame.functionName || '(anonymous)'} ${chunkOf(frame.url)}:${frame.lineNumber + 1}:${frame.columnNumber + 1}`;
const push = <K, V>(map: Map<K, V[]>, key: K, value: V) => (map.get(key) ?? map.set(key, []).get(key)!).push(value);
const add = <K>(map: Map<K, number>, key: K, value: number) => map.set(key, (map.get(key) ?? 0) + value);
const top = (map: Map<string, number>, n: number) => [...map].sort((a, b) => b[1] - a[1]).slice(0, n);

async function metrics(cdp: CDPSession): Promise<Metrics> {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return Object.fromEntries(metrics.map((m) => [m.name, m.value]));
}

/** Open the page in a fresh context and wait until it is quiet; `recorder` starts and stops whatever the pass records. */
async function load<T>(browser: Browser, url: string, recorder: Recorder<T>) {
  const context = await browser.newContext({ viewport: VIEWPORT });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
  const requests: { url: string; type: string; bytes: number }[] = [];
  page.on('requestfinished', (request) => {
    void request.sizes().then(
      (sizes) => requests.push({ url: request.url(), type: request.resourceType(), bytes: sizes.responseBodySize }),
      () => undefined, // the context closed first: that request is not listed
    );
  });
  const before = await metrics(cdp);
  await recorder.start(cdp, page);
  await page.goto(url);
  const shownAtMs = await page.evaluate<number>(SHOWN_SCRIPT);
  let last = await metrics(cdp);
  for (;;) {
    await page.waitForTimeout(QUIET_MS);
    const now = await metrics(cdp);
    const grewMs = (now.TaskDuration - last.TaskDuration) * 1000;
    last = now;
    if (grewMs < QUIET_TASK_MS) break;
  }
  const recorded = await recorder.stop(cdp, page);
  await context.close();
  const ms = (name: string) => (last[name] - before[name]) * 1000;
  const cpu = {
    process: ms('ProcessTime'),
    task: ms('TaskDuration'),
    script: ms('ScriptDuration'),
    style: ms('RecalcStyleDuration'),
    layout: ms('LayoutDuration'),
    shown: shownAtMs,
  };
  return { cpu, requests, recorded };
}

const NOTHING: Recorder<void> = { start: async () => {}, stop: async () => {} };
type Cpu = Awaited<ReturnType<typeof load>>['cpu'];
const CPU_ROWS: [string, (c: Cpu) => number][] = [
  ['renderer CPU, all threads (ProcessTime)', (c) => c.process],
  ['main-thread tasks (TaskDuration)', (c) => c.task],
  ['  script (ScriptDuration)', (c) => c.script],
  ['  style recalc (RecalcStyleDuration)', (c) => c.style],
  ['  layout (LayoutDuration)', (c) => c.layout],
  ['first screen shown, page clock', (c) => c.shown],
];

async function cpuPass(browser: Browser, sites: { name: string; url: string }[]) {
  const loads = new Map<string, Cpu[]>();
  let lastRequests: { url: string; type: string; bytes: number }[] = [];
  for (let i = 0; i < LOADS; i++) {
    for (const site of sites) {
      const { cpu, requests } = await load(browser, site.url, NOTHING);
      push(loads, site.name, cpu);
      if (site === sites[0]) lastRequests = requests;
    }
  }
  console.log(`\nper page load, median of ${LOADS} in ms (each load)`);
  for (const [what, pick] of CPU_ROWS) {
    for (const site of sites) {
      const values = loads.get(site.name)!.map(pick);
      const label = sites.length > 1 ? `${what}, ${site.name}` : what;
      console.log(`${label.padEnd(56)} ${median(values).toFixed(0).padStart(5)}   (${values.map((v) => v.toFixed(0)).join(' ')})`);
    }
    // Loads i of both ran one after the other: the median of their differences is the steadier figure.
    if (sites.length > 1) {
      const [mine, baseline] = sites.map((site) => loads.get(site.name)!.map(pick));
      const differences = mine.map((value, i) => value - baseline[i]);
      console.log(`${'  difference, median of the pairs'.padEnd(56)} ${median(differences).toFixed(0).padStart(5)}`);
    }
  }
  console.log('\nrequests of one load (type, bytes on the wire, chunk)');
  for (const r of lastRequests) console.log(`  ${r.type.padEnd(10)} ${kB(r.bytes).padStart(9)}  ${chunkOf(r.url) || r.url}`);
}

async function profilePass(browser: Browser, url: string) {
  const byChunk = new Map<string, number>();
  const byFunction = new Map<string, number>();
  const inclusive = new Map<string, number>();
  let sampledUs = 0;
  for (let i = 0; i < LOADS; i++) {
    const { recorded: profile } = await load(browser, url, {
      start: async (cdp) => {
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
        await cdp.send('Profiler.start');
      },
      stop: async (cdp) => ((await cdp.send('Profiler.stop')) as unknown as { profile: Profile }).profile,
    });
    const frames = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
    const parents = new Map<number, number>();
    for (const n of profile.nodes) for (const child of n.children ?? []) parents.set(child, n.id);
    profile.samples.forEach((id, s) => {
      const frame = frames.get(id)!;
      if (frame.functionName === '(idle)') return;
      const us = profile.timeDeltas[s] ?? 0;
      sampledUs += us;
      add(byChunk, frame.url || !frame.functionName.startsWith('(') ? chunkOf(frame.url) : frame.functionName, us);
      add(byFunction, frameName(frame), us);
      // Total time: each function on the sample's stack once, however deep it recurses.
      const onStack = new Set<string>();
      for (let at: number | undefined = id; at !== undefined; at = parents.get(at)) if (frames.get(at)!.url) onStack.add(frameName(frames.get(at)!));
      for (const name of onStack) add(inclusive, name, us);
    });
  }
  const line = ([name, us]: [string, number]) =>
    `  ${(us / 1000 / LOADS).toFixed(1).padStart(7)} ms ${((us / sampledUs) * 100).toFixed(1).padStart(5)} %  ${name}`;
  console.log(`\nCPU profile, self time by chunk per load (mean of ${LOADS}; ${(sampledUs / 1000 / LOADS).toFixed(0)} ms sampled, idle left out)`);
  for (const entry of top(byChunk, 14)) console.log(line(entry));
  console.log('\ntop functions by self time, per load');
  for (const entry of top(byFunction, 20)) console.log(line(entry));
  console.log('\ntop functions by total time (self and callees), per load');
  for (const entry of top(inclusive, 30)) console.log(line(entry));
}

/** Main-thread self time by trace event (what `(program)` in a profile is made of), per load. */
async function tracePass(browser: Browser, url: string) {
  const self = new Map<string, number>();
  let topLevelUs = 0;
  for (let i = 0; i < LOADS; i++) {
    const { recorded: buffer } = await load(browser, url, {
      start: async (_cdp, page) => browser.startTracing(page, { categories: ['devtools.timeline', 'v8.execute', 'blink', 'v8'] }),
      stop: async () => browser.stopTracing(),
    });
    const { traceEvents } = JSON.parse(buffer.toString()) as { traceEvents: TraceEvent[] };
    const thread = (e: { pid: number; tid: number }) => `${e.pid}:${e.tid}`;
    const counts = new Map<string, number>();
    for (const e of traceEvents) add(counts, thread(e), 1);
    // The busiest renderer main thread is the page's (an earlier context's may still be in the trace).
    const main = traceEvents
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .sort((a, b) => counts.get(thread(b))! - counts.get(thread(a))!)[0];
    const events = traceEvents.filter((e) => thread(e) === thread(main) && e.ph === 'X' && e.dur !== undefined).sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
    // Self time: an event's duration less its children's, so the innermost event names the work.
    const open: { end: number; label: string; childUs: number; dur: number }[] = [];
    const close = (until: number) => {
      while (open.length && open.at(-1)!.end <= until) {
        const done = open.pop()!;
        add(self, done.label, Math.max(0, done.dur - done.childUs));
        if (open.length === 0) topLevelUs += done.dur;
      }
    };
    for (const e of events) {
      close(e.ts);
      if (open.length) open.at(-1)!.childUs += e.dur!;
      const script = e.args?.data?.url;
      open.push({ end: e.ts + e.dur!, label: script ? `${e.name} ${chunkOf(script)}` : e.name, childUs: 0, dur: e.dur! });
    }
    close(Infinity);
  }
  console.log(`\nmain thread by trace event, self time per load (mean of ${LOADS}; ${(topLevelUs / 1000 / LOADS).toFixed(0)} ms in top-level events)`);
  for (const [name, us] of top(self, 24)) console.log(`  ${(us / 1000 / LOADS).toFixed(1).padStart(7)} ms  ${name}`);
}

/**
 * The first form after a page load against a later one, as `npm run bench -- elicitation` measures a form
 * (e2e/bench/page-latency.ts: the server's elicitation/create at the proxy to the form's first field ready),
 * on inspectors of their own that speak 2025-11-25 (the request then is an elicitation/create). Loads of the
 * sites alternate; a form's call is started over the proxy's WebSocket once the page is quiet, as a person
 * who opened the page and looks at it before the server asks.
 */
async function firstFormPass(browser: Browser, roots: { name: string; root: string }[]) {
  const sites = [];
  for (const { name, root } of roots) {
    const inspector = await startFrom(root, ['--protocol', '2025-11-25']);
    const client = await InspectorClient.connect(inspector);
    const { sessionId } = await client.waitFor(() => client.sessions.find((s) => s.isLive), 30_000, 'the demo session');
    await client.follow(sessionId);
    await client.waitForEvent('session-state', (e) => e.state === 'ready', 0, 30_000);
    sites.push({ name, inspector, client, sessionId });
  }
  const figures = new Map<string, { first: number; later: number }[]>();
  try {
    for (let i = 0; i < LOADS; i++) {
      for (const site of sites) {
        const form = (page: Page) => formPhases(page, site.client, site.sessionId, 'collect_profile').then(toReady);
        const { recorded } = await load(browser, site.inspector.url, {
          start: async (_cdp, page) => {
            await page.addInitScript({ content: PAGE_TIMING_SCRIPT });
          },
          stop: async (_cdp, page) => {
            const first = await form(page);
            await page.waitForTimeout(QUIET_MS);
            return { first, later: await form(page) };
          },
        });
        push(figures, site.name, recorded);
      }
    }
  } finally {
    for (const site of sites) {
      site.client.close();
      await site.inspector.stop();
    }
  }
  console.log(`\nelicitation/create at the proxy → form ready, ms, median of ${LOADS} loads (each load)`);
  for (const which of ['first', 'later'] as const) {
    for (const site of sites) {
      const values = figures.get(site.name)!.map((f) => f[which]);
      const label = `${which === 'first' ? 'the first form after the load' : 'the next form'}${sites.length > 1 ? `, ${site.name}` : ''}`;
      console.log(`${label.padEnd(56)} ${median(values).toFixed(1).padStart(6)}   (${values.map((v) => v.toFixed(0)).join(' ')})`);
    }
    if (sites.length > 1) {
      const [mine, baseline] = sites.map((site) => figures.get(site.name)!.map((f) => f[which]));
      console.log(
        `${'  difference, median of the pairs'.padEnd(56)} ${median(mine.map((value, i) => value - baseline[i]))
          .toFixed(1)
          .padStart(6)}`,
      );
    }
  }
}

async function coveragePass(browser: Browser, url: string) {
  const brought = new Map<string, number[]>();
  const ran = new Map<string, number[]>();
  for (let i = 0; i < LOADS; i++) {
    const { recorded: entries } = await load(browser, url, {
      start: async (_cdp, page) => page.coverage.startJSCoverage({ resetOnNavigation: false }),
      stop: async (_cdp, page) => page.coverage.stopJSCoverage(),
    });
    for (const entry of entries) {
      const size = entry.source?.length ?? 0;
      // Ranges nest, outer first: a byte counts as run when the innermost range holding it has a count.
      const isRun = new Uint8Array(size);
      for (const fn of entry.functions) for (const range of fn.ranges) isRun.fill(range.count > 0 ? 1 : 0, range.startOffset, range.endOffset);
      push(brought, chunkOf(entry.url), size);
      push(
        ran,
        chunkOf(entry.url),
        isRun.reduce((a, b) => a + b, 0),
      );
    }
  }
  console.log(`\nJavaScript at load by chunk, medians per load: loads that brought it, bytes brought, bytes of the functions that ran`);
  let broughtSum = 0;
  let ranSum = 0;
  for (const [chunk, sizes] of [...brought].sort((a, b) => median(b[1]) - median(a[1]))) {
    broughtSum += (median(sizes) * sizes.length) / LOADS;
    ranSum += (median(ran.get(chunk)!) * sizes.length) / LOADS;
    console.log(`  ${chunk.padEnd(24)} ${String(sizes.length).padStart(3)}  ${kB(median(sizes)).padStart(9)} ${kB(median(ran.get(chunk)!)).padStart(9)}`);
  }
  console.log(`  ${'together'.padEnd(24)}      ${kB(broughtSum).padStart(9)} ${kB(ranSum).padStart(9)}`);
}

/** The inspector of a checkout, started through that checkout's own kit (so it serves that checkout's dist/app). */
async function startFrom(root: string, args: string[] = []): Promise<KitStart.Inspector> {
  const kit = (await import(pathToFileURL(resolve(root, 'kit/start-inspector.ts')).href)) as typeof KitStart;
  return kit.startInspector({ args });
}

const here = resolve(import.meta.dirname, '..');
const inspectors = [{ name: 'this checkout', inspector: await startFrom(here) }];
if (BASELINE) inspectors.push({ name: 'baseline', inspector: await startFrom(BASELINE) });
const browser = await chromium.launch({ executablePath: systemBrowser(), args: CHROMIUM_ARGS });
try {
  const sites = inspectors.map(({ name, inspector }) => ({ name, url: inspector.url }));
  console.log(`${LOADS} loads per pass in ${systemBrowser() ?? "Playwright's Chromium"}${BASELINE ? `; the baseline: ${BASELINE}` : ''}`);
  // One load of each first, not counted: an inspector reads its app on the first request for the page.
  for (const site of sites) await load(browser, site.url, NOTHING);
  if (PASSES.includes('cpu')) await cpuPass(browser, sites);
  if (PASSES.includes('profile')) await profilePass(browser, sites[0].url);
  if (PASSES.includes('trace')) await tracePass(browser, sites[0].url);
  if (PASSES.includes('coverage')) await coveragePass(browser, sites[0].url);
  if (PASSES.includes('first-form'))
    await firstFormPass(browser, [{ name: 'this checkout', root: here }, ...(BASELINE ? [{ name: 'baseline', root: BASELINE }] : [])]);
} finally {
  await browser.close();
  for (const { inspector } of inspectors) await inspector.stop();
}
