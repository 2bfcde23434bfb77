/**
 * `npx tsx e2e/support/record-timeline-fixtures.ts`: record the sessions the time
 * axis tests read (app/model/call-timeline.test.ts) against the demo server, as
 * record-fixtures.ts does for the correlation tests: a 2025-11-25 URL flow with its
 * completion notification, a 2026-07-28 URL flow whose server polls, and a call
 * that times out while its form waits.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { InspectorClient } from './inspector-client';
import { demoStdio, ROOT, startInspector } from './processes';

const OUT = join(ROOT, 'app/model/fixtures');
mkdirSync(OUT, { recursive: true });

const inspector = await startInspector(['--no-connect'], { dataDir: join(ROOT, '.tmp/fixture-sessions') });
const client = await InspectorClient.connect(inspector);

async function record(name: string, settings: Parameters<InspectorClient['open']>[1], script: (sessionId: string) => Promise<void>) {
  const sessionId = await client.open({ transport: 'stdio', ...demoStdio() }, settings);
  await script(sessionId);
  await client.send('disconnect', { sessionId });
  await client.waitForEvent('session-state', (e) => e.state === 'closed');
  const text = readFileSync(join(inspector.dataDir, `${sessionId}.jsonl`), 'utf8').replaceAll(ROOT, '/home/ada/elicitation-inspector/');
  writeFileSync(join(OUT, `${name}.jsonl`), text);
  console.log(`recorded ${name}.jsonl (${client.events.length} entries)`);
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

try {
  await record('push-url-2025', { protocol: '2025-11-25' }, async (sessionId) => {
    const { callId, end } = await client.call(sessionId, 'connect_account');
    const flow = await client.waitForEvent('elicitation', (e) => e.callId === callId);
    await pause(300);
    await client.send('answer-elicitation', { sessionId, key: flow.key, action: 'accept' });
    await pause(400);
    await fetch(`${String(flow.params.url)}/approve`, { method: 'POST' });
    await end;
  });

  await record('url-poll-2026', { protocol: '2026-07-28' }, async (sessionId) => {
    const { callId, end } = await client.call(sessionId, 'url_poll');
    const flow = await client.waitForEvent('elicitation', (e) => e.callId === callId);
    await pause(200);
    await client.send('answer-elicitation', { sessionId, key: flow.key, action: 'accept' });
    // Let the server answer two polling rounds before the payment is approved.
    await client.waitForEvent('call-round', (e) => e.callId === callId && e.round === 3, 0, 20_000);
    await fetch(`${String(flow.params.url)}/approve`, { method: 'POST' });
    await end;
  });

  await record('timeout-call', { protocol: '2025-11-25', requestTimeoutMs: 1000 }, async (sessionId) => {
    const { end } = await client.call(sessionId, 'collect_profile');
    await end;
  });
} finally {
  client.close();
  await inspector.stop();
}
