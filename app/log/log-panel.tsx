import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useReveal, useSession } from '@app/state/app-context';
import { Segmented } from '@app/ui/field';
import { EntryDetail } from './entry-detail';
import { filterEvents, isFiltering, KIND_GROUPS, NO_FILTER, type KindGroup, type LogFilter } from './log-filter';
import { LogRow, ROW_HEIGHT } from './log-row';

/** Every event of the session: filter, search, pick one to see it whole. Virtualized: only visible rows are in the page. */
export function LogPanel() {
  const session = useSession();
  const [filter, setFilter] = useState<LogFilter>(NO_FILTER);
  const deferredFilter = useDeferredValue(filter);
  const [selectedSeq, setSelectedSeq] = useState<number>();
  const scrollRef = useRef<HTMLDivElement>(null);
  const followRef = useRef(true);

  const events = session?.events ?? [];
  const count = session?.eventCount ?? 0;
  const seqs = useMemo(
    () => (session ? (isFiltering(deferredFilter) ? filterEvents(session.events, deferredFilter, session.index) : null) : []),
    // eventCount changes whenever events grows in place.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [session?.sessionId, count, deferredFilter],
  );
  const rowCount = seqs ? seqs.length : count;
  const seqAt = (i: number) => (seqs ? seqs[i] : i + 1);

  const virtualizer = useVirtualizer({ count: rowCount, getScrollElement: () => scrollRef.current, estimateSize: () => ROW_HEIGHT, overscan: 12 });

  useEffect(() => {
    if (followRef.current && rowCount > 0) virtualizer.scrollToIndex(rowCount - 1, { align: 'end' });
  }, [rowCount, virtualizer]);

  useEffect(() => setSelectedSeq(undefined), [session?.sessionId]);

  const selected = selectedSeq !== undefined ? events[selectedSeq - 1] : undefined;

  useReveal('logSearch', (text) => {
    followRef.current = false;
    setFilter({ ...NO_FILTER, text });
  });
  useReveal('logSeq', (seq) => {
    followRef.current = false;
    setFilter(NO_FILTER);
    setSelectedSeq(seq);
    requestAnimationFrame(() => virtualizer.scrollToIndex(seq - 1, { align: 'center' }));
  });

  const select = (seq: number) => {
    setSelectedSeq(seq);
    const index = seqs ? seqs.indexOf(seq) : seq - 1;
    if (index >= 0) virtualizer.scrollToIndex(index, { align: 'auto' });
  };

  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    e.preventDefault();
    const current = selectedSeq === undefined ? -1 : seqs ? seqs.indexOf(selectedSeq) : selectedSeq - 1;
    const next = Math.min(rowCount - 1, Math.max(0, current + (e.key === 'ArrowDown' ? 1 : -1)));
    if (rowCount) select(seqAt(next));
  };

  return (
    <section aria-label="Log" className="flex h-full min-h-0 flex-col bg-white">
      <div className="flex flex-wrap items-center gap-2 border-b border-slate-200 px-3 py-1.5">
        <h2 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Log</h2>
        <input
          aria-label="Search log"
          placeholder="Search the JSON of every entry"
          className="w-64 rounded-md border-0 px-2 py-1 text-xs ring-1 ring-slate-300 focus:ring-2 focus:ring-indigo-500"
          value={filter.text}
          onChange={(e) => setFilter((f) => ({ ...f, text: e.target.value }))}
        />
        <select aria-label="Kind" className="rounded-md border-0 px-2 py-1 text-xs ring-1 ring-slate-300" value={filter.group} onChange={(e) => setFilter((f) => ({ ...f, group: e.target.value as KindGroup }))}>
          {KIND_GROUPS.map((g) => (
            <option key={g.value} value={g.value}>
              {g.label}
            </option>
          ))}
        </select>
        <Segmented
          label="Direction"
          value={filter.direction}
          onChange={(direction) => setFilter((f) => ({ ...f, direction }))}
          options={[
            { value: 'both', label: 'Both ways' },
            { value: 'out', label: '→ to server' },
            { value: 'in', label: '← from server' },
          ]}
        />
        <span className="ml-auto text-xs text-slate-500" aria-live="polite">
          {seqs ? `${seqs.length} of ${count} entries` : `${count} entries`}
        </span>
      </div>
      <div className="flex min-h-0 flex-1">
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
            <p className="p-3 text-xs text-slate-500">{count ? 'No entry matches the filter.' : 'Nothing logged yet.'}</p>
          ) : (
            <div role="listbox" aria-label="Log entries" style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
              {virtualizer.getVirtualItems().map((item) => {
                const event = events[seqAt(item.index) - 1];
                return event && session ? (
                  <LogRow key={event.seq} event={event} index={session.index} start={item.start} isSelected={event.seq === selectedSeq} onSelect={select} startedAt={session.status.startedAt ?? events[0]?.at ?? 0} />
                ) : null;
              })}
            </div>
          )}
        </div>
        {selected && session && <EntryDetail event={selected} session={session} onJump={select} onClose={() => setSelectedSeq(undefined)} />}
      </div>
    </section>
  );
}
