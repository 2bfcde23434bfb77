import { describe, expect, it } from 'vitest';
import type { LogEvent } from '../wire/events';
import { LogEventSchema } from '../wire/events';
import { MAX_EVENT_CHARS, MAX_EVENT_DEPTH } from '../wire/limits';
import { isDeeperThan, storedJson } from './entry-budget';
import { storedSeq } from './session-file';

const base = { seq: 7, at: 1, sessionId: 's' };
const deep = (levels: number): unknown => JSON.parse('{"a":'.repeat(levels) + '1' + '}'.repeat(levels));
const depthOf = (value: unknown): number => (typeof value === 'object' && value !== null ? 1 + Math.max(0, ...Object.values(value).map(depthOf)) : 0);

describe('storedJson', () => {
  it('an entry within budget is stored as it is', () => {
    const event: LogEvent = { ...base, kind: 'rpc-in', message: { jsonrpc: '2.0', method: 'x', params: { text: '{[[[' } } };
    expect(storedJson(event)).toBe('{"kind":"rpc-in","message":{"jsonrpc":"2.0","method":"x","params":{"text":"{[[["}},"seq":7,"at":1,"sessionId":"s"}');
  });

  it('a 100,000-deep entry keeps its method, id and seq, and says what was dropped', () => {
    const event: LogEvent = { ...base, kind: 'rpc-in', message: { jsonrpc: '2.0', id: 4, method: 'notifications/deep', params: deep(100_000) } };
    const json = storedJson(event);
    const stored = LogEventSchema.parse(JSON.parse(json));
    expect(stored.dropped).toEqual({ reason: 'too-deep', message: `dropped: nested deeper than ${MAX_EVENT_DEPTH} levels (rpc-in notifications/deep #4)` });
    expect(stored).toMatchObject({ kind: 'rpc-in', message: { id: 4, method: 'notifications/deep' } });
    expect(depthOf(JSON.parse(json))).toBeLessThanOrEqual(MAX_EVENT_DEPTH);
    expect(json).toContain(`"[dropped: nested deeper than ${MAX_EVENT_DEPTH} levels]"`);
    expect(storedSeq(json)).toBe(7);
  });

  it('an entry exactly at the depth limit is kept whole', () => {
    const event: LogEvent = { ...base, kind: 'stderr', text: 'x' };
    const atLimit = { ...event, kind: 'rpc-in', message: deep(MAX_EVENT_DEPTH - 1) } as LogEvent;
    expect(storedJson(atLimit)).not.toContain('dropped');
  });

  it('a 9 MB entry becomes an outline that says how big it was', () => {
    const event: LogEvent = {
      ...base,
      kind: 'call-end',
      callId: 'c1',
      outcome: 'result',
      result: { content: [{ type: 'text', text: 'x'.repeat(9 * 1024 * 1024) }] },
    };
    const json = storedJson(event);
    expect(json.length).toBeLessThan(100_000);
    const stored = LogEventSchema.parse(JSON.parse(json));
    expect(stored).toMatchObject({ kind: 'call-end', callId: 'c1', outcome: 'result', dropped: { reason: 'too-large', originalChars: expect.any(Number) } });
    expect(stored.dropped?.message).toBe(`dropped: 9.0 MB, over the ${MAX_EVENT_CHARS / 1024 / 1024} MB budget for one entry; kept an outline (call-end c1)`);
  });

  it('a wide entry (300,000 small items) is outlined too', () => {
    const event: LogEvent = { ...base, kind: 'tools', tools: Array.from({ length: 300_000 }, (_, i) => ({ name: `t${i}`, description: 'a tool' })) };
    const stored = LogEventSchema.parse(JSON.parse(storedJson(event)));
    expect(stored.kind === 'tools' && stored.tools.length).toBeLessThanOrEqual(100);
    expect(stored.dropped?.reason).toBe('too-large');
  });

  it('an entry that cannot be serialized keeps its kind and says so', () => {
    const event = { ...base, kind: 'stderr', text: 'x', extra: 10n } as unknown as LogEvent;
    const stored = LogEventSchema.parse(JSON.parse(storedJson(event)));
    expect(stored).toMatchObject({ kind: 'stderr', dropped: { reason: 'unserializable' } });
  });
});

describe('isDeeperThan', () => {
  it('counts brackets outside strings only', () => {
    expect(isDeeperThan(JSON.stringify({ s: '['.repeat(500) }), 3)).toBe(false);
    expect(isDeeperThan(JSON.stringify({ s: '\\"[[[[[' }), 1)).toBe(false);
    expect(isDeeperThan(JSON.stringify([[[[1]]]]), 3)).toBe(true);
    expect(isDeeperThan(JSON.stringify([[[1], [2], [3], [4]]]), 3)).toBe(false);
  });
});
