import { randomUUID } from 'node:crypto';
import type { Client, Transport } from '@modelcontextprotocol/client';
import { OAuthFlow } from '../auth/oauth-flow';
import type { SessionLog } from '../store/session-log';
import type { CatalogKind, CatalogPage } from '../wire/catalog';
import { WireFailure } from '../wire/errors';
import type { EventOf, LogEvent, NewLogEvent, WireError } from '../wire/events';
import type { RuleSet } from '../wire/rules';
import { summarizeTarget, type Root, type SessionSettings, type Target } from '../wire/target';
import { ElicitationBroker, type AnswerBy } from './requests/broker';
import type { CallHooks } from './calls/call-rounds';
import type { CallMethod, CallRunner } from './calls/call-runner';
import type { ChildWatch } from './child-watch';
import { clientCapabilities } from './client-factory';
import { describeConnectError, describeUnexpectedClose } from './connect-errors';
import { CONNECT_TIMEOUT_MS, Connector } from './connector';
import { deprecationFinding, notesDeprecations } from '../checks/deprecations';
import type { ElicitationContext, RaisedFinding } from '../checks/findings';
import { tappedFetch, type HttpExchange } from './http-tap';
import { onCloseBeforeAborting } from './sdk-internals';
import { SessionCalls } from './calls/session-calls';
import { SessionRequests } from './requests/session-requests';
import { changeRoots, changeRules, elicitationContextOf } from './session-settings';
import { childOutput, logInbound, logOutbound } from './session-traffic';

type State = 'connecting' | 'ready' | 'closed';
type CloseReason = EventOf<'session-state'> extends infer E ? (E extends { state: 'closed'; reason: infer R } ? R : never) : never;

export type SessionInit = {
  target: Target;
  settings: SessionSettings;
  /** Makes the session's log once its id is known. */
  createLog: (sessionId: string) => SessionLog;
  isDemo?: boolean;
  onStateChange?: () => void;
  /** Where OAuth tokens are kept when a target asks for it (server/auth/token-store.ts). */
  dataDir?: string;
};

/**
 * One connection to one MCP server, from connect to close: the attempts (connector.ts), what the
 * server said in its handshake, the close (asked for, or the transport's own), and the log every
 * part writes to. The calls it runs are session-calls.ts's, the server's requests session-requests.ts's,
 * what its traffic means session-traffic.ts's, changes to its settings session-settings.ts's.
 */
export class Session {
  readonly id = randomUUID();
  readonly target: Target;
  /** Replaced (never edited in place) when the rules change, so a reconnect starts with the rules last set. */
  settings: SessionSettings;
  readonly log: SessionLog;
  readonly isDemo: boolean;
  state: State = 'connecting';
  readonly startedAt = Date.now();
  endedAt: number | undefined;
  serverName = '';
  /** The names the server gave itself: its `name`, and its `title` when it has one (a rule may name either). */
  serverNames: string[] = [];
  protocolVersion: string | undefined;
  era: 'legacy' | 'modern' | undefined;
  readonly broker: ElicitationBroker;
  /** The transport, tap, client and process of the latest connect attempt (connector.ts). */
  private readonly connector: Connector;
  private closing = false;
  /** Why the transport closed by itself, once it has: what the calls and forms it cut short say. */
  private unexpectedClose: string | undefined;
  private readonly closed: Promise<void>;
  private markClosed!: () => void;

  private readonly onStateChange: () => void;
  /** Signing in, for an HTTP or SSE target (server/auth/oauth-flow.ts). */
  private readonly oauth: OAuthFlow | undefined;
  /** The calls in flight and the tools they read (session-calls.ts). */
  private readonly calls: SessionCalls;
  /** The server's requests to us and its task notices (session-requests.ts). */
  private readonly requests = new SessionRequests({
    session: this,
    record: (event) => this.record(event),
    calls: () => this.calls.values(),
    send: (message) => this.transport.send(message),
  });

  constructor(init: SessionInit) {
    this.target = init.target;
    this.settings = init.settings;
    this.isDemo = init.isDemo ?? false;
    this.onStateChange = init.onStateChange ?? (() => {});
    this.log = init.createLog(this.id);
    this.broker = new ElicitationBroker(
      (event) => this.emit(event),
      () => this.serverName || 'the server',
    );
    this.closed = new Promise((resolve) => (this.markClosed = resolve));
    const target = this.target;
    if (target.transport !== 'stdio') {
      this.oauth = new OAuthFlow({
        serverUrl: target.url,
        options: target.oauth,
        dataDir: init.dataDir,
        emit: (event) => void this.record(event),
        fetchFn: tappedFetch((exchange) => this.recordHttp(exchange)),
        transport: () => this.transport,
      });
    }
    this.calls = new SessionCalls({
      session: this,
      oauth: this.oauth,
      client: () => this.client,
      tap: () => this.connector.tap,
      closeReason: () => this.unexpectedClose,
      followTask: (taskId, onNotice) => this.requests.followTask(taskId, onNotice),
    });
    this.connector = new Connector({
      target: this.target,
      oauth: this.oauth,
      settings: () => this.settings,
      isClosing: () => this.closing,
      onHttp: (exchange) => this.recordHttp(exchange),
      onStreamRequest: ({ serverRequestId, forRequestIds }) => this.requests.carried(serverRequestId, forRequestIds),
      onOutbound: (message) => logOutbound(this.requests.traffic, message),
      onInbound: (message) => logInbound(this.requests.traffic, message),
      claim: (message) => this.requests.claim(message),
      childOutput: () => childOutput(this.requests.traffic),
      onToolsChanged: () => void this.refreshTools(),
      wire: (client) => this.registerHandlers(client),
      reportFindings: (findings, about, aboutSeq) => this.reportFindings(findings, about, aboutSeq),
    });
  }

