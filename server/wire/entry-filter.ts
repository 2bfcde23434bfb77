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
  const kinds = KIND_GROUPS.find((g) => g.value === filter.group)?.kinds;
  const kindSet = kinds ? new Set<string>(kinds) : undefined;
  const query = parseLogQuery(filter.text);
  return (event, lookups) => {
    if (kindSet && !kindSet.has(event.kind)) return false;
    if (filter.direction !== 'both' && directionOf(event) !== filter.direction) return false;
    if (filter.method && methodOf(event, lookups) !== filter.method) return false;
    return query.terms.length === 0 || matchesQuery(query, factsOf(event, lookups));
  };
}

function factsOf(event: LogEvent, lookups: EntryLookups): EntryFacts {
  const pair = event.kind === 'rpc-in' || event.kind === 'rpc-out' ? lookups.pairOf(event.seq) : undefined;
  return {
    kind: event.kind,
    method: methodOf(event, lookups),
    direction: directionOf(event),
    outcome: outcomeOf(event, pair),
    httpStatus: event.kind === 'http' ? event.status : undefined,
    latencyMs: event.kind === 'http' ? event.durationMs : pair?.latencyMs,
    callId: lookups.callOf(event.seq) ?? pair?.callId ?? ('callId' in event ? event.callId : undefined),
    text: () => lookups.textOf(event.seq),
  };
}

/** Whether an entry reports success or failure; a request stands for its exchange. */
function outcomeOf(event: LogEvent, pair: RpcPair | undefined): EntryFacts['outcome'] {
  switch (event.kind) {
    case 'rpc-in':
    case 'rpc-out': {
      const message = event.message;
      if (typeof message.method === 'string') {
        // A request reads as its exchange while unanswered: pending, or an error once it ended without a response.
        if (message.id === undefined || pair?.responseSeq !== undefined) return undefined;
        return pair?.ended ? 'error' : 'pending';
      }
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

function methodOf(event: LogEvent, lookups: EntryLookups): string | undefined {
  if (event.kind !== 'rpc-in' && event.kind !== 'rpc-out') return undefined;
  return typeof event.message.method === 'string' ? event.message.method : lookups.pairOf(event.seq)?.method;
}

function directionOf(event: LogEvent): 'out' | 'in' | undefined {
  if (event.kind === 'rpc-out' || event.kind === 'http') return 'out';
  if (event.kind === 'rpc-in' || event.kind === 'stderr' || event.kind === 'stdout') return 'in';
  return undefined;
}
