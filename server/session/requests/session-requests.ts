/**
 * The server's side of a session: the requests it sends us (kept as received until answered or
 * withdrawn, answered by the handlers of client-request-handlers.ts or, as tasks, by tasks/),
 * and its notifications about the calls it runs as tasks. What the session logs of this
 * traffic is session-traffic.ts's; this holds the state that traffic feeds.
 */
import type { Client, JSONRPCMessage } from '@modelcontextprotocol/client';
import type { LogEvent, NewLogEvent } from '../../wire/events';
import type { SessionSettings, Target } from '../../wire/target';
import type { ElicitationBroker } from './broker';
import { claimMalformedSampling, registerClientRequestHandlers, type ClientRequestHost } from './client-request-handlers';
import { LoggingNotes } from '../../checks/deprecations';
import type { ElicitationContext, RaisedFinding } from '../../checks/findings';
import { ServerRequests, type WaitingCall } from './server-requests';
import type { TrafficHost } from '../session-traffic';
import type { RpcId } from '../tap';
import { ClientTasks } from '../tasks/client-tasks';
import { ServerTaskNotices, type TaskNotice } from '../tasks/server-task-notices';

/** What the server's side needs of its session. */
export type RequestsHost = {
  /** The session as it is now. */
  readonly session: {
    readonly target: Target;
    readonly broker: ElicitationBroker;
    readonly state: 'connecting' | 'ready' | 'closed';
    readonly era: 'legacy' | 'modern' | undefined;
    readonly settings: SessionSettings;
    elicitationContext(): ElicitationContext;
    reportFindings(findings: RaisedFinding[], about: { callId?: string; key?: string }, aboutSeq?: number): RaisedFinding[];
  };
  /** Log an entry; undefined once the session is closed. */
  record(event: NewLogEvent): LogEvent | undefined;
  /** The calls in flight, to tell which one a server request belongs to. */
  calls(): Iterable<WaitingCall>;
  /** Send on the session's transport (through the tap, so it is logged). */
  send(message: JSONRPCMessage): Promise<void>;
};

export class SessionRequests {
  /** The server's requests to us, as received, until answered or withdrawn. */
  private readonly received = new ServerRequests();
  /** The server's notifications/tasks/status, for the calls that run as its tasks. */
  private readonly taskNotices = new ServerTaskNotices();
  /** Elicitations the server asked for as tasks, and its tasks/* requests about them. */
  private readonly clientTasks: ClientTasks;
  /** What the traffic handlers need (session-traffic.ts). */
  readonly traffic: TrafficHost;

  constructor(private readonly host: RequestsHost) {
    const { session } = host;
    this.clientTasks = new ClientTasks({
      settings: () => session.settings,
      era: () => session.era,
      broker: () => session.broker,
      emit: (event) => void host.record(event),
      send: (message) => host.send(message),
      attribute: (rpcId) => this.received.attribute(rpcId, host.calls()),
      findingsFor: (rpcId) => this.received.get(rpcId)?.findings,
    });
    this.traffic = {
      record: (event) => host.record(event),
      reportFindings: (findings, about, aboutSeq) => session.reportFindings(findings, about, aboutSeq),
      era: () => session.era,
      settings: () => session.settings,
      elicitationContext: () => session.elicitationContext(),
      isClosed: () => session.state === 'closed',
      serverRequests: this.received,
      serverTaskNotices: this.taskNotices,
      loggingNotes: new LoggingNotes(),
    };
  }

  /** Server requests still waiting for the client's answer. */
  get size(): number {
    return this.received.size;
  }

  /** Hang the handlers for the server's requests on a new client, before it connects. */
  register(client: Client): void {
    registerClientRequestHandlers(client, this.clientRequestHost());
  }

  /** Answer this message here instead of the SDK (a task-augmented request, a malformed sampling request)? */
  claim(message: JSONRPCMessage): boolean {
    return (
      this.clientTasks.claim(message) ||
      claimMalformedSampling(message, { ...this.clientRequestHost(), era: () => this.host.session.era, send: (sent) => this.host.send(sent) })
    );
  }

  /** Our requests whose HTTP response stream carried this server request. */
  carried(serverRequestId: RpcId, forRequestIds: RpcId[]): void {
    this.received.carried(serverRequestId, forRequestIds);
  }

  followTask(taskId: string, onNotice: (notice: TaskNotice) => void): void {
    this.taskNotices.follow(taskId, onNotice);
  }

  /** The session has closed: nothing will answer what is kept. */
  clear(): void {
    this.received.clear();
    this.taskNotices.clear();
  }

  private clientRequestHost(): ClientRequestHost {
    const { host } = this;
    const { session } = host;
    return {
      broker: session.broker,
      serverRequests: this.received,
      isHttp: session.target.transport === 'http',
      settings: () => session.settings,
      calls: () => host.calls(),
      reportFindings: (findings, about) => session.reportFindings(findings, about),
    };
  }
}
