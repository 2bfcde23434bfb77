/**
 * What the session does with the traffic it logs, beside logging it: the server's requests
 * (kept until answered or withdrawn, with their findings), its task notifications, and a
 * stdio server's stdout and stderr. The session hands each message here from its tap.
 */
import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import type { LogEvent, NewLogEvent } from '../wire/events';
import { findingOf } from '../wire/finding-codes';
import type { SessionSettings } from '../wire/target';
import type { ChildOutput } from './child-watch';
import { serverRequestFindings } from './requests/client-request-handlers';
import { deprecatedFeatureOf, deprecationFinding, notesDeprecations, type LoggingNotes } from '../checks/deprecations';
import { stdoutNotJson, type ElicitationContext, type RaisedFinding } from '../checks/findings';
import type { ServerRequests } from './requests/server-requests';
import type { RpcId } from './tap';
import type { ServerTaskNotices } from './tasks/server-task-notices';

/** What the traffic needs of its session. */
export type TrafficHost = {
  /** Log an entry; undefined once the session is closed. */
  record(event: NewLogEvent): LogEvent | undefined;
  reportFindings(findings: RaisedFinding[], about: { callId?: string; key?: string }, aboutSeq?: number): RaisedFinding[];
  era(): 'legacy' | 'modern' | undefined;
  settings(): SessionSettings;
  elicitationContext(): ElicitationContext;
  isClosed(): boolean;
  serverRequests: ServerRequests;
  serverTaskNotices: ServerTaskNotices;
  /** SEP-2577's notes on the server's log messages, with their budget. */
  loggingNotes: LoggingNotes;
};

/** A message the client sends. Returns its log entry. */
export function logOutbound(host: TrafficHost, message: JSONRPCMessage): LogEvent | undefined {
  const event = host.record({ kind: 'rpc-out', message: message });
  // Our answer to a server request: its params are no longer needed (a long session answers thousands of pings).
  if (!('method' in message) && 'id' in message) host.serverRequests.ended(message.id as RpcId);
  return event;
}

/** A message the server sent: logged, then its requests kept with their findings, its withdrawals and task notices applied. */
export function logInbound(host: TrafficHost, message: JSONRPCMessage): void {
  const event = host.record({ kind: 'rpc-in', message: message });
  if (!event) return;
  if (!('method' in message)) return;
  // A server that gives up on its request (notifications/cancelled) gets no answer: forget it now.
  if (message.method === 'notifications/cancelled') {
    const requestId = (message.params as { requestId?: unknown } | undefined)?.requestId;
    if (typeof requestId === 'string' || typeof requestId === 'number') host.serverRequests.ended(requestId);
  }
  if (message.method === 'notifications/tasks/status') host.serverTaskNotices.notified(message.params);
  const { protocolVersion } = host.elicitationContext();
  const deprecated = notesDeprecations(host.settings(), protocolVersion) ? deprecatedFeatureOf(message.method) : undefined;
  if (deprecated === 'logging') host.reportFindings(host.loggingNotes.next(protocolVersion), {}, event.seq);
  if (!('id' in message)) return;
  const params = (message.params ?? {}) as Record<string, unknown>;
  const era = host.era();
  const findings = serverRequestFindings(message.method, params, { era, settings: host.settings(), elicitation: host.elicitationContext() });
  if (deprecated) findings.push(deprecationFinding(deprecated, `sent a ${message.method} request`, protocolVersion));
  host.reportFindings(findings, {}, event.seq);
  // On 2026-07-28 the client drops the request unanswered: nothing would ever take it out again.
  if (era !== 'modern') host.serverRequests.received(message.id, { params, findings });
}

/** A stdio server's stderr and its stdout lines that are not JSON-RPC, as log entries and findings. */
export function childOutput(host: TrafficHost): ChildOutput {
  return {
    onStderr: (text) => void host.record({ kind: 'stderr', text }),
    onStdoutText: (text) => {
      const entry = host.record({ kind: 'stdout', text });
      if (!entry) return;
      host.reportFindings([stdoutNotJson()], {}, entry.seq);
    },
    onStdoutDropped: (count) => {
      if (host.isClosed()) return;
      const message = `${count} more non-JSON stdout lines were not logged (at most 100 are logged each 10 s).`;
      host.reportFindings([findingOf('stdout-not-json-dropped', message)], {});
    },
  };
}
