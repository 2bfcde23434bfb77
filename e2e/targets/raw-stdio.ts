/**
 * The stdio side of the hand-written JSON-RPC targets (no SDK, so they can do what
 * an SDK server will not): one JSON message a line each way, and the server's own
 * requests to the client awaited by id.
 */
import { createInterface } from 'node:readline';

export type Message = { jsonrpc: '2.0'; id?: string | number; method?: string; params?: Record<string, unknown>; result?: unknown; error?: unknown };

/** Write one message, as one line. */
export function send(message: object): void {
  process.stdout.write(JSON.stringify({ jsonrpc: '2.0', ...message }) + '\n');
}

const waiting = new Map<string | number, (message: Message) => void>();
let nextAsk = 1;

/** Send the client a request and resolve with its answer (a result or an error). */
export function ask(method: string, params: object, id: string | number = `ask-${nextAsk++}`): Promise<Message> {
  return new Promise<Message>((resolve) => {
    waiting.set(id, resolve);
    send({ id, method, params });
  });
}

/**
 * Read stdin a line at a time: an answer to `ask` settles it, every other message
 * goes to `onMessage`. A line that is not a JSON object goes to `onUnreadable`
 * (by default it is skipped: a client never sends one, and these servers answer
 * only JSON-RPC). What the end of stdin means is each server's own choice.
 */
export function readMessages(onMessage: (message: Message) => unknown, options: { onUnreadable?: (line: string, why: string) => void } = {}): void {
  createInterface({ input: process.stdin, crlfDelay: Infinity }).on('line', (line) => {
    if (!line.trim()) return;
    let message: unknown;
    try {
      message = JSON.parse(line);
    } catch (error) {
      return options.onUnreadable?.(line, error instanceof Error ? error.message : String(error));
    }
    if (!isMessage(message)) return options.onUnreadable?.(line, 'not a JSON-RPC message object');
    if (message.id !== undefined && message.method === undefined) {
      const settle = waiting.get(message.id);
      waiting.delete(message.id);
      settle?.(message);
      return;
    }
    void onMessage(message);
  });
}

function isMessage(value: unknown): value is Message {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const id = 'id' in value ? value.id : undefined;
  const method = 'method' in value ? value.method : undefined;
  return (id === undefined || typeof id === 'string' || typeof id === 'number') && (method === undefined || typeof method === 'string');
}
