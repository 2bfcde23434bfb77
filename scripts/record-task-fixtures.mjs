/**
 * `node scripts/record-task-fixtures.mjs`: record the task message sequences of
 * server-everything (written by others) over stdio, both directions, into
 * server/session/tasks/fixtures/, so the task tests replay what a real server sends:
 * - elicitation-task-<action>.json: trigger-elicitation-request-async, the
 *   client running the elicitation as a task (its answers given by this script);
 * - research-task.json: simulate-research-query called as a task, polled with
 *   tasks/get, its elicitation fetched through tasks/result.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const OUT = join(ROOT, 'server/session/tasks/fixtures');
const EVERYTHING = join(ROOT, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js');
const CAPABILITIES = { elicitation: { form: {} }, tasks: { list: {}, cancel: {}, requests: { elicitation: { create: {} } } } };

function session() {
  const child = spawn(process.execPath, [EVERYTHING, 'stdio'], { stdio: ['pipe', 'pipe', 'ignore'] });
  const messages = [];
  const waiting = new Map();
  let onRequest = () => {};
  let buffer = '';
  let nextId = 1;
  child.stdout.on('data', (chunk) => {
    buffer += chunk;
    let end;
    while ((end = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, end);
      buffer = buffer.slice(end + 1);
      if (!line.trim()) continue;
      const message = JSON.parse(line);
      messages.push({ direction: 'in', message });
      if ('method' in message && 'id' in message) onRequest(message);
      else if ('id' in message && waiting.has(message.id)) waiting.get(message.id)(message);
    }
  });
  const send = (message) => {
    messages.push({ direction: 'out', message });
    child.stdin.write(`${JSON.stringify(message)}\n`);
  };
  return {
    messages,
    send,
    request: (method, params) =>
      new Promise((resolve) => {
        const id = nextId++;
        waiting.set(id, resolve);
        send({ jsonrpc: '2.0', id, method, params });
      }),
    onRequest: (handler) => (onRequest = handler),
    close: () => child.kill(),
  };
}

async function open() {
  const s = session();
  await s.request('initialize', { protocolVersion: '2025-11-25', capabilities: CAPABILITIES, clientInfo: { name: 'fixture-recorder', version: '1' } });
  s.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
  await new Promise((resolve) => setTimeout(resolve, 200));
  return s;
}

/** The client side of an elicitation task, by hand: create, answer after a while, answer the polls. */
async function recordElicitationTask(action) {
  const s = await open();
  const task = { taskId: `task-${action}`, status: 'working', createdAt: '', lastUpdatedAt: '', ttl: null, pollInterval: 500 };
  let result;
  s.onRequest((message) => {
    const now = new Date().toISOString();
    if (message.method === 'elicitation/create') {
      Object.assign(task, { createdAt: now, lastUpdatedAt: now, ttl: message.params.task?.ttl ?? null, status: 'input_required' });
      s.send({ jsonrpc: '2.0', id: message.id, result: { task: { ...task } } });
      setTimeout(() => {
        result = action === 'accept' ? { action, content: { name: 'Ada', favoriteColor: 'Green', agreeToTerms: true } } : { action };
        Object.assign(task, { status: 'completed', lastUpdatedAt: new Date().toISOString() });
      }, 1500);
    } else if (message.method === 'tasks/get') s.send({ jsonrpc: '2.0', id: message.id, result: { ...task } });
    else if (message.method === 'tasks/result')
      s.send({ jsonrpc: '2.0', id: message.id, result: { ...result, _meta: { 'io.modelcontextprotocol/related-task': { taskId: task.taskId } } } });
    else s.send({ jsonrpc: '2.0', id: message.id, error: { code: -32601, message: 'Method not found' } });
  });
  await s.request('tools/call', { name: 'trigger-elicitation-request-async', arguments: {} });
  s.close();
  return s.messages;
}

/** A tool-call task on the server: call with `task`, poll, fetch the result (which delivers its elicitation). */
async function recordResearchTask() {
  const s = await open();
  s.onRequest((message) => {
    if (message.method === 'elicitation/create')
      s.send({
        jsonrpc: '2.0',
        id: message.id,
        result: { action: 'accept', content: { interpretation: message.params.requestedSchema.properties.interpretation.oneOf[0].const } },
      });
  });
  const created = await s.request('tools/call', { name: 'simulate-research-query', arguments: { topic: 'python', ambiguous: true }, task: { ttl: 60_000 } });
  const taskId = created.result.task.taskId;
  let status = created.result.task.status;
  let pending;
  while (!['completed', 'failed', 'cancelled'].includes(status)) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    status = (await s.request('tasks/get', { taskId })).result.status;
    // The spec: on input_required, call tasks/result, which carries the server's queued requests.
    if (status === 'input_required' && !pending) pending = s.request('tasks/result', { taskId });
  }
  await (pending ?? s.request('tasks/result', { taskId }));
  s.close();
  return s.messages;
}

mkdirSync(OUT, { recursive: true });
for (const action of ['accept', 'decline', 'cancel']) {
  writeFileSync(join(OUT, `elicitation-task-${action}.json`), `${JSON.stringify(await recordElicitationTask(action), null, 1)}\n`);
}
writeFileSync(join(OUT, 'research-task.json'), `${JSON.stringify(await recordResearchTask(), null, 1)}\n`);
console.log(`recorded into ${OUT}`);
