import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { syntheticLines } from '../../e2e/bench/synthetic-session';
import type { NewLogEvent } from '../wire/events';
import { SessionLog } from './session-log';
import { SessionQuery } from './session-query';
import type { StoredEvent } from './session-file';

const newFile = () => join(mkdtempSync(join(tmpdir(), 'session-log-test-')), 'session.jsonl');
const stderr = (n: number) => ({ kind: 'stderr' as const, text: `line ${n}` });
const readAll = async (log: SessionLog, afterSeq: number, untilSeq?: number) => {
  const out: StoredEvent[] = [];
  for await (const chunk of log.read(afterSeq, untilSeq)) out.push(...chunk);
  return out;
};
const fileLines = (path: string) => readFileSync(path, 'utf8').trim().split('\n').slice(1);

describe('SessionLog', () => {
  it('one entry nested 5,000 levels deep does not stop the flush of the entries around it, nor a failing listener the others', () => {
    const path = newFile();
    const log = new SessionLog('s1', path);
    const told: number[] = [];
    log.subscribe(() => {
      throw new Error('a page went away');
    });
    log.subscribe((events) => told.push(...events.map((e) => e.seq)));
    log.append(stderr(1));
    log.append({ kind: 'rpc-in', message: JSON.parse('{"jsonrpc":"2.0","method":"deep","params":' + '{"a":'.repeat(5000) + '1' + '}'.repeat(5000) + '}') });
    log.append(stderr(3));
    log.flush();
    const lines = fileLines(path).map((line) => JSON.parse(line));
    expect(lines.map((e) => e.seq)).toEqual([1, 2, 3]);
    expect(lines[1]).toMatchObject({ kind: 'rpc-in', message: { method: 'deep' }, dropped: { reason: 'too-deep' } });
    expect(told).toEqual([1, 2, 3]);
  });

  it('replays across its memory window: older events from the file, newer from memory, each once, in order', async () => {
    const path = newFile();
    const log = new SessionLog('s1', path, { memoryWindow: 3 });
    for (let n = 1; n <= 10; n++) {
      log.append(stderr(n));
      log.flush(); // one flush per event, so the window is trimmed along the way
    }
    const all = await readAll(log, 0);
    expect(all.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    // What a replay sends is exactly what the file holds.
    expect(all.map((e) => e.json)).toEqual(fileLines(path));
    expect(JSON.parse(all[0].json)).toMatchObject({ kind: 'stderr', text: 'line 1', seq: 1, sessionId: 's1' });

    expect((await readAll(log, 2, 8)).map((e) => e.seq)).toEqual([3, 4, 5, 6, 7, 8]);
    expect((await readAll(log, 9)).map((e) => e.seq)).toEqual([10]);
    expect(await readAll(log, 10)).toEqual([]);
  });

  it('tells listeners each event once, after it is on disk, as the same text', () => {
    const path = newFile();
    const log = new SessionLog('s2', path);
    const heard: StoredEvent[] = [];
    const stop = log.subscribe((events) => {
      // Every event a page is told of can already be read back from the file.
      expect(fileLines(path).length).toBe(events[events.length - 1].seq);
      heard.push(...events);
    });
    log.append(stderr(1));
    log.append(stderr(2));
    expect(heard).toEqual([]); // not before the flush
    log.flush();
    log.append(stderr(3));
    log.flush();
    stop();
    log.append(stderr(4));
    log.flush();
    expect(heard.map((e) => e.seq)).toEqual([1, 2, 3]);
    expect(heard.map((e) => e.json)).toEqual(fileLines(path).slice(0, 3));
  });

  it('does not replay events that are not yet written', async () => {
    const log = new SessionLog('s3', newFile());
    log.append(stderr(1));
    log.flush();
    log.append(stderr(2));
    expect((await readAll(log, 0)).map((e) => e.seq)).toEqual([1]);
  });

  it('keeps every event in memory when it has no file', async () => {
    const log = new SessionLog('s4', undefined);
    for (let n = 1; n <= 5; n++) log.append(stderr(n));
    log.flush();
    expect((await readAll(log, 1, 4)).map((e) => JSON.parse(e.json).text)).toEqual(['line 2', 'line 3', 'line 4']);
  });

  it('still writes an entry that comes after the session closed', () => {
    const path = newFile();
    const log = new SessionLog('s5', path);
    log.append(stderr(1));
    log.close();
    log.append(stderr(2));
    log.flush();
    expect(fileLines(path).map((l) => JSON.parse(l).text)).toEqual(['line 1', 'line 2']);
  });

  it('followers get the typed events of each flush, after the pages, and one failing follower costs the others nothing', () => {
    const log = new SessionLog('s1', undefined);
    const order: string[] = [];
    log.subscribe((events) => order.push(`page ${events.map((e) => e.seq).join(',')}`));
    log.follow(() => {
      throw new Error('a consumer bug');
    });
    log.follow((events) => order.push(`follower ${events.map((e) => (e.kind === 'stderr' ? e.text : e.kind)).join(',')}`));
    log.append(stderr(1));
    log.append(stderr(2));
    log.flush();
    expect(order).toEqual(['page 1,2', 'follower line 1,line 2']);
  });

  it('a big session saves its index and links beside its file when it closes, so its first open reads no line and waits for no pass', async () => {
    const path = newFile();
    const log = new SessionLog('s1', path);
    const [, ...lines] = [...syntheticLines(6000, 's1')];
    for (const line of lines) {
      const { seq: _seq, at: _at, sessionId: _id, ...event } = JSON.parse(line) as Record<string, unknown>;
      log.append(event as NewLogEvent);
    }
    log.close();
    await log.sidecarsSaved;
    expect([existsSync(`${path}.idx`), existsSync(`${path}.links`)]).toEqual([true, true]);
    const query = new SessionQuery(path);
    expect(query.open().lastSeq).toBe(6000);
    await query.correlate();
    expect(query.hasSavedLinks).toBe(true);
    expect(query.indexScannedBytes).toBe(0);
  });

  it('a small session leaves no index or links beside its file: a pass over it costs less than writing them', async () => {
    const path = newFile();
    const log = new SessionLog('s1', path);
    for (let n = 1; n <= 100; n++) log.append(stderr(n));
    log.close();
    await log.sidecarsSaved;
    expect([existsSync(`${path}.idx`), existsSync(`${path}.links`)]).toEqual([false, false]);
  });
});
