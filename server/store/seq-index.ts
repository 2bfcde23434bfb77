/**
 * The byte offset of every entry of a session file, by seq, so a window of rows
 * is one positioned read instead of a replay from the start.
 *
 * Kept in memory, built by one streaming pass over the bytes (newlines are found
 * with Buffer.indexOf, no line is decoded unless its seq cannot be read from its
 * tail) and extended from where it stopped when the file grows: a live session's
 * file is appended to while it is read. Not persisted beside the file: an index
 * file could go stale after a crash or an edit, and the pass costs about as much
 * as reading the file once (the figures are in the README's performance section).
 * Two numbers a line (8 bytes each): 16 MB for a 1M-entry session, never the file.
 */
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { storedSeq, type StoredEvent } from './session-file';

const NEWLINE = 0x0a;
const CLOSE_BRACE = 0x7d;
/** How much is read per step of the pass. */
const PASS_CHUNK_BYTES = 1 << 20;
/** A line longer than this is skipped without being decoded (entries are capped far below it, see limits.ts). */
const MAX_LINE_BYTES = 64 * 1024 * 1024;
/** A seq further ahead than this is a damaged line, not missing entries (each hole costs 16 bytes). */
const MAX_GAP = 1_000_000;
/** How many skipped lines are described one by one; the rest are only counted. */
const MAX_NOTES = 20;

/** A line the index could not place, and why. */
export type SkippedLine = { line: number; reason: string };

export class SeqIndex {
  /** offsets[seq - 1] is where that entry's line starts; lengths[seq - 1] its length without the newline. */
  private offsets = new Float64Array(1024);
  private lengths = new Float64Array(1024);
  private count = 0;
  /** Where the next unread line starts: a torn last line is read again once its newline arrives. */
  private indexedBytes = 0;
  private lineNo = 0;
  private skippedCount = 0;
  private readonly skippedNotes: SkippedLine[] = [];
  /** Seqs of the entries whose line starts with one of `markPrefixes`, found without decoding them. */
  readonly marked: number[] = [];
  private readonly markPrefixes: Buffer[];

  /** `markPrefixes`: line starts worth finding without a parse (the session-state entries, say). */
  constructor(
    readonly filePath: string,
    markPrefixes: readonly string[] = [],
  ) {
    this.markPrefixes = markPrefixes.map((prefix) => Buffer.from(prefix));
  }

  /** The highest seq indexed: entries 1..lastSeq can be read. */
  get lastSeq(): number {
    return this.count;
  }

  /** Lines that were not entries this index could place (malformed, out of order, oversized): how many, and the first few. */
  get skipped(): { count: number; notes: readonly SkippedLine[] } {
    return { count: this.skippedCount, notes: this.skippedNotes };
  }

  /**
   * Index what was appended since the last call. Only complete lines count: a last
   * line without its newline (torn by a crash, or half-written right now) waits.
   * Synchronous and chunked: 100 MB takes a fraction of a second, and no await
   * between chunks means two callers can never index the same bytes twice.
   */
  refresh(): number {
    const fd = openSync(this.filePath, 'r');
    try {
      const size = fstatSync(fd).size;
      let buffer = Buffer.allocUnsafe(PASS_CHUNK_BYTES);
      while (this.indexedBytes < size) {
        const read = readSync(fd, buffer, 0, buffer.length, this.indexedBytes);
        if (read === 0) break;
        const data = buffer.subarray(0, read);
        let start = 0;
        for (let end = data.indexOf(NEWLINE); end !== -1; end = data.indexOf(NEWLINE, start)) {
          this.addLine(data, start, end, this.indexedBytes + start);
          start = end + 1;
        }
        if (start === 0) {
          // One line longer than the buffer: grow it to hold the line, or skip a line no entry can be.
          if (buffer.length >= MAX_LINE_BYTES) {
            const end = this.findNewline(fd, this.indexedBytes + read, size);
            if (end === -1) break; // still being written: look again next time
            this.lineNo++;
            this.skip(`longer than ${MAX_LINE_BYTES} bytes`);
            this.indexedBytes = end + 1;
            continue;
          }
          if (this.indexedBytes + read >= size) break; // the torn last line: wait for the rest
          buffer = Buffer.allocUnsafe(Math.min(buffer.length * 4, MAX_LINE_BYTES));
          continue;
        }
        this.indexedBytes += start;
      }
    } finally {
      closeSync(fd);
    }
    return this.count;
  }

