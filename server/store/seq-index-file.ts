/**
 * The index by seq as saved beside its session file (`<file>.idx`): writing it, and
 * the checks that decide whether what a saved one says may be used.
 *
 * Opening one reads its head only (the counts, the marked entries, which bytes of
 * which file it describes): a million entries open as fast as ten thousand. The
 * offsets and lengths are read a window at a time, when rows are asked for, and
 * each window is checked before use (lines in file order, inside what was
 * covered); SeqIndex then checks every row against the seq its line holds, so an
 * index that lies about a window is never used for it: it is rebuilt.
 */
import { bytesOf, float64s, readSection, readSidecarHead, sourceState, stampOf, writeSidecar, type SidecarHead } from './sidecar-file';

const SIDECAR_MAGIC = 'EI-SEQIX';
/** Bumped when the saved layout changes: an index of another version is rebuilt. 2: the marked entries moved into the checked head. */
export const SEQ_INDEX_VERSION = 2;
/** How many skipped lines are described one by one; the rest are only counted. */
export const MAX_NOTES = 20;

/** A line the index could not place, and why (described one by one up to MAX_NOTES). */
export type SkippedLine = { line: number; reason: string };

/** Saved offsets are read this many entries at a time (64 kB), so neighbouring windows share one read. */
const BLOCK_ENTRIES = 4096;
/** Blocks kept: a filter's many short reads and a pass's slices find their offsets here. 4 MB. */
const KEPT_BLOCKS = 64;

/** What an index knows besides its offsets. */
export type SeqIndexState = {
  count: number;
  lineNo: number;
  skippedCount: number;
  notes: readonly SkippedLine[];
  /** Seqs of the entries whose line starts with one of `prefixes`. */
  marked: readonly number[];
  prefixes: readonly string[];
  /** Bytes of the session file the index covers (complete lines only). */
  coveredBytes: number;
};

/** Save an index of `state.count` entries; throws when it cannot be written (the caller decides what that costs). */
export function saveSeqIndex(sourcePath: string, sidecarPath: string, state: SeqIndexState, offsets: Float64Array, lengths: Float64Array): void {
  const { count, lineNo, skippedCount, notes, marked, prefixes, coveredBytes } = state;
  writeSidecar(sidecarPath, SIDECAR_MAGIC, SEQ_INDEX_VERSION, {
    meta: { count, lineNo, skippedCount, notes, marked, prefixes },
    source: stampOf(sourcePath, coveredBytes),
    sections: [bytesOf(offsets, count), bytesOf(lengths, count)],
  });
}

/** A saved index whose head was found right: its offsets stay in its file until a window of them is asked for. */
export class SavedOffsets {
  private readonly blocks = new Map<number, { offsets: Float64Array; lengths: Float64Array }>();

  private constructor(
    private readonly sidecarPath: string,
    private readonly head: SidecarHead,
    readonly state: SeqIndexState,
  ) {}

  /** The saved index of `sourcePath`, if it is about this file (as it is, or grown since) and its head holds together. */
  static open(sourcePath: string, sidecarPath: string, prefixes: readonly string[]): SavedOffsets | undefined {
    const head = readSidecarHead(sidecarPath, SIDECAR_MAGIC, SEQ_INDEX_VERSION);
    if (!head || sourceState(sourcePath, head.source) === 'foreign') return undefined;
    const { count, lineNo, skippedCount, notes, marked, prefixes: savedPrefixes } = head.meta;
    if (!isCount(count) || !isCount(lineNo) || !isCount(skippedCount) || !isNoteList(notes) || lineNo < count) return undefined;
    if (JSON.stringify(savedPrefixes) !== JSON.stringify(prefixes) || head.sections.length !== 2) return undefined;
    if (head.sections.some((section) => section.length !== count * 8)) return undefined;
    if (!isSeqList(marked, count)) return undefined;
    const state = { count, lineNo, skippedCount, notes: notes.slice(0, MAX_NOTES), marked, prefixes, coveredBytes: head.source.coveredBytes };
    return new SavedOffsets(sidecarPath, head, state);
  }

