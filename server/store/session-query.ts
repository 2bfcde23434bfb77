/**
 * Answers a page's questions about one session file without sending it the log:
 * rows by seq, the outline, and the seqs a filter keeps. Rows come through the
 * index by seq (seq-index.ts). Correlation (which response answers which request,
 * which call an entry belongs to) is worked out once, by a pass over the file in
 * slices that yield to other work, with the same indexes the page builds; filters
 * run the page's own predicate (wire/entry-filter.ts) and their results are kept.
 */
import type { LogEvent, LogEventKind } from '../wire/events';
import { entryPredicate, KIND_GROUPS, type LogFilter } from '../wire/entry-filter';
import { LogIndex } from '../wire/log-index';
import { parseLogQuery } from '../wire/log-query';
import {
  MAX_CALLS_PER_LIST,
  MAX_OUTLINE_PER_CALL,
  MAX_ROWS_PER_READ,
  MAX_SEQS_PER_FIND,
  type EntryRow,
  type QueryResults,
  type SkippedNote,
} from '../wire/queries';
import { StoryIndex } from '../wire/story-index';
import { SeqIndex } from './seq-index';

const OUTLINE_PREFIXES = ['{"kind":"session-state"', '{"kind":"tools"'];
/** Entries correlated per slice before yielding: about 10 ms of work on a slow machine. */
const SLICE_ENTRIES = 2000;
/** Filter results kept per session, most recent first. */
const CACHED_FILTERS = 16;
/** The outline keeps the first and the last of these; a session that reconnects a thousand times needs neither all. */
const OUTLINE_ENDS = 50;
/** What a call's outline keeps of its story: enough for the calls list and the elicitation panels, none of its messages. */
const CALL_OUTLINE_KINDS: ReadonlySet<string> = new Set<LogEventKind>(['call-start', 'call-round', 'call-end', 'elicitation']);
const FLOW_OUTLINE_KINDS: ReadonlySet<string> = new Set<LogEventKind>(['elicitation-end', 'action', 'url-complete', 'rule-match']);

type Found = { lastSeq: number; seqs: number[] };

/** Index a session file just written whole (an import) and save the index beside it, so its first open reads no line. */
export function indexSessionFile(filePath: string): void {
  new SeqIndex(filePath, OUTLINE_PREFIXES).refresh();
}

export class SessionQuery {
  private readonly index: SeqIndex;
  private readonly pairs = new LogIndex();
  private readonly story = new StoryIndex();
  /** The kind of each correlated entry, by seq - 1, so a kind filter skips lines without decoding them. */
  private kinds: (LogEventKind | undefined)[] = [];
  private correlatedSeq = 0;
  private correlating: Promise<void> | undefined;
  private readonly unreadable: SkippedNote = { count: 0, notes: [] };
  private readonly notedSeqs = new Set<number>();
  private readonly found = new Map<string, Found>();
  /** Every call-start, in seq order, with its call, as the correlating pass met them. */
  private readonly callStarts: { seq: number; callId: string }[] = [];

  constructor(filePath: string) {
    this.index = new SeqIndex(filePath, OUTLINE_PREFIXES);
  }

  /** Index what the file gained since the last question (a live session's file grows). */
  refresh(): number {
    return this.index.refresh();
  }

  get isCorrelated(): boolean {
    return this.correlatedSeq >= this.index.lastSeq;
  }

  open(): QueryResults['open-entries'] {
    const lastSeq = this.refresh();
    void this.correlate();
    const marked = this.index.marked;
    const seqs = marked.length > OUTLINE_ENDS * 2 ? [...marked.slice(0, OUTLINE_ENDS), ...marked.slice(-OUTLINE_ENDS)] : marked;
    const outline = this.parsed(this.index.readSeqs(seqs));
    return { lastSeq, outline, methods: [...this.pairs.methods], isCorrelated: this.isCorrelated, skipped: this.skipped() };
  }

  read(range: { fromSeq?: number; toSeq?: number; seqs?: number[] }): QueryResults['read-entries'] {
    const lastSeq = this.refresh();
    void this.correlate();
    let stored;
    if (range.seqs) stored = this.index.readSeqs(range.seqs.slice(0, MAX_ROWS_PER_READ));
    else {
      const from = range.fromSeq ?? 1;
      stored = this.index.readRange(from, Math.min(range.toSeq ?? lastSeq, from + MAX_ROWS_PER_READ - 1));
    }
    const rows: EntryRow[] = this.parsed(stored).map((event) => {
      const pair = this.pairs.pairOf(event.seq);
      const callId = this.story.callOf(event.seq);
      const flowKey = this.story.flowOf(event.seq);
      return { event, ...(pair && { pair }), ...(callId && { callId }), ...(flowKey && { flowKey }) };
    });
    return { lastSeq, rows, isCorrelated: this.isCorrelated, skipped: this.skipped() };
  }

