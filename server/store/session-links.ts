/**
 * What correlating a session file found out (which response answers which
 * request, which call and elicitation each entry belongs to, each entry's own
 * facts), worked out once and saved beside the file (`<file>.links`), so a filter
 * over a big session never waits for a pass over its lines, now or after a restart.
 *
 * While it is being built it holds the page's own indexes (LogIndex, StoryIndex)
 * and can be extended entry by entry as a live file grows. Read back from its
 * sidecar it holds only columns: it answers the same questions, but a file that
 * has grown since cannot be extended from it (what a new response changes about
 * an old request is in the indexes, not in the columns), so it is built again.
 */
import type { LogEvent } from '../wire/events';
import { ownFactsOf, type OwnFacts } from '../wire/entry-filter';
import { LogIndex, type RpcPair } from '../wire/log-index';
import { StoryIndex } from '../wire/story-index';
import { LinkColumns, StringTable } from './link-columns';
import { PAIR_SECTIONS, PairTable, pairSections } from './pair-table';
import { bytesOf, int32s, readSidecarSliced, sourceState, stampOf, writeSidecar } from './sidecar-file';

const SIDECAR_MAGIC = 'EI-LINKS';
/** Bumped when the saved layout or what correlation finds changes: links of another version are built again. */
const SIDECAR_VERSION = 1;
/**
 * Entries (or strings, or pairs) checked between two turns of the event loop while links are read back:
 * a few milliseconds of work, so a million entries' links never keep a page's rows waiting.
 */
const LOAD_SLICE_ENTRIES = 1 << 14;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

type Live = { pairs: LogIndex; story: StoryIndex; callIds: Set<string>; flowKeys: Set<string> };
/**
 * Members of each call's (or elicitation's) story: keys[i]'s seqs are seqs[starts[i]..starts[i + 1]).
 * `byKey` is made when a story is first asked for, not while the links are read back.
 */
type Groups = { keys: Int32Array; byKey?: Map<string, number>; starts: Int32Array; seqs: Int32Array };

export class SessionLinks {
  /** Entries 1..lastSeq are linked. */
  lastSeq = 0;
  private readonly strings: StringTable;
  private readonly columns: LinkColumns;
  private live: Live | undefined;
  private saved: { pairs: PairTable; calls: Groups; flows: Groups; methods: string[] } | undefined;
  private callStartsCache: { lastSeq: number; starts: { seq: number; callId: string }[] } | undefined;

  /** New links, to be built entry by entry; or (`restored`) links read back from a sidecar. */
  constructor(restored?: { lastSeq: number; strings: StringTable; columns: LinkColumns; saved: NonNullable<SessionLinks['saved']> }) {
    if (restored) {
      ({ lastSeq: this.lastSeq, strings: this.strings, columns: this.columns, saved: this.saved } = restored);
      return;
    }
    this.strings = new StringTable();
    this.columns = new LinkColumns(this.strings);
    this.live = { pairs: new LogIndex(), story: new StoryIndex(), callIds: new Set(), flowKeys: new Set() };
  }

  /** False once read back from a sidecar: a grown file needs new links. */
  get canExtend(): boolean {
    return this.live !== undefined;
  }

  /** Link one more entry; `seq` is the next after lastSeq, or later (an unreadable line leaves a hole). Throws on an entry that is not what it claims. */
  add(event: LogEvent): void {
    if (!this.live) throw new Error('links read back from a file cannot be extended');
    this.lastSeq = Math.max(this.lastSeq, event.seq);
    this.live.pairs.add(event);
    this.live.story.add(event);
    const own = ownFactsOf(event);
    this.columns.setOwn(event.seq, own);
    if (own.callId) this.live.callIds.add(own.callId);
    if ('key' in event && typeof event.key === 'string') this.live.flowKeys.add(event.key);
  }

  /** Count a seq as linked without an entry (its line could not be read). */
  skip(seq: number): void {
    this.lastSeq = Math.max(this.lastSeq, seq);
  }

