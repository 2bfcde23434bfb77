/**
 * Hold and answer here, over stdio: a host on the classic SDK (1.32) launches the tap in front of
 * the demo server; the running inspector turns the hold on, the server's elicitation never
 * reaches the host, and the inspector's answer is what the server's tool returns. If the inspector
 * goes away while it holds a request, the host gets it after all and the record says why. A
 * 2026-07-28 host's input_required rounds are not held (docs/tap.md says so).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InspectorClient } from '../../e2e/support/inspector-client';
import { demoStdio, ROOT, startInspector, type Inspector } from '../../e2e/support/processes';
import { connectTappedHost, newTappedSession } from '../../e2e/support/tapped-host';
import type { EventOf, LogEvent } from '../wire/events';

const BIN = join(ROOT, 'server/bin.mjs');

const tappedHost = (dataDir: string) => connectTappedHost(dataDir);

async function followNewTap(watcher: InspectorClient, before: Set<string>): Promise<string> {
  const summary = await newTappedSession(watcher, before);
  await watcher.follow(summary.sessionId);
  return summary.sessionId;
}

describe('tap over stdio: Hold and answer here', () => {
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

  it("held: the host never sees the request, and the server's result carries the inspector's answer, logged as the person's", async () => {
    const before = new Set(watcher.sessions.map((s) => s.sessionId));
    const { client, asked, transcript } = await tappedHost(inspector.dataDir);
    const sessionId = await followNewTap(watcher, before);

    // Off by default: the first call's elicitation goes to the host as without the hold.
    const unheld = await client.callTool({ name: 'confirm_order', arguments: {} });
    expect(unheld.structuredContent).toMatchObject({ confirmed: false, note: 'from the host' });
    expect(asked).toHaveLength(1);

    await watcher.send('set-tap-hold', { sessionId, isOn: true });
    await watcher.waitForEvent('tap-hold', (e) => e.isOn);
    const call = client.callTool({ name: 'confirm_order', arguments: {} });
    const held = await watcher.waitForEvent('elicitation', (e) => e.held === true, 0, 30_000);
    await watcher.send('answer-elicitation', { sessionId, key: held.key, action: 'accept', content: { confirm: true, note: 'from the page' } });
    const result = await call;
    expect(result.structuredContent).toMatchObject({ confirmed: true, note: 'from the page' });
    expect(asked).toHaveLength(1);
    // What the host read holds one elicitation/create: the first, unheld one.
    expect(transcript.filter((line) => line.from === 'server' && line.json.includes('"elicitation/create"'))).toHaveLength(1);

    // The inspector follows the tap's file: wait until it has read the call's end.
    await watcher.waitForEvent('call-end', (e) => e.callId === held.callId);
    const answers = watcher.of('action').filter((a) => a.key);
    expect(answers.map((a) => [a.actor, a.action, a.content])).toEqual([
      ['host', 'accept', { confirm: false, note: 'from the host' }],
      ['user', 'accept', { confirm: true, note: 'from the page' }],
    ]);
    expect(watcher.of('elicitation-end').find((e) => e.key === held.key)).toMatchObject({ outcome: 'answered', action: 'accept' });
    expect(watcher.of('finding').filter((f) => f.code.startsWith('host-'))).toEqual([]);

    // Off again: the next request is the host's once more.
    await watcher.send('set-tap-hold', { sessionId, isOn: false });
    await watcher.waitForEvent('tap-hold', (e) => !e.isOn);
    await client.callTool({ name: 'confirm_order', arguments: {} });
    expect(asked).toHaveLength(2);
    await client.close();
    await watcher.waitForEvent('session-state', (e) => e.state === 'closed', 0, 30_000);
  }, 90_000);

  it("2026-07-28: a call's input_required round is not held, the host answers it as without the hold", async () => {
    const before = new Set(watcher.sessions.map((s) => s.sessionId));
    const server = demoStdio();
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [BIN, 'tap', '--data-dir', inspector.dataDir, '--', server.command, ...server.args],
      stderr: 'pipe',
      cwd: ROOT,
    });
    const client = new Client(
      { name: 'v2-host', version: '2.4.0' },
      { capabilities: { elicitation: { form: {} } }, versionNegotiation: { mode: { pin: '2026-07-28' } } },
    );
    let asked = 0;
    client.setRequestHandler('elicitation/create', async () => {
      asked++;
      return { action: 'accept', content: { name: 'Ada Lovelace', email: 'ada@example.com', plan: 'pro' } };
    });
    await client.connect(transport);
    const sessionId = await followNewTap(watcher, before);
    await watcher.send('set-tap-hold', { sessionId, isOn: true });
    await watcher.waitForEvent('tap-hold', (e) => e.isOn);
    const result = await client.callTool({ name: 'collect_profile', arguments: {} });
    expect(JSON.stringify(result)).toContain('Ada Lovelace');
    expect(asked).toBe(1);
    await watcher.waitForEvent('call-end');
    expect(watcher.of('elicitation').map((e) => e.held)).toEqual([undefined]);
    expect(
      watcher
        .of('action')
        .filter((a) => a.key)
        .map((a) => a.actor),
    ).toEqual(['host']);
    await client.close();
  }, 60_000);

  it('an answer for a request the tap does not hold is not sent, and the record says why', async () => {
    const before = new Set(watcher.sessions.map((s) => s.sessionId));
    const { client } = await tappedHost(inspector.dataDir);
    const sessionId = await followNewTap(watcher, before);
    await watcher.send('answer-elicitation', { sessionId, key: 'e9', action: 'decline' });
    const note = await watcher.waitForEvent('proxy-error', (e) => e.error.message.includes('e9'));
    expect(note.error.message).toBe("The inspector's answer to e9 was not sent: e9 is not a request the tap holds.");
    await client.close();
  }, 60_000);
});

describe('tap over stdio: the inspector goes away while it holds a request', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'tap-hold-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('the held request goes to the host, whose answer reaches the server, and the record says the inspector went away', async () => {
    const inspector = await startInspector(['--no-open', '--no-connect'], { dataDir });
    const watcher = await InspectorClient.connect(inspector);
    const { client, asked } = await tappedHost(dataDir);
    const sessionId = await followNewTap(watcher, new Set());
    await watcher.send('set-tap-hold', { sessionId, isOn: true });
    await watcher.waitForEvent('tap-hold', (e) => e.isOn);
    const call = client.callTool({ name: 'confirm_order', arguments: {} });
    const held = await watcher.waitForEvent('elicitation', (e) => e.held === true, 0, 30_000);
    watcher.close();
    await inspector.stop();

    const result = await call;
    expect(result.structuredContent).toMatchObject({ confirmed: false, note: 'from the host' });
    expect(asked).toHaveLength(1);
    await client.close();

    const file = readdirSync(dataDir).find((name) => name === `${sessionId}.jsonl`);
    expect(file).toBeDefined();
    const events = readFileSync(join(dataDir, `${sessionId}.jsonl`), 'utf8')
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => JSON.parse(line) as LogEvent);
    const off = events.find((e): e is EventOf<'tap-hold'> => e.kind === 'tap-hold' && !e.isOn);
    expect(off).toMatchObject({ released: [held.key], reason: expect.stringMatching(/^The inspector \(process \d+\) went away while the hold was on/) });
    const answer = events.find((e): e is EventOf<'action'> => e.kind === 'action' && e.key === held.key);
    expect(answer).toMatchObject({ actor: 'host', action: 'accept' });
    // The tap's way back is cleared with the relay.
    expect(readdirSync(dataDir).filter((name) => name.endsWith('.control'))).toEqual([]);
  }, 90_000);
});
