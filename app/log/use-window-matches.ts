import { useEffect, useState } from 'react';
import { isFiltering, type LogFilter } from '@wire/entry-filter';
import type { SessionSnapshot } from '@app/model/session-store';

export type WindowMatches = { seqs: number[] | null; total: number; problem?: string };

/**
 * The seqs a filter keeps in a big session, asked of the proxy (which filters the
 * whole file); null while nothing is filtered. Until the answer comes the list keeps
 * what it showed, so typing never blanks it.
 */
export function useWindowMatches(session: SessionSnapshot | undefined, filter: LogFilter): WindowMatches | undefined {
  const entryWindow = session?.window;
  const [matches, setMatches] = useState<WindowMatches>();
  useEffect(() => {
    if (!entryWindow) return;
    if (!isFiltering(filter)) {
      setMatches({ seqs: null, total: entryWindow.total });
      return;
    }
    let isCurrent = true;
    entryWindow.find(filter).then(
      (found) => isCurrent && setMatches({ seqs: found.seqs, total: found.total }),
      (error: unknown) =>
        isCurrent && setMatches({ seqs: [], total: 0, problem: `The search could not run: ${error instanceof Error ? error.message : String(error)}` }),
    );
    return () => {
      isCurrent = false;
    };
  }, [entryWindow, filter]);
  return entryWindow ? matches : undefined;
}
