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
import { bytesOf, float64s, int32s, readSidecar, sourceState, stampOf, writeSidecar } from './sidecar-file';

const SIDECAR_MAGIC = 'EI-LINKS';
/** Bumped when the saved layout or what correlation finds changes: links of another version are built again. */
const SIDECAR_VERSION = 1;
const ENDINGS = [undefined, 'cancelled', 'timeout', 'session-closed', 'failed', 'fell-back'] as const;
const PAIR_SECTIONS = 8;

type Live = { pairs: LogIndex; story: StoryIndex; callIds: Set<string>; flowKeys: Set<string> };
/** Members of each call's (or elicitation's) story: keys[i]'s seqs are seqs[starts[i]..starts[i + 1]). */
type Groups = { byKey: Map<string, number>; starts: Int32Array; seqs: Int32Array };

export class SessionLinks {
  /** Entries 1..lastSeq are linked. */
  lastSeq = 0;
  private readonly strings: StringTable;
  private readonly columns: LinkColumns;
  private live: Live | undefined;
  private saved: { pairs: RpcPair[]; calls: Groups; flows: Groups; methods: string[] } | undefined;
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
    return n === undefined ? undefined : this.saved?.pairs[n];
  }

  callOf(seq: number): string | undefined {
    return this.live ? this.live.story.callOf(seq) : this.columns.callOf(seq);
  }

  flowOf(seq: number): string | undefined {
    return this.live ? this.live.story.flowOf(seq) : this.columns.flowOf(seq);
  }

  storyOfCall(callId: string): number[] {
    return this.live ? this.live.story.storyOfCall(callId) : membersOf(this.saved?.calls, callId);
  }

  storyOfFlow(key: string): number[] {
    return this.live ? this.live.story.storyOfFlow(key) : membersOf(this.saved?.flows, key);
  }

  get methods(): string[] {
    return this.live ? [...this.live.pairs.methods] : (this.saved?.methods ?? []);
  }

  /** Every call-start with its call, in seq order. */
  callStarts(): { seq: number; callId: string }[] {
    if (this.callStartsCache?.lastSeq !== this.lastSeq) {
      const starts: { seq: number; callId: string }[] = [];
      for (let seq = 1; seq <= this.lastSeq; seq++) {
        if (this.columns.kindOf(seq) !== 'call-start') continue;
        const callId = this.columns.own(seq)?.callId;
        if (callId) starts.push({ seq, callId });
      }
      this.callStartsCache = { lastSeq: this.lastSeq, starts };
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
      const pairSections = [
        bytesOf(Float64Array.from(pairs, (p) => p.requestSeq)),
        bytesOf(Float64Array.from(pairs, (p) => p.responseSeq ?? NaN)),
        bytesOf(Float64Array.from(pairs, (p) => p.latencyMs ?? NaN)),
        bytesOf(Int32Array.from(pairs, (p) => this.strings.number(p.method))),
        bytesOf(Int32Array.from(pairs, (p) => this.strings.number(p.failure))),
        bytesOf(Int32Array.from(pairs, (p) => this.strings.number(p.callId))),
        bytesOf(Uint8Array.from(pairs, (p) => (p.direction === 'out' ? 0 : 1))),
        bytesOf(Uint8Array.from(pairs, (p) => ENDINGS.indexOf(p.ended))),
      ];
      writeSidecar(`${sourcePath}.links`, SIDECAR_MAGIC, SIDECAR_VERSION, {
        meta: { lastSeq: this.lastSeq, pairCount: pairs.length, methods: this.methods, strings: this.strings.strings },
        source: stampOf(sourcePath, indexedBytes),
        sections: [...this.columns.sections(this.lastSeq), ...pairSections, ...calls, ...flows],
      });
    } catch {
      // Saving is an optimisation: the links in memory are whole; the next open correlates again.
    }
  }

  /**
   * The links saved beside a session file, if they cover exactly entries 1..lastSeq of the file as it is
   * (`indexedBytes` of it) and hold together; anything else reads as none, and the caller correlates.
   */
  static load(sourcePath: string, lastSeq: number, indexedBytes: number): SessionLinks | undefined {
    const saved = readSidecar(`${sourcePath}.links`, SIDECAR_MAGIC, SIDECAR_VERSION);
    if (!saved || saved.source.coveredBytes !== indexedBytes || sourceState(sourcePath, saved.source) === 'foreign') return undefined;
    const { meta, sections } = saved;
    if (meta.lastSeq !== lastSeq || typeof meta.pairCount !== 'number' || !isStrings(meta.strings) || !isStrings(meta.methods)) return undefined;
    const strings = new StringTable(meta.strings);
    if (strings.strings.length !== meta.strings.length) return undefined; // a repeated string: not a table this code wrote
    const columns = LinkColumns.fromSections(strings, sections.slice(0, 10), lastSeq);
    const pairs = columns && pairsFrom(sections.slice(10, 10 + PAIR_SECTIONS), meta.pairCount, strings, lastSeq);
    const calls = pairs && groupsFrom(sections.slice(10 + PAIR_SECTIONS, 13 + PAIR_SECTIONS), strings, lastSeq);
    const flows = calls && groupsFrom(sections.slice(13 + PAIR_SECTIONS), strings, lastSeq);
    if (!columns || !pairs || !calls || !flows) return undefined;
    for (let seq = 1; seq <= lastSeq; seq++) if ((columns.pairNumberOf(seq) ?? 0) >= pairs.length) return undefined;
    return new SessionLinks({ lastSeq, strings, columns, saved: { pairs, calls, flows, methods: meta.methods } });
  }
}

