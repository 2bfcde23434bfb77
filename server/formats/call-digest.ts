/**
 * A session's calls as a diff compares them: each call's elicitations and answers,
 * rounds, result, error, findings and where its time went, read from the log's
 * entries alone (the same correlation the page derives, never written back).
 */
import type { EventOf, LogEvent } from '../wire/events';

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

/** Where a call's time went, in ms. */
export type CallTiming = {
  totalMs: number;
  /** Waiting for the server: each request leg, less the time a person spent on an elicitation inside it (a 2025 push). */
  serverMs: number;
  /** From each elicitation shown to its answer. */
  personMs: number;
  /** The rest: the client and the transport between legs (the next round, polling pauses, retries). */
  betweenMs: number;
};

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
 * only these from a long file, the traffic reduced to the client's requests and their responses.
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
      return 'method' in event.message && 'id' in event.message;
    case 'rpc-in':
      return !('method' in event.message) && 'id' in event.message; // for leg times and requestState
    default:
      return false;
  }
}

type Draft = CallDigest & { startAt: number; endAt?: number; keys: string[]; rpcIds: Set<string> };

/** Folds a session's entries (in seq order) into its calls. */
export function digestSession(events: readonly LogEvent[]): SessionDigest {
  const digest: SessionDigest = { calls: [] };
  const drafts: Draft[] = [];
  const calls = new Map<string, Draft>();
  const keyToCall = new Map<string, Draft>();
  const elicitations = new Map<string, { digest: ElicitationDigest; shownAt: number; answeredAt?: number }>();
  const sentAt = new Map<string, number>();
  const answeredAt = new Map<string, number>();
  const stateByRpc = new Set<string>();
  for (const event of events) {
    switch (event.kind) {
      case 'session-state':
        if (event.state === 'ready') {
          digest.protocolVersion = event.protocolVersion;
          digest.era = event.era;
          if (event.serverInfo) {
            digest.serverName = event.serverInfo.name;
            if (event.serverInfo.version !== undefined) digest.serverVersion = event.serverInfo.version;
          }
        }
        break;
      case 'call-start': {
        const draft: Draft = {
          callId: event.callId,
          method: event.method,
          name: event.name,
          elicitations: [],
          rounds: 0,
          hasRequestState: false,
          outcome: 'running',
          findings: [],
          startAt: event.at,
          keys: [],
          rpcIds: new Set(),
        };
        calls.set(event.callId, draft);
        drafts.push(draft);
        break;
      }
      case 'call-round': {
        const draft = calls.get(event.callId);
        if (!draft) break;
        draft.rounds = Math.max(draft.rounds, event.round);
        draft.rpcIds.add(String(event.rpcId));
        break;
      }
      case 'call-end': {
        const draft = calls.get(event.callId);
        if (draft) endCall(draft, event);
        break;
      }
      case 'elicitation': {
        const draft = event.callId === undefined ? undefined : calls.get(event.callId);
        if (!draft) break;
        const asked = elicitationOf(event);
        draft.elicitations.push(asked);
        draft.keys.push(event.key);
        keyToCall.set(event.key, draft);
        elicitations.set(event.key, { digest: asked, shownAt: event.at });
        for (const finding of event.findings ?? []) addFinding(draft, finding.code);
        break;
      }
      case 'action': {
        const asked = event.key === undefined ? undefined : elicitations.get(event.key);
        if (!asked || (event.action !== 'accept' && event.action !== 'decline' && event.action !== 'cancel')) break;
        asked.digest.answer = event.action;
        if (event.content) asked.digest.content = event.content;
        asked.answeredAt ??= event.at;
        break;
      }
      case 'elicitation-end': {
        const asked = elicitations.get(event.key);
        if (!asked) break;
        asked.digest.answer ??= event.action ?? event.outcome;
        asked.answeredAt ??= event.at;
        break;
      }
      case 'finding': {
        const draft = (event.callId === undefined ? undefined : calls.get(event.callId)) ?? (event.key === undefined ? undefined : keyToCall.get(event.key));
        if (draft) addFinding(draft, event.code);
        break;
      }
      case 'rpc-out':
        if ('method' in event.message && 'id' in event.message) sentAt.set(String(event.message.id), event.at);
        break;
      case 'rpc-in': {
        const id = String(event.message.id);
        answeredAt.set(id, event.at);
        const result = event.message.result;
        if (isRecord(result) && result.requestState !== undefined) stateByRpc.add(id);
        break;
      }
      default:
        break;
    }
  }
  for (const draft of drafts) {
    draft.hasRequestState = [...draft.rpcIds].some((id) => stateByRpc.has(id));
    if (draft.endAt !== undefined) draft.timing = timingOf(draft, draft.endAt, sentAt, answeredAt, elicitations);
  }
  digest.calls = drafts.map(({ startAt: _s, endAt: _e, keys: _k, rpcIds: _r, ...call }) => call);
  return digest;
}

function elicitationOf(event: EventOf<'elicitation'>): ElicitationDigest {
  const { params } = event;
  return {
    mode: event.mode,
    ...(typeof params.message === 'string' && { message: params.message }),
    ...(isRecord(params.requestedSchema) && { schema: params.requestedSchema }),
  };
}

function endCall(draft: Draft, event: EventOf<'call-end'>): void {
  draft.outcome = event.outcome;
  draft.endAt = event.at;
  if (event.error) draft.error = `${event.error.code}: ${event.error.message}`;
  const result = event.result;
  if (!result) return;
  const content = Array.isArray(result.content) ? (result.content as unknown[]) : [];
  const texts = content.filter(isRecord).flatMap((part) => (part.type === 'text' && typeof part.text === 'string' ? [part.text] : []));
  if (texts.length) draft.text = texts.join('\n');
  if (result.structuredContent !== undefined) draft.structuredContent = result.structuredContent;
  if (typeof result.isError === 'boolean') draft.isError = result.isError;
  // A prompt's messages and a resource's contents are its result too: kept whole, as structured content is.
  if (draft.method !== 'tools/call') draft.structuredContent = result.messages ?? result.contents;
}

function addFinding(draft: Draft, code: string): void {
  if (!draft.findings.includes(code)) draft.findings.push(code);
}

function timingOf(
  draft: Draft,
  endAt: number,
  sentAt: Map<string, number>,
  answeredAt: Map<string, number>,
  elicitations: Map<string, { shownAt: number; answeredAt?: number }>,
): CallTiming {
  const waits = draft.keys.flatMap((key) => {
    const asked = elicitations.get(key);
    return asked ? [[asked.shownAt, asked.answeredAt ?? endAt] as const] : [];
  });
  const personMs = waits.reduce((sum, [from, to]) => sum + Math.max(0, to - from), 0);
  let serverMs = 0;
  for (const id of draft.rpcIds) {
    const from = sentAt.get(id);
    if (from === undefined) continue;
    const to = answeredAt.get(id) ?? endAt;
    const overlap = waits.reduce((sum, [s, e]) => sum + Math.max(0, Math.min(e, to) - Math.max(s, from)), 0);
    serverMs += Math.max(0, to - from - overlap);
  }
  const totalMs = Math.max(0, endAt - draft.startAt);
  return { totalMs, serverMs, personMs, betweenMs: Math.max(0, totalMs - serverMs - personMs) };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
