/**
 * The byte offset of every entry of a session file, by seq, so a window of rows
 * is one positioned read instead of a replay from the start.
 *
 * Built by one streaming pass over the bytes (newlines are found with
 * Buffer.indexOf, no line is decoded unless its seq cannot be read from its tail)
 * and extended from where it stopped when the file grows: a live session's file is
 * appended to while it is read. Saved beside the file (`<file>.idx`, see
 * seq-index-file.ts) so the next open reads its head only, and then 16 bytes an
 * entry for the rows asked for, never the file: a saved index about other bytes than
 * the file's is rebuilt, one about a file that has grown since is extended over the
 * new tail only (in memory, until it is saved again), and every row read is checked
 * against the seq its line holds, so even an index that lies cannot hand out the
 * wrong row: it is thrown away and rebuilt.
 * Two numbers a line (8 bytes each): 16 MB for a 1M-entry session, in its sidecar.
 */
import { closeSync, fstatSync, openSync, readSync, rmSync } from 'node:fs';
import { LinePlaces } from './line-places';
import { MAX_NOTES, SavedOffsets, saveSeqIndex, type SkippedLine } from './seq-index-file';
import { storedSeq, type StoredEvent } from './session-file';

const NEWLINE = 0x0a;
const CLOSE_BRACE = 0x7d;
/** How much is read per step of the pass. */
const PASS_CHUNK_BYTES = 1 << 20;
/** A line longer than this is skipped without being decoded (entries are capped far below it, see limits.ts). */
const MAX_LINE_BYTES = 64 * 1024 * 1024;
/** A seq further ahead than this is a damaged line, not missing entries (each hole costs 16 bytes). */
const MAX_GAP = 1_000_000;
/** Below this many new entries the index is not saved: a pass over a small file costs less than the write. */
const SAVE_MIN_ENTRIES = 5000;

export class SeqIndex {
  private readonly places = new LinePlaces();
  /** Where the next unread line starts: a torn last line is read again once its newline arrives. */
  private indexedBytes = 0;
  private lineNo = 0;
  private skippedCount = 0;
  private readonly skippedNotes: SkippedLine[] = [];
  /** Seqs of the entries whose line starts with one of `markPrefixes`, found without decoding them. */
  readonly marked: number[] = [];
  private readonly markPrefixes: Buffer[];

  private readonly prefixTexts: readonly string[];
  private hasLookedForSaved = false;
  private passBytes = 0;
  private savedCount = 0;
  private readonly saveMinEntries: number;

  /** `markPrefixes`: line starts worth finding without a parse (the session-state entries, say). */
  constructor(
    readonly filePath: string,
    markPrefixes: readonly string[] = [],
    options: { saveMinEntries?: number } = {},
  ) {
    this.prefixTexts = markPrefixes;
    this.markPrefixes = markPrefixes.map((prefix) => Buffer.from(prefix));
    this.saveMinEntries = options.saveMinEntries ?? SAVE_MIN_ENTRIES;
  }

  private get count(): number {
    return this.places.count;
  }

  /** Where the saved index lives. */
  get sidecarPath(): string {
    return `${this.filePath}.idx`;
  }

  /** Bytes the passes of this index have read, in all: a saved index spares them. */
  get scannedBytes(): number {
    return this.passBytes;
  }

  /** Bytes of the file indexed so far (complete lines only). */
  get bytesIndexed(): number {
    return this.indexedBytes;
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
    if (!this.hasLookedForSaved) {
      this.hasLookedForSaved = true;
      this.loadSaved();
    }
    this.scan();
    if (this.count - this.savedCount >= this.saveMinEntries) this.save();
    return this.count;
  }

