/**
 * Raw WebSocket abuse after a proper, authenticated upgrade: frames no browser
 * would send. Each costs the sender its socket, never the proxy its life.
 */
import { randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { InspectorClient } from '../../e2e/support/inspector-client';
import { inspectorSuite } from '../../e2e/support/inspector-suite';
import { isAlive } from '../../e2e/support/processes';
import { MAX_WS_MESSAGE_BYTES } from '../wire/limits';
import { WS_PATH, wsProtocols } from '../wire/protocol';

const suite = inspectorSuite();

/** A TCP socket upgraded to the inspector's WebSocket with the right token, Origin and Host. */
async function upgraded(): Promise<Socket> {
  const { host, origin, token, port } = suite.inspector;
  const socket = connect(port, '127.0.0.1');
  await new Promise((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  socket.write(
    [
      `GET ${WS_PATH} HTTP/1.1`,
      `Host: ${host}`,
      `Origin: ${origin}`,
      'Upgrade: websocket',
      'Connection: Upgrade',
      `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}`,
      'Sec-WebSocket-Version: 13',
      `Sec-WebSocket-Protocol: ${wsProtocols(token).join(', ')}`,
      '',
      '',
    ].join('\r\n'),
  );
  const head = await new Promise<string>((resolve) => socket.once('data', (data: Buffer) => resolve(data.toString('latin1'))));
  expect(head).toMatch(/^HTTP\/1\.1 101/);
  return socket;
}

/** One frame: FIN set, the given opcode, masked unless told otherwise (a client must mask). */
function frame(opcode: number, payload: Buffer, { isMasked = true, declaredLength = payload.length } = {}): Buffer {
  const lengthBytes =
    declaredLength < 126
      ? Buffer.from([declaredLength])
      : declaredLength < 65536
        ? Buffer.from([126, declaredLength >> 8, declaredLength & 255])
        : lengthOf64(declaredLength);
  lengthBytes[0] |= isMasked ? 0x80 : 0;
  const mask = isMasked ? randomBytes(4) : Buffer.alloc(0);
  const body = isMasked ? payload.map((byte, i) => byte ^ mask[i % 4]) : payload;
  return Buffer.concat([Buffer.from([0x80 | opcode]), lengthBytes, mask, body]);
}

function lengthOf64(length: number): Buffer {
  const bytes = Buffer.alloc(9);
  bytes[0] = 127;
  bytes.writeBigUInt64BE(BigInt(length), 1);
  return bytes;
}

/** Write the frame and wait until the proxy closes the socket. */
async function sendAndAwaitClose(bytes: Buffer): Promise<void> {
  const socket = await upgraded();
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.on('error', () => {}); // a reset from the proxy is one way of being refused
  socket.write(bytes);
  await closed;
}

async function expectStillServing(): Promise<void> {
  expect(isAlive(suite.inspector.process.pid!)).toBe(true);
  const fresh = await InspectorClient.connect(suite.inspector);
  try {
    await fresh.waitFor(() => fresh.sessions, 5000, 'the sessions list');
    await expect(fresh.send('list-tools', { sessionId: 'no-such-session' })).rejects.toThrow(/not-found|No session/);
  } finally {
    fresh.close();
  }
}

describe('raw WebSocket abuse', () => {
  it('a frame larger than the message limit', async () => {
    const header = frame(1, Buffer.alloc(0), { declaredLength: MAX_WS_MESSAGE_BYTES + 1 });
    await sendAndAwaitClose(Buffer.concat([header, Buffer.alloc(1024, 0x61)]));
    await expectStillServing();
  });

  it('a text frame that is not valid UTF-8', async () => {
    await sendAndAwaitClose(frame(1, Buffer.from([0x7b, 0xff, 0xfe, 0xc3, 0x28, 0x7d])));
    await expectStillServing();
  });

  it('an unmasked frame', async () => {
    await sendAndAwaitClose(frame(1, Buffer.from('{"type":"subscribe"}'), { isMasked: false }));
    await expectStillServing();
  });

  it('a reserved opcode', async () => {
    await sendAndAwaitClose(frame(3, Buffer.from('hello')));
    await expectStillServing();
  });

  it('a message that is not JSON, and one nested 100,000 levels deep, get error replies', async () => {
    const socket = await upgraded();
    let replies = '';
    socket.on('data', (data: Buffer) => (replies += data.toString('latin1')));
    socket.write(frame(1, Buffer.from('not json')));
    socket.write(frame(1, Buffer.from('{"type":"connect","id":5,"params":' + '['.repeat(100_000) + ']'.repeat(100_000) + '}')));
    for (let waitedMs = 0; !replies.includes('"id":5') && waitedMs < 10_000; waitedMs += 50) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(replies).toContain('Not JSON.');
    expect(replies).toMatch(/"id":5,"ok":false,"error":\{"code":"invalid-command"/);
    socket.destroy();
    await expectStillServing();
  });
});
