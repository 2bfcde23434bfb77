/**
 * A session's request/response pairs as saved in its links sidecar: eight columns,
 * one row a pair. Read back, a pair becomes an object only when a row or a filter
 * asks for it: a million-entry session has some 400k pairs, and making them all at
 * open was most of the time its links took to read back.
 */
import type { RpcPair } from '../wire/log-index';
import type { StringTable } from './link-columns';
import { bytesOf, float64s, int32s } from './sidecar-file';

const ENDINGS = [undefined, 'cancelled', 'timeout', 'session-closed', 'failed', 'fell-back'] as const;
/** How many sections a pair table takes in the sidecar. */
export const PAIR_SECTIONS = 8;

export function pairSections(pairs: readonly RpcPair[], strings: StringTable): Buffer[] {
  return [
    bytesOf(Float64Array.from(pairs, (p) => p.requestSeq)),
    bytesOf(Float64Array.from(pairs, (p) => p.responseSeq ?? NaN)),
    bytesOf(Float64Array.from(pairs, (p) => p.latencyMs ?? NaN)),
    bytesOf(Int32Array.from(pairs, (p) => strings.number(p.method))),
    bytesOf(Int32Array.from(pairs, (p) => strings.number(p.failure))),
    bytesOf(Int32Array.from(pairs, (p) => strings.number(p.callId))),
    bytesOf(Uint8Array.from(pairs, (p) => (p.direction === 'out' ? 0 : 1))),
    bytesOf(Uint8Array.from(pairs, (p) => ENDINGS.indexOf(p.ended))),
  ];
}

export class PairTable {
  private constructor(
    private readonly strings: StringTable,
    private readonly requestSeq: Float64Array,
    private readonly responseSeq: Float64Array,
    private readonly latencyMs: Float64Array,
    private readonly method: Int32Array,
    private readonly failure: Int32Array,
    private readonly callId: Int32Array,
    private readonly direction: Uint8Array,
    private readonly ended: Uint8Array,
  ) {}

  get length(): number {
    return this.requestSeq.length;
  }

  /** The pair objects made so far, by number: each is made once, the first time a row or a filter asks. */
  private readonly made: (RpcPair | undefined)[] = [];

  at(n: number): RpcPair | undefined {
    return (this.made[n] ??= this.make(n));
  }

  private make(n: number): RpcPair | undefined {
    const method = n >= 0 && n < this.length ? this.strings.text(this.method[n]) : undefined;
    if (method === undefined) return undefined;
    const pair: RpcPair = { requestSeq: this.requestSeq[n], method, direction: this.direction[n] === 0 ? 'out' : 'in' };
    if (!Number.isNaN(this.responseSeq[n])) pair.responseSeq = this.responseSeq[n];
    if (!Number.isNaN(this.latencyMs[n])) pair.latencyMs = this.latencyMs[n];
    const ending = ENDINGS[this.ended[n]];
    if (ending) pair.ended = ending;
    const failure = this.strings.text(this.failure[n]);
    if (failure !== undefined) pair.failure = failure;
    const call = this.strings.text(this.callId[n]);
    if (call !== undefined) pair.callId = call;
    return pair;
  }

  /**
   * The pairs saved in these sections, or undefined when they are not `count` pairs about seqs 1..lastSeq
   * naming strings the table has. Checked a slice at a time, with a turn of the event loop (`pause`) between.
   */
  static async fromSections(
    sections: readonly Buffer[],
    count: number,
    strings: StringTable,
    lastSeq: number,
    slice: { entries: number; pause: () => Promise<void> },
  ): Promise<PairTable | undefined> {
    if (sections.length !== PAIR_SECTIONS) return undefined;
    const [requestSeq, responseSeq, latencyMs] = sections.slice(0, 3).map(float64s);
    const [method, failure, callId] = sections.slice(3, 6).map(int32s);
    const [direction, ended] = sections.slice(6).map((s) => Uint8Array.from(s));
    if ([requestSeq, responseSeq, latencyMs, method, failure, callId, direction, ended].some((column) => column.length !== count)) return undefined;
    const isSeq = (seq: number) => Number.isSafeInteger(seq) && seq >= 1 && seq <= lastSeq;
    const size = strings.strings.length;
    const isString = (n: number) => n >= -1 && n < size;
    for (let i = 0; i < count; i++) {
      if (method[i] < 0 || method[i] >= size || !isString(failure[i]) || !isString(callId[i])) return undefined;
      if (!isSeq(requestSeq[i]) || (!Number.isNaN(responseSeq[i]) && !isSeq(responseSeq[i]))) return undefined;
      if (direction[i] > 1 || ended[i] >= ENDINGS.length) return undefined;
      if (i % slice.entries === slice.entries - 1) await slice.pause();
    }
    return new PairTable(strings, requestSeq, responseSeq, latencyMs, method, failure, callId, direction, ended);
  }
}
