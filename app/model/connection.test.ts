/**
 * The page's connection, against the real proxy: Node has no browser WebSocket,
 * so the `ws` client stands in for it, with the Origin a browser would send.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { ServerPush } from '@wire/commands';
import { startInspector, type Inspector } from '../../e2e/support/processes';
import { InspectorConnection, type SocketState } from './connection';

let inspector: Inspector;
beforeAll(async () => {
  inspector = await startInspector(['--no-connect']);
  const origin = inspector.origin;
  Object.assign(globalThis, {
    location: { protocol: 'http:', host: inspector.host },
    WebSocket: class extends WebSocket {
      constructor(url: string, protocols: string[]) {
        super(url, protocols, { origin });
      }
    },
  });
});
afterAll(async () => {
  await inspector?.stop();
});

async function openConnection(): Promise<{ connection: InspectorConnection; pushes: ServerPush[]; states: SocketState[] }> {
  const pushes: ServerPush[] = [];
  const states: SocketState[] = [];
  const connection = new InspectorConnection(
    inspector.token,
    (push) => pushes.push(push),
    (state) => states.push(state),
  );
  connection.open();
  for (let waitedMs = 0; !states.includes('open') && waitedMs < 10_000; waitedMs += 20) await new Promise((resolve) => setTimeout(resolve, 20));
  expect(states).toContain('open');
  return { connection, pushes, states };
}

describe('InspectorConnection', () => {
  it('refuses a 17 MB command with a reason and stays connected', async () => {
    const { connection, states } = await openConnection();
    try {
      const send = connection.send('call-tool', { sessionId: 'none', name: 'echo', arguments: { text: 'x'.repeat(17 * 1024 * 1024) } });
      await expect(send).rejects.toThrow('Not sent: this is 17.0 MB; the inspector accepts at most 16 MB in one message.');
      // Still connected: the next command reaches the proxy and gets its answer.
      await expect(connection.send('list-tools', { sessionId: 'none' })).rejects.toThrow('No session none.');
      expect(states).toEqual(['open']);
    } finally {
      connection.close();
    }
  });

  it('refuses arguments nested too deep to write as JSON, and stays connected', async () => {
    const { connection, states } = await openConnection();
    try {
      let deep: Record<string, unknown> = {};
      for (let i = 0; i < 200_000; i++) deep = { a: deep };
      await expect(connection.send('call-tool', { sessionId: 'none', name: 'echo', arguments: deep })).rejects.toThrow(
        /^Not sent: this cannot be written as JSON/,
      );
      await expect(connection.send('list-tools', { sessionId: 'none' })).rejects.toThrow('No session none.');
      expect(states).toEqual(['open']);
    } finally {
      connection.close();
    }
  });

  it('hands on pushes parsed: the hello and the sessions list', async () => {
    const { connection, pushes } = await openConnection();
    for (let waitedMs = 0; pushes.length < 2 && waitedMs < 10_000; waitedMs += 20) await new Promise((resolve) => setTimeout(resolve, 20));
    connection.close();
    expect(pushes.map((p) => p.type)).toEqual(['hello', 'sessions']);
  });
});
