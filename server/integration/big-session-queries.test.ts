/**
 * Big-session queries through the real proxy: a recorded session is opened by its
 * count and outline, read by seq, and filtered in the proxy with the same matches
 * the page's own filter finds over the whole log.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filterEvents } from '../../app/log/log-filter';
import { SessionStore } from '../../app/model/session-store';
import { syntheticSession } from '../../e2e/bench/synthetic-session';
import { InspectorClient } from '../../e2e/support/inspector-client';
import { startInspector, type Inspector } from '../../e2e/support/processes';
import { NO_FILTER, type LogFilter } from '../wire/entry-filter';
import { MAX_ROWS_PER_READ } from '../wire/queries';

let inspector: Inspector;
let client: InspectorClient;
let sessionId: string;
const COUNT = 6000;

beforeAll(async () => {
  inspector = await startInspector(['--no-connect']);
  client = await InspectorClient.connect(inspector);
  const response = await fetch(`http://${inspector.host}/api/sessions/import`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${inspector.token}` },
    body: syntheticSession(COUNT, 'queries'),
  });
  sessionId = ((await response.json()) as { sessionId: string }).sessionId;
}, 120_000);
afterAll(async () => {
  client?.close();
  await inspector?.stop();
});

describe('big-session queries through the proxy', () => {
  it('opens a recorded session by its count and outline, and reads rows by seq, at most a read’s worth', async () => {
    const opened = await client.send('open-entries', { sessionId });
    expect(opened.lastSeq).toBe(COUNT);
    expect(opened.outline.map((e) => e.kind)).toEqual(['session-state', 'session-state', 'tools']);
    const read = await client.send('read-entries', { sessionId, fromSeq: COUNT - 9, toSeq: COUNT + 50 });
    expect(read.rows.map((r) => r.event.seq)).toEqual(Array.from({ length: 10 }, (_, i) => COUNT - 9 + i));
    const many = await client.send('read-entries', { sessionId, fromSeq: 1, toSeq: COUNT });
    expect(many.rows).toHaveLength(MAX_ROWS_PER_READ);
    const refused = await client
      .send('read-entries', { sessionId, seqs: Array.from({ length: MAX_ROWS_PER_READ + 1 }, (_, i) => i + 1) })
      .catch((e: unknown) => e);
    expect(String(refused)).toMatch(/500/);
  });

  it('finds the same entries as the page’s own filter over the whole log', async () => {
    await client.send('subscribe', { sessionId, afterSeq: 0 });
    const store = new SessionStore(sessionId);
    store.apply(client.events.filter((e) => e.sessionId === sessionId));
    const { events, index, story } = store.getSnapshot();
    expect(events).toHaveLength(COUNT);
    const filters: LogFilter[] = [
      { ...NO_FILTER, text: 'method:tools/call status:error' },
      { ...NO_FILTER, text: 'kind:elicitation -dir:in' },
      { ...NO_FILTER, text: 'latency:>5 dir:in' },
      { ...NO_FILTER, text: 'kyoto' },
      { ...NO_FILTER, text: 'call:c40-1' },
      { ...NO_FILTER, group: 'rpc', direction: 'out', method: 'tools/call' },
      { ...NO_FILTER, group: 'problems' },
      { ...NO_FILTER, story: { kind: 'call', id: 'c12-1' } },
      { ...NO_FILTER, text: 'status:pending' },
    ];
    for (const filter of filters) {
      const found = await client.send('find-entries', { sessionId, filter });
      const expected = filterEvents(events, filter, index, story);
      expect({ filter, seqs: found.seqs }).toEqual({ filter, seqs: expected });
      expect(found.total).toBe(expected.length);
    }
  });
});
