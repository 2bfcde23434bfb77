/**
 * What each entry of a session file says about itself (wire/entry-filter.ts's
 * OwnFacts) and which call and elicitation it belongs to, kept in typed columns
 * by seq: some 40 bytes an entry, a filter reads them instead of the lines, and
 * they are saved as they are. Strings (kinds, methods, call ids, keys) are kept
 * once, in a table, and the columns hold their numbers.
 */
import type { OwnFacts } from '../wire/entry-filter';
import { bytesOf, float64s, int32s } from './sidecar-file';

const NONE = -1;
const DIRECTIONS = [undefined, 'out', 'in'] as const;
const OUTCOMES = [undefined, 'ok', 'error', 'pending', 'exchange'] as const;

/** One string table for a session's kinds, methods, call ids and keys. */
export class StringTable {
  readonly strings: string[];
  /** Made when a number is first asked for: a table read back from a sidecar is only read by number. */
  private numbers: Map<string, number> | undefined;

  constructor(strings: readonly string[] = []) {
    this.strings = [...strings];
  }

  number(text: string | undefined): number {
    if (text === undefined) return NONE;
    const numbers = this.numbersByText();
    let n = numbers.get(text);
    if (n === undefined) {
      n = this.strings.length;
      this.strings.push(text);
      numbers.set(text, n);
    }
    return n;
  }

  /** The number of a string already in the table, without adding it. */
  find(text: string): number | undefined {
    return this.numbersByText().get(text);
  }

  text(n: number): string | undefined {
    return n === NONE ? undefined : this.strings[n];
  }

  private numbersByText(): Map<string, number> {
    if (!this.numbers) {
      this.numbers = new Map();
      // The first of a repeated string keeps its number, as when the table was written.
      for (let n = this.strings.length - 1; n >= 0; n--) this.numbers.set(this.strings[n], n);
    }
    return this.numbers;
  }
}

type IntColumn = 'kind' | 'method' | 'ownCall' | 'call' | 'flow' | 'pair';
const INT_COLUMNS: readonly IntColumn[] = ['kind', 'method', 'ownCall', 'call', 'flow', 'pair'];

export class LinkColumns {
  private ints: Record<IntColumn, Int32Array>;
  private direction: Uint8Array;
  private outcome: Uint8Array;
  private httpStatus: Float64Array;
  private durationMs: Float64Array;
  private capacity: number;

  constructor(
    readonly strings: StringTable,
    capacity = 1024,
  ) {
    this.capacity = capacity;
    this.ints = Object.fromEntries(INT_COLUMNS.map((name) => [name, new Int32Array(capacity).fill(NONE)])) as Record<IntColumn, Int32Array>;
    this.direction = new Uint8Array(capacity);
    this.outcome = new Uint8Array(capacity);
    this.httpStatus = new Float64Array(capacity).fill(NaN);
    this.durationMs = new Float64Array(capacity).fill(NaN);
  }

  setOwn(seq: number, own: OwnFacts): void {
    this.ensure(seq);
    const i = seq - 1;
    this.ints.kind[i] = this.strings.number(own.kind);
    this.ints.method[i] = this.strings.number(own.method);
    this.ints.ownCall[i] = this.strings.number(own.callId);
    this.direction[i] = DIRECTIONS.indexOf(own.direction);
    this.outcome[i] = OUTCOMES.indexOf(own.outcome);
    this.httpStatus[i] = own.httpStatus ?? NaN;
    this.durationMs[i] = own.durationMs ?? NaN;
  }

  setLinks(seq: number, links: { callId?: string; flowKey?: string; pair?: number }): void {
    this.ensure(seq);
    this.ints.call[seq - 1] = this.strings.number(links.callId);
    this.ints.flow[seq - 1] = this.strings.number(links.flowKey);
    this.ints.pair[seq - 1] = links.pair ?? NONE;
  }

  /** Undefined for a seq whose entry could not be read (or a hole the file lost). */
  own(seq: number): OwnFacts | undefined {
    const i = seq - 1;
    if (i < 0 || i >= this.capacity) return undefined;
    const kind = this.strings.text(this.ints.kind[i]);
    if (kind === undefined) return undefined;
    const status = this.httpStatus[i];
    const duration = this.durationMs[i];
    return {
      kind,
      direction: DIRECTIONS[this.direction[i]],
      method: this.strings.text(this.ints.method[i]),
      outcome: OUTCOMES[this.outcome[i]],
      httpStatus: Number.isNaN(status) ? undefined : status,
      durationMs: Number.isNaN(duration) ? undefined : duration,
      callId: this.strings.text(this.ints.ownCall[i]),
    };
  }