function membersOf(groups: Groups | undefined, key: string): number[] {
  const i = groups?.byKey.get(key);
  return groups && i !== undefined ? [...groups.seqs.subarray(groups.starts[i], groups.starts[i + 1])] : [];
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

function groupsFrom(sections: Buffer[], strings: StringTable, lastSeq: number): Groups | undefined {
  if (sections.length !== 3) return undefined;
  const [keys, starts, seqs] = sections.map(int32s);
  if (starts.length !== keys.length + 1 || starts[0] !== 0 || starts[keys.length] !== seqs.length) return undefined;
  const byKey = new Map<string, number>();
  for (let i = 0; i < keys.length; i++) {
    const key = strings.text(keys[i]);
    if (key === undefined || keys[i] < 0 || starts[i + 1] < starts[i]) return undefined;
    byKey.set(key, i);
  }
  for (const seq of seqs) if (seq < 1 || seq > lastSeq) return undefined;
  return { byKey, starts, seqs };
}

function pairsFrom(sections: Buffer[], count: number, strings: StringTable, lastSeq: number): RpcPair[] | undefined {
  if (sections.length !== PAIR_SECTIONS) return undefined;
  const [requestSeq, responseSeq, latencyMs] = sections.slice(0, 3).map(float64s);
  const [method, failure, callId] = sections.slice(3, 6).map(int32s);
  const [direction, ended] = sections.slice(6);
  if ([requestSeq, responseSeq, latencyMs, method, failure, callId, direction, ended].some((column) => column.length !== count)) return undefined;
  const pairs: RpcPair[] = [];
  for (let i = 0; i < count; i++) {
    const methodText = strings.text(method[i]);
    const isSeq = (seq: number) => Number.isSafeInteger(seq) && seq >= 1 && seq <= lastSeq;
    if (methodText === undefined || !isSeq(requestSeq[i]) || (!Number.isNaN(responseSeq[i]) && !isSeq(responseSeq[i]))) return undefined;
    if (direction[i] > 1 || ended[i] >= ENDINGS.length) return undefined;
    const pair: RpcPair = { requestSeq: requestSeq[i], method: methodText, direction: direction[i] === 0 ? 'out' : 'in' };
    if (!Number.isNaN(responseSeq[i])) pair.responseSeq = responseSeq[i];
    if (!Number.isNaN(latencyMs[i])) pair.latencyMs = latencyMs[i];
    const ending = ENDINGS[ended[i]];
    if (ending) pair.ended = ending;
    const failureText = strings.text(failure[i]);
    if (failureText !== undefined) pair.failure = failureText;
    const call = strings.text(callId[i]);
    if (call !== undefined) pair.callId = call;
    pairs.push(pair);
  }
  return pairs;
}

function isStrings(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}
