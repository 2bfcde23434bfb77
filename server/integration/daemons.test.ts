/**
 * A stdio server that double-forks a long-lived grandchild into its own session
 * (as a daemon does) leaves no parent link from itself to it. No kind of close
 * may leave that grandchild running.
 */
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { InspectorClient } from '../../e2e/support/inspector-client';
import { ended, isAlive, startInspector, stopProcess, targetStdio, type Inspector } from '../../e2e/support/processes';

const started: Inspector[] = [];
const daemons: number[] = [];
afterEach(async () => {
  for (const inspector of started.splice(0)) await inspector.stop();
  // A grandchild a failed test left behind is ended by its pid.
  for (const pid of daemons.splice(0)) if (isAlive(pid)) process.kill(pid, 'SIGKILL');
});

async function sessionWithDaemon() {
  const inspector = await startInspector(['--no-connect']);
  started.push(inspector);
  const client = await InspectorClient.connect(inspector);
  const daemonFile = join(mkdtempSync(join(tmpdir(), 'daemon-')), 'pids');
  const sessionId = await client.open(
    { transport: 'stdio', ...targetStdio('raw-lifecycle', 'double-fork'), env: { RAW_LIFECYCLE_DAEMON: daemonFile } },
    { protocol: '2025-11-25' },
  );
  // The file exists from the moment the daemon opens it, before its pid is written: wait for the whole line.
  const written = () => (existsSync(daemonFile) ? /^(\d+)\n/.exec(readFileSync(daemonFile, 'utf8'))?.[1] : undefined);
  for (const deadline = Date.now() + 10_000; !written() && Date.now() < deadline;) await new Promise((r) => setTimeout(r, 50));
  const daemon = Number(written());
  expect(daemon, 'the daemon wrote its pid').toBeGreaterThan(0);
  daemons.push(daemon);
  expect(isAlive(daemon)).toBe(true);
  return { inspector, client, sessionId, daemon };
}

describe('a double-forked grandchild ends with its session', () => {
  it('on disconnect', async () => {
    const { client, sessionId, daemon } = await sessionWithDaemon();
    await client.send('disconnect', { sessionId });
    await client.waitForEvent('session-state', (e) => e.state === 'closed');
    expect(await ended(daemon)).toBe(true);
    client.close();
  });

  it('when the server exits by itself', async () => {
    const { client, sessionId, daemon } = await sessionWithDaemon();
    await client.send('call-tool', { sessionId, name: 'die', arguments: {} });
    const closed = await client.waitForEvent('session-state', (e) => e.state === 'closed');
    expect(closed.state === 'closed' && closed.exitCode).toBe(5);
    expect(await ended(daemon)).toBe(true);
    client.close();
  });

  it('when the proxy is stopped (SIGTERM)', async () => {
    const { inspector, client, daemon } = await sessionWithDaemon();
    client.close();
    await stopProcess(inspector.process, 'SIGTERM');
    expect(await ended(daemon)).toBe(true);
  });
});
