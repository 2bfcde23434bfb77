import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { CallTimeline } from '@app/model/call-timeline';
import { CallTimelineCache } from '@app/model/call-timeline-cache';
import type { TimelineSpan } from '@app/model/call-timeline-span';
import type { CallView, SessionSnapshot } from '@app/model/session-store';
import { Button } from '@app/ui/button';
import { cn } from '@app/ui/cn';
import { useIsLive } from '@app/state/app-context';
import { useNow } from '@app/ui/countdown';
import { CallRow, LABEL_COLUMN } from './call-row';
import { CallZoom } from './call-zoom';
import { TimelineLegend } from './timeline-legend';
import { sessionScale, ticksOf, type Scale } from './timeline-scale';
import { TimeSharesList } from './time-shares';
import { useSessionTotals } from './use-session-totals';
import { WindowStories } from './window-stories';
import { WindowCallsBar } from './window-calls-bar';

const ROW_HEIGHT = 44;
const PRESSED = 'bg-slate-200 text-slate-900';
const NO_CALLS: readonly string[] = [];
const noSubscription = () => () => {};
const noVersion = () => 0;

type Props = {
  session: SessionSnapshot;
  /** Show a span's entries in the flat list: its story, with its first entry selected. */
  onShowSpan: (span: TimelineSpan) => void;
};

/**
 * Every call on one time axis, or one call filling it. Rows are virtualized and
 * each call's spans are built once (again only when its entries change), so a
 * session of thousands of calls scrolls like a short one.
 */
