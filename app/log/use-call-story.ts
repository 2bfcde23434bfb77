import { useEffect, useMemo, useState } from 'react';
import type { LogEvent } from '@wire/events';
import type { RpcPair } from '@wire/log-index';
import type { SessionSnapshot } from '@app/model/session-store';

export type CallStory = {
  steps: LogEvent[];
  pairOf: (seq: number) => RpcPair | undefined;
  /** Entries in the whole story, timer ticks included, and how many of them were read (fewer for a windowed session's very long call). */
  total: number;
  readCount: number;
  isLoading: boolean;
  problem?: string;
};

/**
 * One call's story, timer ticks left out: from the events the page holds, or, for a
 * windowed session, asked of the proxy when the call is opened (its rows are not here),
 * and again when `version` changes (a live call's rounds, elicitations or end).
 */
export function useCallStory(session: SessionSnapshot, callId: string | undefined, version: string | undefined): CallStory {
  const { window } = session;
  const local = useMemo(
    () => {
      if (window || !callId) return undefined;
      const steps = session.story
        .storyOfCall(callId)
        .map((seq) => session.events[seq - 1])
        .filter((e) => e && e.kind !== 'call-timer');
      return { steps, pairOf: (seq: number) => session.index.pairOf(seq), total: steps.length, readCount: steps.length, isLoading: false };
    },
    // eventCount: the story grows as events arrive.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [callId, session.eventCount, window],
  );
  const [fetched, setFetched] = useState<CallStory & { callId: string }>();
  useEffect(() => {
    if (!window || !callId) return;
    let isCurrent = true;
    // The same call read again (it went on) keeps what it showed until the new read is in.
    setFetched((shown) => (shown?.callId === callId ? shown : { callId, steps: [], pairOf: () => undefined, total: 0, readCount: 0, isLoading: true }));
    window.storyOfCall(callId).then(
      ({ rows, total }) => {
        if (!isCurrent) return;
        const pairs = new Map(rows.flatMap((row) => (row.pair ? [[row.event.seq, row.pair] as const] : [])));
        const steps = rows.map((row) => row.event).filter((e) => e.kind !== 'call-timer');
        setFetched({ callId, steps, pairOf: (seq) => pairs.get(seq), total, readCount: rows.length, isLoading: false });
      },
      (error: unknown) => {
        if (!isCurrent) return;
        const problem = `Could not read this call's entries: ${error instanceof Error ? error.message : String(error)}`;
        setFetched({ callId, steps: [], pairOf: () => undefined, total: 0, readCount: 0, isLoading: false, problem });
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [window, callId, version]);
  if (local) return local;
  if (fetched && fetched.callId === callId) return fetched;
  return { steps: [], pairOf: () => undefined, total: 0, readCount: 0, isLoading: Boolean(window && callId) };
}
