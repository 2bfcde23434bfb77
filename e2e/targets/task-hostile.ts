/**
 * A hand-written 2025-11-25 server (no SDK) whose tasks break the rules, for the
 * inspector's task findings:
 *   odd_task       a tool-call task that reports a status the spec does not know, then completes
 *   regress_task   a tool-call task whose notifications/tasks/status say completed, then working again
 *   ask_undeclared asks tasks/list, whether or not the client declared tasks
 *   cancel_burst   asks five forms as client tasks, then withdraws each with tasks/cancel
 */
import { ask, readMessages, send, type Message } from './raw-stdio';

const TOOLS = [
  {
    name: 'regress_task',
    description: 'A task that completes, then says it is working again.',
    inputSchema: { type: 'object' },
    execution: { taskSupport: 'required' },
  },
  {
    name: 'odd_task',
    description: 'A task that reports a status the spec does not know.',
    inputSchema: { type: 'object' },
    execution: { taskSupport: 'required' },
  },
  { name: 'ask_undeclared', description: 'Asks the client tasks/list.', inputSchema: { type: 'object' } },
  { name: 'cancel_burst', description: 'Asks five forms as tasks, then cancels them all.', inputSchema: { type: 'object' } },
];
const BURST = 5;
const createdAt = new Date().toISOString();
const task = (status: string, taskId = 'hostile-1') => ({ taskId, status, createdAt, lastUpdatedAt: new Date().toISOString(), ttl: 60_000, pollInterval: 100 });
/** The statuses tasks/get reports, in turn: one the spec does not know, then an end. */
const STATUSES = ['paused', 'completed'];
let polls = 0;
const REGRESS_ID = 'hostile-2';

async function handle(message: Message): Promise<void> {
  const { id, method, params } = message;
  if (id === undefined) return;
  if (method === 'initialize') {
    return send({
      id,
      result: {
        protocolVersion: '2025-11-25',
        capabilities: { tools: {}, tasks: { requests: { tools: { call: {} } } } },
        serverInfo: { name: 'task-hostile', version: '1.0.0' },
      },
    });
  }
  if (method === 'tools/list') return send({ id, result: { tools: TOOLS } });
  if (method === 'tools/call' && params?.name === 'odd_task') return send({ id, result: { task: task('working') } });
  if (method === 'tools/call' && params?.name === 'regress_task') {
    send({ id, result: { task: task('working', REGRESS_ID) } });
    // The end, then a move out of it: only the notifications say so; tasks/get keeps saying completed.
    send({ method: 'notifications/tasks/status', params: task('completed', REGRESS_ID) });
    return send({ method: 'notifications/tasks/status', params: task('working', REGRESS_ID) });
  }
  if (params?.taskId === REGRESS_ID) {
    if (method === 'tasks/get') return send({ id, result: task('completed', REGRESS_ID) });
    if (method === 'tasks/result') return send({ id, result: { content: [{ type: 'text', text: 'regress_task: done' }] } });
  }
  if (method === 'tasks/get') return send({ id, result: task(STATUSES[Math.min(polls++, STATUSES.length - 1)]) });
  if (method === 'tasks/result') return send({ id, result: { content: [{ type: 'text', text: 'odd_task: done' }] } });
  if (method === 'tools/call' && params?.name === 'cancel_burst') {
    const taskIds: unknown[] = [];
    for (let i = 1; i <= BURST; i++) {
      const form = { mode: 'form', message: `Question ${i} of a burst`, requestedSchema: { type: 'object', properties: {} }, task: { ttl: 60_000 } };
      const created = await ask('elicitation/create', form, `burst-${i}`);
      taskIds.push((created.result as { task?: { taskId?: unknown } } | undefined)?.task?.taskId);
    }
    for (const [i, taskId] of taskIds.entries()) await ask('tasks/cancel', { taskId }, `burst-cancel-${i}`);
    return send({ id, result: { content: [{ type: 'text', text: `cancel_burst: ${taskIds.length} forms withdrawn` }] } });
  }
  if (method === 'tools/call' && params?.name === 'ask_undeclared') {
    const answer = await ask('tasks/list', {}, 't1');
    return send({ id, result: { content: [{ type: 'text', text: `ask_undeclared: ${JSON.stringify(answer.error ?? answer.result)}` }] } });
  }
  send({ id, error: { code: -32601, message: `Method not found: ${method}` } });
}

readMessages(handle);