  own(seq: number): OwnFacts | undefined {
    return seq <= this.lastSeq ? this.columns.own(seq) : undefined;
  }

  kindOf(seq: number): string | undefined {
    return seq <= this.lastSeq ? this.columns.kindOf(seq) : undefined;
  }

  pairOf(seq: number): RpcPair | undefined {
    if (this.live) return this.live.pairs.pairOf(seq);
    const n = this.columns.pairNumberOf(seq);
    return n === undefined ? undefined : this.saved?.pairs.at(n);
  }

  callOf(seq: number): string | undefined {
    return this.live ? this.live.story.callOf(seq) : this.columns.callOf(seq);
  }

  flowOf(seq: number): string | undefined {
    return this.live ? this.live.story.flowOf(seq) : this.columns.flowOf(seq);
  }

  storyOfCall(callId: string): number[] {
    return this.live ? this.live.story.storyOfCall(callId) : membersOf(this.saved?.calls, callId, this.strings);
  }

  storyOfFlow(key: string): number[] {
    return this.live ? this.live.story.storyOfFlow(key) : membersOf(this.saved?.flows, key, this.strings);
  }

  get methods(): string[] {
    return this.live ? [...this.live.pairs.methods] : (this.saved?.methods ?? []);
  }

  /** Every call-start with its call, in seq order; found a slice at a time, so a million entries never hold the proxy. */
  async callStarts(): Promise<{ seq: number; callId: string }[]> {
    if (this.callStartsCache?.lastSeq !== this.lastSeq) {
      const lastSeq = this.lastSeq;
      const starts: { seq: number; callId: string }[] = [];
      for (let seq = 1; seq <= lastSeq; seq++) {
        if (seq % LOAD_SLICE_ENTRIES === 0) await nextTurn();
        if (this.columns.kindOf(seq) !== 'call-start') continue;
        const callId = this.columns.own(seq)?.callId;
        if (callId) starts.push({ seq, callId });
      }
      this.callStartsCache = { lastSeq, starts };
    }
    return this.callStartsCache.starts;
  }

  /** Save beside the session file; `indexedBytes`: how much of the file lastSeq covers. A failure only costs the next open a pass. */
  save(sourcePath: string, indexedBytes: number): void {
    const live = this.live;
    if (!live) return; // read from this very sidecar: nothing new to write
    try {
      const pairNumbers = new Map<RpcPair, number>();
      const pairs: RpcPair[] = [];
      for (let seq = 1; seq <= this.lastSeq; seq++) {
        const pair = live.pairs.pairOf(seq);
        let n: number | undefined;
        if (pair) {
          n = pairNumbers.get(pair);
          if (n === undefined) pairNumbers.set(pair, (n = pairs.push(pair) - 1));
        }
        this.columns.setLinks(seq, { callId: live.story.callOf(seq), flowKey: live.story.flowOf(seq), pair: n });
        const call = live.story.callOf(seq);
        const flow = live.story.flowOf(seq);
        if (call) live.callIds.add(call);
        if (flow) live.flowKeys.add(flow);
      }
      const calls = groupSections([...live.callIds], (id) => live.story.storyOfCall(id), this.strings);
      const flows = groupSections([...live.flowKeys], (key) => live.story.storyOfFlow(key), this.strings);
      writeSidecar(`${sourcePath}.links`, SIDECAR_MAGIC, SIDECAR_VERSION, {
        meta: { lastSeq: this.lastSeq, pairCount: pairs.length, methods: this.methods, strings: this.strings.strings },
        source: stampOf(sourcePath, indexedBytes),
        sections: [...this.columns.sections(this.lastSeq), ...pairSections(pairs, this.strings), ...calls, ...flows],
      });
    } catch {
      // Saving is an optimisation: the links in memory are whole; the next open correlates again.
    }
  }