  /** Entries with seq in [fromSeq, toSeq], as stored, in order; one read for the whole span. */
  readRange(fromSeq: number, toSeq: number, openFd?: number): StoredEvent[] {
    const from = Math.max(1, fromSeq);
    const to = Math.min(this.count, toSeq);
    if (to < from) return [];
    let first = from;
    let last = to;
    while (first <= last && this.offsets[first - 1] < 0) first++; // holes: entries the file lost
    while (last >= first && this.offsets[last - 1] < 0) last--;
    if (last < first) return [];
    const start = this.offsets[first - 1];
    const end = this.offsets[last - 1] + this.lengths[last - 1];
    const fd = openFd ?? openSync(this.filePath, 'r');
    try {
      const bytes = Buffer.allocUnsafe(end - start);
      readSync(fd, bytes, 0, bytes.length, start);
      const out: StoredEvent[] = [];
      for (let seq = first; seq <= last; seq++) {
        if (this.offsets[seq - 1] < 0) continue;
        const at = this.offsets[seq - 1] - start;
        out.push({ seq, json: bytes.toString('utf8', at, at + this.lengths[seq - 1]) });
      }
      return out;
    } finally {
      if (openFd === undefined) closeSync(fd);
    }
  }

  /** Entries at these seqs (any order, any gaps), in seq order; runs of neighbours share one read. */
  readSeqs(seqs: readonly number[]): StoredEvent[] {
    const sorted = [...new Set(seqs)].filter((seq) => seq >= 1 && seq <= this.count).sort((a, b) => a - b);
    const out: StoredEvent[] = [];
    if (!sorted.length) return out;
    // One open for every run: a filter's matches are thousands of short reads.
    const fd = openSync(this.filePath, 'r');
    try {
      for (let i = 0; i < sorted.length;) {
        let j = i;
        while (j + 1 < sorted.length && sorted[j + 1] - sorted[j] <= 8) j++;
        const wanted = new Set(sorted.slice(i, j + 1));
        for (const event of this.readRange(sorted[i], sorted[j], fd)) if (wanted.has(event.seq)) out.push(event);
        i = j + 1;
      }
    } finally {
      closeSync(fd);
    }
    return out;
  }

  private addLine(data: Buffer, start: number, end: number, offset: number): void {
    this.lineNo++;
    if (this.lineNo === 1) return; // the header
    let last = end;
    if (last > start && data[last - 1] === 0x0d) last--; // a file that went through Windows
    if (last === start) return; // a blank line: nothing to place
    if (data[last - 1] !== CLOSE_BRACE) return this.skip('not a complete entry');
    // The seq is among the last keys of every stored line (see storedSeq): decode only the tail.
    const tail = data.toString('utf8', Math.max(start, last - 200), last);
    const seq = storedSeq(tail);
    if (seq === undefined) return this.skip('no seq');
    if (seq <= this.count) return this.skip(`seq ${seq} again, after ${this.count}`);
    // A line lost in the middle leaves a hole, not the end of the index: the entries after it stay readable.
    if (seq > this.count + 1) {
      if (seq - this.count > MAX_GAP) return this.skip(`seq ${seq} where ${this.count + 1} was expected`);
      // Said, not counted: the line that lost them (if there was one) is counted already.
      this.skip(`entries ${this.count + 1}${seq - 1 > this.count + 1 ? `-${seq - 1}` : ''} are missing`, false);
      while (this.count < seq - 1) this.place(-1, 0);
    }
    this.place(offset, last - start);
    for (const prefix of this.markPrefixes) {
      if (last - start >= prefix.length && data.compare(prefix, 0, prefix.length, start, start + prefix.length) === 0) {
        this.marked.push(this.count);
        break;
      }
    }
  }

  private place(offset: number, length: number): void {
    if (this.count === this.offsets.length) this.grow();
    this.offsets[this.count] = offset;
    this.lengths[this.count] = length;
    this.count++;
  }

  private skip(reason: string, isCounted = true): void {
    if (isCounted) this.skippedCount++;
    if (this.skippedNotes.length < MAX_NOTES) this.skippedNotes.push({ line: this.lineNo, reason });
  }

  private grow(): void {
    const offsets = new Float64Array(this.offsets.length * 2);
    const lengths = new Float64Array(this.lengths.length * 2);
    offsets.set(this.offsets);
    lengths.set(this.lengths);
    this.offsets = offsets;
    this.lengths = lengths;
  }

  /** The position of the next newline at or after `from`, or -1 before the end of the file. */
  private findNewline(fd: number, from: number, size: number): number {
    const buffer = Buffer.allocUnsafe(PASS_CHUNK_BYTES);
    for (let at = from; at < size;) {
      const read = readSync(fd, buffer, 0, buffer.length, at);
      if (read === 0) return -1;
      const hit = buffer.subarray(0, read).indexOf(NEWLINE);
      if (hit !== -1) return at + hit;
      at += read;
    }
    return -1;
  }
}
