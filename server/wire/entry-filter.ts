/**
 * Which log entries a filter keeps: the kind group, direction and method pickers
 * and the search query (log-query.ts). One implementation for both sides: the
 * page runs it over the entries it holds, the proxy over a big session's file,
 * and both give the same matches because both correlate with the same indexes.
 */
import { z } from 'zod';
import type { LogEvent, LogEventKind } from './events';
import type { RpcPair } from './log-index';
import { matchesQuery, parseLogQuery, type EntryFacts } from './log-query';

export type KindGroup = 'all' | 'rpc' | 'elicitation' | 'http' | 'stderr' | 'problems' | 'lifecycle';

export const KIND_GROUPS: { value: KindGroup; label: string; kinds?: LogEventKind[] }[] = [
  { value: 'all', label: 'Everything' },
  { value: 'rpc', label: 'JSON-RPC', kinds: ['rpc-in', 'rpc-out'] },
  { value: 'elicitation', label: 'Elicitations & actions', kinds: ['elicitation', 'elicitation-end', 'url-complete', 'action'] },
  { value: 'http', label: 'HTTP', kinds: ['http'] },
  { value: 'stderr', label: 'Server stderr', kinds: ['stderr', 'stdout'] },
  { value: 'problems', label: 'Findings & errors', kinds: ['finding', 'sdk-error', 'proxy-error'] },
  { value: 'lifecycle', label: 'Calls & session', kinds: ['session-state', 'tools', 'call-start', 'call-round', 'call-timer', 'call-end'] },
];

export const LogFilterSchema = z.object({
  group: z.enum(['all', 'rpc', 'elicitation', 'http', 'stderr', 'problems', 'lifecycle']),
  direction: z.enum(['both', 'out', 'in']),
  /** A JSON-RPC method; '' for any. Responses count as their request's method. */
  method: z.string().max(1000),
  /** The search query (log-query.ts). */
  text: z.string().max(10_000),
  /** One story: a tool call's entries, or one elicitation's. */
  story: z.object({ kind: z.enum(['call', 'flow']), id: z.string().max(1000) }).optional(),
});
export type LogFilter = z.infer<typeof LogFilterSchema>;
export type StoryRef = NonNullable<LogFilter['story']>;

export const NO_FILTER: LogFilter = { group: 'all', direction: 'both', method: '', text: '' };

export function isFiltering(filter: LogFilter): boolean {
  return filter.group !== 'all' || filter.direction !== 'both' || filter.method !== '' || filter.text.trim() !== '' || filter.story !== undefined;
}

/** What the filter asks of the rest of the session: the correlation indexes, and an entry's search text. */
export type EntryLookups = {
  pairOf(seq: number): RpcPair | undefined;
  callOf(seq: number): string | undefined;
  /** The entry's lower-cased JSON; asked for only when a word must be matched. */
  textOf(seq: number): string;
};

/** The filter as one test per entry (the story part is the caller's: it picks the candidates). */
export function entryPredicate(filter: LogFilter): (event: LogEvent, lookups: EntryLookups) => boolean {
  const holds = factsPredicate(filter);
  return (event, lookups) => holds(linkedFacts(ownFactsOf(event), event.seq, lookups));
}

/**
 * The same test over an entry's facts: the proxy keeps the facts of a big session's entries in columns
 * and filters them without reading a line, unless a word must be found in one.
 */
export function factsPredicate(filter: LogFilter): (facts: EntryFacts) => boolean {
  const kinds = KIND_GROUPS.find((g) => g.value === filter.group)?.kinds;
  const kindSet = kinds ? new Set<string>(kinds) : undefined;
  const parsed = parseLogQuery(filter.text);
  // Every term must hold, in any order: the words, which need the entry's text, are tried last.
  const query = { ...parsed, terms: [...parsed.terms.filter((t) => t.key !== 'text'), ...parsed.terms.filter((t) => t.key === 'text')] };
  return (facts) => {
    if (kindSet && !kindSet.has(facts.kind)) return false;
    if (filter.direction !== 'both' && facts.direction !== filter.direction) return false;
    if (filter.method && facts.method !== filter.method) return false;
    return query.terms.length === 0 || matchesQuery(query, facts);
  };
}

