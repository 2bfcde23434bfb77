import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { syntheticSession } from '../../e2e/bench/synthetic-session';
import { SessionQuery } from '../../server/store/session-query';
import { EntryWindow } from './entry-window';
import { SessionStore } from './session-store';

/** A windowed session whose queries are answered by the proxy's own query object over a real session file. */
async function openWindowed(entries: number) {
  const path = join(mkdtempSync(join(tmpdir(), 'window-calls-')), 'session.jsonl');
  writeFileSync(path, syntheticSession(entries, 'w1'));
  const query = new SessionQuery(path);
  const opened = query.open();
  const window = new EntryWindow(
    { read: async (range) => query.read(range), find: (filter, offset) => query.find(filter, offset), calls: (offset) => query.calls(offset) },
    opened.lastSeq,
    opened.methods,
  );
  const store = new SessionStore('w1');
  await store.openWindowed(window, opened.outline);
  return { store, window };
}

const settled = async (store: SessionStore, loaded: number) => {
  await expect.poll(() => store.getSnapshot().windowCalls?.loaded, { timeout: 10_000 }).toBe(loaded);
  return store.getSnapshot();
};

describe('a windowed session’s calls', () => {
  it('lists the newest page of calls in seq order, older pages on demand, and holds no log entry', async () => {
    const { store, window } = await openWindowed(20_000);
    const first = await settled(store, 200);
    expect(first.windowCalls?.total).toBeGreaterThan(400);
    const startSeqs = first.calls.map((c) => c.startSeq);
    expect(startSeqs).toEqual([...startSeqs].sort((a, b) => a - b));
    expect(first.calls.filter((c) => c.end).length).toBeGreaterThan(150);
    expect(first.events.length).toBeLessThan(10); // the outline only

    first.windowCalls?.loadOlder();
    const older = await settled(store, 400);
    expect(older.calls).toHaveLength(400);
    expect(older.calls.map((c) => c.startSeq)).toEqual([...older.calls.map((c) => c.startSeq)].sort((a, b) => a - b));
    expect(older.calls.at(-1)?.callId).toBe(first.calls.at(-1)?.callId);

    const call = first.calls.find((c) => c.end?.outcome === 'result');
    const story = await window.storyOfCall(call?.callId ?? '');
    expect(story.rows.map((r) => r.event.kind)).toEqual(expect.arrayContaining(['call-start', 'rpc-out', 'call-end']));
    expect(story.rows.some((r) => r.pair?.responseSeq !== undefined)).toBe(true);
  });
});
