import { useCallback, useState } from 'react';
import type { SessionSnapshot } from '@app/model/session-store';
import { readPickedTool, shownTool, storePickedTool } from './selected-tool';

const storage = () => (typeof sessionStorage === 'undefined' ? undefined : sessionStorage);

/** The tool shown for the session on screen, and how to pick another. */
export function useSelectedTool(session: SessionSnapshot | undefined): [string | undefined, (name: string) => void] {
  const [picks, setPicks] = useState<{ bySession: Record<string, string>; last?: string }>({ bySession: {} });
  const sessionId = session?.sessionId;
  const picked = sessionId ? (picks.bySession[sessionId] ?? readPickedTool(storage(), sessionId)) : undefined;
  const select = useCallback(
    (name: string) => {
      if (!sessionId) return;
      storePickedTool(storage(), sessionId, name);
      setPicks((p) => ({ bySession: { ...p.bySession, [sessionId]: name }, last: name }));
    },
    [sessionId],
  );
  return [shownTool(session, picked, picks.last), select];
}
