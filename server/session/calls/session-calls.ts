/**
 * The calls a session runs on its connection: the tools of the latest tools/list (a 2026-07-28
 * call reads its x-mcp-header declarations from them), starting a call (its `action` and
 * `call-start` entries, then a CallRunner), finding one in flight, and cancelling them all
 * when the session closes; and the catalog pages the page lists. The session owns the
 * connection; this owns what runs on it.
 */
import type { Client } from '@modelcontextprotocol/client';
import type { OAuthFlow } from '../../auth/oauth-flow';
import type { CatalogKind, CatalogPage } from '../../wire/catalog';
import { WireFailure } from '../../wire/errors';
import type { LogEvent, NewLogEvent } from '../../wire/events';
import type { SessionSettings, Target } from '../../wire/target';
import type { ElicitationBroker } from '../requests/broker';
import type { CallHooks } from './call-rounds';
import { CallRunner, type CallHost, type CallMethod } from './call-runner';
import { listCatalogPage } from '../catalog';
import type { ElicitationContext, RaisedFinding } from '../../checks/findings';
import type { TransportTap } from '../tap';
import type { TaskNotice } from '../tasks/server-task-notices';

/** The session as its calls read it: live, so a call starts with what holds when it starts. */
export type CallsSession = {
  readonly target: Target;
  readonly broker: ElicitationBroker;
  readonly state: 'connecting' | 'ready' | 'closed';
  readonly era: 'legacy' | 'modern' | undefined;
  readonly settings: SessionSettings;
  emit(event: NewLogEvent): LogEvent;
  elicitationContext(): ElicitationContext;
  reportFindings(findings: RaisedFinding[], about: { callId?: string; key?: string }): RaisedFinding[];
};

/** What the calls need of their session, beside what it shows everyone. */
export type CallsHost = {
  readonly session: CallsSession;
  readonly oauth: OAuthFlow | undefined;
  /** The client and tap of the latest connect attempt. */
  client(): Client;
  tap(): TransportTap;
  /** Why the transport closed by itself, once it has. */
  closeReason(): string | undefined;
  followTask(taskId: string, onNotice: (notice: TaskNotice) => void): void;
};

export class SessionCalls {
  private readonly runners = new Map<string, CallRunner>();
  private tools = new Map<string, Record<string, unknown>>();
  private nextCall = 1;

  constructor(private readonly host: CallsHost) {}

  /** List the server's tools again and log them; a failure is a `proxy-error` entry (and 0). */
  async refreshTools(): Promise<number> {
    const { host } = this;
    if (host.session.state !== 'ready') return 0;
    const mark = host.oauth?.mark();
    try {
      const { tools } = await host.client().listTools(undefined, { cacheMode: 'refresh' });
      this.tools = new Map(tools.map((tool) => [tool.name, tool as unknown as Record<string, unknown>]));
      host.session.emit({ kind: 'tools', tools: tools as unknown as Record<string, unknown>[] });
      return tools.length;
    } catch (error) {
      // A 401 that started a sign-in (the token stopped working, the server moved to another authorization server): listed again once it brings tokens.
      const signIn = mark && host.oauth?.signInSince(mark);
      if (signIn) void signIn.then((isSignedIn) => (isSignedIn ? this.refreshTools() : 0));
      host.session.emit({
        kind: 'proxy-error',
        error: { code: 'sdk-error', message: `tools/list failed: ${(error as Error).message}`, ...(signIn && { detail: { listedAgainAfterSignIn: true } }) },
      });
      return 0;
    }
  }

  /** Start a call and return its id; it runs on (see Session.startCall). */
  start(
    method: CallMethod,
    name: string,
    params: Record<string, unknown>,
    args: Record<string, unknown> | undefined,
    actor: 'user' | 'scenario',
    hooks: CallHooks,
  ): string {
    const { session } = this.host;
    if (session.state !== 'ready') throw new WireFailure('conflict', 'The session is still connecting: wait until it is connected.');
    const callId = `c${this.nextCall++}`;
    session.emit({ kind: 'action', actor, action: 'call', callId, detail: `${method} ${name}` });
    session.emit({ kind: 'call-start', callId, method, name, ...(args && { arguments: args }), timeoutMs: session.settings.requestTimeoutMs });
    const runner = new CallRunner(this.callHost(), callId, method, params, () => this.runners.delete(callId), hooks);
    this.runners.set(callId, runner);
    void runner.run();
    return callId;
  }

  /** One page of the server's prompts, resources or resource templates (catalog.ts). */
  listCatalog(kind: CatalogKind, cursor: string | undefined): Promise<CatalogPage> {
    if (this.host.session.state !== 'ready') throw new WireFailure('conflict', 'The session is still connecting: wait until it is connected.');
    return listCatalogPage(this.host.client(), kind, cursor);
  }

  get(callId: string): CallRunner | undefined {
    return this.runners.get(callId);
  }

  /** The calls in flight: the server's requests are attributed to them. */
  values(): IterableIterator<CallRunner> {
    return this.runners.values();
  }

  cancelAll(): void {
    for (const call of this.runners.values()) call.cancel();
  }

  /** The connection, era, settings and tap as they are when the call starts; the settings now through `currentSettings`. */
  private callHost(): CallHost {
    const { host } = this;
    const { session } = host;
    return {
      target: session.target,
      client: host.client(),
      era: session.era ?? 'legacy',
      settings: session.settings,
      broker: session.broker,
      tap: host.tap(),
      emit: (event) => session.emit(event),
      elicitationContext: () => session.elicitationContext(),
      reportFindings: (findings, about) => session.reportFindings(findings, about),
      closeReason: () => host.closeReason(),
      currentSettings: () => session.settings,
      followTask: (taskId, onNotice) => host.followTask(taskId, onNotice),
      toolDefinition: (name) => this.tools.get(name),
      ...(host.oauth && { oauth: host.oauth }),
    };
  }
}
