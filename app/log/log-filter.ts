import type { LogEvent, LogEventKind } from '@wire/events';
import type { LogIndex } from '@app/model/log-index';
import type { StoryIndex } from '@app/model/story-index';
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

/** One story: a tool call's entries, or one elicitation's. */
export type StoryRef = { kind: 'call' | 'flow'; id: string };

export type LogFilter = {
  group: KindGroup;
  direction: 'both' | 'out' | 'in';
  /** A JSON-RPC method; '' for any. Responses count as their request's method. */
  method: string;
  text: string;
  story?: StoryRef;
};

export const NO_FILTER: LogFilter = { group: 'all', direction: 'both', method: '', text: '' };

export function isFiltering(filter: LogFilter): boolean {
  return filter.group !== 'all' || filter.direction !== 'both' || filter.method !== '' || filter.text.trim() !== '' || filter.story !== undefined;
}

/**
 * Seqs of the events that pass the filter, in order. The search text is a query
 * (`log-query.ts`): its words are looked for in each event's whole JSON.
 */
export function filterEvents(events: readonly LogEvent[], filter: LogFilter, index: LogIndex, story?: StoryIndex): number[] {
  const kinds = KIND_GROUPS.find((g) => g.value === filter.group)?.kinds;
  const kindSet = kinds ? new Set<string>(kinds) : undefined;
  const query = parseLogQuery(filter.text);
  const candidates =
    filter.story && story ? (filter.story.kind === 'call' ? story.storyOfCall(filter.story.id) : story.storyOfFlow(filter.story.id)) : undefined;
  const out: number[] = [];
  const consider = (event: LogEvent) => {
    if (kindSet && !kindSet.has(event.kind)) return;
    if (filter.direction !== 'both' && directionOf(event) !== filter.direction) return;
    if (filter.method && methodOf(event, index) !== filter.method) return;
    if (query.terms.length > 0 && !matchesQuery(query, factsOf(event, events, index, story))) return;
    out.push(event.seq);
  };
  if (candidates) {
    for (const seq of candidates) if (events[seq - 1]) consider(events[seq - 1]);
  } else {
    for (const event of events) consider(event);
  }
  return out;
}

function factsOf(event: LogEvent, events: readonly LogEvent[], index: LogIndex, story: StoryIndex | undefined): EntryFacts {
  const pair = event.kind === 'rpc-in' || event.kind === 'rpc-out' ? index.pairOf(event.seq) : undefined;
  return {
    kind: event.kind,
    method: methodOf(event, index),
    direction: directionOf(event),
    outcome: outcomeOf(event, pair),
    httpStatus: event.kind === 'http' ? event.status : undefined,
    latencyMs: event.kind === 'http' ? event.durationMs : pair?.latencyMs,
    callId: story?.callOf(event.seq) ?? pair?.callId ?? ('callId' in event ? event.callId : undefined),
    text: () => index.textOf(events, event.seq),
  };
}

/** Whether an entry reports success or failure; a request stands for its exchange. */
function outcomeOf(event: LogEvent, pair: ReturnType<LogIndex['pairOf']>): EntryFacts['outcome'] {
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

function methodOf(event: LogEvent, index: LogIndex): string | undefined {
  if (event.kind !== 'rpc-in' && event.kind !== 'rpc-out') return undefined;
  return typeof event.message.method === 'string' ? event.message.method : index.pairOf(event.seq)?.method;
}

function directionOf(event: LogEvent): 'out' | 'in' | undefined {
  if (event.kind === 'rpc-out' || event.kind === 'http') return 'out';
  if (event.kind === 'rpc-in' || event.kind === 'stderr' || event.kind === 'stdout') return 'in';
  return undefined;
}
