/**
 * The shared client (server/wire/wire-client.ts) against the real proxy: what a
 * refusal carries, and a handshake refused for its token.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startInspector, type Inspector } from '../../e2e/support/processes';
import type { ServerPush } from '../wire/commands';
import { WireFailure } from '../wire/errors';
import { wsUrl } from '../wire/protocol';
import { WireClient, type SocketState, type WireClientOptions } from '../wire/wire-client';

const clients: WireClient[] = [];

function startClient(options: Pick<WireClientOptions, 'token'> & Partial<WireClientOptions>): {
  states: SocketState[];
  pushes: ServerPush[];
  client: WireClient;
} {
  const states: SocketState[] = [];
  const pushes: ServerPush[] = [];
  const client = new WireClient({
    url: wsUrl(inspector.host),
    openSocket: (url, protocols) => new WebSocket(url, protocols, { origin: inspector.origin }),
    onPush: (push) => pushes.push(push),
    onState: (state) => states.push(state),
    ...options,
  });
  clients.push(client);
  client.open();
  return { client, states, pushes };
}

async function until(isDone: () => boolean): Promise<void> {
  for (let waitedMs = 0; !isDone() && waitedMs < 10_000; waitedMs += 20) await new Promise((resolve) => setTimeout(resolve, 20));
  expect(isDone()).toBe(true);
}

let inspector: Inspector;
beforeAll(async () => {
  inspector = await startInspector(['--no-connect']);
});
afterAll(async () => {
  for (const client of clients) client.close();
  await inspector?.stop();
});

describe('WireClient against the proxy', () => {
  it("rejects a refused command with a WireFailure carrying the proxy's code", async () => {
    const { client, states, pushes } = startClient({ token: inspector.token });
    await until(() => states.includes('open'));
    const failure = await client.send('disconnect', { sessionId: 'nope' }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(WireFailure);
    expect(failure instanceof WireFailure && failure.wireError).toEqual({ code: 'not-found', message: 'No session nope.' });
    expect(pushes.map((p) => p.type)).toEqual(['hello', 'sessions']);
  });

  it('a handshake the proxy refuses (wrong token) ends as refused, without retrying', async () => {
    const delaysMs: number[] = [];
    const { states } = startClient({
      token: 'f'.repeat(64),
      reconnectAfter: (reopen, delayMs) => {
        delaysMs.push(delayMs);
        setTimeout(reopen, delayMs);
      },
    });
    await until(() => states.length > 0);
    expect(states).toEqual(['refused']);
    expect(delaysMs).toEqual([]);
  });
});
