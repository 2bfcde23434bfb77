/**
 * Task-augmented elicitation through the real proxy, against server-everything
 * (written by others): with Tasks on, the client declares tasks.requests.elicitation.create,
 * so the server offers trigger-elicitation-request-async, sends elicitation/create
 * with params.task, and polls tasks/get and tasks/result while a person answers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resultText } from '../../e2e/support/inspector-client';
import { inspectorSuite } from '../../e2e/support/inspector-suite';
import { everythingStdio, startEverything, targetStdio, type Started } from '../../e2e/support/processes';

const suite = inspectorSuite();
const ASYNC_TOOL = 'trigger-elicitation-request-async';
let everythingHttp: Started & { url: string };

beforeAll(async () => {
  everythingHttp = await startEverything('streamableHttp');
}, 60_000);
afterAll(async () => {
  await everythingHttp?.stop();
});

const targets = {
  stdio: () => ({ transport: 'stdio' as const, ...everythingStdio() }),
  'Streamable HTTP': () => ({ transport: 'http' as const, url: everythingHttp.url, headers: {} }),
};

describe.each(Object.keys(targets) as (keyof typeof targets)[])('server-everything over %s', (name) => {
  it('runs the elicitation as a task: created at once, answered by the form, polled to completed, its result read', async () => {
    const sessionId = await suite.client.open(targets[name](), { protocol: '2025-11-25', tasks: { enabled: true } });
    const connecting = suite.client.of('session-state').find((e) => e.state === 'connecting');
    expect(connecting?.clientCapabilities).toMatchObject({ tasks: { list: {}, cancel: {}, requests: { elicitation: { create: {} } } } });
    const tools = await suite.client.waitForEvent('tools', (e) => e.tools.some((t) => t.name === ASYNC_TOOL), 0, 15_000);
    expect(tools.tools.map((t) => t.name)).toContain(ASYNC_TOOL);

    const call = await suite.client.call(sessionId, ASYNC_TOOL);
    const form = await suite.client.waitForEvent('elicitation', (e) => e.callId === call.callId, 0, 30_000);
    expect(form.params.task).toEqual({ ttl: 600_000 });
    const created = suite.client.of('rpc-out').find((e) => 'result' in e.message && (e.message.result as { task?: unknown }).task);
    expect((created?.message as { result: { task: { status: string } } }).result.task.status).toBe('working');
    // The server polls while the person has not answered: the task is still working.
    await suite.client.waitForEvent('rpc-in', (e) => 'method' in e.message && e.message.method === 'tasks/get', form.seq, 15_000);

    await suite.client.send('answer-elicitation', {
      sessionId,
      key: form.key,
      action: 'accept',
      content: { name: 'Ada', favoriteColor: 'Green', agreeToTerms: true },
    });
    const text = resultText(await call.end);
    expect(text).toContain('[COMPLETED] User provided the requested information!');
    expect(text).toContain('- Name: Ada');
    expect(text).toContain('- Favorite Color: Green');
    const statuses = suite.client.of('task-status').filter((e) => e.key === form.key);
    expect(statuses.map((e) => e.status)).toEqual(['working', 'completed']);
    expect(statuses.every((e) => e.callId === call.callId && e.runner === 'client')).toBe(true);
    expect(suite.client.of('finding').filter((f) => f.code.startsWith('task'))).toEqual([]);
    await suite.client.send('disconnect', { sessionId });
  });

  it('a decline completes the task with the decline, which the server reports', async () => {
    const sessionId = await suite.client.open(targets[name](), { protocol: '2025-11-25', tasks: { enabled: true } });
    await suite.client.waitForEvent('tools', (e) => e.tools.some((t) => t.name === ASYNC_TOOL), 0, 15_000);
    const call = await suite.client.call(sessionId, ASYNC_TOOL);
    const form = await suite.client.waitForEvent('elicitation', (e) => e.callId === call.callId, 0, 30_000);
    await suite.client.send('answer-elicitation', { sessionId, key: form.key, action: 'decline' });
    expect(resultText(await call.end)).toContain('[DECLINED]');
    await suite.client.send('disconnect', { sessionId });
  });
});

describe('tasks off (the default)', () => {
  it('declares no tasks, so server-everything does not offer its async elicitation tool', async () => {
    const sessionId = await suite.client.open(targets.stdio(), { protocol: '2025-11-25' });
    const connecting = suite.client.of('session-state').find((e) => e.state === 'connecting');
    expect(connecting?.clientCapabilities).not.toHaveProperty('tasks');
    const tools = await suite.client.waitForEvent('tools', (e) => e.tools.some((t) => t.name === 'trigger-elicitation-request'), 0, 15_000);
    expect(tools.tools.map((t) => t.name)).not.toContain(ASYNC_TOOL);
    await suite.client.send('disconnect', { sessionId });
  });
});

describe('a tool call run as a task (server-everything simulate-research-query)', () => {
  it('polls the task through input_required, shows its elicitation, and ends with the result from tasks/result', async () => {
    const sessionId = await suite.client.open(targets.stdio(), { protocol: '2025-11-25', tasks: { enabled: true } });
    const tools = await suite.client.waitForEvent('tools', (e) => e.tools.some((t) => t.name === 'simulate-research-query'), 0, 15_000);
    expect(tools.tools.find((t) => t.name === 'simulate-research-query')?.execution).toEqual({ taskSupport: 'required' });
    const { callId } = await suite.client.send('call-tool', {
      sessionId,
      name: 'simulate-research-query',
      arguments: { topic: 'python', ambiguous: true },
      asTask: true,
    });
    const end = suite.client.waitForEvent('call-end', (e) => e.callId === callId, 0, 60_000);
    const form = await suite.client.waitForEvent('elicitation', (e) => e.callId === callId, 0, 30_000);
    expect(String(form.params.message)).toContain('could have multiple interpretations');
    await suite.client.send('answer-elicitation', { sessionId, key: form.key, action: 'accept', content: { interpretation: 'programming' } });
    expect(resultText(await end)).toContain('# Research Report: python (programming)');
    const statuses = suite.client.of('task-status').filter((e) => e.callId === callId && e.runner === 'server');
    expect(statuses.map((e) => e.status)).toEqual(['working', 'input_required', 'working', 'completed']);
    expect(suite.client.of('finding').filter((f) => f.code.startsWith('task'))).toEqual([]);
    await suite.client.send('disconnect', { sessionId });
  });

  it('cancelling the call sends tasks/cancel for its task', async () => {
    const sessionId = await suite.client.open(targets.stdio(), { protocol: '2025-11-25', tasks: { enabled: true } });
    await suite.client.waitForEvent('tools', (e) => e.tools.some((t) => t.name === 'simulate-research-query'), 0, 15_000);
    const { callId } = await suite.client.send('call-tool', { sessionId, name: 'simulate-research-query', arguments: { topic: 'tea' }, asTask: true });
    const first = await suite.client.waitForEvent('task-status', (e) => e.callId === callId, 0, 15_000);
    await suite.client.send('cancel-call', { sessionId, callId });
    expect((await suite.client.waitForEvent('call-end', (e) => e.callId === callId, 0, 15_000)).outcome).toBe('cancelled');
    const cancelled = await suite.client.waitForEvent('rpc-out', (e) => 'method' in e.message && e.message.method === 'tasks/cancel', first.seq, 15_000);
    expect((cancelled.message as { params: { taskId: string } }).params.taskId).toBe(first.taskId);
    await suite.client.send('disconnect', { sessionId });
  });
});

describe('findings about tasks (a hand-written hostile server)', () => {
  it('a status the spec does not know is a task-status-unknown finding; polling goes on and the call ends with its result', async () => {
    const sessionId = await suite.client.open({ transport: 'stdio', ...targetStdio('task-hostile') }, { protocol: '2025-11-25', tasks: { enabled: true } });
    const { callId } = await suite.client.send('call-tool', { sessionId, name: 'odd_task', arguments: {}, asTask: true });
    const end = await suite.client.waitForEvent('call-end', (e) => e.callId === callId, 0, 30_000);
    expect(resultText(end)).toBe('odd_task: done');
    const statuses = suite.client.of('task-status').filter((e) => e.callId === callId);
    expect(statuses.map((e) => e.status)).toEqual(['working', 'completed']);
    const unknown = suite.client.of('finding').filter((f) => f.code === 'task-status-unknown' && f.callId === callId);
    expect(unknown.map((f) => f.message)).toEqual(['Task hostile-1 reported status "paused", which is not a task status.']);
    await suite.client.send('disconnect', { sessionId });
  });

  it('a task its notifications move from completed back to working is a task-status-regressed finding; it stays completed', async () => {
    const sessionId = await suite.client.open({ transport: 'stdio', ...targetStdio('task-hostile') }, { protocol: '2025-11-25', tasks: { enabled: true } });
    const { callId } = await suite.client.send('call-tool', { sessionId, name: 'regress_task', arguments: {}, asTask: true });
    const regressed = await suite.client.waitForEvent('finding', (f) => f.code === 'task-status-regressed' && f.callId === callId, 0, 30_000);
    expect(regressed.message).toBe(
      'Task hostile-2 went from "completed" to "working": completed is final, a task never leaves it. The inspector keeps it completed.',
    );
    const end = await suite.client.waitForEvent('call-end', (e) => e.callId === callId, 0, 30_000);
    expect(resultText(end)).toBe('regress_task: done');
    const statuses = suite.client.of('task-status').filter((e) => e.callId === callId);
    expect(statuses.map((e) => e.status)).toEqual(['working', 'completed']);
    await suite.client.send('disconnect', { sessionId });
  });

  it('tasks/list to a client that declared no tasks is a tasks-undeclared finding, and gets -32601', async () => {
    const sessionId = await suite.client.open({ transport: 'stdio', ...targetStdio('task-hostile') }, { protocol: '2025-11-25' });
    const call = await suite.client.call(sessionId, 'ask_undeclared');
    expect(resultText(await call.end)).toContain('-32601');
    expect(suite.client.of('finding').map((f) => f.code)).toContain('tasks-undeclared');
    await suite.client.send('disconnect', { sessionId });
  });
});
