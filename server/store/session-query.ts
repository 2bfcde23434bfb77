/**
 * Answers a page's questions about one session file without sending it the log:
 * rows by seq, the outline, and the seqs a filter keeps. Rows come through the
 * index by seq (seq-index.ts). Correlation (which response answers which request,
 * which call an entry belongs to) is worked out once, by a pass over the file in
 * slices that yield to other work, with the same indexes the page builds, and kept
 * beside the file (session-links.ts), so it is not worked out again on the next
 * open. Filters run the page's own predicate (wire/entry-filter.ts) over each
 * entry's facts, kept in columns: no line is read unless a word must be found in it.
 */
import type { LogEvent, LogEventKind } from '../wire/events';
import { factsPredicate, linkedFacts, type EntryLookups, type LogFilter } from '../wire/entry-filter';
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
import { SeqIndex } from './seq-index';
import { SessionLinks } from './session-links';

const OUTLINE_PREFIXES = ['{"kind":"session-state"', '{"kind":"tools"'];
/** Entries correlated per slice before yielding: about 10 ms of work on a slow machine. */
const SLICE_ENTRIES = 2000;
/** Entries whose facts a filter tests before it yields. */
const FILTER_SLICE_ENTRIES = 100_000;
/** Filter results kept per session, most recent first. */
const CACHED_FILTERS = 16;
/** The outline keeps the first and the last of these; a session that reconnects a thousand times needs neither all. */
const OUTLINE_ENDS = 50;
/** Links are saved once the session has this many entries, and again when it has grown by half since: a live file is not rewritten at every entry. */
const SAVE_LINKS_MIN_ENTRIES = 5000;
/** What a call's outline keeps of its story: enough for the calls list and the elicitation panels, none of its messages. */
const CALL_OUTLINE_KINDS: ReadonlySet<string> = new Set<LogEventKind>(['call-start', 'call-round', 'call-end', 'elicitation']);
const FLOW_OUTLINE_KINDS: ReadonlySet<string> = new Set<LogEventKind>(['elicitation-end', 'action', 'url-complete', 'rule-match']);

type Found = { lastSeq: number; seqs: number[] };

/**
 * Index a session file just written whole (an import) and save the index, and the links made while its lines
 * were checked, beside it: its first open reads no line, and its first filter waits for no pass.
 */
export function prepareSessionFile(filePath: string, links: SessionLinks | undefined): void {
  const index = new SeqIndex(filePath, OUTLINE_PREFIXES);
  const lastSeq = index.refresh();
  if (links && lastSeq >= SAVE_LINKS_MIN_ENTRIES && links.lastSeq === lastSeq) links.save(filePath, index.bytesIndexed);
}

/**
 * Index and link a session file written live that has just closed, and save both beside it (each written
 * to a temporary name and renamed, as an import's are): its first open reads no line and waits for no pass.
 * The links are worked out a slice at a time, so a big session closing never holds the proxy for long.
 */
export async function prepareClosedSessionFile(filePath: string): Promise<void> {
  // After the close that asked for it has returned: the session's own closing work comes first.
  await new Promise((resolve) => setImmediate(resolve));
  await new SessionQuery(filePath).correlate();
}

export class SessionQuery {
  private readonly index: SeqIndex;
  private links = new SessionLinks();
  private hasLookedForLinks = false;
  private savedLinksSeq = 0;
  private correlating: Promise<void> | undefined;
  private readonly unreadable: SkippedNote = { count: 0, notes: [] };
  private readonly notedSeqs = new Set<number>();
  private readonly found = new Map<string, Found>();

  constructor(
    private readonly filePath: string,
    options: { saveMinEntries?: number; loadSliceEntries?: number } = {},
  ) {
    this.index = new SeqIndex(filePath, OUTLINE_PREFIXES, options);
    this.saveMinEntries = options.saveMinEntries ?? SAVE_LINKS_MIN_ENTRIES;
    this.loadSliceEntries = options.loadSliceEntries;
  }

