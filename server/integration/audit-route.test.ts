/**
 * The page's audit route, through the real proxy and the demo server: a recorded call
 * audited on its session's own target and revision, its progress read, a stop, and
 * what cannot be audited refused with a sentence.
 */
import { describe, expect, it } from 'vitest';
import { inspectorSuite } from '../../e2e/support/inspector-suite';
import { startDemoHttp } from '../../e2e/support/processes';
import type { AuditJob } from '../wire/audit';

const suite = inspectorSuite(['--protocol', '2026-07-28']);

async function api(method: 'GET' | 'POST', path: string, options: { token?: string; origin?: string } = {}) {
  const response = await fetch(`http://${suite.inspector.host}${path}`, {
    method,
    headers: { Authorization: `Bearer ${options.token ?? suite.inspector.token}`, Origin: options.origin ?? suite.inspector.origin },
  });
  return { status: response.status, body: (await response.json()) as AuditJob & { error?: { code: string; message: string } } };
}

/** One of the demo's tools called and each question it asks answered validly: in the session the inspector connected at start, or `sessionId`. */
async function recordedCall(tool: string, given?: string): Promise<{ sessionId: string; callId: string }> {
  const sessionId = given ?? (await suite.client.waitFor(() => suite.client.sessions.find((s) => s.isLive), 30_000, 'the demo session')).sessionId;
  if (!given) {
    await suite.client.follow(sessionId);
    await suite.client.waitForEvent('session-state', (e) => e.state === 'ready');
  }
  const { callId, end } = await suite.client.call(sessionId, tool);
  const answers: Record<string, Record<string, unknown>> = {
    signup: { name: 'Ada', email: 'ada@example.com', age: 36, plan: 'pro', newsletter: false },
    confirm: { confirm: true },
  };
  for (const round of ['signup', 'confirm']) {
    const asked = await suite.client.waitForEvent('elicitation', (e) => e.callId === callId && e.origin.kind === 'mrtr' && e.origin.inputKey === round);
    await suite.client.send('answer-elicitation', { sessionId, key: asked.key, action: 'accept', content: answers[round] });
  }
  expect((await end).outcome).toBe('result');
  return { sessionId, callId };
}

async function finished(auditId: string): Promise<AuditJob> {
  for (;;) {
    const { body } = await api('GET', '/api/audit');
    expect(body.auditId).toBe(auditId);
    if (body.status !== 'running') return body;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('the audit route', () => {
  it('audits a recorded call of the careless tool on its session own revision: cases are used, each in a session of its own', async () => {
    const { sessionId, callId } = await recordedCall('audit_careless');
    const started = await api('POST', `/api/sessions/${sessionId}/calls/${callId}/audit`);
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({ sessionId, callId, tool: 'audit_careless', protocol: '2026-07-28', status: 'running', done: 0 });

    // A second audit while this one runs is refused, and this one goes on.
    const second = await api('POST', `/api/sessions/${sessionId}/calls/${callId}/audit`);
    expect(second.status).toBe(409);
    expect(second.body.error?.message).toMatch(/An audit of audit_careless \(c\d+\) is running/);

    const job = await finished(started.body.auditId);
    expect(job.status).toBe('failed');
    expect(job.total).toBe(job.cases.length);
    expect(job.done).toBe(job.cases.length);
    const notAnOption = job.cases.find((c) => c.caseId === 'not-an-option' && c.field === 'plan');
    expect(notAnOption).toMatchObject({ verdict: 'used', sent: expect.stringContaining('audit-not-an-option') });
    // Each case is an ordinary session the page lists, other than the one audited.
    expect(notAnOption?.sessionId).toBeTruthy();
    expect(notAnOption?.sessionId).not.toBe(sessionId);
    expect(notAnOption?.callId).toBeTruthy();
    await suite.client.waitFor(() => suite.client.sessions.some((s) => s.sessionId === notAnOption?.sessionId), 10_000, 'the case session listed');
  });

  it('the careful tool refuses or handles every case; a stopped audit keeps the cases that finished', async () => {
    const { sessionId, callId } = await recordedCall('audit_careful');
    const job = await finished((await api('POST', `/api/sessions/${sessionId}/calls/${callId}/audit`)).body.auditId);
    expect(job.status).toBe('passed');
    expect(job.cases.length).toBeGreaterThan(20);
    expect(job.cases.filter((c) => c.verdict !== 'refused' && c.verdict !== 'handled')).toEqual([]);

    const again = (await api('POST', `/api/sessions/${sessionId}/calls/${callId}/audit`)).body;
    // Stopped once it knows its cases and before they have all ended: `done` moves a step at a time, so waiting for it to leave 0 could find the audit over.
    while (!(((await api('GET', '/api/audit')).body.total ?? 0) > 0)) await new Promise((resolve) => setTimeout(resolve, 20));
    const stopped = await api('POST', `/api/audit/${again.auditId}/stop`);
    expect(stopped.status).toBe(200);
    expect(stopped.body.status).toBe('stopped');
    expect(stopped.body.cases.length).toBe(stopped.body.done);
    expect(stopped.body.cases.length).toBeLessThan(job.cases.length);
    // The proxy is still there, and audits again.
    expect((await api('GET', '/api/audit')).body.status).toBe('stopped');
  });

  it('refuses a call that did not elicit, an unknown call or session, and a request without the token', async () => {
    const summary = suite.client.sessions.find((s) => s.isLive)!;
    const { callId, end } = await suite.client.call(summary.sessionId, 'echo', { text: 'hi' });
    await end;
    const plain = await api('POST', `/api/sessions/${summary.sessionId}/calls/${callId}/audit`);
    expect(plain.status).toBe(409);
    expect(plain.body.error?.message).toMatch(/did not elicit/);
    expect((await api('POST', `/api/sessions/${summary.sessionId}/calls/c999/audit`)).status).toBe(404);
    expect((await api('POST', '/api/sessions/nope/calls/c1/audit')).status).toBe(404);
    expect((await api('POST', '/api/audit/nope/stop')).status).toBe(404);
    expect((await api('POST', `/api/sessions/${summary.sessionId}/calls/${callId}/audit`, { token: 'wrong' })).status).toBe(401);
    expect((await api('POST', `/api/sessions/${summary.sessionId}/calls/${callId}/audit`, { origin: 'http://evil.example' })).status).toBe(403);
  });

  it('a session whose server is gone: the audit says it could not connect, and the proxy goes on', async () => {
    const demo = await startDemoHttp();
    let sessionId: string;
    let callId: string;
    try {
      sessionId = await suite.client.open({ transport: 'http', url: demo.url }, { protocol: '2026-07-28' });
      ({ callId } = await recordedCall('audit_careless', sessionId));
    } finally {
      await demo.stop();
    }
    const job = await finished((await api('POST', `/api/sessions/${sessionId}/calls/${callId}/audit`)).body.auditId);
    expect(job).toMatchObject({ status: 'error', error: expect.stringMatching(/^Could not connect/), cases: [] });
    expect((await api('GET', '/api/health')).status).toBe(200);
  });
});
