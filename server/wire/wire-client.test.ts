/**
 * The shared client on the `ws` package, against a real WebSocket server that
 * plays the proxy's part badly on purpose (drops, garbage, refusals). Against
 * the proxy itself: server/integration/wire-client.test.ts.
 */
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import type { ServerPush } from './commands';
import { WireFailure } from './errors';
import { WS_PROTOCOL } from './protocol';
import { CommandFailure, WireClient, utf8Bytes, type SocketState, type WireClientOptions } from './wire-client';

type Peer = { server: WebSocketServer; url: string; sockets: WebSocket[] };
const peers: Peer[] = [];
const clients: WireClient[] = [];

/** A server that accepts the protocol and answers each command as `answer` says. */
async function startPeer(answer: (socket: WebSocket, command: { type: string; id: number }) => void = () => undefined): Promise<Peer> {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0, handleProtocols: (protocols) => (protocols.has(WS_PROTOCOL) ? WS_PROTOCOL : false) });
  await new Promise((resolve) => server.once('listening', resolve));
  const peer: Peer = { server, url: `ws://127.0.0.1:${(server.address() as AddressInfo).port}/ws`, sockets: [] };
  server.on('connection', (socket) => {
    peer.sockets.push(socket);
    socket.on('message', (data: Buffer) => answer(socket, JSON.parse(data.toString()) as { type: string; id: number }));
  });
  peers.push(peer);
  return peer;
}

function startClient(
  url: string,
  options: Partial<WireClientOptions> = {},
): { client: WireClient; states: SocketState[]; pushes: ServerPush[]; unreadable: string[] } {
  const states: SocketState[] = [];
  const pushes: ServerPush[] = [];
  const unreadable: string[] = [];
  const client = new WireClient({
    url,
    token: 'secret',
    openSocket: (socketUrl, protocols) => new WebSocket(socketUrl, protocols),
    onPush: (push) => pushes.push(push),
    onState: (state) => states.push(state),
    onUnreadable: (message) => unreadable.push(message),
    ...options,
  });
  clients.push(client);
  client.open();
  return { client, states, pushes, unreadable };
}

async function until(isDone: () => boolean): Promise<void> {
  for (let waitedMs = 0; !isDone() && waitedMs < 10_000; waitedMs += 20) await new Promise((resolve) => setTimeout(resolve, 20));
  expect(isDone()).toBe(true);
}

afterEach(async () => {
  for (const client of clients.splice(0)) client.close();
  await Promise.all(peers.splice(0).map((peer) => new Promise((resolve) => peer.server.close(resolve))));
});

