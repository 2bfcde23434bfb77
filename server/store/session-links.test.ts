import { appendFileSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { filterEvents } from '../../app/log/log-filter';
import { SessionStore } from '../../app/model/session-store';
import { syntheticSession } from '../../e2e/bench/synthetic-session';
import { NO_FILTER, type LogFilter } from '../wire/entry-filter';
import type { LogEvent } from '../wire/events';
import { importSession } from './import-session';
import { SessionQuery } from './session-query';
import { readSidecar, writeSidecar } from './sidecar-file';

const COUNT = 6000;
const text = syntheticSession(COUNT, 's1');
const sessionFile = (content = text) => {
  const path = join(mkdtempSync(join(tmpdir(), 'session-links-')), 'session.jsonl');
  writeFileSync(path, content);
  return path;
};
/** A file whose links were worked out by one query and saved beside it. */
const linkedFile = async () => {
  const path = sessionFile();
  await new SessionQuery(path).correlate();
  expect(existsSync(`${path}.links`)).toBe(true);
  return path;
};
const FILTERS: LogFilter[] = [
  { ...NO_FILTER, text: 'method:tools/call status:error' },
  { ...NO_FILTER, text: 'kind:elicitation -dir:in' },
  { ...NO_FILTER, text: 'latency:>5 dir:in' },
  { ...NO_FILTER, text: 'kyoto' },
  { ...NO_FILTER, text: '-kyoto kind:rpc-in' },
  { ...NO_FILTER, text: 'call:c20-1 kind:call-start' },
  { ...NO_FILTER, group: 'rpc', direction: 'out', method: 'tools/call' },
  { ...NO_FILTER, group: 'problems' },
  { ...NO_FILTER, group: 'http', text: 'status:200' },
  { ...NO_FILTER, story: { kind: 'call', id: 'c12-1' } },
  { ...NO_FILTER, story: { kind: 'call', id: 'c12-1' }, text: 'tools/call' },
  { ...NO_FILTER, text: 'status:pending' },
];

/** What the page's own filter keeps over the whole log, correlated by the page's own store. */
function pageMatches(filter: LogFilter): number[] {
  const events = text
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => JSON.parse(line) as LogEvent);
  const store = new SessionStore('s1');
  store.apply(events);
  const { index, story } = store.getSnapshot();
  return filterEvents(store.getSnapshot().events, filter, index, story);
}

describe('links saved beside a session file', () => {
  it('are read back on the next open, which is correlated at once and filters as the page does', async () => {
    const path = await linkedFile();
    const reopened = new SessionQuery(path);
    // The first window is answered before the links are read back; they come without a pass over the lines.
    expect(reopened.open().isCorrelated).toBe(false);
    await reopened.correlate();
    expect(reopened.hasSavedLinks).toBe(true);
    for (const filter of FILTERS) {
      const found = await reopened.find(filter);
      expect({ filter, seqs: found.seqs }).toEqual({ filter, seqs: pageMatches(filter) });
    }
  });

  it('are read back a slice at a time: other work gets its turns meanwhile, and rows come without waiting for them', async () => {
    const path = await linkedFile();
    const reopened = new SessionQuery(path, { loadSliceEntries: 500 });
    reopened.open();
    const loading = reopened.correlate();
    let turns = 0;
    let isLoading = true;
    const tick = () => {
      turns++;
      if (isLoading) setImmediate(tick);
    };
    setImmediate(tick);
    // A window asked for while they load is answered, uncorrelated, and correlated once they are in.
    await new Promise((resolve) => setImmediate(resolve));
    expect(reopened.read({ fromSeq: 5990, toSeq: 6000 }).rows).toHaveLength(11);
    await loading;
    isLoading = false;
    expect(reopened.hasSavedLinks).toBe(true);
    // Some ten slices of 500 in each column check: a load that held the loop would leave a handful of turns.
    expect(turns).toBeGreaterThan(COUNT / 500);
    expect(reopened.read({ fromSeq: 5990, toSeq: 6000 }).isCorrelated).toBe(true);
  });

  it('give every row the pair, call and elicitation the full pass gives it, and the same calls list', async () => {
    const path = await linkedFile();
    const fresh = new SessionQuery(sessionFile());
    await fresh.correlate();
    const reopened = new SessionQuery(path);
    await reopened.correlate();
    for (const fromSeq of [1, 1500, 5600]) expect(reopened.read({ fromSeq, toSeq: fromSeq + 400 })).toEqual(fresh.read({ fromSeq, toSeq: fromSeq + 400 }));
    expect(await reopened.calls()).toEqual(await fresh.calls());
    expect(await reopened.calls(30)).toEqual(await fresh.calls(30));
  });

  it('are made by an import, so an imported session opens correlated', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'session-links-import-'));
    const imported = await importSession(Readable.from([text]), dataDir);
    const path = join(dataDir, `${imported.sessionId}.jsonl`);
    expect(existsSync(`${path}.idx`) && existsSync(`${path}.links`)).toBe(true);
    const query = new SessionQuery(path);
    await query.correlate();
    expect(query.hasSavedLinks).toBe(true);
    expect((await query.find(FILTERS[0])).seqs).toEqual(pageMatches(FILTERS[0]));
  });

  it('are never used when damaged, of another version, about another file or naming pairs that do not exist', async () => {
    const path = await linkedFile();
    const saved = readFileSync(`${path}.links`);
    const sidecar = readSidecar(`${path}.links`, 'EI-LINKS', 1);
    if (!sidecar) throw new Error('the links were not saved');
    const badPairs = Buffer.from(sidecar.sections[5]);
    badPairs.writeInt32LE(1_000_000, 4 * 100);
    const damaged: [string, () => void][] = [
      ['a flipped byte', () => writeFileSync(`${path}.links`, Buffer.from(saved.map((b, i) => (i === saved.length >> 1 ? b ^ 0xff : b))))],
      ['torn', () => writeFileSync(`${path}.links`, saved.subarray(0, saved.length >> 1))],
      ['another version', () => writeFileSync(`${path}.links`, Buffer.concat([saved.subarray(0, 8), Buffer.from([7, 0, 0, 0]), saved.subarray(12)]))],
      [
        'a pair that does not exist',
        () => writeSidecar(`${path}.links`, 'EI-LINKS', 1, { ...sidecar, sections: sidecar.sections.map((s, i) => (i === 5 ? badPairs : s)) }),
      ],
      ['about a longer file', () => writeSidecar(`${path}.links`, 'EI-LINKS', 1, { ...sidecar, meta: { ...sidecar.meta, lastSeq: COUNT + 5 } })],
    ];
    for (const [what, damage] of damaged) {
      damage();
      const reopened = new SessionQuery(path);
      await reopened.correlate();
      expect(reopened.hasSavedLinks, what).toBe(false);
      const found = await reopened.find(FILTERS[0]);
      expect(found.seqs, what).toEqual(pageMatches(FILTERS[0]));
      writeFileSync(`${path}.links`, saved);
    }
  });

  it('are worked out again when the file has grown since, and what it gained is found', async () => {
    const path = await linkedFile();
    const extra = { kind: 'stderr', text: 'kyoto once more', seq: COUNT + 1, at: 1, sessionId: 's1' };
    appendFileSync(path, `${JSON.stringify(extra)}\n`);
    const reopened = new SessionQuery(path);
    await reopened.correlate();
    expect(reopened.hasSavedLinks).toBe(false);
    const found = await reopened.find({ ...NO_FILTER, text: 'kyoto' });
    expect(found.seqs).toEqual([...pageMatches({ ...NO_FILTER, text: 'kyoto' }), COUNT + 1]);
  });
});