  private get client(): Client {
    return this.connector.client;
  }

  private get transport(): Transport {
    return this.connector.transport;
  }

  private get child(): ChildWatch {
    return this.connector.child;
  }

  emit(event: NewLogEvent) {
    return this.log.append(this.oauth ? this.oauth.scrub(event) : event);
  }

  /** Forget this server's OAuth tokens; the next request that needs one starts a new sign-in. */
  signOut(): void {
    if (!this.oauth) throw new WireFailure('conflict', 'Only HTTP and SSE servers sign in with OAuth.');
    this.emit({ kind: 'action', actor: 'user', action: 'sign-out' });
    this.oauth.signOut();
  }

  /** An HTTP exchange, then what it means for the sign-in (a refusal is an `oauth` entry of its own). */
  private recordHttp(exchange: HttpExchange): void {
    const logged = this.record({ kind: 'http', ...exchange });
    if (logged?.kind === 'http') this.oauth?.noteExchange(logged);
  }

  /** Log what the server side did; nothing once the session is closed (its `closed` entry is the last word). */
  private record(event: NewLogEvent): LogEvent | undefined {
    return this.state === 'closed' ? undefined : this.emit(event);
  }

  get isLive(): boolean {
    return this.state !== 'closed';
  }

  /** Connect, then list tools. Never throws: a failure is a `closed` event with the reason. */
  async open(): Promise<void> {
    this.emit({
      kind: 'session-state',
      state: 'connecting',
      target: summarizeTarget(this.target, this.isDemo),
      settings: this.settings,
      clientCapabilities: clientCapabilities(this.settings),
    });
    const failure = await this.connector.connect();
    if (failure !== undefined) {
      // Closed while connecting (a disconnect, an idle close): close() reports why, not as a failure.
      if (this.closing) return;
      // From here this is the one account of the end: the transport's own close must not race it.
      this.closing = true;
      await this.child.settle();
      await this.finish('connect-failed', this.oauth?.failure ?? describeConnectError(failure.error, this.target, this.child, CONNECT_TIMEOUT_MS));
      return;
    }
    if (this.closing) return;
    this.protocolVersion = this.client.getNegotiatedProtocolVersion();
    this.era = this.client.getProtocolEra() ?? 'legacy';
    const serverInfo = this.client.getServerVersion();
    this.serverName = serverInfo?.title ?? serverInfo?.name ?? '';
    this.serverNames = [serverInfo?.name, serverInfo?.title].filter((name): name is string => !!name);
    this.state = 'ready';
    this.emit({
      kind: 'session-state',
      state: 'ready',
      protocolVersion: this.protocolVersion ?? 'unknown',
      era: this.era,
      ...(serverInfo && { serverInfo }),
      serverCapabilities: this.client.getServerCapabilities() as Record<string, unknown> | undefined,
      ...(this.client.getInstructions() && { instructions: this.client.getInstructions() }),
    });
    if (this.client.getServerCapabilities()?.logging && notesDeprecations(this.settings, this.protocolVersion)) {
      this.reportFindings([deprecationFinding('logging', 'declares the `logging` capability', this.protocolVersion)], {});
    }
    this.onStateChange();
    await this.refreshTools();
  }

  /** List the server's tools again (session-calls.ts); resolves to how many it has. */
  refreshTools(): Promise<number> {
    return this.calls.refreshTools();
  }

  /** One page of the server's prompts, resources or resource templates (catalog.ts). */
  listCatalog(kind: CatalogKind, cursor: string | undefined): Promise<CatalogPage> {
    return this.calls.listCatalog(kind, cursor);
  }

  /** `asTask`: send `task` (2025-11-25), so the server runs the call as a task the inspector polls. */
  callTool(name: string, args: Record<string, unknown>, asTask = false): string {
    return this.startCall('tools/call', name, { name, arguments: args, ...(asTask && { task: {} }) }, args);
  }

  /** `actor`: who asked for the call, as the log names it (a person at the page, or a scenario run); `hooks`: see CallHooks. */
  startCall(
    method: CallMethod,
    name: string,
    params: Record<string, unknown>,
    args?: Record<string, unknown>,
    actor: 'user' | 'scenario' = 'user',
    hooks: CallHooks = {},
  ): string {
    return this.calls.start(method, name, params, args, actor, hooks);
  }

