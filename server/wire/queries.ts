/**
 * Queries a page sends instead of taking a big session's whole log: its outline
 * and count, rows by seq, and the seqs a filter keeps. The proxy answers from the
 * session file through its index by seq (server/store/session-query.ts). Every
 * answer is bounded, whatever the session's size.
 */
import { z } from 'zod';
import { LogEventSchema, type LogEvent } from './events';
import { LogFilterSchema } from './entry-filter';
import type { RpcPair } from './log-index';

// The bounds live with the other budgets (zod-free, so the page's first script can read them).
import { MAX_CALLS_PER_LIST, MAX_OUTLINE_PER_CALL, MAX_ROWS_PER_READ, MAX_SEQS_PER_FIND, WINDOWED_MIN_ENTRIES } from './limits';

export { MAX_CALLS_PER_LIST, MAX_OUTLINE_PER_CALL, MAX_ROWS_PER_READ, MAX_SEQS_PER_FIND, WINDOWED_MIN_ENTRIES };

const SessionRef = { sessionId: z.string().min(1) };

/** The three query commands, for the ClientCommand union in commands.ts. */
export const QUERY_COMMANDS = [
  /** A session's count and outline (its session-state and tools entries), to open it without its log. */
  z.object({ type: z.literal('open-entries'), id: z.number(), params: z.object(SessionRef) }),
  /** Rows by seq: a range, or a list (a filter's matches); at most MAX_ROWS_PER_READ of them. */
  z.object({
    type: z.literal('read-entries'),
    id: z.number(),
    params: z.object({
      ...SessionRef,
      fromSeq: z.number().int().min(1).optional(),
      toSeq: z.number().int().min(1).optional(),
      seqs: z.array(z.number().int().min(1)).max(MAX_ROWS_PER_READ).optional(),
    }),
  }),
  /** The seqs of the entries a filter keeps, over the whole session, from the `offset`-th match on. */
  z.object({
    type: z.literal('find-entries'),
    id: z.number(),
    params: z.object({ ...SessionRef, filter: LogFilterSchema, offset: z.number().int().min(0).default(0) }),
  }),
  /**
   * The calls of the session, newest first from the `offset`-th: each call's outline (its start, rounds and end,
   * its elicitations and their answers), not its messages. A call's whole story is a `find-entries` by call.
   */
  z.object({
    type: z.literal('list-calls'),
    id: z.number(),
    params: z.object({ ...SessionRef, offset: z.number().int().min(0).default(0) }),
  }),
] as const;

/**
 * Lines of the file the proxy could not use, counted; the first few described: by
 * line number when the index could not place it, by seq when its entry could not be read.
 */
export type SkippedNote = { count: number; notes: { line?: number; seq?: number; reason: string }[] };

/** One row as the proxy knows it: the entry, and what correlating the whole session says about it. */
export type EntryRow = {
  event: LogEvent;
  /** Its request/response pair, for a JSON-RPC entry. */
  pair?: RpcPair;
  /** The tool call and the elicitation its story belongs to. */
  callId?: string;
  flowKey?: string;
};

export type QueryResults = {
  'open-entries': { lastSeq: number; outline: LogEvent[]; methods: string[]; isCorrelated: boolean; skipped: SkippedNote };
  /** `isCorrelated` false: pairs and stories are still being worked out; ask again for them. */
  'read-entries': { lastSeq: number; rows: EntryRow[]; isCorrelated: boolean; skipped: SkippedNote };
  'find-entries': { lastSeq: number; total: number; offset: number; seqs: number[]; skipped: SkippedNote };
  /** `total` calls in the session; `outline` holds the entries of calls `offset` to `offset + count - 1`, newest first, in seq order. */
  'list-calls': { lastSeq: number; total: number; offset: number; count: number; outline: LogEvent[]; skipped: SkippedNote };
};

const SkippedSchema = z.object({
  count: z.number(),
  notes: z.array(z.object({ line: z.number().optional(), seq: z.number().optional(), reason: z.string() })),
});
const PairSchema = z.object({
  requestSeq: z.number(),
  responseSeq: z.number().optional(),
  method: z.string(),
  direction: z.enum(['out', 'in']),
  latencyMs: z.number().optional(),
  ended: z.enum(['cancelled', 'timeout', 'session-closed', 'failed', 'fell-back']).optional(),
  failure: z.string().optional(),
  callId: z.string().optional(),
}) satisfies z.ZodType<RpcPair>;

/** The page checks answers as it checks pushes: what does not match is refused, never cast. */
export const QueryResultSchemas = {
  'open-entries': z.object({
    lastSeq: z.number(),
    outline: z.array(LogEventSchema),
    methods: z.array(z.string()),
    isCorrelated: z.boolean(),
    skipped: SkippedSchema,
  }),
  'read-entries': z.object({
    lastSeq: z.number(),
    rows: z.array(z.object({ event: LogEventSchema, pair: PairSchema.optional(), callId: z.string().optional(), flowKey: z.string().optional() })),
    isCorrelated: z.boolean(),
    skipped: SkippedSchema,
  }),
  'find-entries': z.object({ lastSeq: z.number(), total: z.number(), offset: z.number(), seqs: z.array(z.number()), skipped: SkippedSchema }),
  'list-calls': z.object({
    lastSeq: z.number(),
    total: z.number(),
    offset: z.number(),
    count: z.number(),
    outline: z.array(LogEventSchema),
    skipped: SkippedSchema,
  }),
} satisfies { [K in keyof QueryResults]: z.ZodType<unknown> };