  private readonly saveMinEntries: number;
  /** How many saved links are checked between two turns of the event loop (tests make it small). */
  private readonly loadSliceEntries: number | undefined;

  /** Index what the file gained since the last question (a live session's file grows). */
  refresh(): number {
    return this.index.refresh();
  }

  /** Bytes of the file the index has read by passes over it: none when its saved index covered the file. */
  get indexScannedBytes(): number {
    return this.index.scannedBytes;
  }

  /** Whether the links in use were read back from beside the file, rather than worked out by a pass. */
  get hasSavedLinks(): boolean {
    return !this.links.canExtend;
  }

  get isCorrelated(): boolean {
    return this.links.lastSeq >= this.index.lastSeq;
  }

  open(): QueryResults['open-entries'] {
    const lastSeq = this.refresh();
    void this.correlate();
    const marked = this.index.marked;
    const seqs = marked.length > OUTLINE_ENDS * 2 ? [...marked.slice(0, OUTLINE_ENDS), ...marked.slice(-OUTLINE_ENDS)] : marked;
    const outline = this.parsed(this.index.readSeqs(seqs));
    return { lastSeq, outline, methods: this.links.methods, isCorrelated: this.isCorrelated, skipped: this.skipped() };
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
      const pair = this.links.pairOf(event.seq);
      const callId = this.links.callOf(event.seq);
      const flowKey = this.links.flowOf(event.seq);
      return { event, ...(pair && { pair }), ...(callId && { callId }), ...(flowKey && { flowKey }) };
    });
    return { lastSeq, rows, isCorrelated: this.isCorrelated, skipped: this.skipped() };
  }

  /** The seqs a filter keeps, over every entry; waits for correlation, which filters on method, status or call need. */
  async find(filter: LogFilter, offset = 0): Promise<QueryResults['find-entries']> {
    this.refresh();
    await this.correlate();
    const key = JSON.stringify(filter);
    const lastSeq = this.links.lastSeq;
    let found = this.found.get(key);
    if (!found || found.lastSeq !== lastSeq) {
      found = { lastSeq, seqs: await this.scan(filter) };
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
    const callStarts = await this.links.callStarts();
    const total = callStarts.length;
    const end = Math.max(0, total - offset);
    const page = callStarts.slice(Math.max(0, end - MAX_CALLS_PER_LIST), end);
    const seqs = page.flatMap(({ callId }) => this.outlineOfCall(callId)).sort((a, b) => a - b);
    const outline = this.parsed(this.index.readSeqs(seqs));
    return { lastSeq: this.links.lastSeq, total, offset, count: page.length, outline, skipped: this.skipped() };
  }

  private outlineOfCall(callId: string): number[] {
    const kindOf = (seq: number) => this.links.kindOf(seq) ?? '';
    const own = this.links.storyOfCall(callId).filter((seq) => CALL_OUTLINE_KINDS.has(kindOf(seq)));
    const answers = own.flatMap((seq) => {
      const key = kindOf(seq) === 'elicitation' ? this.links.flowOf(seq) : undefined;
      return key ? this.links.storyOfFlow(key).filter((s) => FLOW_OUTLINE_KINDS.has(kindOf(s))) : [];
    });
    const all = [...own, ...answers].sort((a, b) => a - b);
    if (all.length <= MAX_OUTLINE_PER_CALL) return all;
    // The start and the first steps, and the end: what the list shows of a call.
    const endSeq = own.find((seq) => kindOf(seq) === 'call-end');
    const kept = all.slice(0, MAX_OUTLINE_PER_CALL - 1);
    return endSeq !== undefined && !kept.includes(endSeq) ? [...kept, endSeq] : kept;
  }

  /** Work out pairs and stories for every entry not yet seen, a slice at a time; save them once there are enough. */
  correlate(): Promise<void> {
    // Reset once settled, never before it is set: a pass with nothing to link finishes without awaiting,
    // and a `finally` inside it would run before the assignment, leaving a live file's links frozen.
    this.correlating ??= this.linkNew().finally(() => {
      this.correlating = undefined;
    });
    return this.correlating;
  }

  private async linkNew(): Promise<void> {
    if (!this.hasLookedForLinks) {
      this.hasLookedForLinks = true;
      // Read back a slice at a time: a million entries' links take a while, and the windows asked for
      // meanwhile (open, read) are answered meanwhile; their rows are asked for again once they are linked.
      await this.loadSavedLinks();
    }
    this.refresh();
    if (!this.links.canExtend && this.index.lastSeq > this.links.lastSeq) {
      // Saved links of a file that has grown since: they cannot be extended, so they are built again.
      this.links = new SessionLinks();
      this.savedLinksSeq = 0;
    }
    const links = this.links;
    while (links.lastSeq < this.index.lastSeq) {
      const to = Math.min(this.index.lastSeq, links.lastSeq + SLICE_ENTRIES);
      for (const event of this.parsed(this.index.readRange(links.lastSeq + 1, to))) {
        try {
          links.add(event);
        } catch (error) {
          // A line that parses but is not the entry it claims to be (hand-edited, say): it keeps its row, without correlation.
          this.note(event.seq, `could not be correlated (${error instanceof Error ? error.message : String(error)})`);
        }
      }
      links.skip(to);
      await new Promise((resolve) => setImmediate(resolve));
      this.refresh();
    }
    if (links.lastSeq >= this.saveMinEntries && links.lastSeq >= this.savedLinksSeq * 1.5) {
      links.save(this.filePath, this.index.bytesIndexed);
      this.savedLinksSeq = links.lastSeq;
    }
  }

  private async loadSavedLinks(): Promise<void> {
    const lastSeq = this.refresh();
    const saved = await SessionLinks.load(this.filePath, lastSeq, this.index.bytesIndexed, this.loadSliceEntries);
    // The file grew while they were read: they are about what it was, and its tail needs links they cannot take.
    if (!saved || this.refresh() !== lastSeq) return;
    this.links = saved;
    this.savedLinksSeq = saved.lastSeq;
  }

  private async scan(filter: LogFilter): Promise<number[]> {
    const holds = factsPredicate(filter);
    const links = this.links;
    const hasWords = parseLogQuery(filter.text).terms.some((term) => term.key === 'text');
    let text = '';
    const asked = { isText: false };
    const lookups: EntryLookups = {
      pairOf: (seq) => links.pairOf(seq),
      callOf: (seq) => links.callOf(seq),
      textOf: () => {
        asked.isText = true;
        return text;
      },
    };
    const story = filter.story;
    const candidates = story ? (story.kind === 'call' ? links.storyOfCall(story.id) : links.storyOfFlow(story.id)) : undefined;
    const count = candidates ? candidates.length : links.lastSeq;
    // First the facts, from the columns; words are tried last (factsPredicate), so an entry whose other terms fail is never read.
    const needText: number[] = [];
    const out: number[] = [];
    for (let i = 0; i < count; i++) {
      const seq = candidates ? candidates[i] : i + 1;
      const own = links.own(seq);
      if (!own) continue;
      asked.isText = false;
      const isKept = holds(linkedFacts(own, seq, lookups));
      if (asked.isText) needText.push(seq);
      else if (isKept) out.push(seq);
      // A filter over a million entries yields now and then, so the proxy keeps serving pages and sessions.
      if (i % FILTER_SLICE_ENTRIES === FILTER_SLICE_ENTRIES - 1) await new Promise((resolve) => setImmediate(resolve));
    }
    if (!hasWords || !needText.length) return out;
    for (let i = 0; i < needText.length; i += 20 * MAX_ROWS_PER_READ) {
      for (const { seq, json } of this.index.readSeqs(needText.slice(i, i + 20 * MAX_ROWS_PER_READ))) {
        const own = links.own(seq);
        text = json.toLowerCase();
        if (own && holds(linkedFacts(own, seq, lookups))) out.push(seq);
      }
      await new Promise((resolve) => setImmediate(resolve));
    }
    return out.sort((a, b) => a - b);
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