  call(callId: string): CallRunner | undefined {
    return this.calls.get(callId);
  }

  answerElicitation(
    key: string,
    action: 'accept' | 'decline' | 'cancel',
    content: Record<string, unknown> | undefined,
    skipValidation: boolean,
    by: AnswerBy = { actor: 'user' },
  ): WireError | undefined {
    return this.broker.answer(key, { action, content }, { skipValidation, ...by });
  }

  /**
   * A response to a request of the server's that is no longer pending (it withdrew it, or its call
   * ended): the audit's late answer. It goes through the transport, so the log records it as sent.
   */
  sendLateResponse(rpcId: string | number, result: Record<string, unknown>): Promise<void> {
    return this.transport.send({ jsonrpc: '2.0', id: rpcId, result });
  }

  /** The response rules in force: set at connect, replaced by `setRules`. */
  get rules(): RuleSet {
    return this.settings.rules;
  }

  /** Replace the response rules (session-settings.ts): they apply to elicitations logged after this. */
  setRules(rules: RuleSet): void {
    changeRules(this, rules);
  }

  /** Replace the roots the client offers, and tell a connected 2025 server (session-settings.ts). */
  setRoots(list: Root[]): Promise<void> {
    return changeRoots(this, () => this.client, list);
  }

  /** Record something done about an elicitation that the server never sees. Returns false for an unknown key. */
  recordAction(key: string, action: 'open-url' | 'copy-url' | 'mark-done' | 'dismiss', by: AnswerBy = { actor: 'user' }): boolean {
    return this.broker.recordAction(key, action, by);
  }

  /** Close the connection and every child process. Idempotent; resolves once closed. */
  async close(reason: CloseReason = 'user'): Promise<void> {
    if (this.closing) return this.closed;
    this.closing = true;
    this.oauth?.close();
    this.calls.cancelAll();
    this.broker.endAll('session-closed', 'The session was closed.');
    const descendants = this.child.collectDescendants();
    try {
      // The transport itself, not client.close(): while connect() still probes or handshakes the client
      // holds no transport yet, and the connect would go on to start the server after the session ended.
      await this.transport?.close();
    } catch {
      // Closing a transport that already failed throws; the session is closing either way.
    }
    // Let an interrupted connect (a probe or handshake under way) wind down before the last entry.
    await Promise.race([this.connector.settled, new Promise((resolve) => setTimeout(resolve, 5000).unref())]);
    await this.child.killAfterClose(descendants);
    await this.finish(reason);
    return this.closed;
  }

  private async finish(reason: CloseReason, error?: WireError): Promise<void> {
    if (this.state === 'closed') return;
    this.child.flushOutput();
    this.state = 'closed';
    this.closing = true;
    this.child.reapOrphans();
    this.endedAt = Date.now();
    this.broker.endAll('session-closed', 'The session closed.');
    this.requests.clear();
    const exit = this.child.exit;
    this.emit({
      kind: 'session-state',
      state: 'closed',
      reason,
      ...(error && { error }),
      ...(exit && { exitCode: exit.code, signal: exit.signal }),
      ...(this.target.transport === 'stdio' && { stderrTail: this.child.stderrTail() }),
    });
    this.log.close();
    this.markClosed();
    this.onStateChange();
  }

  /** Everything the session hangs on a new client, before it connects. */
  private registerHandlers(client: Client): void {
    this.requests.register(client);
    client.onerror = (error) => {
      const code = (error as { code?: unknown }).code;
      this.record({ kind: 'sdk-error', message: error.message, ...((typeof code === 'string' || typeof code === 'number') && { code }) });
    };
    onCloseBeforeAborting(client, () => {
      // A close while connecting rejects connect(), and the connect path reports it (or starts the server again).
      if (this.closing || client !== this.client || this.state !== 'ready') return;
      // Right after this returns the SDK aborts the server's open requests as if the server had cancelled
      // them: end them first, with what happened (a stdio server's exit status is known by now).
      this.unexpectedClose = describeUnexpectedClose(this.target, this.child).message;
      this.broker.endAll('session-closed', this.unexpectedClose);
      const isServerExit = this.target.transport === 'stdio' && this.child.readLimitBytes === undefined;
      void this.child.settle().then(() => this.finish(isServerExit ? 'server-exit' : 'transport-closed', describeUnexpectedClose(this.target, this.child)));
    });
  }

  /** Server requests still waiting for the client's answer. */
  get openServerRequests(): number {
    return this.requests.size;
  }

  elicitationContext(): ElicitationContext {
    return elicitationContextOf(this.settings, this.protocolVersion);
  }

  /** Log findings; returns them for chaining. */
  reportFindings(findings: RaisedFinding[], about: { callId?: string; key?: string }, aboutSeq?: number): RaisedFinding[] {
    for (const finding of findings) this.emit({ kind: 'finding', ...finding, ...about, ...(aboutSeq !== undefined && { aboutSeq }) });
    return findings;
  }
}