  /**
   * The links saved beside a session file, if they cover exactly entries 1..lastSeq of the file as it is
   * (`indexedBytes` of it) and hold together; anything else reads as none, and the caller correlates.
   * Read and checked a slice at a time (`sliceEntries`), each followed by a turn of the event loop: the
   * links of a million entries take a while, and rows asked for meanwhile are answered meanwhile.
   */
  static async load(sourcePath: string, lastSeq: number, indexedBytes: number, sliceEntries = LOAD_SLICE_ENTRIES): Promise<SessionLinks | undefined> {
    const slice = { entries: sliceEntries, pause: nextTurn };
    const saved = await readSidecarSliced(`${sourcePath}.links`, SIDECAR_MAGIC, SIDECAR_VERSION, nextTurn);
    if (!saved || saved.source.coveredBytes !== indexedBytes || sourceState(sourcePath, saved.source) === 'foreign') return undefined;
    const { meta, sections } = saved;
    if (meta.lastSeq !== lastSeq || typeof meta.pairCount !== 'number' || !isStrings(meta.strings) || !isStrings(meta.methods)) return undefined;
    // Read by number only: columns name strings by their place, so a repeated one would still read right.
    const strings = new StringTable(meta.strings);
    const columns = await LinkColumns.fromSections(strings, sections.slice(0, 10), lastSeq, slice);
    const pairs = columns && (await PairTable.fromSections(sections.slice(10, 10 + PAIR_SECTIONS), meta.pairCount, strings, lastSeq, slice));
    const calls = pairs && (await groupsFrom(sections.slice(10 + PAIR_SECTIONS, 13 + PAIR_SECTIONS), strings, lastSeq, slice));
    const flows = calls && (await groupsFrom(sections.slice(13 + PAIR_SECTIONS), strings, lastSeq, slice));
    if (!columns || !pairs || !calls || !flows) return undefined;
    for (let seq = 1; seq <= lastSeq; seq++) {
      if ((columns.pairNumberOf(seq) ?? 0) >= pairs.length) return undefined;
      if (seq % sliceEntries === 0) await nextTurn();
    }
    return new SessionLinks({ lastSeq, strings, columns, saved: { pairs, calls, flows, methods: meta.methods } });
  }
}

function membersOf(groups: Groups | undefined, key: string, strings: StringTable): number[] {
  if (!groups) return [];
  if (!groups.byKey) {
    const byKey = new Map<string, number>();
    for (let i = 0; i < groups.keys.length; i++) byKey.set(strings.text(groups.keys[i]) ?? '', i);
    groups.byKey = byKey;
  }
  const i = groups.byKey.get(key);
  return i === undefined ? [] : [...groups.seqs.subarray(groups.starts[i], groups.starts[i + 1])];
}

function groupSections(keys: string[], membersOfKey: (key: string) => number[], strings: StringTable): Buffer[] {
  const starts = new Int32Array(keys.length + 1);
  const seqs: number[] = [];
  keys.forEach((key, i) => {
    starts[i] = seqs.length;
    seqs.push(...membersOfKey(key));
  });
  starts[keys.length] = seqs.length;
  return [bytesOf(Int32Array.from(keys, (key) => strings.number(key))), bytesOf(starts), bytesOf(Int32Array.from(seqs))];
}

async function groupsFrom(
  sections: Buffer[],
  strings: StringTable,
  lastSeq: number,
  slice: { entries: number; pause: () => Promise<void> },
): Promise<Groups | undefined> {
  if (sections.length !== 3) return undefined;
  const [keys, starts, seqs] = sections.map(int32s);
  if (starts.length !== keys.length + 1 || starts[0] !== 0 || starts[keys.length] !== seqs.length) return undefined;
  for (let i = 0; i < keys.length; i++) {
    if (keys[i] < 0 || strings.text(keys[i]) === undefined || starts[i + 1] < starts[i]) return undefined;
    if (i % slice.entries === slice.entries - 1) await slice.pause();
  }
  for (let i = 0; i < seqs.length; i++) {
    if (seqs[i] < 1 || seqs[i] > lastSeq) return undefined;
    if (i % slice.entries === slice.entries - 1) await slice.pause();
  }
  return { keys, starts, seqs };
}

function isStrings(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}
