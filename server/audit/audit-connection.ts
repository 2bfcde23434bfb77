/**
 * One session of the audit, with its event feed and the ends of its calls, kept
 * until the case that made the call reads them; and connecting again when the
 * server went away.
 */
import { demoTarget } from '../demo/demo-target';
import { connectedOn, EventFeed, type ConnectOutcome } from '../scenarios/scenario-runner';
import type { Session } from '../session/session';
import type { SessionRegistry } from '../registry/session-registry';
import type { EventOf } from '../wire/events';
import type { Scenario } from '../wire/scenario';
import type { ProtocolChoice, SessionSettings } from '../wire/target';

export class Connection {
  private readonly ends = new Map<string, EventOf<'call-end'>>();
  private closed = false;
  private closing: Promise<void> | undefined;
  private readonly stopWatching: () => void;

  private constructor(
    readonly session: Session,
    readonly feed: EventFeed,
  ) {
    this.stopWatching = feed.listen((event) => {
      if (event.kind === 'call-end') this.ends.set(event.callId, event);
      if (event.kind === 'session-state' && event.state === 'closed') this.closed = true;
    });
  }

  static async open(registry: SessionRegistry, scenario: Scenario, settings: SessionSettings): Promise<Connection> {
    const session = await registry.connect(scenario.server ?? demoTarget(), settings, scenario.server === undefined);
    return new Connection(session, new EventFeed(session));
  }

  /** Connected on `protocol`, or why not, as `run` decides it (a revision the server refused is `connectRefused`). */
  ready(protocol: ProtocolChoice): Promise<ConnectOutcome> {
    return connectedOn(this.feed, this.session, protocol);
  }

  get isClosed(): boolean {
    return this.closed || this.session.state === 'closed';
  }

  takeEnd(callId: string): EventOf<'call-end'> | undefined {
    const end = this.ends.get(callId);
    this.ends.delete(callId);
    return end;
  }

  /** Idempotent: a stopped audit closes it at once, and again on its way out. */
  close(): Promise<void> {
    this.closing ??= (async () => {
      this.stopWatching();
      await this.session.close('user');
      this.feed.stop();
    })();
    return this.closing;
  }
}

export async function reconnect(lost: Connection, open: () => Promise<Connection>, protocol: ProtocolChoice): Promise<Connection> {
  await lost.close();
  const next = await open();
  const ready = await next.ready(protocol);
  if (ready.error !== undefined) {
    await next.close();
    throw new Error(`Could not connect again after the server went away: ${ready.error}`);
  }
  return next;
}