export function TimelineView({ session, onShowSpan }: Props) {
  const [zoomed, setZoomed] = useState<string>();
  const sessionRef = useRef(session);
  sessionRef.current = session;
  const entryWindow = session.window;
  // A big recorded session's page holds no log: the stories of the calls in view are asked of the proxy.
  const stories = useMemo(() => entryWindow && new WindowStories((callId) => entryWindow.storyOfCall(callId)), [entryWindow]);
  // Each story that arrives draws its row.
  useSyncExternalStore(stories?.subscribe ?? noSubscription, stories?.getVersion ?? noVersion);
  const cache = useMemo(
    () =>
      new CallTimelineCache(
        (callId) => {
          if (stories) return stories.eventsOf(callId) ?? [];
          const { story, events } = sessionRef.current;
          return story.storyOfCallWithUntiedFlows(callId).flatMap((seq) => events[seq - 1] ?? []);
        },
        (seq) => sessionRef.current.story.callOf(seq),
      ),
    // One cache per session: it reads the newest snapshot through the ref.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [session.sessionId, stories],
  );
  useLiveStories(stories, session);
  const isLive = useIsLive();
  const isRunning = isLive && session.calls.some((c) => !c.end);
  const clockAt = useNow(isRunning, 500);
  // A session that is over (recorded, or ended) does not run on: a call it left open ends with the
  // last thing the page knows of it, not now.
  const overAt = useMemo(() => (isLive ? 0 : lastKnownAt(session.calls)), [isLive, session.calls]);
  const nowAt = isLive ? clockAt : overAt;
  // A recorded session does not grow, and walking its million seqs for news would cost what windowing saves.
  if (!stories) cache.update(session.lastSeq);
  const calls = session.calls;
  const timelineOf = (callId: string) => {
    const timeline = cache.timelineOf(callId, nowAt);
    return timeline?.isOpen && !isLive ? { ...timeline, outcome: NO_END } : timeline;
  };
  const callIds = useMemo(() => calls.map((c) => c.callId), [calls]);
  // The session's split needs every call's story: a big session's page has only those in view, so it shows each call's own.
  const totals = useSessionTotals(stories ? NO_CALLS : callIds, timelineOf, `${session.eventCount}:${nowAt}`);
  const zoomedTimeline = zoomed ? timelineOf(zoomed) : undefined;
  useEffect(() => {
    if (stories && zoomed) stories.ensure([zoomed]);
  }, [stories, zoomed]);
  const scale = sessionScale(
    calls.map((c) => ({ startedAt: c.startedAt, endAt: c.end?.at })),
    nowAt,
  );

  const regionRef = useRef<HTMLElement>(null);
  useZoomWheel(regionRef, setZoomed);

  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === 'Escape' || e.key === '-') {
      if (!zoomed) return;
      e.preventDefault();
      setZoomed(undefined);
    } else if (e.key === '+' || e.key === '=') {
      const callId = e.target instanceof Element ? e.target.closest<HTMLElement>('[data-call-id]')?.dataset.callId : undefined;
      if (callId) {
        e.preventDefault();
        setZoomed(callId);
      }
    }
  };

  if (!calls.length) {
    const listing = session.windowCalls;
    return (
      <p role="status" className="p-3 text-xs text-slate-500">
        {listing?.problem ??
          (listing && listing.total === undefined ? 'Listing the calls…' : 'No tool calls yet: each call you make gets its spans on the time axis here.')}
      </p>
    );
  }

  return (
    <section ref={regionRef} aria-label="Timeline" onKeyDown={onKeyDown} className="flex h-full min-h-0 flex-col">
      <div className="flex flex-wrap items-center gap-2 border-b border-slate-200 px-3 py-1.5 text-xs">
        <div role="group" aria-label="Zoom" className="flex gap-1">
          <Button size="sm" tone="ghost" aria-pressed={!zoomedTimeline} className={cn(!zoomedTimeline && PRESSED)} onClick={() => setZoomed(undefined)}>
            Whole session
          </Button>
          <Button
            size="sm"
            tone="ghost"
            aria-pressed={!!zoomedTimeline}
            className={cn(zoomedTimeline && PRESSED)}
            onClick={() => setZoomed(zoomed ?? calls.at(-1)?.callId)}
          >
            One call
          </Button>
        </div>
        {!zoomedTimeline && totals && !stories && <TimeSharesList shares={totals} label="Time split of the session" />}
        {session.windowCalls && <WindowCallsBar calls={session.windowCalls} />}
        <TimelineLegend />
      </div>
      {zoomedTimeline ? (
        <div className="min-h-0 flex-1 overflow-auto">
          <CallZoom timeline={zoomedTimeline} onShow={onShowSpan} />
        </div>
      ) : zoomed && stories ? (
        <p role="status" className="p-3 text-xs text-slate-500">
          {stories.problemOf(zoomed) ? `Could not read the story of ${zoomed}: ${stories.problemOf(zoomed)}` : `Reading the story of ${zoomed}…`}
        </p>
      ) : (
        scale && <SessionRows callIds={callIds} timelineOf={timelineOf} scale={scale} onZoom={setZoomed} onShow={onShowSpan} stories={stories} />
      )}
    </section>
  );
}

/** A live windowed session's calls that went on since the last render: their stories are read again. */
function useLiveStories(stories: WindowStories | undefined, session: SessionSnapshot) {
  const seen = useRef(new Map<string, CallView>());
  const { calls, isLiveWindow } = session;
  useEffect(() => {
    if (!stories || !isLiveWindow) return;
    stories.refresh(calls.filter((c) => seen.current.has(c.callId) && seen.current.get(c.callId) !== c).map((c) => c.callId));
    seen.current = new Map(calls.map((c) => [c.callId, c]));
  }, [stories, calls, isLiveWindow]);
}

/** Ctrl (or ⌘) and the wheel, or a pinch: in over the call under the pointer, out to the whole session. */
function useZoomWheel(regionRef: React.RefObject<HTMLElement | null>, setZoomed: (callId: string | undefined) => void) {
  useEffect(() => {
    const region = regionRef.current;
    if (!region) return;
    const onWheel = (e: WheelEvent) => {
      if (!e.ctrlKey && !e.metaKey) return;
      // Not passive: without this the browser zooms the whole page.
      e.preventDefault();
      if (e.deltaY > 0) return setZoomed(undefined);
      const callId = e.target instanceof Element ? e.target.closest<HTMLElement>('[data-call-id]')?.dataset.callId : undefined;
      if (callId) setZoomed(callId);
    };
    region.addEventListener('wheel', onWheel, { passive: false });
    return () => region.removeEventListener('wheel', onWheel);
  });
}

