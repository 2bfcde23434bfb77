/**
 * Where each entry's line lies in a session file, by seq: the entries a saved index
 * holds stay in its file and are read a window at a time; the ones indexed since
 * (a file that grew) are kept in memory until the index is saved again.
 */
import type { SavedOffsets } from './seq-index-file';

/** A line's start and length (without its newline), for a run of seqs; a hole (an entry the file lost) starts at -1. */
export type Places = { offsets: Float64Array; lengths: Float64Array };

export class LinePlaces {
  /** Seqs 1..savedCount, in the saved index. */
  private saved: SavedOffsets | undefined;
  /** The seqs after those: offsets[seq - savedCount - 1]. */
  private offsets = new Float64Array(1024);
  private lengths = new Float64Array(1024);
  private placed = 0;

  /** The highest seq placed. */
  get count(): number {
    return this.placed;
  }

  private get savedCount(): number {
    return this.saved?.state.count ?? 0;
  }

  /** Start over from `saved` (its entries), or from nothing. */
  reset(saved?: SavedOffsets): void {
    this.saved = saved;
    this.placed = saved?.state.count ?? 0;
    this.offsets = new Float64Array(1024);
    this.lengths = new Float64Array(1024);
  }

  /** Place the next seq. */
  add(offset: number, length: number): void {
    const i = this.placed - this.savedCount;
    if (i === this.offsets.length) {
      const offsets = new Float64Array(this.offsets.length * 2);
      const lengths = new Float64Array(this.lengths.length * 2);
      offsets.set(this.offsets);
      lengths.set(this.lengths);
      this.offsets = offsets;
      this.lengths = lengths;
    }
    this.offsets[i] = offset;
    this.lengths[i] = length;
    this.placed++;
  }

  /** Seqs fromSeq..toSeq (within 1..count); undefined when the saved index cannot be read or cannot be right there. */
  window(fromSeq: number, toSeq: number): Places | undefined {
    const base = this.savedCount;
    const offsets = new Float64Array(Math.max(0, toSeq - fromSeq + 1));
    const lengths = new Float64Array(offsets.length);
    if (fromSeq <= base && this.saved) {
      const savedPart = this.saved.window(fromSeq, Math.min(toSeq, base));
      if (!savedPart) return undefined;
      offsets.set(savedPart.offsets);
      lengths.set(savedPart.lengths);
    }
    const from = Math.max(fromSeq, base + 1);
    if (from <= toSeq) {
      offsets.set(this.offsets.subarray(from - base - 1, toSeq - base), from - fromSeq);
      lengths.set(this.lengths.subarray(from - base - 1, toSeq - base), from - fromSeq);
    }
    return { offsets, lengths };
  }
}
