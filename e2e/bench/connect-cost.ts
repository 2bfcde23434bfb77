/**
 * What protocol Auto costs at connect, against the pinned revision, through the
 * proxy: from the session's `connecting` entry to its `ready` entry (proxy clock),
 * a stdio server's start included. Auto and pinned alternate, so both see the
 * same machine load. Each round's target differs by one environment variable (a
 * query parameter for a URL), so its first connect is a first one (the proxy
 * remembers what it learnt of a server for the rest of its run) and its Reconnect
 * is one of the same server. Beside them, where asked, a direct SDK client on the SDK's own
 * stdio transport, which probes on a second copy of the server.
 */
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import type { InspectorClient } from '../support/inspector-client';

type Report = (what: string, value: string, target?: string) => void;
type StdioCommand = { command: string; args: string[]; env?: Record<string, string> };
/** A stdio command, or a Streamable HTTP server's URL. */
type Target = StdioCommand | { url: string };
type Case = [label: string, target: Target, pinned: '2025-11-25' | '2026-07-28', options?: { withSdk?: boolean }];

const ROUNDS = 7;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ms = (x: number) => `${x.toFixed(0)} ms`;

/** Of one connect, from its `connecting` entry: to `initialize` written (none on 2026-07-28), and to `ready`. */
type Timing = { initialize: number; ready: number };

/** The timing of the session the client follows, in ms (proxy clock). */
async function timingOf(client: InspectorClient, sessionId: string): Promise<Timing> {
  const ready = await client.waitFor(
    () => client.events.find((e) => e.kind === 'session-state' && e.sessionId === sessionId && e.state === 'ready'),
    60_000,
    'ready',
  );
  const connecting = client.events.find((e) => e.kind === 'session-state' && e.sessionId === sessionId && e.state === 'connecting')!;
  const initialize = client.events.find((e) => e.kind === 'rpc-out' && e.message.method === 'initialize');
  return { initialize: initialize ? initialize.at - connecting.at : NaN, ready: ready.at - connecting.at };
}

/** One first connect and one Reconnect, then disconnect. */
async function connectAndReconnect(client: InspectorClient, target: Target, protocol: 'auto' | Case[2]): Promise<[Timing, Timing]> {
  const first = await client.open('url' in target ? { transport: 'http', url: target.url } : { transport: 'stdio', ...target }, { protocol });
  const firstTiming = await timingOf(client, first);
  const { sessionId: again } = await client.send('reconnect', { sessionId: first });
  await client.follow(again);
  const againTiming = await timingOf(client, again);
  await client.send('disconnect', { sessionId: again });
  return [firstTiming, againTiming];
}

/** The SDK probes in place on any subclass of its stdio transport (as the inspector's own transport is). */
class InPlaceStdioTransport extends StdioClientTransport {}

/** A direct SDK client in Auto: connect() resolved, in ms. */
async function sdkAutoConnect(target: StdioCommand, Transport: typeof StdioClientTransport): Promise<number> {
  const direct = new Client({ name: 'bench', version: '1' }, { versionNegotiation: { mode: 'auto' } });
  const t0 = performance.now();
  await direct.connect(new Transport({ ...target, stderr: 'ignore' }));
  const elapsed = performance.now() - t0;
  await direct.close();
  return elapsed;
}

export async function connectCost(client: InspectorClient, report: Report, cases: Case[]): Promise<void> {
  for (const [label, target, pinned, options] of cases) {
    const auto: [Timing, Timing][] = [];
    const pin: [Timing, Timing][] = [];
    const sibling: number[] = [];
    const inPlace: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const mark = `${Date.now()}-${i}`;
      const round: Target =
        'url' in target ? { url: `${target.url}?bench-connect-round=${mark}` } : { ...target, env: { ...target.env, BENCH_CONNECT_ROUND: mark } };
      auto.push(await connectAndReconnect(client, round, 'auto'));
      pin.push(await connectAndReconnect(client, round, pinned));
      if (!options?.withSdk || 'url' in target) continue;
      sibling.push(await sdkAutoConnect(target, StdioClientTransport));
      inPlace.push(await sdkAutoConnect(target, InPlaceStdioTransport));
    }
    report(`connect over ${'url' in target ? 'HTTP' : 'stdio'}, ${label} (medians of ${ROUNDS})`, "Auto | pinned, Auto's extra");
    for (const [moment, at] of [
      ['first connect', 0],
      ['Reconnect', 1],
    ] as const) {
      const a = median(auto.map((r) => r[at].ready));
      const p = median(pin.map((r) => r[at].ready));
      // Rounds alternate, so each Auto connect has a pinned one beside it under the same load.
      const extra = median(auto.map((r, i) => r[at].ready - pin[i][at].ready));
      const initialize = (timings: [Timing, Timing][]) => median(timings.map((r) => r[at].initialize));
      report(`  ${moment}: Auto | pinned ${pinned}`, `${ms(a)} | ${ms(p)}, ${(a / p).toFixed(2)}×, ${extra >= 0 ? '+' : ''}${ms(extra)}`, 'Auto ≤ 1.1×');
      if (pinned !== '2026-07-28') report('    initialize written after: Auto | pinned', `${ms(initialize(auto))} | ${ms(initialize(pin))}`);
    }
    if (options?.withSdk) report('  direct SDK client, Auto: probe on a 2nd process | in place', `${ms(median(sibling))} | ${ms(median(inPlace))}`);
  }
}