  /** The seqs a filter keeps, over every entry; waits for correlation, which filters on method, status or call need. */
  async find(filter: LogFilter, offset = 0): Promise<QueryResults['find-entries']> {
    this.refresh();
    await this.correlate();
    const key = JSON.stringify(filter);
    let found = this.found.get(key);
    if (!found || found.lastSeq !== this.correlatedSeq) {
      found = { lastSeq: this.correlatedSeq, seqs: await this.scan(filter) };
      this.found.delete(key);
      this.found.set(key, found);
      if (this.found.size > CACHED_FILTERS) this.found.delete(this.found.keys().next().value ?? '');
    } else {
      // Most recently used last, so the oldest is the one let go.
      this.found.delete(key);
      this.found.set(key, found);
    }
    const seqs = found.seqs.slice(offset, offset + MAX_SEQS_PER_FIND);
    return { lastSeq: found.lastSeq, total: found.seqs.length, offset, seqs, skipped: this.skipped() };
  }

  /**
   * The calls, newest first from the `offset`-th, as outlines built from the links the correlating pass made:
   * only the outline's lines are read, whatever the session's size.
   */
  async calls(offset = 0): Promise<QueryResults['list-calls']> {
    this.refresh();
    await this.correlate();
    const total = this.callStarts.length;
    const end = Math.max(0, total - offset);
    const page = this.callStarts.slice(Math.max(0, end - MAX_CALLS_PER_LIST), end);
    const seqs = page.flatMap(({ callId }) => this.outlineOfCall(callId)).sort((a, b) => a - b);
    const outline = this.parsed(this.index.readSeqs(seqs));
    return { lastSeq: this.correlatedSeq, total, offset, count: page.length, outline, skipped: this.skipped() };
  }

  private outlineOfCall(callId: string): number[] {
    const own = this.story.storyOfCall(callId).filter((seq) => CALL_OUTLINE_KINDS.has(this.kinds[seq - 1] ?? ''));
    const answers = own.flatMap((seq) => {
      const key = this.kinds[seq - 1] === 'elicitation' ? this.story.flowOf(seq) : undefined;
      return key ? this.story.storyOfFlow(key).filter((s) => FLOW_OUTLINE_KINDS.has(this.kinds[s - 1] ?? '')) : [];
    });
    const all = [...own, ...answers].sort((a, b) => a - b);
    if (all.length <= MAX_OUTLINE_PER_CALL) return all;
    // The start and the first steps, and the end: what the list shows of a call.
    const endSeq = own.find((seq) => this.kinds[seq - 1] === 'call-end');
    const kept = all.slice(0, MAX_OUTLINE_PER_CALL - 1);
    return endSeq !== undefined && !kept.includes(endSeq) ? [...kept, endSeq] : kept;
  }

  /** Work out pairs and stories for every entry not yet seen, a slice at a time. */
  correlate(): Promise<void> {
    this.correlating ??= (async () => {
      try {
        this.refresh();
        while (this.correlatedSeq < this.index.lastSeq) {
          const to = Math.min(this.index.lastSeq, this.correlatedSeq + SLICE_ENTRIES);
          for (const event of this.parsed(this.index.readRange(this.correlatedSeq + 1, to))) {
            try {
              this.pairs.add(event);
              this.story.add(event);
              this.kinds[event.seq - 1] = event.kind;
              if (event.kind === 'call-start') this.callStarts.push({ seq: event.seq, callId: event.callId });
            } catch (error) {
              // A line that parses but is not the entry it claims to be (hand-edited, say): it keeps its row, without correlation.
              this.note(event.seq, `could not be correlated (${error instanceof Error ? error.message : String(error)})`);
            }
          }
          this.correlatedSeq = to;
          await new Promise((resolve) => setImmediate(resolve));
          this.refresh();
        }
      } finally {
        this.correlating = undefined;
      }
    })();
    return this.correlating;
  }

