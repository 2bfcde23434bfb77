import { useCallback, useEffect, useSyncExternalStore } from 'react';
import type { CatalogKind } from '@wire/catalog';
import { useCommands, useSession } from '@app/state/app-context';
import { catalogStore, EMPTY_CATALOG, type CatalogState, type ListPage } from './catalog-store';

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
 * notification asks again (see useCatalogRelisting).
 */
export function useCatalog(kind: CatalogKind): Catalog {
  const session = useSession();
  const sessionId = session?.sessionId;
  const isReady = session?.status.state === 'ready';
  const capability = kind === 'prompts' ? 'prompts' : 'resources';
  const isOffered = session?.status.serverCapabilities?.[capability] !== undefined;
  const listPage = useListPage(sessionId);
  const state = useSyncExternalStore(catalogStore.subscribe, () => (sessionId ? catalogStore.get(sessionId, kind) : EMPTY_CATALOG));
  const isWanted = !!sessionId && isReady && isOffered && !state.isRequested;
  useEffect(() => {
    if (isWanted && sessionId) catalogStore.ensureLoaded(sessionId, kind, listPage);
  }, [isWanted, sessionId, kind, listPage]);
  return {
    ...state,
    isOffered,
    isReady,
    reload: () => sessionId && void catalogStore.load(sessionId, kind, listPage),
    loadMore: () => sessionId && void catalogStore.load(sessionId, kind, listPage, true),
  };
}

/**
 * List a kind again as soon as its list_changed notification is in the session's log,
 * whichever tab is open: mounted where the feature tabs are, not in the lists (only
 * the open one is mounted), as the proxy lists tools again on tools/list_changed.
 */
export function useCatalogRelisting(): void {
  const session = useSession();
  const sessionId = session?.sessionId;
  const isReady = session?.status.state === 'ready';
  const listPage = useListPage(sessionId);
  const events = session?.events;
  const eventCount = session?.eventCount;
  useEffect(() => {
    if (sessionId && events && isReady) catalogStore.noteEvents(sessionId, events, listPage);
  }, [sessionId, events, eventCount, isReady, listPage]);
}

function useListPage(sessionId: string | undefined): ListPage {
  const commands = useCommands();
  return useCallback(
    (listed: CatalogKind, cursor: string | undefined) => {
      if (!sessionId) return Promise.reject(new Error('Not connected.'));
      return commands.send('list-catalog', { sessionId, kind: listed, ...(cursor !== undefined && { cursor }) });
    },
    [commands, sessionId],
  );
}