type RowsProps = {
  callIds: readonly string[];
  /** Built only for the rows on screen. */
  timelineOf: (callId: string) => CallTimeline | undefined;
  scale: Scale;
  onZoom: (callId: string) => void;
  onShow: (span: TimelineSpan) => void;
  /** A big recorded session's stories: those of the rows on screen are asked for. */
  stories: WindowStories | undefined;
};

function SessionRows({ callIds, timelineOf, scale, onZoom, onShow, stories }: RowsProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({ count: callIds.length, getScrollElement: () => scrollRef.current, estimateSize: () => ROW_HEIGHT, overscan: 6 });
  const items = virtualizer.getVirtualItems();
  const shownKey = items.map((item) => callIds[item.index]).join(' ');
  // callIds: a live session's calls change as it goes on, and the stories of those in view with them.
  useEffect(() => {
    if (stories && shownKey) stories.ensure(shownKey.split(' '));
  }, [stories, shownKey, callIds]);
  return (
    <>
      <div className="flex border-b border-slate-200">
        <div className={cn('shrink-0 px-3 py-0.5 text-[11px] text-slate-500', LABEL_COLUMN)}>{callIds.length.toLocaleString('en-US')} calls, oldest first</div>
        <div aria-hidden className="relative h-5 flex-1 px-2 text-[10px] text-slate-500">
          {ticksOf(scale).map((tick) => (
            <span key={tick.offsetMs} className="absolute bottom-0 border-l border-slate-300 pl-0.5" style={{ left: `${tick.percent}%` }}>
              {tick.label}
            </span>
          ))}
        </div>
      </div>
      <div ref={scrollRef} role="list" aria-label="Calls on the time axis" className="relative min-h-0 flex-1 overflow-auto">
        <div style={{ height: virtualizer.getTotalSize() }} />
        {items.map((item) => {
          const callId = callIds[item.index];
          const timeline = callId === undefined ? undefined : timelineOf(callId);
          if (!timeline && stories && callId !== undefined)
            return (
              <div
                key={callId}
                role="listitem"
                aria-busy={!stories.problemOf(callId)}
                aria-label={`${callId}, ${stories.problemOf(callId) ? 'its story could not be read' : 'reading its story'}`}
                className="flex items-center border-b border-slate-100 px-3 text-xs text-slate-500"
                style={{ position: 'absolute', top: 0, left: 0, right: 0, height: ROW_HEIGHT, transform: `translateY(${item.start}px)` }}
              >
                <span className="font-mono">{callId}</span>&nbsp;{stories.problemOf(callId) ?? 'Reading its story…'}
              </div>
            );
          if (!timeline) return null;
          return (
            <div
              key={timeline.callId}
              role="listitem"
              aria-label={`${timeline.callId} ${timeline.name.slice(0, 80)}`}
              style={{ position: 'absolute', top: 0, left: 0, right: 0, height: ROW_HEIGHT, transform: `translateY(${item.start}px)` }}
            >
              <CallRow timeline={timeline} scale={scale} onZoom={onZoom} onShow={onShow} />
            </div>
          );
        })}
      </div>
    </>
  );
}

/** What an open call of a session that is over reads as: it will never end. */
const NO_END = 'no end recorded';

/** The latest start or end among the calls (a loop: a spread of a long session's calls could overflow the stack). */
function lastKnownAt(calls: SessionSnapshot['calls']): number {
  let latest = 0;
  for (const call of calls) latest = Math.max(latest, call.end?.at ?? call.startedAt);
  return latest;
}
