/**
 * A tapped session's tools are logged as a session the inspector drives logs its own: a `tools`
 * entry, made by the tap when the server answers the host's `tools/list`. The page, and every other
 * reader of the record (a big session's outline among them), takes a session's tools from that entry.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { InspectorClient } from '../../e2e/support/inspector-client';
import { startInspector, type Inspector } from '../../e2e/support/processes';
import { readSessionLines } from '../../e2e/support/session-lines';
import { connectTappedHost, newTappedSession } from '../../e2e/support/tapped-host';
import type { EventOf } from '../wire/events';

describe("a tapped session's tools", () => {
  let inspector: Inspector;
  let watcher: InspectorClient;
  beforeAll(async () => {
    inspector = await startInspector(['--no-open', '--no-connect']);
    watcher = await InspectorClient.connect(inspector);
  }, 60_000);
  afterAll(async () => {
    watcher.close();
    await inspector.stop();
  });

  it("are a `tools` entry once the server has answered the host's tools/list, and not before", async () => {
    const before = new Set(watcher.sessions.map((s) => s.sessionId));
    const { client } = await connectTappedHost(inspector.dataDir);
    await client.callTool({ name: 'echo', arguments: { text: 'before listing' } });
    const { tools: listed } = await client.listTools();
    await client.close();
    const summary = await newTappedSession(watcher, before, (s) => !s.isLive, 'the tapped session, ended');
    const events = readSessionLines(join(inspector.dataDir, `${summary.sessionId}.jsonl`));

    const entries = events.filter((e): e is EventOf<'tools'> => e.kind === 'tools');
    expect(entries).toHaveLength(1);
    expect(entries[0].tools.map((t) => t.name)).toEqual(listed.map((t) => t.name));
    expect(entries[0].tools.find((t) => t.name === 'echo')).toMatchObject({ inputSchema: { type: 'object' } });
    // Logged with the server's answer, after the host's request and the call made before it.
    const listedAt = events.findIndex((e) => e.kind === 'rpc-in' && 'result' in e.message && 'tools' in (e.message.result as object));
    expect(events.indexOf(entries[0])).toBe(listedAt + 1);
    expect(events.findIndex((e) => e.kind === 'call-end')).toBeLessThan(listedAt);
  }, 60_000);
});
