import { randomUUID } from 'node:crypto';
import type { Client, Transport } from '@modelcontextprotocol/client';
import type { SessionLog } from '../store/session-log';
import { WireFailure } from '../wire/errors';
import type { EventOf, LogEvent, NewLogEvent, WireError } from '../wire/events';
import type { RuleSet } from '../wire/rules';
import { summarizeTarget, type Root, type SessionSettings, type Target } from '../wire/target';
import { ElicitationBroker, type AnswerBy } from './broker';
import { CallRunner, type CallHost, type CallMethod } from './call-runner';
import type { CallHooks } from './call-rounds';
import { clientCapabilities } from './client-factory';
import { describeConnectError, describeUnexpectedClose } from './connect-errors';
import type { ElicitationContext, Finding } from './findings';
import type { ChildWatch } from './child-watch';
import { ServerRequests } from './server-requests';
import type { TransportTap } from './tap';
import { onCloseBeforeAborting } from './sdk-internals';
import { OAuthFlow } from '../auth/oauth-flow';
import { tappedFetch, type HttpExchange } from './http-tap';
import { claimMalformedSampling, registerClientRequestHandlers, type ClientRequestHost } from './client-request-handlers';
import { childOutput, logInbound, logOutbound, type TrafficHost } from './session-traffic';
import { CONNECT_TIMEOUT_MS, Connector } from './connector';
import { listCatalogPage } from './catalog';
import type { CatalogKind, CatalogPage } from '../wire/catalog';
import { ClientTasks } from './tasks/client-tasks';
import { ServerTaskNotices } from './tasks/server-task-notices';
import { LoggingNotes, deprecationFinding, notesDeprecations } from './deprecations';

type State = 'connecting' | 'ready' | 'closed';
type CloseReason = EventOf<'session-state'> extends infer E ? (E extends { state: 'closed'; reason: infer R } ? R : never) : never;

