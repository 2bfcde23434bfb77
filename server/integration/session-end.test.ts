/**
 * How a session ends, and the sentence a person reads about it: a disconnect in the
 * middle of Auto's probe, the inspector's own connect timeout, the SDK's 10 MiB read
 * limit, a crash in the middle of a call. Commands on a session that is not
 * connected get a typed refusal.
 */
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { InspectorClient } from '../../e2e/support/inspector-client';
import { WireFailure } from '../wire/errors';
import { ended, startInspector, targetStdio, type Inspector } from '../../e2e/support/processes';
import type { SessionSettingsInput } from '../wire/target';

/** Short, so a test can wait past it; the product's default is 30 s. Only where a test needs it: a slow machine can take that long to start a server. */
const CONNECT_TIMEOUT_MS = 3000;

let inspector: Inspector;
let client: InspectorClient;
/** `inspector` and `client` for the tests that need the short connect timeout, the default ones for the rest. */
function useInspector(env: Record<string, string> = {}): void {
  let own: { inspector: Inspector; client: InspectorClient } | undefined;
  beforeAll(async () => {
    const started = await startInspector(['--no-connect'], { env });
    own = { inspector: started, client: await InspectorClient.connect(started) };
  });
  beforeEach(() => {
    ({ inspector, client } = own!);
  });
  afterAll(async () => {
    own?.client.close();
    await own?.inspector.stop();
  });
}

function scratchFile(name: string): string {
  return join(mkdtempSync(join(tmpdir(), 'raw-lifecycle-')), name);
}

function pidsIn(file: string): number[] {
  return existsSync(file) ? readFileSync(file, 'utf8').trim().split('\n').filter(Boolean).map(Number) : [];
}

