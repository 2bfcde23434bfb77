import { useImperativeHandle, useLayoutEffect, useRef, type Ref } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { SessionSnapshot } from '@app/model/session-store';
import { LogRow, ROW_HEIGHT } from './log-row';

export type EntryListHandle = { scrollToSeq: (seq: number) => void };

type Props = {
  ref?: Ref<EntryListHandle>;
  session: SessionSnapshot;
  /** The seqs shown, or null for every entry. */
  seqs: number[] | null;
  selectedSeq: number | undefined;
  onSelect: (seq: number) => void;
};

/**
 * The flat log: one row per entry, virtualized so only the rows in view are in the
 * page, following new entries while scrolled to the bottom. Arrow keys move the selection.
 */
export function EntryList({ ref, session, seqs, selectedSeq, onSelect }: Props) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const followRef = useRef(true);
  const events = session.events;
  const rowCount = seqs ? seqs.length : session.eventCount;
  const seqAt = (i: number) => (seqs ? seqs[i] : i + 1);
  const indexOf = (seq: number) => (seqs ? seqs.indexOf(seq) : seq - 1);
  const virtualizer = useVirtualizer({ count: rowCount, getScrollElement: () => scrollRef.current, estimateSize: () => ROW_HEIGHT, overscan: 12 });

  useImperativeHandle(ref, () => ({
    scrollToSeq(seq) {
      followRef.current = false;
      const index = indexOf(seq);
      if (index >= 0) requestAnimationFrame(() => virtualizer.scrollToIndex(index, { align: 'center' }));
    },
  }));

  // Follow new entries while scrolled to the bottom. One scrollTop write after layout: the
  // virtualizer's scrollToIndex re-measures over several frames, which on every new entry costs more than the entry.
  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (followRef.current && el && rowCount > 0) el.scrollTop = el.scrollHeight;
  }, [rowCount]);

  const select = (seq: number) => {
    onSelect(seq);
    const index = indexOf(seq);
    if (index >= 0) virtualizer.scrollToIndex(index, { align: 'auto' });
  };

  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    e.preventDefault();
    const current = selectedSeq === undefined ? -1 : indexOf(selectedSeq);
    const next = Math.min(rowCount - 1, Math.max(0, current + (e.key === 'ArrowDown' ? 1 : -1)));
    if (rowCount) select(seqAt(next));
  };

  return (
    <div
      ref={scrollRef}
      className="min-w-0 flex-1 overflow-auto outline-none"
      tabIndex={0}
      onKeyDown={onKeyDown}
      onScroll={(e) => {
        const el = e.currentTarget;
        followRef.current = el.scrollHeight - el.scrollTop - el.clientHeight < ROW_HEIGHT * 2;
      }}
    >
      {rowCount === 0 ? (
        <p className="p-3 text-xs text-slate-500">{session.eventCount ? 'No entry matches the filter.' : 'Nothing logged yet.'}</p>
      ) : (
        <div role="listbox" aria-label="Log entries" style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((item) => {
            const event = events[seqAt(item.index) - 1];
            return event ? (
              <LogRow key={event.seq} event={event} index={session.index} start={item.start} isSelected={event.seq === selectedSeq} onSelect={select} />
            ) : null;
          })}
        </div>
      )}
    </div>
  );
}