/**
 * What an entry says about itself, before anything else in the session is known. `outcome: 'exchange'`: a
 * request with an id, whose outcome is its exchange's (pending, answered or ended).
 */
export type OwnFacts = {
  kind: string;
  direction?: 'out' | 'in';
  /** A JSON-RPC message's own method (a response has none: it takes its request's). */
  method?: string;
  outcome?: NonNullable<EntryFacts['outcome']> | 'exchange';
  httpStatus?: number;
  /** An HTTP exchange's duration, ms. */
  durationMs?: number;
  callId?: string;
};

export function ownFactsOf(event: LogEvent): OwnFacts {
  const isRpc = event.kind === 'rpc-in' || event.kind === 'rpc-out';
  const isRequestWithId = isRpc && typeof event.message.method === 'string' && event.message.id !== undefined;
  return {
    kind: event.kind,
    direction: directionOf(event),
    method: isRpc && typeof event.message.method === 'string' ? event.message.method : undefined,
    outcome: isRequestWithId ? 'exchange' : outcomeOf(event),
    httpStatus: event.kind === 'http' ? event.status : undefined,
    durationMs: event.kind === 'http' ? event.durationMs : undefined,
    callId: 'callId' in event ? event.callId : undefined,
  };
}

/** An entry's facts once the session is correlated: its own, with what its exchange and its story add. */
export function linkedFacts(own: OwnFacts, seq: number, lookups: EntryLookups): EntryFacts {
  const isRpc = own.kind === 'rpc-in' || own.kind === 'rpc-out';
  const pair = isRpc ? lookups.pairOf(seq) : undefined;
  let outcome: EntryFacts['outcome'];
  if (own.outcome === 'exchange') {
    // A request reads as its exchange while unanswered: pending, or an error once it ended without a response.
    outcome = pair?.responseSeq !== undefined ? undefined : pair?.ended ? 'error' : 'pending';
  } else outcome = own.outcome;
  return {
    kind: own.kind,
    method: isRpc ? (own.method ?? pair?.method) : undefined,
    direction: own.direction,
    outcome,
    httpStatus: own.httpStatus,
    latencyMs: own.kind === 'http' ? own.durationMs : pair?.latencyMs,
    callId: lookups.callOf(seq) ?? pair?.callId ?? own.callId,
    text: () => lookups.textOf(seq),
  };
}

/** Whether an entry reports success or failure (a request's is its exchange's: see linkedFacts). */
function outcomeOf(event: LogEvent): EntryFacts['outcome'] {
  switch (event.kind) {
    case 'rpc-in':
    case 'rpc-out': {
      const message = event.message;
      if (typeof message.method === 'string') return undefined;
      const result = message.result;
      const isToolError = typeof result === 'object' && result !== null && 'isError' in result && result.isError === true;
      return message.error !== undefined || isToolError ? 'error' : 'ok';
    }
    case 'http':
      return event.error !== undefined || (event.status ?? 0) >= 400 ? 'error' : 'ok';
    case 'call-end':
      return event.outcome === 'result' && event.result?.isError !== true ? 'ok' : 'error';
    case 'sdk-error':
    case 'proxy-error':
      return 'error';
    case 'oauth':
      return event.step === 'failed' ? 'error' : 'ok';
    case 'finding':
      return event.severity === 'error' ? 'error' : undefined;
    default:
      return undefined;
  }
}

function directionOf(event: LogEvent): 'out' | 'in' | undefined {
  if (event.kind === 'rpc-out' || event.kind === 'http') return 'out';
  if (event.kind === 'rpc-in' || event.kind === 'stderr' || event.kind === 'stdout') return 'in';
  return undefined;
}
