import { useEffect, useImperativeHandle, useLayoutEffect, useRef, useSyncExternalStore, type Ref } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { SessionSnapshot } from '@app/model/session-store';
import { LogRow, ROW_HEIGHT } from './log-row';
import { PlaceholderRow } from './placeholder-row';

/** Rows fetched beyond each edge of the viewport of a windowed session, so a scroll finds them there. */
const PREFETCH_ROWS = 150;
const noSubscription = () => () => {};
const noVersion = () => 0;

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
  /** Where the list last scrolled itself to follow new entries (its scrollTop), until the person scrolls up. */
  const followedTopRef = useRef<number | undefined>(undefined);
  const events = session.events;
  const entryWindow = session.window;
  // A windowed session's rows arrive after the list asked for them: each arrival re-renders the list.
  useSyncExternalStore(entryWindow?.subscribe ?? noSubscription, entryWindow?.getVersion ?? noVersion);
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

  // Follow new entries while scrolled to the bottom. One scrollTop write per frame, in the frame's own
  // animation callback: written in the commit, it forced a style and layout pass there, ahead of whatever
  // else that commit showed (the form of an elicitation waited ~9 ms for it); written before the frame
  // is drawn, it costs the layout the frame makes anyway, and the rows never show unscrolled. The
  // virtualizer's scrollToIndex re-measures over several frames, which on every new entry costs more than the entry.
  useLayoutEffect(() => {
    if (!followRef.current || rowCount === 0) return;
    const frame = requestAnimationFrame(() => {
      const el = scrollRef.current;
      if (!followRef.current || !el) return;
      el.scrollTop = el.scrollHeight;
      followedTopRef.current = el.scrollTop;
    });
    return () => cancelAnimationFrame(frame);
  }, [rowCount]);

  const items = virtualizer.getVirtualItems();
  const firstShown = items[0]?.index ?? 0;
  const lastShown = items[items.length - 1]?.index ?? 0;
  useEffect(() => {
    if (!entryWindow || rowCount === 0) return;
    const from = Math.max(0, firstShown - PREFETCH_ROWS);
    const to = Math.min(rowCount - 1, lastShown + PREFETCH_ROWS);
    // The rows in view first, then the ones around them.
    const shown = Array.from({ length: lastShown - firstShown + 1 }, (_, i) => seqAt(firstShown + i));
    entryWindow.ensure(shown);
    entryWindow.ensure(Array.from({ length: to - from + 1 }, (_, i) => seqAt(from + i)));
    // seqAt reads seqs, which is in the deps through rowCount's source.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [entryWindow, seqs, rowCount, firstShown, lastShown]);

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
        // The event of the list's own scroll comes a frame later, when newer rows may have grown the list
        // again: still following. Scrolled up by the person, it follows only from the bottom.
        const isOwnScroll = followedTopRef.current !== undefined && el.scrollTop >= followedTopRef.current;
        if (!isOwnScroll) followedTopRef.current = undefined;
        followRef.current = isOwnScroll || el.scrollHeight - el.scrollTop - el.clientHeight < ROW_HEIGHT * 2;
      }}
    >
      {rowCount === 0 ? (
        <p className="p-3 text-xs text-slate-500">{session.eventCount ? 'No entry matches the filter.' : 'Nothing logged yet.'}</p>
      ) : (
        <div role="listbox" aria-label="Log entries" style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {items.map((item) => {
            const seq = seqAt(item.index);
            const event = entryWindow ? entryWindow.row(seq)?.event : events[seq - 1];
            if (event)
              return (
                <LogRow
                  key={event.seq}
                  event={event}
                  index={entryWindow ?? session.index}
                  start={item.start}
                  isSelected={event.seq === selectedSeq}
                  onSelect={select}
                />
              );
            return entryWindow ? <PlaceholderRow key={seq} seq={seq} start={item.start} problem={entryWindow.problem} /> : null;
          })}
        </div>
      )}
    </div>
  );
}
