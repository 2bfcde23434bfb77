/**
 * What a Session keeps for the server's own requests, against a real stdio server.
 */
import { afterEach, expect, it } from 'vitest';
import { targetStdio } from '../../e2e/support/processes';
import { SessionLog } from '../store/session-log';
import { DEFAULT_SETTINGS } from '../wire/target';
import { Session } from './session';

const sessions: Session[] = [];
afterEach(async () => {
  for (const session of sessions.splice(0)) await session.close();
});

async function until(condition: () => boolean, what: string, timeoutMs = 15_000): Promise<void> {
  for (const deadline = Date.now() + timeoutMs; !condition();) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

it('forgets each server request once it is answered: twenty pings leave nothing behind', async () => {
  const session = new Session({
    target: { transport: 'stdio', ...targetStdio('raw-lifecycle', 'stdout-noise'), env: {} },
    settings: { ...DEFAULT_SETTINGS, protocol: '2025-11-25' },
    createLog: (id) => new SessionLog(id, undefined),
  });
  sessions.push(session);
  await session.open();
  expect(session.state).toBe('ready');
  const callId = session.callTool('ping_me', {});
  await until(() => session.call(callId) === undefined, 'the ping_me call to end');
  expect(session.openServerRequests).toBe(0);
});
