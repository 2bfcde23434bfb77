import { useEffect, useState } from 'react';
import { isFiltering, type LogFilter } from '@wire/entry-filter';
import type { SessionSnapshot } from '@app/model/session-store';

/** `filter` is the one these matches answer: until it is the one asked, the list shows an older answer. */
export type WindowMatches = { seqs: number[] | null; total: number; problem?: string; filter: LogFilter };

/** A live session's filter is asked again this long after an answer that its newer entries have passed. */
const LIVE_REFRESH_MS = 1000;

/**
 * The seqs a filter keeps in a big session, asked of the proxy (which filters the
 * whole file); null while nothing is filtered. Until the answer comes the list keeps
 * what it showed, so typing never blanks it. A live session's answer is asked again
 * while entries arrive past it, at most once a LIVE_REFRESH_MS.
 */
export function useWindowMatches(session: SessionSnapshot | undefined, filter: LogFilter): WindowMatches | undefined {
  const entryWindow = session?.window;
  const [matches, setMatches] = useState<WindowMatches & { lastSeq?: number }>();
  const [round, setRound] = useState(0);
  useEffect(() => {
    if (!entryWindow) return;
    if (!isFiltering(filter)) {
      setMatches({ seqs: null, total: entryWindow.total, filter });
      return;
    }
    let isCurrent = true;
    entryWindow.find(filter).then(
      (found) => isCurrent && setMatches({ seqs: found.seqs, total: found.total, lastSeq: found.lastSeq, filter }),
      (error: unknown) =>
        isCurrent && setMatches({ seqs: [], total: 0, problem: `The search could not run: ${error instanceof Error ? error.message : String(error)}`, filter }),
    );
    return () => {
      isCurrent = false;
    };
  }, [entryWindow, filter, round]);
  const isBehind = Boolean(session?.isLiveWindow && matches?.lastSeq !== undefined && session.eventCount > matches.lastSeq);
  useEffect(() => {
    if (!isBehind) return;
    const timer = setTimeout(() => setRound((n) => n + 1), LIVE_REFRESH_MS);
    return () => clearTimeout(timer);
  }, [isBehind, matches]);
  return entryWindow ? matches : undefined;
}
