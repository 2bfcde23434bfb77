/**
 * A big session file made of real ones: the recorded fixtures repeated until
 * the count is reached, with seqs, times, call ids, elicitation keys and JSON-RPC
 * ids shifted per copy so every correlation stays as distinct as in real life.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sessionHeader } from '../../server/wire/session-format';
import { ROOT } from '../support/processes';

const FIXTURES = ['interleaved-http', 'three-rounds-2026', 'push-form', 'url-required-retry', 'server-cancelled'];

export function syntheticSession(count: number): string {
  const sources = FIXTURES.map((name) =>
    readFileSync(join(ROOT, 'app/model/fixtures', `${name}.jsonl`), 'utf8')
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((e) => e.kind !== 'session-state'),
  );
  const sessionId = 'bench-100k';
  const start = Date.UTC(2026, 10, 29);
  const lines = [JSON.stringify(sessionHeader(sessionId, start))];
  let seq = 0;
  for (let copy = 0; seq < count; copy++) {
    const events = sources[copy % sources.length];
    const shift = (text: string) =>
      text
        .replace(/"(callId)":"c(\d+)"/g, (_m, k, n) => `"${k}":"c${copy}-${n}"`)
        .replace(/"(key)":"e(\d+)"/g, (_m, k, n) => `"${k}":"e${copy}-${n}"`)
        .replace(/"(id|rpcId|requestId)":(\d+)/g, (_m, k, n) => `"${k}":${Number(n) + copy * 1000}`);
    for (const event of events) {
      if (seq >= count) break;
      seq++;
      const next = JSON.parse(shift(JSON.stringify(event))) as Record<string, unknown>;
      next.seq = seq;
      next.at = start + seq * 3;
      next.sessionId = sessionId;
      if (typeof next.aboutSeq === 'number') delete next.aboutSeq;
      lines.push(JSON.stringify(next));
    }
  }
  return lines.join('\n') + '\n';
}
