/**
 * `npx tsx e2e/support/record-model-fixtures.ts`: record the sessions the session
 * model's agreement test reads (server/integration/one-model.test.ts), as
 * record-fixtures.ts does for the correlation tests: a call that asks two forms at
 * once on each era, and a tool call the demo server runs as a task.
 */
import { fixtureRecorder } from './fixture-recorder';
import { demoStdio, targetStdio } from './processes';

const { inspector, client, record } = await fixtureRecorder();
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

try {
  for (const protocol of ['2025-11-25', '2026-07-28'] as const) {
    await record(`two-forms-${protocol.slice(0, 4)}`, { transport: 'stdio', ...targetStdio('two-forms') }, { protocol }, async (sessionId) => {
      const { callId, end } = await client.call(sessionId, 'ask_two');
      const first = await client.waitForEvent('elicitation', (e) => e.callId === callId);
      const second = await client.waitForEvent('elicitation', (e) => e.callId === callId && e.key !== first.key);
      // Both forms stay open together for a while, then each is answered in turn.
      await pause(250);
      await client.send('answer-elicitation', { sessionId, key: second.key, action: 'accept', content: { [fieldOf(second.params)]: 'Lisbon' } });
      await pause(150);
      await client.send('answer-elicitation', { sessionId, key: first.key, action: 'decline' });
      await end;
    });
  }

  await record('task-call-2025', { transport: 'stdio', ...demoStdio() }, { protocol: '2025-11-25', tasks: { enabled: true } }, async (sessionId) => {
    const { callId } = await client.send('call-tool', { sessionId, name: 'prepare_report', arguments: { topic: 'fixtures' }, asTask: true });
    const asked = await client.waitForEvent('elicitation', (e) => e.callId === callId, 0, 30_000);
    await pause(200);
    await client.send('answer-elicitation', { sessionId, key: asked.key, action: 'accept', content: { title: 'Fixture report', audience: 'board' } });
    await client.waitForEvent('call-end', (e) => e.callId === callId, 0, 60_000);
  });
} finally {
  client.close();
  await inspector.stop();
}

/** The one field a form of two-forms asks for. */
function fieldOf(params: Record<string, unknown>): string {
  const schema = params.requestedSchema as { properties: Record<string, unknown> };
  return Object.keys(schema.properties)[0];
}
