/**
 * The log search's small filter syntax: free words plus `key:value` terms, all of which must
 * hold. `-` before a term negates it; double quotes keep spaces (and colons) in one value.
 * Pure: the facts of an entry are handed in, so it is tested without a session.
 */
import type { LogEventKind } from './events';

export const QUERY_KEYS = ['method', 'kind', 'dir', 'status', 'latency', 'call'] as const;
export type QueryKey = (typeof QUERY_KEYS)[number];

const EVENT_KINDS = [
  'session-state',
  'rpc-out',
  'rpc-in',
  'http',
  'stderr',
  'stdout',
  'tools',
  'call-start',
  'call-round',
  'call-timer',
  'call-end',
  'elicitation',
  'elicitation-end',
  'url-complete',
  'action',
  'rule-match',
  'finding',
  'sdk-error',
  'proxy-error',
  'oauth',
  'task-status',
  'tap-hold',
] as const satisfies readonly LogEventKind[];
// Fails to compile when the wire gains a kind this list lacks.
const EVERY_KIND_LISTED: Exclude<LogEventKind, (typeof EVENT_KINDS)[number]> extends never ? true : false = true;
void EVERY_KIND_LISTED;

/** Names that stand for several kinds, beside the kinds themselves. */
const KIND_ALIASES: Record<string, readonly string[]> = {
  rpc: ['rpc-in', 'rpc-out'],
  call: ['call-start', 'call-round', 'call-timer', 'call-end'],
  error: ['sdk-error', 'proxy-error'],
};

const STATUS_WORDS = ['ok', 'error', 'pending'] as const;

type Comparison = '<' | '<=' | '>' | '>=' | '=';

export type QueryTerm = { isNegated: boolean } & (
  | { key: 'text'; text: string }
  | { key: 'method' | 'call'; value: string }
  | { key: 'kind'; kinds: readonly string[] }
  | { key: 'dir'; direction: 'in' | 'out' }
  | { key: 'status'; status: (typeof STATUS_WORDS)[number] | number }
  | { key: 'latency'; comparison: Comparison; ms: number }
);

export type QueryProblem = { term: string; message: string };
export type LogQuery = { terms: QueryTerm[]; problems: QueryProblem[] };

/** What the matcher needs to know about one entry. */
export type EntryFacts = {
  kind: string;
  method?: string;
  direction?: 'in' | 'out';
  /** `pending`: a request with no response yet. */
  outcome?: 'ok' | 'error' | 'pending';
  httpStatus?: number;
  latencyMs?: number;
  callId?: string;
  /** Lower-cased searchable text, asked for only when a word must be matched. */
  text: () => string;
};

/** Splits on spaces outside double quotes; quotes stay in the token so a quoted term can be told apart. */
function tokenize(input: string): string[] {
  return input.match(/(?:"[^"]*"?|[^\s"]+)+/g) ?? [];
}

function unquote(value: string): string {
  return value.replace(/"/g, '');
}

export function parseLogQuery(input: string): LogQuery {
  const terms: QueryTerm[] = [];
  const problems: QueryProblem[] = [];
  for (const token of tokenize(input)) {
    const isNegated = token.length > 1 && token.startsWith('-');
    const body = isNegated ? token.slice(1) : token;
    const field = /^([A-Za-z]+):(.+)$/.exec(body);
    const [, name = '', rawValue = ''] = field ?? [];
    // `https://…` and `"a":"b"` are text people search for, not filters.
    if (!field || rawValue.startsWith('//')) {
      const text = (/^"[^"]*"$/.test(body) ? body.slice(1, -1) : body).toLowerCase();
      if (text) terms.push({ key: 'text', text, isNegated });
      continue;
    }
    const key = name.toLowerCase();
    const value = unquote(rawValue);
    const term = parseField(key, value, isNegated);
    if (typeof term === 'string') problems.push({ term: token, message: term });
    else terms.push(term);
  }
  return { terms, problems };
}

function isQueryKey(key: string): key is QueryKey {
  return (QUERY_KEYS as readonly string[]).includes(key);
}

/** A term, or the problem with it in words. */
function parseField(key: string, value: string, isNegated: boolean): QueryTerm | string {
  if (!isQueryKey(key))
    return `Unknown filter "${key}:". Filters are ${QUERY_KEYS.map((k) => `${k}:`).join(', ')}; put a term in quotes to search for it as text.`;
  switch (key) {
    case 'method':
    case 'call':
      return { key, value, isNegated };
    case 'kind': {
      const name = value.toLowerCase();
      const kinds = KIND_ALIASES[name] ?? ((EVENT_KINDS as readonly string[]).includes(name) ? [name] : undefined);
      return kinds ? { key, kinds, isNegated } : `Unknown kind "${value}". Kinds: ${[...EVENT_KINDS, ...Object.keys(KIND_ALIASES)].join(', ')}.`;
    }
    case 'dir': {
      const direction = value.toLowerCase();
      return direction === 'in' || direction === 'out' ? { key, direction, isNegated } : `dir: takes in or out, not "${value}".`;
    }
    case 'status': {
      const word = value.toLowerCase();
      if (/^\d{3}$/.test(word)) return { key, status: Number(word), isNegated };
      const status = STATUS_WORDS.find((s) => s === word);
      return status ? { key, status, isNegated } : `status: takes ok, error, pending or an HTTP status such as 404, not "${value}".`;
    }
    case 'latency': {
      const match = /^(<=|>=|<|>|=)?(\d+(?:\.\d+)?)(ms)?$/.exec(value.trim());
      if (!match) return `latency: takes milliseconds with an optional comparison, such as latency:>500, not "${value}".`;
      const comparison: Comparison = match[1] === '<' || match[1] === '<=' || match[1] === '>' || match[1] === '>=' ? match[1] : '=';
      return { key, comparison, ms: Number(match[2]), isNegated };
    }
  }
}

export function matchesQuery(query: LogQuery, facts: EntryFacts): boolean {
  return query.terms.every((term) => holds(term, facts) !== term.isNegated);
}

function holds(term: QueryTerm, facts: EntryFacts): boolean {
  switch (term.key) {
    case 'text':
      return facts.text().includes(term.text);
    case 'method':
      return facts.method !== undefined && facts.method.toLowerCase() === term.value.toLowerCase();
    case 'call':
      return facts.callId !== undefined && facts.callId.toLowerCase() === term.value.toLowerCase();
    case 'kind':
      return term.kinds.includes(facts.kind);
    case 'dir':
      return facts.direction === term.direction;
    case 'status':
      return typeof term.status === 'number' ? facts.httpStatus === term.status : facts.outcome === term.status;
    case 'latency':
      return facts.latencyMs !== undefined && compare(facts.latencyMs, term.comparison, term.ms);
  }
}

function compare(actual: number, comparison: Comparison, expected: number): boolean {
  switch (comparison) {
    case '<':
      return actual < expected;
    case '<=':
      return actual <= expected;
    case '>':
      return actual > expected;
    case '>=':
      return actual >= expected;
    case '=':
      return Math.round(actual) === expected;
  }
}
