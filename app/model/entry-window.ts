/**
 * A big session's log as the page holds it (a recorded one, or a live one past
 * WINDOWED_MIN_ENTRIES, whose count grows as entries arrive): the count, and only the
 * rows asked for (those around the viewport, with some ahead), fetched from the proxy
 * by seq. Filters run in the proxy over the whole session. No React in here: the list
 * reads it through subscribe/getVersion.
 */
import { NO_FILTER, type LogFilter } from '@wire/entry-filter';
import type { LogEvent } from '@wire/events';
import { WINDOWED_MIN_ENTRIES } from '@wire/limits';
import type { RpcPair } from '@wire/log-index';
import { MAX_ROWS_PER_READ, QueryResultSchemas, type EntryRow, type QueryResults, type SkippedNote } from '@wire/queries';

/** How the window reaches the proxy (the page's connection; a test's fake). */
export type WindowQueries = {
  read(params: { fromSeq?: number; toSeq?: number; seqs?: number[] }): Promise<unknown>;
  find(filter: LogFilter, offset: number): Promise<unknown>;
  /** The calls' outlines, newest first from the `offset`-th (a page of MAX_CALLS_PER_LIST). */
  calls(offset: number): Promise<unknown>;
};

/** Rows kept in the page, as many as a session it holds whole; past this the ones furthest from the last asked-for go. */
export const MAX_ROWS_KEPT = WINDOWED_MIN_ENTRIES;
/** While the proxy is still correlating, rows shown without their pairs are asked for again after this long. */
const RECHECK_MS = 400;
/** A call's story shown whole up to this many entries; a longer one says so and the list has the rest. */
export const MAX_STORY_ROWS = 2000;

export class EntryWindow {
  private readonly rows = new Map<number, EntryRow>();
  private readonly inFlight = new Set<number>();
  private readonly uncorrelated = new Set<number>();
  private readonly listeners = new Set<() => void>();
  private version = 0;
  private recheck: ReturnType<typeof setTimeout> | undefined;
  private lastAsked = 1;
  /** Whatever went wrong reading, for the list to say instead of leaving rows as placeholders forever. */
  problem: string | undefined;
  skipped: SkippedNote = { count: 0, notes: [] };

  constructor(
    private readonly queries: WindowQueries,
    public total: number,
    readonly methods: readonly string[],
  ) {}

  /** How many rows the page holds now (at most MAX_ROWS_KEPT, and those read since). */
  get heldRows(): number {
    return this.rows.size;
  }

  row(seq: number): EntryRow | undefined {
    return this.rows.get(seq);
  }

  pairOf = (seq: number): RpcPair | undefined => this.rows.get(seq)?.pair;
  callOf = (seq: number): string | undefined => this.rows.get(seq)?.callId;
  flowOf = (seq: number): string | undefined => this.rows.get(seq)?.flowKey;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getVersion = (): number => this.version;

  /** Make sure these rows are here or on their way; missing ones are fetched in reads of at most MAX_ROWS_PER_READ. */
  ensure(seqs: readonly number[]): void {
    const missing = seqs.filter((seq) => seq >= 1 && seq <= this.total && !this.rows.has(seq) && !this.inFlight.has(seq));
    this.lastAsked = seqs[0] ?? this.lastAsked;
    for (let i = 0; i < missing.length; i += MAX_ROWS_PER_READ) void this.fetch(missing.slice(i, i + MAX_ROWS_PER_READ));
  }

  /**
   * Every seq a filter keeps over the whole session, asked a page of MAX_SEQS_PER_FIND at a time
   * (`limit`: stop once that many are in). A live session may gain matches between two pages: they
   * come after the ones already read, so the pages still join up, and the last one says the total.
   */
  async find(filter: LogFilter, limit = Infinity): Promise<QueryResults['find-entries']> {
    const first = QueryResultSchemas['find-entries'].parse(await this.queries.find(filter, 0));
    const seqs = first.seqs;
    let last = first;
    while (seqs.length < Math.min(last.total, limit) && last.seqs.length > 0) {
      last = QueryResultSchemas['find-entries'].parse(await this.queries.find(filter, seqs.length));
      // A loop, not push(...page): 200,000 arguments overflow the stack.
      for (const seq of last.seqs) seqs.push(seq);
    }
    return { ...last, offset: 0, seqs, total: Math.max(last.total, seqs.length) };
  }

