/**
 * No server process outlives its session, its page, or the proxy itself.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { InspectorClient } from '../../e2e/support/inspector-client';
import { ended, isAlive, startInspector, stopProcess, type Inspector } from '../../e2e/support/processes';

const started: Inspector[] = [];
afterEach(async () => {
  // Whatever a failed test left running is stopped by its pid.
  for (const inspector of started.splice(0)) await inspector.stop();
});

/** Start the inspector on its demo server and return the demo's pid (it prints it on stderr). */
async function withDemo(args: string[] = []) {
  const inspector = await startInspector(args);
  started.push(inspector);
  const client = await InspectorClient.connect(inspector);
  const session = await client.waitFor(() => client.sessions[0], 20_000, 'the demo session');
  await client.follow(session.sessionId);
  const line = await client.waitForEvent('stderr', (e) => /pid \d+/.test(e.text));
  return { inspector, client, pid: Number(/pid (\d+)/.exec(line.text)![1]) };
}

describe('server processes end with', () => {
  it.each(['SIGINT', 'SIGTERM'] as const)('the proxy (%s)', async (signal) => {
    const { inspector, client, pid } = await withDemo();
    expect(isAlive(pid)).toBe(true);
    client.close();
    await stopProcess(inspector.process, signal);
    expect(await ended(pid)).toBe(true);
    await inspector.stop();
  });

  it('the last page: sessions close once no page has watched them for --idle-close seconds', async () => {
    const { inspector, client, pid } = await withDemo(['--idle-close', '1']);
    client.close();
    expect(await ended(pid)).toBe(true);
    const again = await InspectorClient.connect(inspector);
    // The server's process ends a moment before the session writes its last entry: wait for that entry, not the pid.
    const summary = await again.waitFor(() => again.sessions.find((s) => !s.isLive), 10_000, 'the session, ended');
    expect(again.sessions.filter((s) => s.isLive)).toEqual([]);
    await again.follow(summary.sessionId);
    const closed = await again.waitForEvent('session-state', (e) => e.state === 'closed');
    expect(closed.state === 'closed' && closed.reason).toBe('idle');
    again.close();
    await inspector.stop();
  });

  it('a reloaded page within the grace period keeps its session', async () => {
    const { inspector, client, pid } = await withDemo(['--idle-close', '2']);
    client.close();
    const reloaded = await InspectorClient.connect(inspector);
    await new Promise((r) => setTimeout(r, 2500));
    expect(isAlive(pid)).toBe(true);
    reloaded.close();
    await inspector.stop();
    expect(await ended(pid)).toBe(true);
  });
});
