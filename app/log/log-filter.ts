import type { LogEvent, LogEventKind } from '@wire/events';
import type { LogIndex } from '@app/model/log-index';
import type { StoryIndex } from '@app/model/story-index';

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

/** Seqs of the events that pass the filter, in order. Text search looks through each event's whole JSON. */
export function filterEvents(events: readonly LogEvent[], filter: LogFilter, index: LogIndex, story?: StoryIndex): number[] {
  const kinds = KIND_GROUPS.find((g) => g.value === filter.group)?.kinds;
  const kindSet = kinds ? new Set<string>(kinds) : undefined;
  const needle = filter.text.trim().toLowerCase();
  const candidates =
    filter.story && story ? (filter.story.kind === 'call' ? story.storyOfCall(filter.story.id) : story.storyOfFlow(filter.story.id)) : undefined;
  const out: number[] = [];
  const consider = (event: LogEvent) => {
    if (kindSet && !kindSet.has(event.kind)) return;
    if (filter.direction !== 'both' && directionOf(event) !== filter.direction) return;
    if (filter.method && methodOf(event, index) !== filter.method) return;
    if (needle && !index.textOf(events, event.seq).includes(needle)) return;
    out.push(event.seq);
  };
  if (candidates) {
    for (const seq of candidates) if (events[seq - 1]) consider(events[seq - 1]);
  } else {
    for (const event of events) consider(event);
  }
  return out;
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