  /** A page of the calls' outlines (list-calls); throws when the answer is not one the page can read. */
  async listCalls(offset: number): Promise<QueryResults['list-calls']> {
    return QueryResultSchemas['list-calls'].parse(await this.queries.calls(offset));
  }

  /** One call's story, its first MAX_STORY_ROWS entries with their pairs, and how many it has in all. */
  async storyOfCall(callId: string): Promise<{ rows: EntryRow[]; total: number }> {
    const found = await this.find({ ...NO_FILTER, story: { kind: 'call', id: callId } }, MAX_STORY_ROWS);
    const seqs = found.seqs.slice(0, MAX_STORY_ROWS);
    const rows: EntryRow[] = [];
    for (let i = 0; i < seqs.length; i += MAX_ROWS_PER_READ) {
      const answer = QueryResultSchemas['read-entries'].parse(await this.queries.read({ seqs: seqs.slice(i, i + MAX_ROWS_PER_READ) }));
      rows.push(...answer.rows);
    }
    return { rows, total: found.total };
  }

  /** Whole rows for an export: these seqs (null: every entry), read a window at a time. */
  async rowsOf(seqs: readonly number[] | null): Promise<LogEvent[]> {
    const out: LogEvent[] = [];
    const total = seqs ? seqs.length : this.total;
    for (let i = 0; i < total; i += MAX_ROWS_PER_READ) {
      const slice = seqs ? { seqs: seqs.slice(i, i + MAX_ROWS_PER_READ) } : { fromSeq: i + 1, toSeq: Math.min(total, i + MAX_ROWS_PER_READ) };
      const answer = QueryResultSchemas['read-entries'].parse(await this.queries.read(slice));
      for (const row of answer.rows) out.push(row.event);
    }
    return out;
  }

  private async fetch(seqs: number[]): Promise<void> {
    for (const seq of seqs) this.inFlight.add(seq);
    const first = seqs[0] ?? 1;
    const last = seqs[seqs.length - 1] ?? first;
    const isRange = seqs.length > 1 && last - first === seqs.length - 1;
    try {
      const raw = await this.queries.read(isRange ? { fromSeq: first, toSeq: last } : { seqs });
      const answer = QueryResultSchemas['read-entries'].safeParse(raw);
      if (!answer.success) throw new Error('the inspector sent rows the page cannot read');
      this.total = Math.max(this.total, answer.data.lastSeq);
      this.skipped = answer.data.skipped;
      for (const row of answer.data.rows) {
        this.rows.set(row.event.seq, row);
        if (answer.data.isCorrelated) this.uncorrelated.delete(row.event.seq);
        else this.uncorrelated.add(row.event.seq);
      }
      this.trim();
      if (this.uncorrelated.size) this.scheduleRecheck();
    } catch (error) {
      this.problem = `Could not read entries ${first}-${last}: ${error instanceof Error ? error.message : String(error)}`;
    } finally {
      for (const seq of seqs) this.inFlight.delete(seq);
      this.changed();
    }
  }

  /** Rows read before the proxy had correlated them lack their pairs: read them again once it may have. */
  private scheduleRecheck(): void {
    if (this.recheck !== undefined) return;
    this.recheck = setTimeout(() => {
      this.recheck = undefined;
      // Read again in place: the rows stay on screen until their pairs come (a live session's newest rows do this often).
      const near = [...this.uncorrelated].filter((seq) => !this.inFlight.has(seq)).sort((a, b) => Math.abs(a - this.lastAsked) - Math.abs(b - this.lastAsked));
      const seqs = near.slice(0, MAX_ROWS_PER_READ).sort((a, b) => a - b);
      if (seqs.length) void this.fetch(seqs);
    }, RECHECK_MS);
  }

  private trim(): void {
    if (this.rows.size <= MAX_ROWS_KEPT) return;
    const far = [...this.rows.keys()].sort((a, b) => Math.abs(b - this.lastAsked) - Math.abs(a - this.lastAsked));
    for (const seq of far.slice(0, this.rows.size - MAX_ROWS_KEPT / 2)) {
      this.rows.delete(seq);
      this.uncorrelated.delete(seq);
    }
  }

  private changed(): void {
    this.version++;
    for (const listener of this.listeners) listener();
  }
}
