import { appendFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NO_FILTER } from '@wire/entry-filter';
import type { LogEvent } from '@wire/events';
import { MAX_CALLS_PER_LIST, WINDOWED_MIN_ENTRIES } from '@wire/limits';
import { syntheticLines } from '../../e2e/bench/synthetic-session';
import { SessionQuery } from '../../server/store/session-query';
import { EntryWindow, MAX_ROWS_KEPT } from './entry-window';
import { pendingElicitations, SessionStore, type CallView } from './session-store';

const COUNT = 20_000;
/** Entries the proxy sends the page at once while the session runs. */
const PUSH = 250;

/**
 * A live session as the page meets it: the proxy's file grows line by line (its own query object
 * answers the window, as it does for the page), and the same entries are pushed to the store.
 * A second store keeps everything, as the page did before live sessions were windowed.
 */
function liveSession() {
  const path = join(mkdtempSync(join(tmpdir(), 'live-window-')), 'session.jsonl');
  const lines = [...syntheticLines(COUNT, 'live1')];
  writeFileSync(path, `${lines[0]}\n`);
  const query = new SessionQuery(path);
  const store = new SessionStore('live1');
  const whole = new SessionStore('live1');
  let written = 0;
  const grow = (toSeq: number) => {
    for (let from = written + 1; from <= toSeq; from += PUSH) {
      const batch = lines.slice(from, Math.min(toSeq, from + PUSH - 1) + 1);
      appendFileSync(path, `${batch.join('\n')}\n`);
      const events = batch.map((line) => JSON.parse(line) as LogEvent);
      store.apply(events);
      whole.apply(events);
    }
    written = toSeq;
  };
  const goWindowed = () => {
    const window = windowOver(query, query.open());
    store.windowLive(window);
    return window;
  };
  /** A page opened on the session now: windowed from the start, then sent what comes next. */
  const reopen = async () => {
    const opened = query.open();
    const reopened = new SessionStore('live1');
    await reopened.openWindowed(windowOver(query, opened), opened.outline, opened.lastSeq);
    return reopened;
  };
  const events = lines.slice(1).map((line) => JSON.parse(line) as LogEvent);
  return { store, whole, grow, goWindowed, reopen, events, lines };
}

/** The window over the proxy's own query object, as the page builds it over the socket. */
const windowOver = (query: SessionQuery, opened: { lastSeq: number; methods: string[] }) =>
  new EntryWindow(
    { read: async (range) => query.read(range), find: (filter, offset) => query.find(filter, offset), calls: (offset) => query.calls(offset) },
    opened.lastSeq,
    opened.methods,
  );

const rowsIn = async (window: EntryWindow, seqs: number[]) => {
  window.ensure(seqs);
  await expect.poll(() => seqs.every((seq) => window.row(seq)), { timeout: 10_000 }).toBe(true);
};

