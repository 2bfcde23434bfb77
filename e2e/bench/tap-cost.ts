/**
 * `npm run bench -- tap`: what the tap adds per message, over stdio and over HTTP, side by side.
 * A raw host (no SDK: nothing of its own to measure) talks to a raw server directly, then through
 * the tap, recording into a data folder of its own: a round trip (a request and its answer), and
 * a stream of 10,000 notifications (the time per notification, request to result). Medians; the
 * machine's load before and after, since the box may be shared.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, targetStdio } from '../support/processes';
import { rawExchange, startHttpTap, startRawServer } from '../support/raw-http';

type Report = (what: string, value: string, target?: string) => void;
type Command = { command: string; args: string[] };

const ROUND_TRIPS = 500;
const WARM_UP = 50;
const NOTIFICATIONS = 10_000;
const STREAMS = 5;
const BIN = join(ROOT, 'server/bin.mjs');

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ms = (x: number) => `${x.toFixed(x < 0.1 ? 4 : x < 10 ? 3 : 1)} ms`;
const load = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');

/** Per-message medians: a round trip, and one notification of a 10,000-long stream. */
type Figures = { roundTripMs: number; perNotificationMs: number };

/** A raw stdio host on `server`: its round trips (tap-bulk's echo) and its streams (tap-bulk's bulk/many). */
async function stdioFigures(server: Command): Promise<Figures> {
  const child = spawn(server.command, server.args, { cwd: ROOT, stdio: ['pipe', 'pipe', 'ignore'] });
  let partial = '';
  let waiting: { id: number; resolve: () => void } | undefined;
  child.stdout.on('data', (chunk: Buffer) => {
    const lines = (partial + chunk.toString('utf8')).split('\n');
    partial = lines.pop() ?? '';
    // Only answers carry an id; the notifications in between are read and let go, as a host does.
    for (const line of lines) if (waiting && line.includes(`"id":${waiting.id},`)) waiting.resolve();
  });
  let nextId = 1;
  const ask = (method: string, params: object) =>
    new Promise<void>((resolve) => {
      const id = nextId++;
      waiting = { id, resolve };
      child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`);
    });
  const figures = await measure(
    () => ask('echo/this', { text: 'é✓🙂 hello' }),
    () => ask('bulk/many', {}),
  );
  child.stdin.end();
  await new Promise((resolve) => child.once('exit', resolve));
  return figures;
}

/** A raw host over Streamable HTTP: a JSON answer per POST, and a POST whose event stream carries 10,000 notifications. */
async function httpFigures(url: string): Promise<Figures> {
  const opening = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' };
  const initialize = {
    jsonrpc: '2.0',
    id: 0,
    method: 'initialize',
    params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'bench-host', version: '1' } },
  };
  await rawExchange(url, { body: JSON.stringify(initialize), headers: opening });
  const headers = { ...opening, 'Mcp-Session-Id': 'bench-session' };
  let nextId = 1;
  const post = (method: string) =>
    rawExchange(url, { body: JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params: { text: 'é✓🙂 hello' } }), headers });
  const figures = await measure(
    () => post('echo/this').then(() => undefined),
    () => post('bulk/many').then(() => undefined),
  );
  await rawExchange(url, { method: 'DELETE', headers });
  return figures;
}

async function measure(roundTrip: () => Promise<void>, stream: () => Promise<void>): Promise<Figures> {
  const times: number[] = [];
  for (let i = 0; i < ROUND_TRIPS + WARM_UP; i++) {
    const t0 = performance.now();
    await roundTrip();
    if (i >= WARM_UP) times.push(performance.now() - t0);
  }
  const streams: number[] = [];
  for (let i = 0; i < STREAMS + 1; i++) {
    const t0 = performance.now();
    await stream();
    if (i > 0) streams.push((performance.now() - t0) / NOTIFICATIONS);
  }
  return { roundTripMs: median(times), perNotificationMs: median(streams) };
}

/** The HTTP server the host reaches: tap-bulk's two requests, over Streamable HTTP, answered with fixed bytes. */
function startBulkHttp() {
  return startRawServer(async (req, body, res) => {
    if (req.method === 'DELETE') return void res.writeHead(200).end();
    const message = JSON.parse(body.toString('utf8')) as { id: number; method: string; params?: unknown };
    if (message.method !== 'bulk/many') {
      const result =
        message.method === 'initialize'
          ? { protocolVersion: '2025-11-25', capabilities: {}, serverInfo: { name: 'bench', version: '1' } }
          : { echo: message.params };
      res.writeHead(200, { 'Content-Type': 'application/json', 'Mcp-Session-Id': 'bench-session' });
      return void res.end(JSON.stringify({ jsonrpc: '2.0', id: message.id, result }));
    }
    res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
    // A write per notification, as an SDK server sends them, yielding now and then so they go out as they are made.
    for (let i = 0; i < NOTIFICATIONS; i++) {
      res.write(`data: ${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: { i } } })}\n\n`);
      if (i % 100 === 99) await new Promise((resolve) => setImmediate(resolve));
    }
    res.end(`data: ${JSON.stringify({ jsonrpc: '2.0', id: message.id, result: { sent: NOTIFICATIONS } })}\n\n`);
  });
}

export async function tapCost(report: Report): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-tap-'));
  report('tap: load average (1, 5, 15 min) before', load());
  try {
    const bulk = targetStdio('tap-bulk');
    const stdioDirect = await stdioFigures(bulk);
    const stdioTapped = await stdioFigures({ command: process.execPath, args: [BIN, 'tap', '--data-dir', dataDir, '--', bulk.command, ...bulk.args] });

    const server = await startBulkHttp();
    const tap = await startHttpTap(`${server.origin}/mcp`, dataDir);
    let httpDirect: Figures;
    let httpTapped: Figures;
    try {
      httpDirect = await httpFigures(`${server.origin}/mcp`);
      httpTapped = await httpFigures(tap.url);
    } finally {
      await tap.stop();
      await server.close();
    }

    const side = (direct: number, tapped: number) => `${ms(direct)} → ${ms(tapped)}, ${(tapped / direct).toFixed(2)}×, +${ms(tapped - direct)}`;
    report(`tap, stdio: round trip, direct → tapped (median of ${ROUND_TRIPS})`, side(stdioDirect.roundTripMs, stdioTapped.roundTripMs), 'adds ≤ 1 ms');
    report(`tap, HTTP: round trip, direct → tapped (median of ${ROUND_TRIPS})`, side(httpDirect.roundTripMs, httpTapped.roundTripMs), 'adds ≤ 1 ms');
    report(
      `tap, stdio: per notification of ${NOTIFICATIONS} (median of ${STREAMS})`,
      side(stdioDirect.perNotificationMs, stdioTapped.perNotificationMs),
      'adds ≤ 1 ms',
    );
    report(
      `tap, HTTP: per notification of ${NOTIFICATIONS} (median of ${STREAMS})`,
      side(httpDirect.perNotificationMs, httpTapped.perNotificationMs),
      'adds ≤ 1 ms',
    );
  } finally {
    report('tap: load average (1, 5, 15 min) after', load());
    rmSync(dataDir, { recursive: true, force: true });
  }
}
