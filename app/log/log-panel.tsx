import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useApp, useReveal, useSession } from '@app/state/app-context';
import { TimelineView } from '@app/timeline/timeline-view';
import { cn } from '@app/ui/cn';
import { EntryDetail } from './entry-detail';
import { EntryList, type EntryListHandle } from './entry-list';
import { downloadSessionFile } from './export-file';
import { filterEvents, isFiltering, NO_FILTER, type LogFilter } from './log-filter';
import { LogToolbar } from './log-toolbar';
import { StoryView } from './story-view';
import { useWindowMatches } from './use-window-matches';

type Tab = 'entries' | 'calls' | 'timeline';
const TAB_LABELS: Record<Tab, string> = { entries: 'Entries', calls: 'Calls', timeline: 'Timeline' };

/**
 * Every event of the session, two ways: the flat list (filter, search, open one
 * whole, jump between related entries) and the story of each tool call.
 */
export function LogPanel() {
  const session = useSession();
  const { loading } = useApp();
  const [tab, setTab] = useState<Tab>('entries');
  const [filter, setFilter] = useState<LogFilter>(NO_FILTER);
  const deferredFilter = useDeferredValue(filter);
  const [selectedSeq, setSelectedSeq] = useState<number>();
  /** A call whose story was asked for from elsewhere (an audit's verdict table): `n` tells one request from the next. */
  const [storyCall, setStoryCall] = useState<{ callId: string; n: number }>();
  const listRef = useRef<EntryListHandle>(null);
  const sectionRef = useRef<HTMLElement>(null);

  const count = session?.eventCount ?? 0;
  // A big recorded session is filtered by the proxy, over its file; the rest here, over the entries the page holds.
  const windowMatches = useWindowMatches(session, deferredFilter);
  const localSeqs = useMemo(
    () => (session && !session.window && isFiltering(deferredFilter) ? filterEvents(session.events, deferredFilter, session.index, session.story) : null),
    // eventCount changes whenever the events array grows in place.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [session?.sessionId, count, deferredFilter],
  );
  const seqs = session?.window ? (windowMatches?.seqs ?? null) : localSeqs;
  // The list shows an older answer while a new filter is rendered in the background or asked of the proxy:
  // it says so, and the kit waits for it before reading the entries.
  const isBehindFilter = filter !== deferredFilter || Boolean(session?.window && windowMatches?.filter !== deferredFilter);
  useEffect(() => {
    setSelectedSeq(undefined);
    setFilter(NO_FILTER);
  }, [session?.sessionId]);

  const jump = (seq: number) => {
    setTab('entries');
    if (seqs && !seqs.includes(seq)) setFilter(NO_FILTER);
    setSelectedSeq(seq);
    listRef.current?.scrollToSeq(seq);
  };
  useReveal('logSearch', (text) => {
    setTab('entries');
    setFilter({ ...NO_FILTER, text });
  });
  useReveal('logSeq', (seq) => {
    setFilter(NO_FILTER);
    jump(seq);
  });
  useReveal('command', (command) => {
    if (command === 'show-entries') setTab('entries');
    if (command === 'show-calls') setTab('calls');
    if (command === 'show-timeline') setTab('timeline');
    if (command === 'focus-log-search') {
      setTab('entries');
      // The field exists only in the Entries view: focus it once that view is on screen.
      requestAnimationFrame(() => sectionRef.current?.querySelector<HTMLInputElement>('input[aria-label="Search log"]')?.focus());
    }
  });
  useReveal('callStory', (callId) => {
    setTab('calls');
    setStoryCall((shown) => ({ callId, n: (shown?.n ?? 0) + 1 }));
  });
  useReveal('logStory', (story) => {
    setTab('entries');
    setFilter({ ...NO_FILTER, story });
  });

  const selected =
    selectedSeq !== undefined && session ? (session.window ? session.window.row(selectedSeq)?.event : session.events[selectedSeq - 1]) : undefined;
  const exportView = () => {
    if (!session) return;
    if (session.window) {
      // The page holds only some rows of a big session: the proxy sends the ones shown, a read at a time.
      void session.window.rowsOf(seqs ?? null).then((events) => downloadSessionFile(session, events, seqs !== null));
      return;
    }
    const events = seqs ? seqs.map((seq) => session.events[seq - 1]) : session.events;
    downloadSessionFile(session, events, seqs !== null);
  };

  return (
    <section ref={sectionRef} aria-label="Log" className="flex h-full min-h-0 flex-col bg-white">
      <div className="flex items-center gap-1 border-b border-slate-200 px-3 pt-1.5">
        <h2 className="mr-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">Log</h2>
        {loading !== undefined && (
          <span role="status" aria-label="Loading the log" className="order-last ml-auto pb-1 text-xs text-slate-500">
            Loading the session… {loading.toLocaleString()} entries so far
          </span>
        )}
        <div role="tablist" aria-label="Log views" className="flex gap-1">
          {(['entries', 'calls', 'timeline'] as const).map((t) => (
            <button
              key={t}
              type="button"
              role="tab"
              aria-selected={tab === t}
              onClick={() => setTab(t)}
              className={cn(
                '-mb-px rounded-t-md border border-b-0 px-2.5 py-1 text-xs',
                tab === t ? 'border-slate-200 bg-white font-medium text-slate-900' : 'border-transparent text-slate-500 hover:text-slate-800',
              )}
            >
              {TAB_LABELS[t]}
            </button>
          ))}
        </div>
      </div>
      {tab === 'entries' ? (
        <>
          <LogToolbar
            session={session}
            filter={filter}
            onFilter={setFilter}
            shown={windowMatches?.seqs ? windowMatches.total : seqs ? seqs.length : count}
            onExport={exportView}
          />
          <div className="flex min-h-0 flex-1" data-log-entries="" aria-busy={isBehindFilter || undefined}>
            {session && <EntryList ref={listRef} session={session} seqs={seqs} selectedSeq={selectedSeq} onSelect={setSelectedSeq} />}
            {selected && session && (
              <EntryDetail
                event={selected}
                session={session}
                onJump={jump}
                onShowStory={(story) => setFilter({ ...NO_FILTER, story })}
                onClose={() => setSelectedSeq(undefined)}
              />
            )}
          </div>
        </>
      ) : tab === 'timeline' ? (
        session && (
          <div className="min-h-0 flex-1">
            <TimelineView
              session={session}
              onShowSpan={(span) => {
                // The span's story in the list, with its first entry selected.
                setTab('entries');
                setFilter({ ...NO_FILTER, story: span.story });
                setSelectedSeq(span.seqs[0]);
              }}
            />
          </div>
        )
      ) : (
        session && (
          <div className="min-h-0 flex-1">
            <StoryView
              session={session}
              revealCall={storyCall}
              onJump={jump}
              onShowEntries={(callId) => {
                setTab('entries');
                setFilter({ ...NO_FILTER, story: { kind: 'call', id: callId } });
              }}
            />
          </div>
        )
      )}
    </section>
  );
}
