import { describe, expect, it } from 'vitest';
import { SseReader, type SseEvent } from './sse-reader';

/** The events and overlong sizes read from `pieces`, each pushed as its own chunk, then the end. */
function read(pieces: (string | Buffer)[], maxChars?: number) {
  const events: SseEvent[] = [];
  const overlong: number[] = [];
  const reader = new SseReader(
    (event) => events.push(event),
    (chars) => overlong.push(chars),
    maxChars,
  );
  for (const piece of pieces) reader.push(typeof piece === 'string' ? Buffer.from(piece) : piece);
  reader.end();
  return { events, overlong };
}

/** Every way of cutting `bytes` in two, at every byte: inside UTF-8 characters and between CR and LF included. */
function everyCut(bytes: Buffer): Buffer[][] {
  return Array.from({ length: bytes.length - 1 }, (_, i) => [bytes.subarray(0, i + 1), bytes.subarray(i + 1)]);
}

describe('SseReader', () => {
  const MIXED = Buffer.from(
    ': comment\r\nretry: 3000\r\nid: a\r\nevent: first\r\ndata: é\r\ndata:✓\r\n\r\n' +
      'id: b\rdata: 🙂 bare CR\r\r' +
      'bogus field\nretry: soon\ndata: {"x":1}\n\n' +
      'data: cut off\n',
  );
  const MIXED_EVENTS: SseEvent[] = [
    { event: 'first', data: 'é\n✓', id: 'a' },
    { event: 'message', data: '🙂 bare CR', id: 'b' },
    { event: 'message', data: '{"x":1}', id: 'b' },
  ];

  it('reads LF, CRLF and bare CR line ends alike, whole or cut at any byte, and drops an event the stream cut off', () => {
    expect(read([MIXED]).events).toEqual(MIXED_EVENTS);
    for (const pieces of everyCut(MIXED)) expect(read(pieces).events).toEqual(MIXED_EVENTS);
  });

  it('a CR that ends one chunk and an LF that starts the next are one line end, not a blank line; a CR the stream ends on ends its line', () => {
    expect(read(['data: a\r', '\ndata: b\r', '\n\r', '\n']).events).toEqual([{ event: 'message', data: 'a\nb' }]);
    expect(read(['data: a\r', 'data: b\r', '\r']).events).toEqual([{ event: 'message', data: 'a\nb' }]);
  });

  it('keeps the last id across events, ignores an id with NUL, and an empty id clears it', () => {
    const { events } = read(['id: 1\ndata: a\n\ndata: b\n\nid: x\0y\ndata: c\n\nid\ndata: d\n\n']);
    expect(events.map((e) => e.id)).toEqual(['1', '1', '1', '']);
    // As the SDKs' parser reads it: an id goes with an event, and a block without data is none.
    expect(read(['id: 5\n\ndata: x\n\n']).events).toEqual([{ event: 'message', data: 'x' }]);
  });

  it('a block without data dispatches nothing; "data:" with nothing after it is an empty event', () => {
    expect(read(['event: ping\n\n: keep-alive\n\nid: 9\ndata:\n\n']).events).toEqual([{ event: 'message', data: '', id: '9' }]);
  });

  it('a leading byte order mark is dropped, as EventSource drops it', () => {
    expect(read([Buffer.from([0xef, 0xbb]), Buffer.from([0xbf, ...Buffer.from('data: a\n\n')])]).events).toEqual([{ event: 'message', data: 'a' }]);
  });

  describe('past the bound', () => {
    it('an event whose one line runs past it, over several chunks, is reported once by size and the next event is read whole', () => {
      const line = `data: ${'x'.repeat(250)}\n`;
      const { events, overlong } = read([line.slice(0, 100), line.slice(100, 200), line.slice(200), 'data: tail of the same event\n\n', 'data: next\n\n'], 64);
      expect(overlong).toHaveLength(1);
      expect(overlong[0]).toBeGreaterThan(250);
      expect(events).toEqual([{ event: 'message', data: 'next' }]);
    });

    it('an event of many short lines past it is reported, not recorded in part', () => {
      const many = Array.from({ length: 40 }, (_, i) => `data: line ${i}\n`);
      const { events, overlong } = read([...many, '\n', 'event: after\ndata: ok\n\n'], 64);
      expect(overlong).toHaveLength(1);
      expect(events).toEqual([{ event: 'after', data: 'ok' }]);
    });

    it('an overlong event the stream cuts off is not reported, as an event without its blank line is not', () => {
      expect(read([`data: ${'x'.repeat(200)}`, 'x'.repeat(100)], 64)).toEqual({ events: [], overlong: [] });
    });
  });
});
