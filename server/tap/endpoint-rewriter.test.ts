import { describe, expect, it } from 'vitest';
import { EndpointRewriter } from './endpoint-rewriter';
import { SseReader, type SseEvent } from './sse-reader';

const FROM = 'http://127.0.0.1:4000';
const TO = 'http://127.0.0.1:5000';

/** The stream as the host gets it, fed in the given pieces. */
function relayed(pieces: string[]): string {
  const rewriter = new EndpointRewriter(FROM, TO);
  return Buffer.concat([...pieces.map((piece) => rewriter.push(Buffer.from(piece))), rewriter.end()]).toString('utf8');
}

describe('EndpointRewriter', () => {
  it("turns an endpoint on the server's origin to the tap's, however the stream is cut", () => {
    const stream = `event: endpoint\r\ndata: ${FROM}/messages?sessionId=a\r\n\r\nevent: message\ndata: {"endpoint":"${FROM}/x"}\n\n`;
    const expected = stream.replace(`data: ${FROM}/messages`, `data: ${TO}/messages`);
    for (let cut = 1; cut < stream.length; cut += 7) expect(relayed([stream.slice(0, cut), stream.slice(cut)])).toBe(expected);
  });

  it('leaves relative endpoints, other origins and look-alike ports as they came', () => {
    const stream = `event: endpoint\ndata: /messages?sessionId=a\n\nevent: endpoint\ndata: ${FROM}0/m\n\nevent: endpoint\ndata: https://elsewhere.example/m\n\n`;
    expect(relayed([stream])).toBe(stream);
  });
});

describe('SseReader', () => {
  it('joins data lines, skips comments and dispatches at the blank line, across chunk and UTF-8 cuts', () => {
    const events: SseEvent[] = [];
    const reader = new SseReader((event) => events.push(event));
    const bytes = Buffer.from(': keep-alive\r\nid: 7\r\nevent: message\r\ndata: {"a":\r\ndata: "é"}\r\n\r\ndata: last\n');
    for (let i = 0; i < bytes.length; i += 3) reader.push(bytes.subarray(i, i + 3));
    reader.end();
    expect(events).toEqual([{ event: 'message', data: '{"a":\n"é"}', id: '7' }]);
  });
});