  kindOf(seq: number): string | undefined {
    return seq >= 1 && seq <= this.capacity ? this.strings.text(this.ints.kind[seq - 1]) : undefined;
  }

  callOf(seq: number): string | undefined {
    return seq >= 1 && seq <= this.capacity ? this.strings.text(this.ints.call[seq - 1]) : undefined;
  }

  flowOf(seq: number): string | undefined {
    return seq >= 1 && seq <= this.capacity ? this.strings.text(this.ints.flow[seq - 1]) : undefined;
  }

  pairNumberOf(seq: number): number | undefined {
    const n = seq >= 1 && seq <= this.capacity ? this.ints.pair[seq - 1] : NONE;
    return n === NONE ? undefined : n;
  }

  /** The columns of seqs 1..count, as sections of a sidecar. */
  sections(count: number): Buffer[] {
    this.ensure(count);
    return [
      ...INT_COLUMNS.map((name) => bytesOf(this.ints[name], count)),
      bytesOf(this.direction, count),
      bytesOf(this.outcome, count),
      bytesOf(this.httpStatus, count),
      bytesOf(this.durationMs, count),
    ];
  }

  /**
   * Columns read back from sections, or undefined when they do not hold `count` entries each or name strings
   * the table lacks. Checked a slice at a time, with a turn of the event loop (`pause`) between.
   */
  static async fromSections(
    strings: StringTable,
    sections: readonly Buffer[],
    count: number,
    slice: { entries: number; pause: () => Promise<void> },
  ): Promise<LinkColumns | undefined> {
    if (sections.length !== INT_COLUMNS.length + 4) return undefined;
    const columns = new LinkColumns(strings, 0);
    const ints = INT_COLUMNS.map((_, i) => int32s(sections[i]));
    const [direction, outcome] = [sections[INT_COLUMNS.length], sections[INT_COLUMNS.length + 1]];
    const [status, duration] = [float64s(sections[INT_COLUMNS.length + 2]), float64s(sections[INT_COLUMNS.length + 3])];
    if (ints.some((c) => c.length !== count) || direction.length !== count || outcome.length !== count || status.length !== count || duration.length !== count)
      return undefined;
    const size = strings.strings.length;
    // The pair column is checked against the pair table by its owner.
    const checked = ints.filter((_, c) => INT_COLUMNS[c] !== 'pair');
    for (let from = 0; from < count; from += slice.entries) {
      const to = Math.min(count, from + slice.entries);
      for (const column of checked) for (let i = from; i < to; i++) if (column[i] < NONE || column[i] >= size) return undefined;
      for (let i = from; i < to; i++) if (direction[i] >= DIRECTIONS.length || outcome[i] >= OUTCOMES.length) return undefined;
      await slice.pause();
    }
    INT_COLUMNS.forEach((name, i) => (columns.ints[name] = ints[i]));
    columns.direction = Uint8Array.from(direction);
    columns.outcome = Uint8Array.from(outcome);
    columns.httpStatus = status;
    columns.durationMs = duration;
    columns.capacity = count;
    return columns;
  }

  private ensure(seq: number): void {
    if (seq <= this.capacity) return;
    let capacity = Math.max(1024, this.capacity);
    while (capacity < seq) capacity *= 2;
    for (const name of INT_COLUMNS) {
      const grown = new Int32Array(capacity).fill(NONE);
      grown.set(this.ints[name]);
      this.ints[name] = grown;
    }
    const grow = <T extends Uint8Array | Float64Array>(old: T, fresh: T): T => (fresh.set(old), fresh);
    this.direction = grow(this.direction, new Uint8Array(capacity));
    this.outcome = grow(this.outcome, new Uint8Array(capacity));
    this.httpStatus = grow(this.httpStatus, new Float64Array(capacity).fill(NaN));
    this.durationMs = grow(this.durationMs, new Float64Array(capacity).fill(NaN));
    this.capacity = capacity;
  }
}
