/**
 * A big session file made of real ones: the recorded fixtures repeated until
 * the count is reached, with seqs, times, call ids, elicitation keys and JSON-RPC
 * ids shifted per copy so every correlation stays as distinct as in real life.
 * It opens as the first recording did (connecting, ready, the tool list).
 */
import { readFileSync } from 'node:fs';
import { sessionHeader } from '../../server/wire/session-format';

const FIXTURES = ['interleaved-http', 'three-rounds-2026', 'push-form', 'url-required-retry', 'server-cancelled'];
const FIXTURE_DIR = new URL('../../app/model/fixtures/', import.meta.url);

export function syntheticSession(count: number, sessionId = 'bench-100k'): string {
  return [...syntheticLines(count, sessionId)].join('\n') + '\n';
}

/** The same file line by line, for sessions too big to hold as one string (1M entries are some 500 MB). */
export function* syntheticLines(count: number, sessionId = 'bench-100k'): Generator<string> {
  const recordings = FIXTURES.map((name) =>
    readFileSync(new URL(`${name}.jsonl`, FIXTURE_DIR), 'utf8')
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => JSON.parse(line) as Record<string, unknown>),
  );
  const opening = recordings[0].filter((e) => e.kind === 'tools' || (e.kind === 'session-state' && e.state !== 'closed'));
  const sources = recordings.map((events) => events.filter((e) => e.kind !== 'session-state' && e.kind !== 'tools'));
  const start = Date.UTC(2026, 10, 29);
  yield JSON.stringify(sessionHeader(sessionId, start));
  let seq = 0;
  const place = (event: Record<string, unknown>) => {
    const next: Record<string, unknown> = { ...event, seq: ++seq, at: start + seq * 3, sessionId };
    if (typeof next.aboutSeq === 'number') delete next.aboutSeq;
    return JSON.stringify(next);
  };
  for (const event of opening) if (seq < count) yield place(event);
  for (let copy = 0; seq < count; copy++) {
    const events = sources[copy % sources.length];
    const shift = (text: string) =>
      text
        .replace(/"(callId)":"c(\d+)"/g, (_m, k, n) => `"${k}":"c${copy}-${n}"`)
        .replace(/"(key)":"e(\d+)"/g, (_m, k, n) => `"${k}":"e${copy}-${n}"`)
        .replace(/"(id|rpcId|requestId)":(\d+)/g, (_m, k, n) => `"${k}":${Number(n) + copy * 1000}`);
    for (const event of events) {
      if (seq >= count) break;
      const { seq: _seq, at: _at, sessionId: _id, ...payload } = JSON.parse(shift(JSON.stringify(event))) as Record<string, unknown>;
      yield place(payload);
    }
  }
}
