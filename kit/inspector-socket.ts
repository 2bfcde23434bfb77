/**
 * The few commands the fixture sends to an inspector it shares between tests, over
 * the page's own WebSocket protocol: enough to end its sessions and start a fresh one.
 */
import WebSocket from 'ws';

/** What the fixture reads of a session in the proxy's `sessions` push. */
export type SessionLine = { sessionId: string; isLive: boolean; settings: unknown };

type Reply = { id: number; ok: boolean; result?: unknown; error?: unknown };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

function asSessionLine(value: unknown): SessionLine | undefined {
  if (!isRecord(value) || typeof value.sessionId !== 'string' || typeof value.isLive !== 'boolean') return undefined;
  return { sessionId: value.sessionId, isLive: value.isLive, settings: value.settings };
}

/** A message's text: `ws` hands over a Buffer, or its fragments, or an ArrayBuffer. */
function textOf(data: WebSocket.RawData): string {
  if (Buffer.isBuffer(data)) return data.toString('utf8');
  return Buffer.concat(Array.isArray(data) ? data : [Buffer.from(data)]).toString('utf8');
}

export class InspectorSocket {
  private nextId = 1;
  /** Each command waiting for its reply: how it settles, and how it fails when the socket closes first. */
  private readonly replies = new Map<number, { settle: (reply: Reply) => void; fail: (error: Error) => void }>();
  /** Each waiter's check, and how it fails when the socket closes first. */
  private readonly sessionWaiters = new Map<() => void, (error: Error) => void>();
  /** The newest `sessions` push; undefined until the first arrives (the proxy sends one on every connect). */
  sessions: SessionLine[] | undefined;

  private constructor(private readonly socket: WebSocket) {
    socket.on('message', (data) => this.receive(textOf(data)));
    // An error (the inspector killed mid-frame) is followed by 'close', handled below; unheard, it would end the worker.
    socket.on('error', () => undefined);
    // A socket that closes (the inspector stopped, or close()) answers no command again: each one waiting fails now.
    socket.on('close', () => {
      for (const { fail } of this.replies.values()) fail(new Error('The socket to the inspector closed before it answered'));
      this.replies.clear();
      for (const fail of this.sessionWaiters.values()) fail(new Error(`The socket to the inspector closed; it last listed ${JSON.stringify(this.sessions)}`));
      this.sessionWaiters.clear();
    });
  }

  isOpen(): boolean {
    return this.socket.readyState === WebSocket.OPEN;
  }

  static async open(inspector: { host: string; origin: string; token: string }): Promise<InspectorSocket> {
    const socket = new WebSocket(`ws://${inspector.host}/ws`, ['elicitation-inspector', `token.${inspector.token}`], { origin: inspector.origin });
    // Listen before the socket opens: the proxy's first pushes can come with the handshake.
    const client = new InspectorSocket(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('unexpected-response', (_request, response) => reject(new Error(`The inspector refused the socket: HTTP ${response.statusCode}`)));
      socket.once('error', reject);
    });
    return client;
  }

  /** Send a command; rejects with the proxy's reason when it refuses. */
  send(type: string, params: Record<string, unknown>): Promise<unknown> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      if (!this.isOpen()) {
        reject(new Error(`${type} was not sent: the socket to the inspector is not open`));
        return;
      }
      const settle = (reply: Reply) => (reply.ok ? resolve(reply.result) : reject(new Error(`${type} was refused: ${JSON.stringify(reply.error)}`)));
      this.replies.set(id, { settle, fail: (error) => reject(new Error(`${type}: ${error.message}`)) });
      this.socket.send(JSON.stringify({ type, id, params }));
    });
  }

  /** Wait for a `sessions` push that passes `isWanted`. */
  waitForSessions(isWanted: (sessions: SessionLine[]) => boolean, timeoutMs: number): Promise<SessionLine[]> {
    return new Promise((resolve, reject) => {
      if (this.socket.readyState === WebSocket.CLOSING || this.socket.readyState === WebSocket.CLOSED) {
        reject(new Error(`The socket to the inspector is closed; it last listed ${JSON.stringify(this.sessions)}`));
        return;
      }
      const check = () => {
        if (!this.sessions || !isWanted(this.sessions)) return;
        clearTimeout(timer);
        this.sessionWaiters.delete(check);
        resolve(this.sessions);
      };
      const timer = setTimeout(() => {
        this.sessionWaiters.delete(check);
        reject(new Error(`The inspector did not list the sessions expected within ${timeoutMs} ms; it lists ${JSON.stringify(this.sessions)}`));
      }, timeoutMs);
      this.sessionWaiters.set(check, (error) => {
        clearTimeout(timer);
        reject(error);
      });
      check();
    });
  }

  close(): void {
    this.socket.close();
  }

  private receive(text: string): void {
    let push: unknown;
    try {
      push = JSON.parse(text);
    } catch {
      // The proxy only sends JSON; anything else says nothing the fixture needs.
      return;
    }
    if (!isRecord(push)) return;
    if (push.type === 'reply' && typeof push.id === 'number') {
      const waiting = this.replies.get(push.id);
      this.replies.delete(push.id);
      waiting?.settle({ id: push.id, ok: push.ok === true, result: push.result, error: push.error });
    } else if (push.type === 'sessions' && Array.isArray(push.sessions)) {
      this.sessions = push.sessions.flatMap((line) => asSessionLine(line) ?? []);
      for (const check of this.sessionWaiters.keys()) check();
    }
  }
}