  private async scan(filter: LogFilter): Promise<number[]> {
    const matches = entryPredicate(filter);
    const kinds = KIND_GROUPS.find((g) => g.value === filter.group)?.kinds;
    const kindSet = kinds ? new Set<string>(kinds) : undefined;
    // Words that must be in an entry are looked for in its line before the line is decoded, and kinds it must be
    // checked against the pass's record: most lines fail there, unparsed.
    const { terms } = parseLogQuery(filter.text);
    const kindTerms = terms.flatMap((term) => (term.key === 'kind' ? [term] : []));
    const words = terms.flatMap((term) => (term.key === 'text' && !term.isNegated ? [term.text] : [])).filter((word) => !/[\\"\u0080-\uffff]/.test(word)); // escapes and non-ASCII may be written differently in the file
    let text = '';
    const lookups = {
      pairOf: (seq: number) => this.pairs.pairOf(seq),
      callOf: (seq: number) => this.story.callOf(seq),
      textOf: (seq: number) =>
        text ||
        this.index
          .readSeqs([seq])
          .map((e) => e.json.toLowerCase())
          .join(''),
    };
    const kindHolds = (kind: string) => (!kindSet || kindSet.has(kind)) && kindTerms.every((term) => term.kinds.includes(kind) !== term.isNegated);
    const candidates = filter.story
      ? filter.story.kind === 'call'
        ? this.story.storyOfCall(filter.story.id)
        : this.story.storyOfFlow(filter.story.id)
      : kindSet || kindTerms.length
        ? // Only the lines of the kinds asked for are read at all.
          this.kinds.flatMap((kind, i) => (kind === undefined || kindHolds(kind) ? [i + 1] : []))
        : undefined;
    const out: number[] = [];
    const last = this.correlatedSeq;
    const consider = (seq: number, json: string) => {
      const kind = this.kinds[seq - 1];
      if (kind !== undefined && !kindHolds(kind)) return;
      text = words.length || terms.some((term) => term.key === 'text') ? json.toLowerCase() : '';
      if (!words.every((word) => text.includes(word))) return;
      const event = this.parseOne(seq, json, false);
      if (event && matches(event, lookups)) out.push(seq);
    };
    if (candidates) {
      for (let i = 0; i < candidates.length; i += 20 * MAX_ROWS_PER_READ)
        for (const { seq, json } of this.index.readSeqs(candidates.slice(i, i + 20 * MAX_ROWS_PER_READ))) consider(seq, json);
      return out;
    }
    for (let from = 1; from <= last; from += SLICE_ENTRIES * 5) {
      for (const { seq, json } of this.index.readRange(from, Math.min(last, from + SLICE_ENTRIES * 5 - 1))) consider(seq, json);
      // A scan of a million entries yields now and then, so the proxy keeps serving pages and sessions.
      if (from + SLICE_ENTRIES * 5 <= last) await new Promise((resolve) => setImmediate(resolve));
    }
    return out;
  }

  private parsed(stored: { seq: number; json: string }[]): LogEvent[] {
    return stored.flatMap(({ seq, json }) => this.parseOne(seq, json, true) ?? []);
  }

  private parseOne(seq: number, json: string, isNoted: boolean): LogEvent | undefined {
    let raw: unknown;
    try {
      raw = JSON.parse(json);
    } catch (error) {
      if (isNoted) this.note(seq, `not JSON (${error instanceof Error ? error.message : String(error)})`);
      return undefined;
    }
    if (!isEntry(raw)) {
      if (isNoted) this.note(seq, 'not a log entry');
      return undefined;
    }
    return raw;
  }

  private note(seq: number, reason: string): void {
    if (this.notedSeqs.has(seq)) return; // read again for another window: counted once
    this.notedSeqs.add(seq);
    this.unreadable.count++;
    if (this.unreadable.notes.length < 20) this.unreadable.notes.push({ seq, reason });
  }

  private skipped(): SkippedNote {
    const fromIndex = this.index.skipped;
    return { count: fromIndex.count + this.unreadable.count, notes: [...fromIndex.notes, ...this.unreadable.notes].slice(0, 20) };
  }
}

/**
 * The shape every stored line has. The file was written by this proxy, or checked
 * line by line on import, so the full schema (some 20 µs a line) is not run again:
 * what the indexes read of an entry is guarded where they read it.
 */
function isEntry(raw: unknown): raw is LogEvent {
  return typeof raw === 'object' && raw !== null && 'kind' in raw && typeof raw.kind === 'string' && 'seq' in raw && typeof raw.seq === 'number';
}