describe('WireClient', () => {
  it('offers the protocol and the token as subprotocols, and matches replies to their commands by id', async () => {
    const offered: string[] = [];
    const peer = await startPeer((socket, command) => socket.send(JSON.stringify({ type: 'reply', id: command.id, ok: true, result: { count: command.id } })));
    peer.server.on('headers', (_headers, request) => offered.push(String(request.headers['sec-websocket-protocol'])));
    const { client, states } = startClient(peer.url);
    await until(() => states.includes('open'));
    const [first, second] = await Promise.all([client.send('list-tools', { sessionId: 's' }), client.send('list-tools', { sessionId: 's' })]);
    expect([first.count, second.count]).toEqual([1, 2]);
    expect(offered.map((header) => header.split(',').map((protocol) => protocol.trim()))).toEqual([[WS_PROTOCOL, 'token.secret']]);
  });

  it('a command whose socket closes before the answer fails as transport-closed, with the caller in its stack', async () => {
    const peer = await startPeer((socket) => socket.close());
    const { client, states } = startClient(peer.url);
    await until(() => states.includes('open'));
    const failure = await client.send('list-tools', { sessionId: 's' }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(WireFailure);
    expect(failure instanceof WireFailure && failure.wireError).toEqual({
      code: 'transport-closed',
      message: 'The connection to the inspector closed before it answered.',
    });
    expect(failure instanceof Error && failure.stack).toContain('wire-client.test.ts');
    expect(states).toEqual(['open', 'closed']);
  });

  it('every failure names the command it failed for, and keeps the sentence a person reads as its message', async () => {
    const peer = await startPeer((socket, command) =>
      socket.send(JSON.stringify({ type: 'reply', id: command.id, ok: false, error: { code: 'not-found', message: 'No session s.' } })),
    );
    const { client, states } = startClient(peer.url);
    await until(() => states.includes('open'));
    const refused = await client.send('disconnect', { sessionId: 's' }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(CommandFailure);
    expect(refused).toBeInstanceOf(WireFailure);
    expect(refused).toMatchObject({ command: 'disconnect', message: 'No session s.', wireError: { code: 'not-found', message: 'No session s.' } });
    client.close();
    await until(() => states.includes('closed'));
    await expect(client.send('delete-session', { sessionId: 's' })).rejects.toMatchObject({
      command: 'delete-session',
      message: 'Not connected to the inspector.',
      wireError: { code: 'transport-closed' },
    });
  });

  it('a reply the client cannot read fails its own command with the reason; a push it cannot read is reported, and the socket stays', async () => {
    const peer = await startPeer((socket, command) => {
      socket.send(JSON.stringify({ type: 'sessions', sessions: 'not a list' }));
      socket.send(JSON.stringify({ type: 'reply', id: command.id, ok: 'yes' }));
    });
    const { client, states, unreadable } = startClient(peer.url);
    await until(() => states.includes('open'));
    const failure = await client.send('list-tools', { sessionId: 's' }).catch((error: unknown) => error);
    expect(failure instanceof WireFailure && failure.wireError.code).toBe('internal');
    expect(failure instanceof WireFailure && failure.wireError.message).toMatch(/^The inspector sent a message the page cannot read/);
    expect(unreadable).toHaveLength(1);
    expect(unreadable[0]).toMatch(/^The inspector sent a message the page cannot read/);
    expect(client.state).toBe('open');
  });

  it('with a timer, reopens a dropped socket and backs off while it stays down; without one, stays closed', async () => {
    const peer = await startPeer();
    const delaysMs: number[] = [];
    const reconnectAfter = (reopen: () => void, delayMs: number) => {
      delaysMs.push(delayMs);
      setTimeout(reopen, delayMs);
    };
    const { states } = startClient(peer.url, { reconnectAfter });
    await until(() => peer.sockets.length === 1);
    peer.sockets[0]?.terminate();
    await until(() => peer.sockets.length === 2);
    await until(() => states.filter((s) => s === 'open').length === 2);
    // Down for good: each wait doubles.
    const isClosed = new Promise((resolve) => peer.server.close(resolve));
    for (const socket of peer.sockets) socket.terminate();
    await isClosed;
    peers.splice(peers.indexOf(peer), 1);
    await until(() => delaysMs.length >= 3);
    expect(delaysMs.slice(0, 3)).toEqual([250, 250, 500]);

    const other = await startPeer();
    const plain = startClient(other.url);
    await until(() => other.sockets.length === 1);
    other.sockets[0]?.terminate();
    await until(() => plain.states.includes('closed'));
    expect(plain.states).toEqual(['open', 'closed']);
  });

  it('a command sent while the socket opens or reopens waits for it and is answered; one sent once it is refused or closed fails', async () => {
    const answer = (socket: WebSocket, command: { type: string; id: number }) =>
      socket.send(JSON.stringify({ type: 'reply', id: command.id, ok: true, result: { count: command.id } }));
    const peer = await startPeer(answer);
    const reconnectAfter = (reopen: () => void, delayMs: number) => setTimeout(reopen, delayMs);
    const { client, states } = startClient(peer.url, { reconnectAfter });
    // Sent at once, as a click just after the page loaded is: the socket is not open yet.
    expect(client.state).toBe('connecting');
    await expect(client.send('list-tools', { sessionId: 's' })).resolves.toEqual({ count: 1 });
    await until(() => peer.sockets.length === 1);
    peer.sockets[0]?.terminate();
    await until(() => states.includes('reconnecting'));
    await expect(client.send('list-tools', { sessionId: 's' })).resolves.toEqual({ count: 2 });

    // A refused handshake (wrong token) and a closed client do not make a command wait.
    const refusing = new WebSocketServer({ host: '127.0.0.1', port: 0, handleProtocols: () => false });
    await new Promise((resolve) => refusing.once('listening', resolve));
    peers.push({ server: refusing, url: '', sockets: [] });
    const refused = startClient(`ws://127.0.0.1:${(refusing.address() as AddressInfo).port}/ws`);
    const beforeRefusal = refused.client.send('list-tools', { sessionId: 's' });
    await expect(beforeRefusal).rejects.toMatchObject({ wireError: { code: 'transport-closed', message: 'Not connected to the inspector.' } });
    expect(refused.states).toEqual(['refused']);
    const closing = startClient(peer.url);
    const beforeClose = closing.client.send('list-tools', { sessionId: 's' });
    closing.client.close();
    await expect(beforeClose).rejects.toMatchObject({ wireError: { code: 'transport-closed' } });
  });

  it('refuses to send a command past the size limit or not writable as JSON, names the reason, and sends nothing', async () => {
    const received: string[] = [];
    const peer = await startPeer((_socket, command) => received.push(command.type));
    const { client, states } = startClient(peer.url);
    await until(() => states.includes('open'));
    const tooBig = client.send('call-tool', { sessionId: 's', name: 'echo', arguments: { text: 'é'.repeat(9 * 1024 * 1024) } });
    await expect(tooBig).rejects.toMatchObject({
      wireError: { code: 'invalid-command', message: 'Not sent: this is 18.0 MB; the inspector accepts at most 16 MB in one message.' },
    });
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    await expect(client.send('call-tool', { sessionId: 's', name: 'echo', arguments: circular })).rejects.toMatchObject({
      wireError: { code: 'invalid-command' },
    });
    expect(received).toEqual([]);
    expect(client.state).toBe('open');
  });

  it('counts UTF-8 bytes as the wire does', () => {
    for (const text of ['', 'abc', 'é', '€', '😀', 'a😀é€', '\ud800 lone', 'x\udc00']) expect(utf8Bytes(text)).toBe(new TextEncoder().encode(text).length);
  });
});
