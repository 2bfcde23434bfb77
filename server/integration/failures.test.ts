/**
 * What goes wrong, and what the person is told: a command that does not exist, a
 * server that dies before or after the handshake, a refused connection, a 401.
 * The inspector stays up through all of it, and no server process outlives its session.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { inspectorSuite } from '../../e2e/support/inspector-suite';
import { type InspectorClient } from '../../e2e/support/inspector-client';
import { demoStdio, ended, isAlive, startHttpTarget, targetStdio } from '../../e2e/support/processes';

const suite = inspectorSuite();

async function closedEvent(target: Parameters<InspectorClient['open']>[0]) {
  const { sessionId } = await suite.client.send('connect', { target, settings: {} });
  await suite.client.follow(sessionId);
  const closed = await suite.client.waitForEvent('session-state', (e) => e.state === 'closed', 0, 30_000);
  if (closed.state !== 'closed') throw new Error('unreachable');
  return { sessionId, closed };
}

describe('connect failures', () => {
  it('a command that does not exist: spawn-failed, named', async () => {
    const { closed } = await closedEvent({ transport: 'stdio', command: 'no-such-mcp-server-xyz', args: [] });
    expect(closed.reason).toBe('connect-failed');
    expect(closed.error?.code).toBe('spawn-failed');
    expect(closed.error?.message).toContain('no-such-mcp-server-xyz');
  });

  it('a server that exits before the handshake: exit code and its last stderr lines', async () => {
    const { closed } = await closedEvent({ transport: 'stdio', ...targetStdio('crash-on-start') });
    expect(closed.exitCode).toBe(3);
    expect(closed.error?.message).toContain('exited with code 3');
    expect(closed.stderrTail).toContain('crash-on-start: fatal: missing API_KEY');
  });

  it("a refused connection names the URL and ECONNREFUSED, under the version probe's wrapping, and leaves 'Could not connect' to the reader", async () => {
    const port = await closedPort();
    const { closed } = await closedEvent({ transport: 'http', url: `http://127.0.0.1:${port}/mcp`, headers: {} });
    expect(closed.error?.message).toBe(`Connection refused at http://127.0.0.1:${port}/mcp (ECONNREFUSED): nothing is listening there.`);
  });

  it('a 401 says unauthorized; the right token connects', async () => {
    const server = await startHttpTarget('http-auth');
    try {
      const url = `http://127.0.0.1:${server.port}/mcp`;
      const { closed } = await closedEvent({ transport: 'http', url, headers: {} });
      expect(closed.error?.code).toBe('unauthorized');
      expect(closed.error?.message).toContain('401');
      const sessionId = await suite.client.open({ transport: 'http', url, headers: { Authorization: 'Bearer secret-token' } });
      expect((await suite.client.waitForEvent('tools')).tools.map((t) => t.name)).toEqual(['whoami']);
      await suite.client.send('disconnect', { sessionId });
    } finally {
      await server.stop();
    }
  });
});

describe('during a session', () => {
  it('a server that exits mid-session: reason, exit code, stderr; the inspector stays up', async () => {
    const sessionId = await suite.client.open({ transport: 'stdio', ...targetStdio('exit-after-call') });
    await suite.client.call(sessionId, 'die');
    const closed = await suite.client.waitForEvent('session-state', (e) => e.state === 'closed');
    expect(closed.state === 'closed' && closed.reason).toBe('server-exit');
    expect(closed.state === 'closed' && closed.exitCode).toBe(7);
    expect(closed.state === 'closed' && closed.stderrTail).toContain('exit-after-call: exiting with code 7');
    // Still serving: a new session works.
    const again = await suite.client.open({ transport: 'stdio', ...demoStdio() });
    await suite.client.send('disconnect', { sessionId: again });
  });

  it('disconnect ends the server process; reconnect starts a new one', async () => {
    const sessionId = await suite.client.open({ transport: 'stdio', ...demoStdio() });
    const pid = Number(/pid (\d+)/.exec((await suite.client.waitForEvent('stderr')).text)?.[1]);
    expect(isAlive(pid)).toBe(true);
    await suite.client.send('disconnect', { sessionId });
    await suite.client.waitForEvent('session-state', (e) => e.state === 'closed');
    expect(isAlive(pid)).toBe(false);

    const { sessionId: next } = await suite.client.send('reconnect', { sessionId });
    expect(next).not.toBe(sessionId);
    await suite.client.follow(next);
    await suite.client.waitForEvent('session-state', (e) => e.state === 'ready');
    const newPid = Number(/pid (\d+)/.exec((await suite.client.waitForEvent('stderr')).text)?.[1]);
    expect(newPid).not.toBe(pid);
    expect(isAlive(newPid)).toBe(true);
    await suite.client.send('disconnect', { sessionId: next });
    expect(isAlive(newPid)).toBe(false);
  });

  it.each(['disconnect', 'the server exiting by itself'])('processes a stdio server started end with it: %s', async (how) => {
    const pidsFile = join(mkdtempSync(join(tmpdir(), 'with-helper-')), 'pids');
    const sessionId = await suite.client.open({ transport: 'stdio', ...targetStdio('with-helper'), env: { WITH_HELPER_PIDS: pidsFile } });
    const helper = Number(/helper pid (\d+)/.exec((await suite.client.waitForEvent('stderr', (e) => e.text.includes('helper pid'))).text)![1]);
    expect(isAlive(helper)).toBe(true);
    // The sampler that remembers descendants runs every 2 s; give it one round.
    await new Promise((r) => setTimeout(r, 2500));
    if (how === 'disconnect') await suite.client.send('disconnect', { sessionId });
    else await suite.client.call(sessionId, 'die');
    await suite.client.waitForEvent('session-state', (e) => e.state === 'closed');
    expect(await ended(helper)).toBe(true);
    // Protocol Auto probes the version on the session's own process: no second server, no second helper.
    const helpers = readFileSync(pidsFile, 'utf8').trim().split('\n').map(Number);
    expect(helpers).toEqual([helper]);
  });

  it('answers to an elicitation that no longer exists are refused', async () => {
    const sessionId = await suite.client.open({ transport: 'stdio', ...demoStdio() }, { protocol: '2025-11-25' });
    const { callId, end } = await suite.client.call(sessionId, 'confirm_with_deadline', { seconds: 1 });
    const elicitation = await suite.client.waitForEvent('elicitation', (e) => e.callId === callId);
    const ended = await suite.client.waitForEvent('elicitation-end', (e) => e.key === elicitation.key);
    expect(ended.outcome).toBe('server-cancelled');
    await end;
    await expect(suite.client.send('answer-elicitation', { sessionId, key: elicitation.key, action: 'accept', content: { confirm: true } })).rejects.toThrow(
      /no longer pending/,
    );
    expect(suite.client.of('action').filter((a) => a.key === elicitation.key)).toEqual([]);
    await suite.client.send('disconnect', { sessionId });
  });
});

function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
