import type { LogEvent, LogEventKind } from '@wire/events';
import type { LogIndex } from '@app/model/log-index';

export type KindGroup = 'all' | 'rpc' | 'elicitation' | 'http' | 'stderr' | 'problems' | 'lifecycle';

export const KIND_GROUPS: { value: KindGroup; label: string; kinds?: LogEventKind[] }[] = [
  { value: 'all', label: 'Everything' },
  { value: 'rpc', label: 'JSON-RPC', kinds: ['rpc-in', 'rpc-out'] },
  { value: 'elicitation', label: 'Elicitations & actions', kinds: ['elicitation', 'elicitation-end', 'url-complete', 'action'] },
  { value: 'http', label: 'HTTP', kinds: ['http'] },
  { value: 'stderr', label: 'Server stderr', kinds: ['stderr'] },
  { value: 'problems', label: 'Findings & errors', kinds: ['finding', 'sdk-error', 'proxy-error'] },
  { value: 'lifecycle', label: 'Calls & session', kinds: ['session-state', 'tools', 'call-start', 'call-round', 'call-timer', 'call-end'] },
];

export type LogFilter = { group: KindGroup; direction: 'both' | 'out' | 'in'; text: string };

export const NO_FILTER: LogFilter = { group: 'all', direction: 'both', text: '' };

export function isFiltering(filter: LogFilter): boolean {
  return filter.group !== 'all' || filter.direction !== 'both' || filter.text.trim() !== '';
}

/** Seqs of the events that pass the filter, in order. Text search looks through each event's whole JSON. */
export function filterEvents(events: readonly LogEvent[], filter: LogFilter, index: LogIndex): number[] {
  const kinds = KIND_GROUPS.find((g) => g.value === filter.group)?.kinds;
  const kindSet = kinds ? new Set<string>(kinds) : undefined;
  const needle = filter.text.trim().toLowerCase();
  const out: number[] = [];
  for (const event of events) {
    if (kindSet && !kindSet.has(event.kind)) continue;
    if (filter.direction !== 'both' && directionOf(event) !== filter.direction) continue;
    if (needle && !index.textOf(events, event.seq).includes(needle)) continue;
    out.push(event.seq);
  }
  return out;
}

function directionOf(event: LogEvent): 'out' | 'in' | undefined {
  if (event.kind === 'rpc-out' || event.kind === 'http') return 'out';
  if (event.kind === 'rpc-in' || event.kind === 'stderr') return 'in';
  return undefined;
}
