/**
 * A session's calls as a diff compares them: each call's elicitations and answers,
 * rounds, result, error, findings and where its time went, as the session model
 * (server/wire/session-model.ts) reads them: the page's views read the same.
 */
import type { EventOf, LogEvent } from '../wire/events';
import type { CallTimes } from '../wire/session-diff';
import { timeOfCall } from '../wire/call-time';
import { SessionModel, type CallView, type ElicitationView } from '../wire/session-model';

/** One elicitation a call asked, and what was answered. */
export type ElicitationDigest = {
  mode: 'form' | 'url' | 'sampling';
  message?: string;
  /** The form's `requestedSchema` as sent. */
  schema?: Record<string, unknown>;
  /** accept, decline or cancel; else how the elicitation ended without an answer (server-cancelled, call-ended…). */
  answer?: string;
  content?: Record<string, unknown>;
};

/** Where a call's time went, in ms: the one split every view gives (docs/log.md, Where the time went). */
export type CallTiming = CallTimes;

export type CallDigest = {
  callId: string;
  method: string;
  name: string;
  elicitations: ElicitationDigest[];
  rounds: number;
  /** Whether any of the call's `input_required` results carried a `requestState`. */
  hasRequestState: boolean;
  /** result, error, cancelled or timeout; `running` for a call the file ends before. */
  outcome: string;
  text?: string;
  structuredContent?: unknown;
  isError?: boolean;
  /** `code: message` of a JSON-RPC or inspector error. */
  error?: string;
  findings: string[];
  timing?: CallTiming;
};

export type SessionDigest = {
  serverName?: string;
  serverVersion?: string;
  protocolVersion?: string;
  era?: 'legacy' | 'modern';
  calls: CallDigest[];
};

/**
 * The entries a view over a session's calls reads (this digest, trace-plan.ts): a reader keeps
 * only these from a long file, the traffic reduced to the requests each side made, their
 * responses and our cancels (what the time split needs), without notifications or HTTP exchanges.
 */
export function isCallEntry(event: LogEvent): boolean {
  switch (event.kind) {
    case 'session-state':
    case 'call-start':
    case 'call-round':
    case 'call-end':
    case 'elicitation':
    case 'elicitation-end':
    case 'url-complete':
    case 'action':
    case 'finding':
      return true;
    case 'rpc-out':
      return 'id' in event.message || event.message.method === 'notifications/cancelled';
    case 'rpc-in':
      return 'id' in event.message;
    default:
      return false;
  }
}

/** Folds a session's entries (in seq order) into its calls, through the session model. */
export function digestSession(events: readonly LogEvent[]): SessionDigest {
  return digestModel(SessionModel.of(events));
}

export function digestModel(model: SessionModel): SessionDigest {
  const { status } = model;
  return {
    ...(status.serverInfo && { serverName: status.serverInfo.name }),
    ...(status.serverInfo?.version !== undefined && { serverVersion: status.serverInfo.version }),
    ...(status.protocolVersion !== undefined && { protocolVersion: status.protocolVersion }),
    ...(status.era && { era: status.era }),
    calls: [...model.calls.values()].map((call) => digestCall(model, call)),
  };
}

function digestCall(model: SessionModel, call: CallView): CallDigest {
  const digest: CallDigest = {
    callId: call.callId,
    method: call.method,
    name: call.name,
    elicitations: model.elicitationsOf(call).map(elicitationOf),
    rounds: call.rounds.reduce((most, round) => Math.max(most, round.round), 0),
    hasRequestState: call.rounds.some((round) => round.response?.hasRequestState),
    outcome: call.end?.outcome ?? 'running',
    findings: call.findingCodes,
  };
  if (call.end) {
    Object.assign(digest, endOf(call.method, call.end));
    const { shares } = timeOfCall(model, call.callId)!;
    digest.timing = { totalMs: shares.totalMs, serverMs: shares.serverMs, personMs: shares.personMs, proxyMs: shares.proxyMs };
  }
  return digest;
}

function elicitationOf(e: ElicitationView): ElicitationDigest {
  const { params } = e;
  const answer = e.answer?.action ?? e.end?.action ?? e.end?.outcome;
  return {
    mode: e.mode,
    ...(typeof params.message === 'string' && { message: params.message }),
    ...(isRecord(params.requestedSchema) && { schema: params.requestedSchema }),
    ...(answer && { answer }),
    ...(e.answer?.content && { content: e.answer.content }),
  };
}

function endOf(method: string, event: EventOf<'call-end'>): Partial<CallDigest> {
  const part: Partial<CallDigest> = {};
  if (event.error) part.error = `${event.error.code}: ${event.error.message}`;
  const result = event.result;
  if (!result) return part;
  const content = Array.isArray(result.content) ? (result.content as unknown[]) : [];
  const texts = content.filter(isRecord).flatMap((p) => (p.type === 'text' && typeof p.text === 'string' ? [p.text] : []));
  if (texts.length) part.text = texts.join('\n');
  if (result.structuredContent !== undefined) part.structuredContent = result.structuredContent;
  if (typeof result.isError === 'boolean') part.isError = result.isError;
  // A prompt's messages and a resource's contents are its result too: kept whole, as structured content is.
  if (method !== 'tools/call') part.structuredContent = result.messages ?? result.contents;
  return part;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