  private scan(): void {
    const fd = openSync(this.filePath, 'r');
    try {
      const size = fstatSync(fd).size;
      let buffer = Buffer.allocUnsafe(PASS_CHUNK_BYTES);
      while (this.indexedBytes < size) {
        const read = readSync(fd, buffer, 0, buffer.length, this.indexedBytes);
        if (read === 0) break;
        this.passBytes += read;
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
  }

  /** Entries with seq in [fromSeq, toSeq], as stored, in order; one read for the whole span. */
  readRange(fromSeq: number, toSeq: number, openFd?: number): StoredEvent[] {
    const out = this.readRangeAsIndexed(fromSeq, toSeq, openFd);
    if (out?.every((event) => storedSeq(event.json) === event.seq)) return out;
    // A line that does not hold the seq the index placed there, or offsets that cannot be right: the index
    // (or a saved one) lies about this file.
    this.rebuild();
    return (this.readRangeAsIndexed(fromSeq, toSeq, openFd) ?? []).filter((event) => storedSeq(event.json) === event.seq);
  }

  /** Forget everything, the saved index too, and index the file again from its first byte. */
  rebuild(): void {
    rmSync(this.sidecarPath, { force: true });
    this.places.reset();
    this.indexedBytes = 0;
    this.lineNo = 0;
    this.skippedCount = 0;
    this.skippedNotes.length = 0;
    this.marked.length = 0;
    this.savedCount = 0;
    this.hasLookedForSaved = true;
    this.refresh();
  }

  /** Save the index beside the file; a failure (read-only folder, full disk) only costs the next open a pass. */
  save(): void {
    try {
      const all = this.places.window(1, this.count);
      if (!all) return this.rebuild(); // the saved part changed under it: index the file again, which saves it
      const state = {
        count: this.count,
        lineNo: this.lineNo,
        skippedCount: this.skippedCount,
        notes: this.skippedNotes,
        marked: this.marked,
        prefixes: this.prefixTexts,
        coveredBytes: this.indexedBytes,
      };
      saveSeqIndex(this.filePath, this.sidecarPath, state, all.offsets, all.lengths);
      this.savedCount = this.count;
      // What was just written is the new base: the entries in memory are let go.
      const saved = SavedOffsets.open(this.filePath, this.sidecarPath, this.prefixTexts);
      if (saved?.state.count === this.count) this.places.reset(saved);
    } catch {
      // Saving is an optimisation: the index in memory is whole, and the next open rebuilds what it lacks.
      this.savedCount = this.count;
    }
  }

  /** Take the saved index if it is about this file and its head holds together; anything else is ignored (and rebuilt). */
  private loadSaved(): void {
    const saved = SavedOffsets.open(this.filePath, this.sidecarPath, this.prefixTexts);
    if (!saved) return;
    const { count, lineNo, skippedCount, notes, marked, coveredBytes } = saved.state;
    this.places.reset(saved);
    this.savedCount = count;
    this.indexedBytes = coveredBytes;
    this.lineNo = lineNo;
    this.skippedCount = skippedCount;
    this.skippedNotes.push(...notes);
    this.marked.push(...marked);
  }

  private readRangeAsIndexed(fromSeq: number, toSeq: number, openFd?: number): StoredEvent[] | undefined {
    const from = Math.max(1, fromSeq);
    const to = Math.min(this.count, toSeq);
    if (to < from) return [];
    const placed = this.places.window(from, to);
    if (!placed) return undefined;
    const { offsets, lengths } = placed;
    let first = 0;
    let last = to - from;
    while (first <= last && offsets[first] < 0) first++; // holes: entries the file lost
    while (last >= first && offsets[last] < 0) last--;
    if (last < first) return [];
    const start = offsets[first];
    const end = offsets[last] + lengths[last];
    const fd = openFd ?? openSync(this.filePath, 'r');
    try {
      const bytes = Buffer.allocUnsafe(end - start);
      // Fewer bytes than asked for: the file was cut short since it was indexed; what was not read is not a line.
      const readBytes = readSync(fd, bytes, 0, bytes.length, start);
      const out: StoredEvent[] = [];
      for (let i = first; i <= last; i++) {
        if (offsets[i] < 0) continue;
        const at = offsets[i] - start;
        const isWhole = at + lengths[i] <= readBytes;
        out.push({ seq: from + i, json: isWhole ? bytes.toString('utf8', at, at + lengths[i]) : '' });
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
      while (this.count < seq - 1) this.places.add(-1, 0);
    }
    this.places.add(offset, last - start);
    for (const prefix of this.markPrefixes) {
      if (last - start >= prefix.length && data.compare(prefix, 0, prefix.length, start, start + prefix.length) === 0) {
        this.marked.push(this.count);
        break;
      }
    }
  }

  private skip(reason: string, isCounted = true): void {
    if (isCounted) this.skippedCount++;
    if (this.skippedNotes.length < MAX_NOTES) this.skippedNotes.push({ line: this.lineNo, reason });
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
