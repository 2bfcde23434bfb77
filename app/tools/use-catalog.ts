import { useCallback, useEffect, useSyncExternalStore } from 'react';
import type { CatalogKind } from '@wire/catalog';
import { useCommands, useSession } from '@app/state/app-context';
import { catalogStore, EMPTY_CATALOG, type CatalogState } from './catalog-store';

export type Catalog = CatalogState & {
  /** The server declared this capability (`prompts` or `resources`) when it connected. */
  isOffered: boolean;
  isReady: boolean;
  reload: () => void;
  loadMore: () => void;
};

/**
 * One kind of the server's catalog for the session on screen. The first page is asked
 * for once the session is ready and the server offers the kind; a list_changed
 * notification in the log asks again.
 */
export function useCatalog(kind: CatalogKind): Catalog {
  const session = useSession();
  const commands = useCommands();
  const sessionId = session?.sessionId;
  const isReady = session?.status.state === 'ready';
  const capability = kind === 'prompts' ? 'prompts' : 'resources';
  const isOffered = session?.status.serverCapabilities?.[capability] !== undefined;
  const listPage = useCallback(
    (listed: CatalogKind, cursor: string | undefined) => {
      if (!sessionId) return Promise.reject(new Error('Not connected.'));
      return commands.send('list-catalog', { sessionId, kind: listed, ...(cursor !== undefined && { cursor }) });
    },
    [commands, sessionId],
  );
  const state = useSyncExternalStore(catalogStore.subscribe, () => (sessionId ? catalogStore.get(sessionId, kind) : EMPTY_CATALOG));
  const isWanted = !!sessionId && isReady && isOffered && !state.isRequested;
  useEffect(() => {
    if (isWanted && sessionId) catalogStore.ensureLoaded(sessionId, kind, listPage);
  }, [isWanted, sessionId, kind, listPage]);
  const events = session?.events;
  const eventCount = session?.eventCount;
  useEffect(() => {
    if (sessionId && events && isReady) catalogStore.noteEvents(sessionId, events, listPage);
  }, [sessionId, events, eventCount, isReady, listPage]);
  return {
    ...state,
    isOffered,
    isReady,
    reload: () => sessionId && void catalogStore.load(sessionId, kind, listPage),
    loadMore: () => sessionId && void catalogStore.load(sessionId, kind, listPage, true),
  };
}
