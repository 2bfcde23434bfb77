/**
 * What protocol Auto costs at connect over stdio, against the pinned revision,
 * through the proxy: from the session's `connecting` entry to its `ready` entry
 * (proxy clock), the server's start included. Auto and pinned alternate, so
 * both see the same machine load. Each round's target differs by one environment
 * variable, so its first connect is a first one (the proxy remembers what it
 * learnt of a server for the rest of its run) and its Reconnect is one of the
 * same server. Beside them, where asked, a direct SDK client on the SDK's own
 * stdio transport, which probes on a second copy of the server.
 */
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import type { InspectorClient } from '../support/inspector-client';

type Report = (what: string, value: string, target?: string) => void;
type StdioCommand = { command: string; args: string[]; env?: Record<string, string> };
type Case = [label: string, target: StdioCommand, pinned: '2025-11-25' | '2026-07-28', options?: { withSdk?: boolean }];

const ROUNDS = 7;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ms = (x: number) => `${x.toFixed(0)} ms`;

/** Connecting → ready of the session the client follows, in ms. */
async function readyAfter(client: InspectorClient, sessionId: string): Promise<number> {
  const ready = await client.waitFor(
    () => client.events.find((e) => e.kind === 'session-state' && e.sessionId === sessionId && e.state === 'ready'),
    60_000,
    'ready',
  );
  const connecting = client.events.find((e) => e.kind === 'session-state' && e.sessionId === sessionId && e.state === 'connecting')!;
  return ready.at - connecting.at;
}

/** One first connect and one Reconnect, then disconnect. */
async function connectAndReconnect(client: InspectorClient, target: StdioCommand, protocol: 'auto' | Case[2]): Promise<[number, number]> {
  const first = await client.open({ transport: 'stdio', ...target }, { protocol });
  const firstMs = await readyAfter(client, first);
  const { sessionId: again } = await client.send('reconnect', { sessionId: first });
  await client.follow(again);
  const againMs = await readyAfter(client, again);
  await client.send('disconnect', { sessionId: again });
  return [firstMs, againMs];
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
    const auto: [number, number][] = [];
    const pin: [number, number][] = [];
    const sibling: number[] = [];
    const inPlace: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const round = { ...target, env: { ...target.env, BENCH_CONNECT_ROUND: `${Date.now()}-${i}` } };
      auto.push(await connectAndReconnect(client, round, 'auto'));
      pin.push(await connectAndReconnect(client, round, pinned));
      if (!options?.withSdk) continue;
      sibling.push(await sdkAutoConnect(target, StdioClientTransport));
      inPlace.push(await sdkAutoConnect(target, InPlaceStdioTransport));
    }
    report(`connect over stdio, ${label} (medians of ${ROUNDS})`, "Auto | pinned, Auto's extra");
    for (const [moment, at] of [
      ['first connect', 0],
      ['Reconnect', 1],
    ] as const) {
      const a = median(auto.map((r) => r[at]));
      const p = median(pin.map((r) => r[at]));
      // Rounds alternate, so each Auto connect has a pinned one beside it under the same load.
      const extra = median(auto.map((r, i) => r[at] - pin[i][at]));
      report(`  ${moment}: Auto | pinned ${pinned}`, `${ms(a)} | ${ms(p)}, ${(a / p).toFixed(2)}×, ${extra >= 0 ? '+' : ''}${ms(extra)}`, 'Auto ≤ 1.1×');
    }
    if (options?.withSdk) report('  direct SDK client, Auto: probe on a 2nd process | in place', `${ms(median(sibling))} | ${ms(median(inPlace))}`);
  }
}
