/**
 * A script's view of the inspector: the same WebSocket protocol the page speaks.
 * Integration tests use it; so can anyone automating elicitation answers.
 */
import type { CommandResults, CommandType, ServerPush, SessionSummary } from '../../server/wire/commands';
import type { EventOf, LogEvent, LogEventKind } from '../../server/wire/events';
import type { RuleSet } from '../../server/wire/rules';
import type { CommandParams, WireClient } from '../../server/wire/wire-client';
import { openWireClient } from '../../kit/inspector-socket';
import type { Inspector } from './processes';

export class InspectorClient {
  readonly events: LogEvent[] = [];
  sessions: SessionSummary[] = [];
  /** The rules the proxy stands by for the sessions a page opens (`--rules`), as last pushed. */
  standingRules: RuleSet | undefined;
  private readonly waiters = new Set<() => void>();

  private constructor(private readonly wire: WireClient) {}

  static async connect(
    inspector: Pick<Inspector, 'host' | 'origin' | 'token'>,
    options: { token?: string; origin?: string; host?: string } = {},
  ): Promise<InspectorClient> {
    const { client: wire, opened } = openWireClient(
      { host: inspector.host, origin: options.origin ?? inspector.origin, token: options.token ?? inspector.token },
      {
        headers: options.host ? { host: options.host } : undefined,
        // Pushes arrive only once the socket is open, after `client` below exists.
        onPush: (push) => client.receive(push),
        onUnreadable: (message) => console.error(message),
      },
    );
    const client = new InspectorClient(wire);
    // Its refusal says `HTTP <status>`, which the tests of the proxy's checks read.
    await opened;
    return client;
  }

  private receive(push: ServerPush): void {
    if (push.type === 'events') this.events.push(...push.events);
    else if (push.type === 'sessions') this.sessions = push.sessions;
    else if (push.type === 'standing-rules') this.standingRules = push.rules;
    for (const waiter of this.waiters) waiter();
  }

  /** Send a command; a refusal rejects with a `WireFailure` carrying the proxy's code. */
  send<T extends CommandType>(type: T, params: CommandParams<T>): Promise<CommandResults[T]> {
    return this.wire.send(type, params);
  }

  /** Wait until `pick` returns something truthy, re-checking on every message. */
  waitFor<T>(pick: () => T | undefined | false | null, timeoutMs = 15_000, what = 'condition'): Promise<T> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const value = pick();
        if (value) {
          clearTimeout(timer);
          this.waiters.delete(check);
          resolve(value);
        }
      };
      const timer = setTimeout(() => {
        this.waiters.delete(check);
        reject(
          new Error(
            `Timed out waiting for ${what}. Last events:\n${this.events
              .slice(-12)
              .map((e) => `${e.seq} ${e.kind} ${JSON.stringify(e).slice(0, 300)}`)
              .join('\n')}`,
          ),
        );
      }, timeoutMs);
      this.waiters.add(check);
      check();
    });
  }

  /** The first event of a kind (after `afterSeq`) that matches. */
  waitForEvent<K extends LogEventKind>(kind: K, match: (e: EventOf<K>) => boolean = () => true, afterSeq = 0, timeoutMs?: number): Promise<EventOf<K>> {
    return this.waitFor(() => this.events.find((e): e is EventOf<K> => e.kind === kind && e.seq > afterSeq && match(e as EventOf<K>)), timeoutMs, kind);
  }

  of<K extends LogEventKind>(kind: K): EventOf<K>[] {
    return this.events.filter((e): e is EventOf<K> => e.kind === kind);
  }

  /** Connect to a target and follow the new session; resolves once it is ready (or rejects with why it closed). */
  async open(target: CommandParams<'connect'>['target'], settings: CommandParams<'connect'>['settings'] = {}): Promise<string> {
    const { sessionId } = await this.send('connect', { target, settings });
    await this.follow(sessionId);
    const state = await this.waitFor(
      () => this.events.find((e) => e.kind === 'session-state' && e.sessionId === sessionId && e.state !== 'connecting'),
      30_000,
      'session ready',
    );
    if (state.kind === 'session-state' && state.state === 'closed') throw new Error(`Session closed: ${JSON.stringify(state)}`);
    return sessionId;
  }

  async follow(sessionId: string): Promise<void> {
    this.events.length = 0;
    await this.send('subscribe', { sessionId, afterSeq: 0 });
  }

  /** Call a tool and wait for its call-end. */
  async call(sessionId: string, name: string, args: Record<string, unknown> = {}): Promise<{ callId: string; end: Promise<EventOf<'call-end'>> }> {
    const { callId } = await this.send('call-tool', { sessionId, name, arguments: args });
    return { callId, end: this.waitForEvent('call-end', (e) => e.callId === callId, 0, 60_000) };
  }

  close(): void {
    this.wire.close();
  }
}

/** All text of a tool result's content blocks, joined. */
export function resultText(end: EventOf<'call-end'>): string {
  const content = (end.result?.content ?? []) as { type: string; text?: string }[];
  return content.map((c) => c.text ?? '').join('\n');
}