async function until(condition: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  for (const deadline = Date.now() + timeoutMs; !condition();) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function connect(scenario: string, settings: SessionSettingsInput = {}, env: Record<string, string> = {}) {
  const { sessionId } = await client.send('connect', { target: { transport: 'stdio', ...targetStdio('raw-lifecycle', scenario), env }, settings });
  await client.follow(sessionId);
  return sessionId;
}

async function closedOf(sessionId: string) {
  const closed = await client.waitForEvent('session-state', (e) => e.sessionId === sessionId && e.state === 'closed', 0, 30_000);
  if (closed.state !== 'closed') throw new Error('unreachable');
  return closed;
}

describe('with a short connect timeout', () => {
  useInspector({ ELICITATION_INSPECTOR_CONNECT_TIMEOUT_MS: String(CONNECT_TIMEOUT_MS) });

  it('a disconnect while Auto probes a server that ignores server/discover ends the probe, starts no server afterwards, and writes nothing after "closed"', async () => {
    const pidsFile = scratchFile('pids');
    const sessionId = await connect('ignore-discover', { protocol: 'auto' }, { RAW_LIFECYCLE_PIDS: pidsFile });
    await until(() => pidsIn(pidsFile).length === 1, 'the probe process');
    await client.send('disconnect', { sessionId });
    const closed = await closedOf(sessionId);
    expect(closed.reason).toBe('user');
    const [probe] = pidsIn(pidsFile);
    expect(await ended(probe)).toBe(true);
    // Past the point where the probe would have given up and the session process been started.
    await new Promise((resolve) => setTimeout(resolve, CONNECT_TIMEOUT_MS + 2000));
    expect(pidsIn(pidsFile)).toEqual([probe]);
    const lines = readFileSync(join(inspector.dataDir, `${sessionId}.jsonl`), 'utf8')
      .trim()
      .split('\n');
    expect(JSON.parse(lines.at(-1)!)).toMatchObject({ kind: 'session-state', state: 'closed' });
  });

  it('commands on a session that is not connected yet are refused with a conflict, not an internal error', async () => {
    const sessionId = await connect('ignore-discover', { protocol: 'auto' });
    const refusal = await client.send('call-tool', { sessionId, name: 'die', arguments: {} }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(WireFailure);
    expect(refusal instanceof WireFailure && refusal.wireError).toEqual({
      code: 'conflict',
      message: 'The session is still connecting: wait until it is connected.',
    });
    await client.send('disconnect', { sessionId });
  });

  it('Auto gives a server that answers nothing one connect timeout in all, not one for the probe and another for initialize', async () => {
    const sessionId = await connect('silent', { protocol: 'auto' });
    const closed = await closedOf(sessionId);
    expect(closed.error?.code).toBe('timeout');
    expect(closed.error?.message).toContain("within 3 s, the inspector's connect timeout");
    const sent = client.events
      .filter((e) => e.sessionId === sessionId && e.kind === 'rpc-out')
      .map((e) => e.kind === 'rpc-out' && 'method' in e.message && e.message.method);
    // The ping after the unanswered probe goes unanswered too, so the probe's own timeout decides.
    expect(sent).toEqual(['server/discover', 'ping', 'initialize']);
    // The proxy's own clock, from the session's first entry to its end: one budget, not two back to back.
    const first = client.events.find((e) => e.sessionId === sessionId)!;
    expect(closed.at - first.at).toBeLessThan(2 * CONNECT_TIMEOUT_MS);
  });

  it('Auto still connects, within that one timeout, to a server that ignores the version probe and a ping', async () => {
    const sessionId = await connect('ignore-discover', { protocol: 'auto' });
    const ready = await client.waitForEvent('session-state', (e) => e.sessionId === sessionId && e.state !== 'connecting', 0, 30_000);
    expect(ready.state).toBe('ready');
    const finding = await client.waitForEvent('finding', (e) => e.sessionId === sessionId && e.code === 'probe-unanswered');
    expect(finding.message).toContain('waited for it to time out');
    await client.send('disconnect', { sessionId });
  });

  it("the end reason names the inspector's own connect timeout, not the server", async () => {
    const closed = await closedOf(await connect('silent', { protocol: '2025-11-25' }));
    expect(closed.reason).toBe('connect-failed');
    expect(closed.error?.code).toBe('timeout');
    expect(closed.error?.message).toBe(
      "The server did not complete the handshake within 3 s, the inspector's connect timeout: the inspector gave up and closed the connection.",
    );
  });
});

describe('the end reason says who ended the session', () => {
  useInspector();

  it("the SDK's 10 MiB read limit, not the server", async () => {
    const sessionId = await connect('huge-line', { protocol: '2025-11-25' });
    await client.waitForEvent('tools', (e) => e.sessionId === sessionId);
    await client.send('call-tool', { sessionId, name: 'huge', arguments: {} });
    const closed = await closedOf(sessionId);
    expect(closed.reason).toBe('transport-closed');
    expect(closed.error?.message).toBe(
      "The server wrote a line longer than 10 MiB (10485760 bytes), the most the SDK's stdio reader takes: the inspector closed the connection.",
    );
  });

  it('a server that crashes while its elicitation is open: the form and the call say the process exited, not that the server cancelled', async () => {
    const sessionId = await connect('stdout-noise', { protocol: '2025-11-25' });
    await client.waitForEvent('tools', (e) => e.sessionId === sessionId);
    const { callId } = await client.send('call-tool', { sessionId, name: 'elicit_then_die', arguments: {} });
    const elicitation = await client.waitForEvent('elicitation', (e) => e.sessionId === sessionId);
    const end = await client.waitForEvent('elicitation-end', (e) => e.key === elicitation.key);
    expect({ outcome: end.outcome, reason: end.reason }).toEqual({ outcome: 'session-closed', reason: 'The server process exited with code 6.' });
    const callEnd = await client.waitForEvent('call-end', (e) => e.sessionId === sessionId && e.callId === callId);
    expect(callEnd.error).toEqual({ code: 'transport-closed', message: 'The connection closed before the result: The server process exited with code 6.' });
    const closed = await closedOf(sessionId);
    expect(closed.error?.message).toBe('The server process exited with code 6.');
  });
});

describe('text a stdio server prints on stdout', () => {
  useInspector();
  it('is logged line by line with a finding, and a flood is cut to a budget that says how much it dropped', async () => {
    const sessionId = await connect('stdout-noise', { protocol: '2025-11-25' });
    const first = await client.waitForEvent('stdout', (e) => e.sessionId === sessionId);
    expect(first.text).toBe('Server starting on stdio...');
    const finding = await client.waitForEvent('finding', (e) => e.aboutSeq === first.seq);
    expect(finding.code).toBe('stdout-not-json');
    expect(finding.message).toBe(
      'The server wrote a line that is not a JSON-RPC message on stdout, which on stdio carries only JSON-RPC messages; a client drops it (the SDK does) or fails. Write logs to stderr.',
    );

    await client.waitForEvent('tools', (e) => e.sessionId === sessionId);
    const { callId } = await client.send('call-tool', { sessionId, name: 'flood', arguments: {} });
    const end = await client.waitForEvent('call-end', (e) => e.sessionId === sessionId && e.callId === callId);
    expect(end.outcome).toBe('result');
    await client.send('disconnect', { sessionId });
    await closedOf(sessionId);
    const logged = client.of('stdout').filter((e) => e.sessionId === sessionId);
    const dropped = client.of('finding').find((e) => e.sessionId === sessionId && e.code === 'stdout-not-json-dropped');
    const droppedCount = Number(/^(\d+) more non-JSON stdout lines were not logged \(at most 100 are logged each 10 s\)\.$/.exec(dropped?.message ?? '')?.[1]);
    expect(logged.length).toBe(100);
    expect(logged.length + droppedCount).toBe(5001);
    expect(logged.slice(1, 3).map((e) => e.text)).toEqual(['debug: noise line 1', 'debug: noise line 2']);
  });
});