describe('a live session past the window', () => {
  it('lets go of its log, keeps its newest calls, and reaches every old row, filter match, call and story through the proxy', async () => {
    const { store, whole, grow, goWindowed, events } = liveSession();
    grow(WINDOWED_MIN_ENTRIES - 1);
    expect(store.isDueForWindow).toBe(false);
    grow(WINDOWED_MIN_ENTRIES);
    expect(store.isDueForWindow).toBe(true);
    const window = goWindowed();

    // What arrives after the switch is counted and folded in, and not kept.
    grow(COUNT);
    const shown = store.getSnapshot();
    const all = whole.getSnapshot();
    expect(shown.isLiveWindow).toBe(true);
    expect(shown.events).toHaveLength(0);
    expect(shown.eventCount).toBe(COUNT);
    expect(shown.status).toEqual(all.status);
    expect(shown.tools).toEqual(all.tools);
    expect(pendingElicitations(shown).map((e) => e.key)).toEqual(pendingElicitations(all).map((e) => e.key));
    expect(all.calls.length).toBeGreaterThan(3 * MAX_CALLS_PER_LIST);
    expect(shown.calls.length).toBeLessThan(2 * MAX_CALLS_PER_LIST);
    expect(shown.calls).toEqual(all.calls.slice(-shown.calls.length));
    expect(shown.windowCalls).toMatchObject({ loaded: shown.calls.length, total: all.calls.length });

    // Older calls, a page at a time, join the newest without a gap.
    shown.windowCalls?.loadOlder();
    await expect.poll(() => store.getSnapshot().windowCalls?.loaded, { timeout: 10_000 }).toBe(shown.calls.length + MAX_CALLS_PER_LIST);
    const older = store.getSnapshot().calls.map((c) => c.callId);
    expect(older).toEqual(all.calls.slice(-older.length).map((c) => c.callId));

    // The first rows, long let go, are read back with their pairs.
    await rowsIn(
      window,
      Array.from({ length: 300 }, (_, i) => i + 1),
    );
    expect(window.row(300)?.event).toEqual(events[299]);
    expect(window.row(1)?.event).toMatchObject({ seq: 1, kind: 'session-state', state: 'connecting' });
    const firstCall = events.find((e) => e.kind === 'call-start');
    const firstRequest = events.find((e) => e.kind === 'rpc-out' && e.seq > (firstCall?.seq ?? 0) && e.message.method === 'tools/call');
    expect(window.row(firstRequest?.seq ?? 0)?.pair?.responseSeq).toBe(all.index.pairOf(firstRequest?.seq ?? 0)?.responseSeq);

    // A filter and a call's story see the whole session, the old part too.
    const elicitations = events.filter((e) => e.kind === 'elicitation').map((e) => e.seq);
    const found = await window.find({ ...NO_FILTER, text: 'kind:elicitation' });
    expect(found.seqs).toEqual(elicitations);
    const story = await window.storyOfCall(firstCall?.kind === 'call-start' ? firstCall.callId : '');
    expect(story.rows.map((r) => r.event.seq)).toEqual(all.story.storyOfCall(firstCall?.kind === 'call-start' ? firstCall.callId : ''));

    // Scrolling the whole log holds at most the window; an export still gets every entry.
    for (let seq = COUNT - MAX_ROWS_KEPT - 999; seq <= COUNT; seq += 500)
      await rowsIn(
        window,
        Array.from({ length: 500 }, (_, i) => seq + i),
      );
    expect(window.heldRows).toBeLessThanOrEqual(MAX_ROWS_KEPT);
    const exported = await window.rowsOf(null);
    expect(exported.map((e) => `${e.seq} ${e.kind}`)).toEqual(events.map((e) => `${e.seq} ${e.kind}`));
    expect(exported.at(-1)).toEqual(events.at(-1));
  });

  it('opens windowed on a page loaded mid-session, and goes on with what the proxy sends next', async () => {
    const { whole, grow, reopen, events } = liveSession();
    grow(COUNT / 2);
    const reopened = await reopen();
    expect(reopened.getSnapshot()).toMatchObject({ isLiveWindow: true, eventCount: COUNT / 2, events: [] });
    // A listed call is its outline: its timer ticks and its rounds' traffic stay in the log.
    const untimed = (calls: readonly CallView[]) =>
      calls.map(({ timer: _timer, rounds, ...call }) => ({ ...call, rounds: rounds.map(({ request: _q, response: _r, cancel: _c, ...round }) => round) }));
    const listed = reopened.getSnapshot().calls;
    expect(untimed(listed)).toEqual(untimed(whole.getSnapshot().calls.slice(-listed.length)));

    grow(COUNT);
    for (let from = reopened.lastSeq; from < COUNT; from += PUSH) expect(reopened.apply(events.slice(from, from + PUSH)).gap).toBe(false);
    const shown = reopened.getSnapshot();
    const all = whole.getSnapshot();
    expect(shown.eventCount).toBe(COUNT);
    expect(untimed(shown.calls)).toEqual(untimed(all.calls.slice(-shown.calls.length)));
    expect(pendingElicitations(shown).map((e) => e.key)).toEqual(pendingElicitations(all).map((e) => e.key));
    expect(shown.windowCalls).toMatchObject({ loaded: shown.calls.length, total: all.calls.length });
  });
});
