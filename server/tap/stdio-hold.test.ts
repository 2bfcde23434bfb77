import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { StdioHold } from './stdio-hold';

function streams() {
  const host = new PassThrough();
  const server = new PassThrough();
  const read = (stream: PassThrough) => () => (stream.read() as Buffer | null)?.toString() ?? '';
  return { hold: new StdioHold(host, server), toHost: read(host), toServer: read(server) };
}

const elicit = (id: number, mode?: string) =>
  JSON.stringify({ jsonrpc: '2.0', id, method: 'elicitation/create', params: { message: 'ok?', ...(mode && { mode }), requestedSchema: {} } }) + '\n';

describe('StdioHold', () => {
  it("off, passes the server's bytes as they come, half lines included", () => {
    const { hold, toHost } = streams();
    hold.fromServer(Buffer.from(elicit(1).slice(0, 10)));
    expect(toHost()).toBe(elicit(1).slice(0, 10));
  });

  it('on, keeps back form elicitations only, and a line begun before it came on goes on whole', () => {
    const { hold, toHost } = streams();
    const first = elicit(1);
    hold.fromServer(Buffer.from(first.slice(0, 10)));
    hold.set(true);
    hold.fromServer(Buffer.from(first.slice(10) + elicit(2) + elicit(3, 'url') + '{"jsonrpc":"2.0","method":"notifications/message"'));
    expect(toHost()).toBe(first + elicit(3, 'url'));
    expect([hold.isHeld(1), hold.isHeld(2), hold.isHeld(3)]).toEqual([false, true, false]);
    // Off: the held request goes first, then the half line that came after it.
    expect(hold.set(false)).toEqual([2]);
    expect(toHost()).toBe(elicit(2) + '{"jsonrpc":"2.0","method":"notifications/message"');
  });

  it("writes an answer between two of the host's lines, never inside one", () => {
    const { hold, toServer } = streams();
    hold.set(true);
    hold.fromServer(Buffer.from(elicit(7)));
    hold.hostWrote(Buffer.from('{"jsonrpc":"2.0","id":5,'));
    expect(hold.answer(7, { action: 'decline' })).toBe(true);
    expect(toServer()).toBe('');
    hold.hostWrote(Buffer.from('"method":"ping"}\n'));
    expect(toServer()).toBe('{"jsonrpc":"2.0","id":7,"result":{"action":"decline"}}\n');
    expect(hold.answer(7, { action: 'decline' })).toBe(false);
  });
});