  /**
   * Offsets and lengths of seqs `fromSeq`..`toSeq` (within 1..count), a hole (an entry the file lost) at -1;
   * undefined when the saved file changed since it was opened or the window cannot be right.
   */
  window(fromSeq: number, toSeq: number): { offsets: Float64Array; lengths: Float64Array } | undefined {
    if (fromSeq < 1 || toSeq > this.state.count || toSeq < fromSeq) return undefined;
    const offsets = new Float64Array(toSeq - fromSeq + 1);
    const lengths = new Float64Array(offsets.length);
    for (let block = Math.floor((fromSeq - 1) / BLOCK_ENTRIES); block * BLOCK_ENTRIES < toSeq; block++) {
      const read = this.block(block);
      if (!read) return undefined;
      const first = block * BLOCK_ENTRIES + 1; // the seq of the block's first entry
      const from = Math.max(fromSeq, first);
      const to = Math.min(toSeq, first + read.offsets.length - 1);
      offsets.set(read.offsets.subarray(from - first, to - first + 1), from - fromSeq);
      lengths.set(read.lengths.subarray(from - first, to - first + 1), from - fromSeq);
    }
    return isInFileOrder(offsets, lengths, this.state.coveredBytes) ? { offsets, lengths } : undefined;
  }

  private block(n: number): { offsets: Float64Array; lengths: Float64Array } | undefined {
    const kept = this.blocks.get(n);
    if (kept) {
      // Most recently used last, so the oldest is the one let go.
      this.blocks.delete(n);
      this.blocks.set(n, kept);
      return kept;
    }
    const [offsetsPlace, lengthsPlace] = this.head.sections;
    const at = n * BLOCK_ENTRIES * 8;
    const bytes = Math.min(BLOCK_ENTRIES, this.state.count - n * BLOCK_ENTRIES) * 8;
    const offsetBytes = readSection(this.sidecarPath, this.head.fileId, offsetsPlace, at, bytes);
    const lengthBytes = offsetBytes && readSection(this.sidecarPath, this.head.fileId, lengthsPlace, at, bytes);
    if (!offsetBytes || !lengthBytes) return undefined;
    const read = { offsets: float64s(offsetBytes), lengths: float64s(lengthBytes) };
    this.blocks.set(n, read);
    if (this.blocks.size > KEPT_BLOCKS) this.blocks.delete(this.blocks.keys().next().value ?? -1);
    return read;
  }

  /** Every saved offset and length: for saving the index again with what it gained. */
  all(): { offsets: Float64Array; lengths: Float64Array } | undefined {
    return this.state.count ? this.window(1, this.state.count) : { offsets: new Float64Array(0), lengths: new Float64Array(0) };
  }
}

/** Lines in file order, each inside what was covered: offsets that cannot be right are not used at all. */
function isInFileOrder(offsets: Float64Array, lengths: Float64Array, coveredBytes: number): boolean {
  let end = 0;
  for (let i = 0; i < offsets.length; i++) {
    if (offsets[i] === -1) continue;
    if (offsets[i] < end || lengths[i] < 2 || !Number.isSafeInteger(offsets[i]) || !Number.isSafeInteger(lengths[i])) return false;
    end = offsets[i] + lengths[i];
  }
  return end <= coveredBytes;
}

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

function isSeqList(value: unknown, count: number): value is number[] {
  return Array.isArray(value) && value.every((seq: unknown, i) => isCount(seq) && seq >= 1 && seq <= count && (i === 0 || seq > value[i - 1]));
}

function isNoteList(value: unknown): value is SkippedLine[] {
  return (
    Array.isArray(value) &&
    value.every(
      (note: unknown) =>
        typeof note === 'object' && note !== null && 'line' in note && typeof note.line === 'number' && 'reason' in note && typeof note.reason === 'string',
    )
  );
}
