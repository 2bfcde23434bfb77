import { appendFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { syntheticSession } from '../../e2e/bench/synthetic-session';
import { NO_FILTER } from '../wire/entry-filter';
import { MAX_CALLS_PER_LIST, MAX_OUTLINE_PER_CALL, MAX_ROWS_PER_READ } from '../wire/queries';
import { SessionQuery } from './session-query';

const tempFile = (text: string) => {
  const path = join(mkdtempSync(join(tmpdir(), 'session-query-')), 'session.jsonl');
  writeFileSync(path, text);
  return path;
};

describe('SessionQuery', () => {
  const text = syntheticSession(3000, 's1');

  it('opens with the count and the outline, without reading the log', () => {
    const query = new SessionQuery(tempFile(text));
    const opened = query.open();
    expect(opened.lastSeq).toBe(3000);
    expect(opened.outline.map((e) => e.kind)).toEqual(['session-state', 'session-state', 'tools']);
    expect(opened.skipped.count).toBe(0);
  });

  it('answers a window of rows, never more than the most a read may carry, with each response paired once correlated', async () => {
    const query = new SessionQuery(tempFile(text));
    await query.correlate();
    const { rows, isCorrelated } = query.read({ fromSeq: 1, toSeq: 3000 });
    expect(isCorrelated).toBe(true);
    expect(rows).toHaveLength(MAX_ROWS_PER_READ);
    expect(rows.map((r) => r.event.seq)).toEqual(Array.from({ length: MAX_ROWS_PER_READ }, (_, i) => i + 1));
    const response = rows.find((r) => r.event.kind === 'rpc-in' && r.event.message.method === undefined && r.pair);
    expect(response?.pair).toMatchObject({ method: expect.any(String), responseSeq: response?.event.seq });
    expect(rows.some((r) => r.callId)).toBe(true);
    expect(query.read({ seqs: [2999, 5, 9999] }).rows.map((r) => r.event.seq)).toEqual([5, 2999]);
  });

  it('finds the entries of one call, and a filter twice gives the kept answer', async () => {
    const query = new SessionQuery(tempFile(text));
    const calls = await query.find({ ...NO_FILTER, group: 'lifecycle', text: 'kind:call-start' });
    expect(calls.total).toBeGreaterThan(50);
    const [firstCall] = query.read({ seqs: calls.seqs.slice(0, 1) }).rows;
    const callId = firstCall.event.kind === 'call-start' ? firstCall.event.callId : '';
    const story = await query.find({ ...NO_FILTER, story: { kind: 'call', id: callId } });
    const storyRows = query.read({ seqs: story.seqs }).rows;
    expect(storyRows.map((r) => r.event.kind)).toEqual(expect.arrayContaining(['call-start', 'rpc-out', 'call-end']));
    expect(storyRows.every((r) => r.callId === callId)).toBe(true);
    const again = await query.find({ ...NO_FILTER, story: { kind: 'call', id: callId } });
    expect(again).toEqual(story);
  });

  it('skips a malformed line with a counted note and never throws, on open, read or find', async () => {
    const lines = text.trim().split('\n');
    lines[10] = lines[10].replace('"kind"', '"kind" oops'); // its seq is still readable; its JSON is not
    lines[20] = '{"seq": "twenty"}';
    const query = new SessionQuery(tempFile(lines.join('\n') + '\n'));
    expect(query.open().lastSeq).toBe(3000);
    const { rows, skipped } = query.read({ fromSeq: 1, toSeq: 30 });
    expect(rows.map((r) => r.event.seq)).toEqual([...Array.from({ length: 30 }, (_, i) => i + 1)].filter((seq) => seq !== 10 && seq !== 20));
    expect(skipped.count).toBe(2);
    expect(skipped.notes).toEqual(expect.arrayContaining([expect.objectContaining({ line: 21 }), expect.objectContaining({ seq: 10 })]));
    const everything = await query.find({ ...NO_FILTER, group: 'rpc' });
    expect(everything.total).toBeGreaterThan(0);
    expect(everything.skipped.count).toBe(2);
  });

  it('follows a session file that is still being written, and filters what it gained', async () => {
    const [header, ...entries] = text.trim().split('\n');
    const path = tempFile(`${header}\n${entries.slice(0, 1000).join('\n')}\n`);
    const query = new SessionQuery(path);
    const before = await query.find({ ...NO_FILTER, text: 'kind:call-start' });
    // Asked again with nothing new to link (a page reading rows of an idle live session): it must not stop following.
    await query.correlate();
    appendFileSync(path, `${entries.slice(1000).join('\n')}\n`);
    const after = await query.find({ ...NO_FILTER, text: 'kind:call-start' });
    expect(after.lastSeq).toBe(3000);
    expect(after.total).toBeGreaterThan(before.total);
    expect(after.seqs.slice(0, before.total)).toEqual(before.seqs);
  });
});

describe('SessionQuery calls', () => {
  it('lists the calls newest first, a bounded page at a time, each as its outline with its end and no messages', async () => {
    const query = new SessionQuery(tempFile(syntheticSession(20_000, 's2')));
    const starts = await query.find({ ...NO_FILTER, group: 'lifecycle', text: 'kind:call-start' });
    const first = await query.calls(0);
    expect(first.total).toBe(starts.total);
    expect(first.total).toBeGreaterThan(MAX_CALLS_PER_LIST);
    expect(first.count).toBe(MAX_CALLS_PER_LIST);
    const kinds = new Set(first.outline.map((e) => e.kind));
    expect(kinds.has('rpc-out') || kinds.has('rpc-in') || kinds.has('http')).toBe(false);
    expect(first.outline.length).toBeLessThanOrEqual(MAX_CALLS_PER_LIST * MAX_OUTLINE_PER_CALL);
    const startSeqs = first.outline.filter((e) => e.kind === 'call-start').map((e) => e.seq);
    // The newest calls: the last call-starts of the whole session.
    expect(startSeqs).toEqual(starts.seqs.slice(-MAX_CALLS_PER_LIST));
    const lastStart = first.outline.find((e) => e.kind === 'call-start'); // the newest may be cut off by the session's end
    const callId = lastStart?.kind === 'call-start' ? lastStart.callId : '';
    expect(first.outline.some((e) => e.kind === 'call-end' && e.callId === callId)).toBe(true);

    const older = await query.calls(MAX_CALLS_PER_LIST);
    expect(older.outline.filter((e) => e.kind === 'call-start').map((e) => e.seq)).toEqual(starts.seqs.slice(-2 * MAX_CALLS_PER_LIST, -MAX_CALLS_PER_LIST));
    const beyond = await query.calls(first.total);
    expect(beyond).toMatchObject({ count: 0, outline: [] });
  });
});
