/**
 * `npm run record-fixtures`: record real sessions against the demo server (stdio
 * and Streamable HTTP) and keep their session files as test fixtures in
 * app/model/fixtures/, so the correlation tests read what the proxy really writes.
 */
import { fixtureRecorder } from './fixture-recorder';
import { demoStdio, startDemoHttp } from './processes';

const { inspector, client, record } = await fixtureRecorder();
const demoHttp = await startDemoHttp();

const answerWhenAsked = async (
  sessionId: string,
  callId: string,
  answer: { action: 'accept' | 'decline' | 'cancel'; content?: Record<string, unknown> },
  after = 0,
) => {
  const e = await client.waitForEvent('elicitation', (x) => x.callId === callId && x.seq > after);
  await client.send('answer-elicitation', { sessionId, key: e.key, ...answer });
  return e;
};

try {
  await record('push-form', { transport: 'stdio', ...demoStdio() }, { protocol: '2025-11-25' }, async (sessionId) => {
    const { callId, end } = await client.call(sessionId, 'collect_profile');
    await answerWhenAsked(sessionId, callId, { action: 'accept', content: { name: 'Ada', email: 'ada@example.com', plan: 'pro' } });
    await end;
  });

  await record('interleaved-http', { transport: 'http', url: demoHttp.url, headers: {} }, { protocol: '2025-11-25' }, async (sessionId) => {
    const trip = await client.call(sessionId, 'plan_trip');
    const profile = await client.call(sessionId, 'collect_profile');
    const a = await client.waitForEvent('elicitation', (e) => e.callId === trip.callId);
    await client.waitForEvent('elicitation', (e) => e.callId === profile.callId);
    await answerWhenAsked(sessionId, profile.callId, { action: 'decline' });
    await client.send('answer-elicitation', { sessionId, key: a.key, action: 'accept', content: { destination: 'Kyoto', departure: '2027-01-01' } });
    await answerWhenAsked(sessionId, trip.callId, { action: 'accept', content: { seat: 'window' } }, a.seq);
    await Promise.all([trip.end, profile.end]);
  });

  await record('server-cancelled', { transport: 'stdio', ...demoStdio() }, { protocol: '2025-11-25' }, async (sessionId) => {
    const { callId, end } = await client.call(sessionId, 'confirm_with_deadline', { seconds: 1 });
    const e = await client.waitForEvent('elicitation', (x) => x.callId === callId);
    await client.waitForEvent('elicitation-end', (x) => x.key === e.key);
    await end;
  });

  await record('url-required-retry', { transport: 'stdio', ...demoStdio() }, { protocol: '2025-11-25' }, async (sessionId) => {
    const { callId, end } = await client.call(sessionId, 'link_account_first');
    const flow = await answerWhenAsked(sessionId, callId, { action: 'accept' });
    await fetch(`${String(flow.params.url)}/approve`, { method: 'POST' });
    await end;
  });

  await record('three-rounds-2026', { transport: 'stdio', ...demoStdio() }, { protocol: '2026-07-28' }, async (sessionId) => {
    const { callId, end } = await client.call(sessionId, 'plan_trip');
    const first = await answerWhenAsked(sessionId, callId, { action: 'accept', content: { destination: 'Lisbon', departure: '2027-02-02' } });
    await answerWhenAsked(sessionId, callId, { action: 'accept', content: { seat: 'aisle', meal: true } }, first.seq);
    await end;
  });
} finally {
  client.close();
  await demoHttp.stop();
  await inspector.stop();
}
