import { useEffect, useRef, useState } from 'react';
import type { CallTimeline } from '@app/model/call-timeline';
import { addShares, type TimeShares } from '@wire/call-time';

/** Calls added up between two yields to the page: a 5,000-call session never holds a frame for long. */
const CALLS_PER_SLICE = 200;

/**
 * The session's time split, summed over every call a slice at a time, so opening
 * the view on thousands of calls draws the rows at once and the totals after.
 * Until a new sum is ready the previous one stays on screen.
 */
export function useSessionTotals(
  callIds: readonly string[],
  timelineOf: (callId: string) => CallTimeline | undefined,
  version: unknown,
): TimeShares | undefined {
  const [totals, setTotals] = useState<TimeShares>();
  const timelineOfRef = useRef(timelineOf);
  useEffect(() => {
    timelineOfRef.current = timelineOf;
  });
  useEffect(() => {
    let index = 0;
    const parts: TimeShares[] = [];
    let handle: ReturnType<typeof setTimeout>;
    const step = () => {
      const until = Math.min(callIds.length, index + CALLS_PER_SLICE);
      for (; index < until; index++) {
        const timeline = timelineOfRef.current(callIds[index] ?? '');
        if (timeline) parts.push(timeline.shares);
      }
      if (index < callIds.length) handle = setTimeout(step, 0);
      else setTotals(addShares(parts));
    };
    handle = setTimeout(step, 0);
    return () => clearTimeout(handle);
  }, [callIds, version]);
  return totals;
}
