/**
 * `npx tsx e2e/support/record-timeline-fixtures.ts`: record the sessions the time
 * axis tests read (app/model/call-timeline.test.ts) against the demo server, as
 * record-fixtures.ts does for the correlation tests: a 2025-11-25 URL flow with its
 * completion notification, a 2026-07-28 URL flow whose server polls, and a call
 * that times out while its form waits.
 */
import { fixtureRecorder, type FixtureRecorder } from './fixture-recorder';
import { demoStdio } from './processes';

const recorder = await fixtureRecorder();
const { inspector, client } = recorder;
/** Each of these sessions runs on the demo server over stdio. */
const record = (name: string, settings: Parameters<FixtureRecorder['record']>[2], script: (sessionId: string) => Promise<void>) =>
  recorder.record(name, { transport: 'stdio', ...demoStdio() }, settings, script);

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
