/**
 * A hand-written 2025-11-25 server (no SDK) whose tasks break the rules, for the
 * inspector's task findings:
 *   odd_task       a tool-call task that reports a status the spec does not know, then completes
 *   ask_undeclared asks tasks/list, whether or not the client declared tasks
 */
import { createInterface } from 'node:readline';

type Message = { jsonrpc: '2.0'; id?: string | number; method?: string; params?: Record<string, unknown>; result?: unknown; error?: unknown };

const send = (message: object): void => void process.stdout.write(JSON.stringify({ jsonrpc: '2.0', ...message }) + '\n');
const waiting = new Map<string | number, (message: Message) => void>();
const ask = (id: string, method: string, params: object) =>
  new Promise<Message>((resolve) => {
    waiting.set(id, resolve);
    send({ id, method, params });
  });

const TOOLS = [
  {
    name: 'regress_task',
    description: 'A task that completes, then says it is working again.',
    inputSchema: { type: 'object' },
    execution: { taskSupport: 'required' },
  },
  { name: 'ask_undeclared', description: 'Asks the client tasks/list.', inputSchema: { type: 'object' } },
];
const createdAt = new Date().toISOString();
const task = (status: string) => ({ taskId: 'hostile-1', status, createdAt, lastUpdatedAt: new Date().toISOString(), ttl: 60_000, pollInterval: 100 });
/** The statuses tasks/get reports, in turn: one the spec does not know, then an end. */
const STATUSES = ['paused', 'completed'];
let polls = 0;

async function handle(message: Message): Promise<void> {
  if (message.id !== undefined && !message.method) return void waiting.get(message.id)?.(message);
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
  if (method === 'tasks/get') return send({ id, result: task(STATUSES[Math.min(polls++, STATUSES.length - 1)]) });
  if (method === 'tasks/result') return send({ id, result: { content: [{ type: 'text', text: 'odd_task: done' }] } });
  if (method === 'tools/call' && params?.name === 'ask_undeclared') {
    const answer = await ask('t1', 'tasks/list', {});
    return send({ id, result: { content: [{ type: 'text', text: `ask_undeclared: ${JSON.stringify(answer.error ?? answer.result)}` }] } });
  }
  send({ id, error: { code: -32601, message: `Method not found: ${method}` } });
}

createInterface({ input: process.stdin }).on('line', (line) => {
  let message: Message;
  try {
    message = JSON.parse(line) as Message;
  } catch {
    return; // not JSON: a client never sends that, and this server only answers JSON-RPC
  }
  void handle(message);
});