/**
 * One connection to one MCP server: the SDK client and its transport, the tap
 * that logs every message, the elicitation broker, and the calls in flight.
 * Everything it learns becomes an event in its log.
 */
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
  private readonly calls = new Map<string, CallRunner>();
  /** The tools of the latest tools/list, by name: a 2026-07-28 call reads its x-mcp-header declarations from them. */
  private tools = new Map<string, Record<string, unknown>>();
  /** The server's requests to us, as received, until answered or withdrawn. */
  private readonly serverRequests = new ServerRequests();
  /** Elicitations the server asked for as tasks, and its tasks/* requests about them. */
  private readonly clientTasks: ClientTasks = new ClientTasks({
    settings: () => this.settings,
    era: () => this.era,
    broker: () => this.broker,
    emit: (event) => void this.record(event),
    send: (message) => this.transport.send(message),
    attribute: (rpcId) => this.serverRequests.attribute(rpcId, this.calls.values()),
    findingsFor: (rpcId) => this.serverRequests.get(rpcId)?.findings,
  });
  /** The server's notifications/tasks/status, for the calls that run as its tasks. */
  private readonly serverTaskNotices = new ServerTaskNotices();
  private nextCall = 1;
  private closing = false;
  /** Why the transport closed by itself, once it has: what the calls and forms it cut short say. */
  private unexpectedClose: string | undefined;
  private readonly closed: Promise<void>;
  private markClosed!: () => void;

  /** What the traffic handlers need of this session (session-traffic.ts). */
  private readonly traffic: TrafficHost = {
    record: (event) => this.record(event),
    reportFindings: (findings, about, aboutSeq) => this.reportFindings(findings, about, aboutSeq),
    era: () => this.era,
    settings: () => this.settings,
    elicitationContext: () => this.elicitationContext(),
    isClosed: () => this.state === 'closed',
    serverRequests: this.serverRequests,
    serverTaskNotices: this.serverTaskNotices,
    loggingNotes: new LoggingNotes(),
  };

  private readonly onStateChange: () => void;
  /** Signing in, for an HTTP or SSE target (server/auth/oauth-flow.ts). */
  private readonly oauth: OAuthFlow | undefined;

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
    this.connector = new Connector({
      target: this.target,
      oauth: this.oauth,
      settings: () => this.settings,
      isClosing: () => this.closing,
      onHttp: (exchange) => this.recordHttp(exchange),
      onStreamRequest: ({ serverRequestId, forRequestIds }) => this.serverRequests.carried(serverRequestId, forRequestIds),
      onOutbound: (message) => logOutbound(this.traffic, message),
      onInbound: (message) => logInbound(this.traffic, message),
      claim: (message) =>
        this.clientTasks.claim(message) ||
        claimMalformedSampling(message, { ...this.clientRequestHost(), era: () => this.era, send: (sent) => this.transport.send(sent) }),
      childOutput: () => childOutput(this.traffic),
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

  private get tap(): TransportTap {
    return this.connector.tap;
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

  async refreshTools(): Promise<number> {
    if (this.state !== 'ready') return 0;
    const mark = this.oauth?.mark();
    try {
      const { tools } = await this.client.listTools(undefined, { cacheMode: 'refresh' });
      this.tools = new Map(tools.map((tool) => [tool.name, tool as unknown as Record<string, unknown>]));
      this.emit({ kind: 'tools', tools: tools as unknown as Record<string, unknown>[] });
      return tools.length;
    } catch (error) {
      // A 401 that started a sign-in (the token stopped working, the server moved to another authorization server): listed again once it brings tokens.
      const signIn = mark && this.oauth?.signInSince(mark);
      if (signIn) void signIn.then((isSignedIn) => (isSignedIn ? this.refreshTools() : 0));
      this.emit({
        kind: 'proxy-error',
        error: { code: 'sdk-error', message: `tools/list failed: ${(error as Error).message}`, ...(signIn && { detail: { listedAgainAfterSignIn: true } }) },
      });
      return 0;
    }
  }

  /** One page of the server's prompts, resources or resource templates (catalog.ts). */
  listCatalog(kind: CatalogKind, cursor: string | undefined): Promise<CatalogPage> {
    if (this.state !== 'ready') throw new WireFailure('conflict', 'The session is still connecting: wait until it is connected.');
    return listCatalogPage(this.client, kind, cursor);
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
    if (this.state !== 'ready') throw new WireFailure('conflict', 'The session is still connecting: wait until it is connected.');
    const callId = `c${this.nextCall++}`;
    this.emit({ kind: 'action', actor, action: 'call', callId, detail: `${method} ${name}` });
    this.emit({ kind: 'call-start', callId, method, name, ...(args && { arguments: args }), timeoutMs: this.settings.requestTimeoutMs });
    const runner = new CallRunner(this.callHost(), callId, method, params, () => this.calls.delete(callId), hooks);
    this.calls.set(callId, runner);
    void runner.run();
    return callId;
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

  /**
   * Replace the response rules. They apply to elicitations logged after this entry; one already
   * pending, or already taken by a rule, keeps what it has.
   */
  setRules(rules: RuleSet): void {
    if (this.state === 'closed') throw new WireFailure('conflict', 'This session has ended; reconnect to set its rules.');
    this.settings = { ...this.settings, rules };
    const enabledCount = rules.rules.filter((rule) => rule.enabled).length;
    const detail = `${rules.rules.length} rule${rules.rules.length === 1 ? '' : 's'}, ${enabledCount} on${rules.enabled ? '' : '; all switched off'}`;
    this.emit({ kind: 'action', actor: 'user', action: 'set-rules', detail });
  }

  /**
   * Replace the roots the client offers. While connected the server is told with
   * notifications/roots/list_changed (the client declares `listChanged`); it asks
   * again with roots/list, or, on 2026-07-28, in its next input request.
   */
  async setRoots(list: Root[]): Promise<void> {
    if (this.state === 'closed') throw new WireFailure('conflict', 'This session has ended; reconnect to set its roots.');
    if (!this.settings.roots.enabled) throw new WireFailure('conflict', 'This connection does not declare roots: switch Roots on and reconnect.');
    this.settings = { ...this.settings, roots: { ...this.settings.roots, list } };
    const count = `${list.length} root${list.length === 1 ? '' : 's'}`;
    // 2026-07-28 removed the notification: a server learns the new list from its next input request.
    const isAnnounced = this.state === 'ready' && this.era === 'legacy';
    this.emit({
      kind: 'action',
      actor: 'user',
      action: 'set-roots',
      detail: isAnnounced ? count : `${count}; not announced (2026-07-28 has no roots/list_changed)`,
    });
    if (!isAnnounced) return;
    try {
      await this.client.sendRootsListChanged();
    } catch (error) {
      this.emit({ kind: 'proxy-error', error: { code: 'sdk-error', message: `notifications/roots/list_changed failed: ${(error as Error).message}` } });
    }
  }

  /** Record something done about an elicitation that the server never sees. Returns false for an unknown key. */
  recordAction(key: string, action: 'open-url' | 'copy-url' | 'mark-done' | 'dismiss', by: AnswerBy = { actor: 'user' }): boolean {
    const info = this.broker.info(key);
    if (!info) return false;
    this.emit({ kind: 'action', ...by, action, key, ...(info.callId && { callId: info.callId }) });
    if (action === 'mark-done') this.broker.markDone(key);
    return true;
  }

  /** Close the connection and every child process. Idempotent; resolves once closed. */
  async close(reason: CloseReason = 'user'): Promise<void> {
    if (this.closing) return this.closed;
    this.closing = true;
    this.oauth?.close();
    for (const call of this.calls.values()) call.cancel();
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
    this.serverRequests.clear();
    this.serverTaskNotices.clear();
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
    registerClientRequestHandlers(client, this.clientRequestHost());
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

  private clientRequestHost(): ClientRequestHost {
    return {
      broker: this.broker,
      serverRequests: this.serverRequests,
      isHttp: this.target.transport === 'http',
      settings: () => this.settings,
      calls: () => this.calls.values(),
      reportFindings: (findings, about) => this.reportFindings(findings, about),
    };
  }

  /** Server requests still waiting for the client's answer. */
  get openServerRequests(): number {
    return this.serverRequests.size;
  }

  elicitationContext(): ElicitationContext {
    const { form, url } = this.settings.elicitation;
    const is0618 = this.settings.protocol === '2025-06-18';
    return {
      protocolVersion: this.protocolVersion ?? this.settings.protocol,
      declared: { form, url: url && !is0618 },
      fileInputs: this.settings.proposals.fileInputs,
      appElicitation: this.settings.proposals.appElicitation && form,
    };
  }

  /** Log findings; returns them for chaining. */
  reportFindings(findings: Finding[], about: { callId?: string; key?: string }, aboutSeq?: number): Finding[] {
    for (const finding of findings) this.emit({ kind: 'finding', ...finding, ...about, ...(aboutSeq !== undefined && { aboutSeq }) });
    return findings;
  }

  private callHost(): CallHost {
    return {
      target: this.target,
      client: this.client,
      era: this.era ?? 'legacy',
      settings: this.settings,
      broker: this.broker,
      tap: this.tap,
      emit: (event) => this.emit(event),
      elicitationContext: () => this.elicitationContext(),
      reportFindings: (findings, about) => this.reportFindings(findings, about),
      closeReason: () => this.unexpectedClose,
      currentSettings: () => this.settings,
      followTask: (taskId, onNotice) => this.serverTaskNotices.follow(taskId, onNotice),
      toolDefinition: (name) => this.tools.get(name),
      ...(this.oauth && { oauth: this.oauth }),
    };
  }
}
