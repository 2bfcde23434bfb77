import { describe, expect, it } from 'vitest';
import { parseServerPush } from './pushes';

const entry = (seq: number, extra: object = {}) => ({ kind: 'stderr', text: `line ${seq}`, seq, at: 1, sessionId: 's', ...extra });

describe('parseServerPush', () => {
  it('a good batch of events comes through as it was', () => {
    const parsed = parseServerPush(JSON.stringify({ type: 'events', sessionId: 's', events: [entry(1), entry(2)] }));
    expect(parsed).toEqual({ ok: true, push: { type: 'events', sessionId: 's', events: [entry(1), entry(2)] } });
  });

  it('a bad entry takes its place as an error that says why; the entries around it are kept', () => {
    const parsed = parseServerPush(JSON.stringify({ type: 'events', sessionId: 's', events: [entry(1), entry(2, { text: 42 }), entry(3)] }));
    if (!parsed.ok || parsed.push.type !== 'events') throw new Error(`unexpected ${JSON.stringify(parsed)}`);
    expect(parsed.push.events.map((e) => [e.seq, e.kind])).toEqual([
      [1, 'stderr'],
      [2, 'proxy-error'],
      [3, 'stderr'],
    ]);
    expect(parsed.push.events[1].dropped).toEqual({
      reason: 'invalid',
      message: expect.stringMatching(/^dropped: the page could not read this stderr entry: text: /),
    });
  });

  it('not JSON, an unknown type, a malformed reply: a reason, never a throw', () => {
    expect(parseServerPush('{"type":')).toMatchObject({ ok: false, message: expect.stringContaining('not JSON') });
    expect(parseServerPush('{"type":"surprise"}')).toMatchObject({ ok: false, replyId: undefined });
    expect(parseServerPush('{"type":"reply","id":3,"ok":"yes"}')).toMatchObject({ ok: false, replyId: 3, message: expect.stringContaining('cannot read') });
    expect(parseServerPush('{"type":"sessions","sessions":[{"sessionId":1}]}')).toMatchObject({ ok: false });
  });

  it('a push nested 100,000 levels deep is refused, not a crash', () => {
    const deep = '{"type":"hello","version":' + '['.repeat(100_000) + ']'.repeat(100_000) + ',"eventSchemaVersion":1}';
    expect(parseServerPush(deep)).toMatchObject({ ok: false });
  });
});
