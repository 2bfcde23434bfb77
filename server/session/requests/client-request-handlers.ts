/**
 * The SDK client's handlers for what a 2025-era server asks of it: elicitation/create
 * and sampling/createMessage go to the broker (a person or a rule answers), roots/list
 * answers with the roots set now, and notifications/elicitation/complete settles a URL
 * flow. Only what the client declares is registered: the SDK refuses a handler for an
 * undeclared capability, and answers an undeclared request with an error itself.
 */
import type { Client, JSONRPCMessage } from '@modelcontextprotocol/client';
import { findingOf, type RaisedFinding } from '../../wire/finding-codes';
import type { SessionSettings } from '../../wire/target';
import type { ElicitationBroker } from './broker';
import { clientCapabilities } from '../client-factory';
import { declaredRoots, rootsResult, samplingAnswerOrRefusal, undeclaredRequestFinding } from './client-requests';
import { checkElicitationParams, type ElicitationContext } from '../../checks/findings';
import { checkSamplingParams, samplingRefusal } from '../../checks/sampling-checks';
import type { ServerRequests, WaitingCall } from './server-requests';
import type { RpcId } from '../tap';
import { undeclaredTaskFindings } from '../tasks/client-tasks';

export type ClientRequestHost = {
  readonly broker: ElicitationBroker;
  /** The server's requests as received (their params byte for byte, and what was found wrong with them). */
  readonly serverRequests: ServerRequests;
  readonly isHttp: boolean;
  /** The session's settings now: roots edited while connected are what the next roots/list gets. */
  settings(): SessionSettings;
  /** The calls in flight, to tell which one a pushed request belongs to. */
  calls(): Iterable<WaitingCall>;
  reportFindings(findings: RaisedFinding[], about: { callId?: string; key?: string }): RaisedFinding[];
};

type ElicitResult = { action: 'accept' | 'decline' | 'cancel'; content?: Record<string, string | number | boolean | string[]> };

export function registerClientRequestHandlers(client: Client, host: ClientRequestHost): void {
  const caps = clientCapabilities(host.settings());
  /** A pushed request a person (or a rule) answers: to the broker, with the params as the server sent them. */
  const askBroker = async (kind: 'sampling' | undefined, parsedParams: Record<string, unknown>, request: { id: RpcId; signal: AbortSignal }) => {
    const raw = host.serverRequests.get(request.id);
    // Over Streamable HTTP, let the stream watcher (reading a copy of the same bytes) catch up first,
    // so the request is attributed to the call whose response stream carried it.
    if (host.isHttp) await new Promise((resolve) => setImmediate(resolve));
    const { answer } = host.broker.request({
      ...(kind && { kind }),
      callId: host.serverRequests.attribute(request.id, host.calls()),
      origin: { kind: 'push', rpcId: request.id },
      // The SDK's parsed copy drops what it does not know; the log and the form show what was sent.
      params: raw?.params ?? parsedParams,
      signal: request.signal,
      findings: raw?.findings,
      fileInputs: host.settings().proposals.fileInputs,
    });
    return answer;
  };
  // The broker checked an answer's shape against its request before resolving.
  if (caps.elicitation)
    client.setRequestHandler('elicitation/create', async (request, ctx) => (await askBroker(undefined, request.params, ctx.mcpReq)) as ElicitResult);
  if (caps.roots) client.setRequestHandler('roots/list', () => rootsResult(declaredRoots(host.settings()) ?? []));
  if (caps.sampling) {
    client.setRequestHandler('sampling/createMessage', async (request, ctx) =>
      samplingAnswerOrRefusal(await askBroker('sampling', request.params, ctx.mcpReq)),
    );
  }
  client.setNotificationHandler('notifications/elicitation/complete', (notification) => {
    const elicitationId = notification.params.elicitationId;
    const outcome = host.broker.complete(elicitationId);
    if ('problem' in outcome) host.reportFindings([completionFinding(outcome.problem, elicitationId)], {});
  });
}

/** JSON-RPC's invalid params. */
const INVALID_PARAMS = -32602;

/**
 * Take a sampling/createMessage the SDK would refuse away from it (the SDK answers
 * -32602 before any handler runs, with a dump of every schema branch it tried, and
 * the page would see no request at all). The request shows under Pending requests
 * as refused, with its findings, and the server gets a -32602 that names the field.
 * Only on a 2025 connection that declared sampling: elsewhere the SDK's own answer
 * (-32601, or nothing on 2026-07-28) is the right one.
 */
export function claimMalformedSampling(
  message: JSONRPCMessage,
  host: ClientRequestHost & { era(): 'legacy' | 'modern' | undefined; send(message: JSONRPCMessage): Promise<void> },
): boolean {
  if (!('method' in message) || !('id' in message) || message.method !== 'sampling/createMessage') return false;
  if (host.era() === 'modern' || !clientCapabilities(host.settings()).sampling) return false;
  const params: Record<string, unknown> = typeof message.params === 'object' && message.params !== null ? message.params : {};
  const refusal = samplingRefusal(params);
  if (!refusal) return false;
  const rpcId = message.id;
  const refuse = () => {
    const { key } = host.broker.request({
      kind: 'sampling',
      callId: host.serverRequests.attribute(rpcId, host.calls()),
      origin: { kind: 'push', rpcId },
      params,
      findings: host.serverRequests.get(rpcId)?.findings,
    });
    host.broker.end(key, 'refused', refusal);
    // A transport that closed meanwhile cannot carry the answer: the request died with the connection.
    host.send({ jsonrpc: '2.0', id: rpcId, error: { code: INVALID_PARAMS, message: refusal } }).catch(() => undefined);
  };
  // Over Streamable HTTP, let the stream watcher catch up first (see askBroker).
  if (host.isHttp) setImmediate(refuse);
  else refuse();
  return true;
}

/**
 * What is wrong with a request the server sent (logged as it arrives, before any
 * handler runs): a request at all on 2026-07-28, a malformed elicitation or
 * sampling request, or one for a capability the client did not declare.
 */
export function serverRequestFindings(
  method: string,
  params: Record<string, unknown>,
  about: { era: 'legacy' | 'modern' | undefined; settings: SessionSettings; elicitation: ElicitationContext },
): RaisedFinding[] {
  const findings: RaisedFinding[] = [];
  if (about.era === 'modern') {
    findings.push(
      findingOf(
        'server-request-on-2026',
        `The server sent a ${method} request on a 2026-07-28 connection, where servers cannot send requests (use input_required instead). The client drops it.`,
      ),
    );
  }
  if (method === 'elicitation/create') findings.push(...checkElicitationParams(params, about.elicitation));
  if (method === 'sampling/createMessage') findings.push(...checkSamplingParams(params));
  const undeclared = undeclaredRequestFinding(method, about.settings);
  if (undeclared) findings.push(undeclared);
  findings.push(...undeclaredTaskFindings(method, params, about.settings));
  return findings;
}

/** The spec says a client ignores a completion it cannot place; the inspector also says so. */
function completionFinding(problem: 'unknown' | 'duplicate', elicitationId: string): RaisedFinding {
  return problem === 'unknown'
    ? findingOf(
        'completion-unknown-id',
        `notifications/elicitation/complete names elicitationId "${elicitationId}", which no URL elicitation of this session used; ignored.`,
      )
    : findingOf('completion-duplicate', `A second notifications/elicitation/complete arrived for "${elicitationId}"; ignored.`);
}
