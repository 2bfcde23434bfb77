import { createContext, use, useEffect, useRef, useSyncExternalStore, type ReactNode } from 'react';
import type { SessionSummary } from '@wire/commands';
import type { AppStore, AppSnapshot } from '@app/model/app-store';
import type { SessionSnapshot } from '@app/model/session-store';

const AppContext = createContext<AppStore | null>(null);

export function AppProvider({ store, children }: { store: AppStore; children: ReactNode }) {
  return <AppContext value={store}>{children}</AppContext>;
}

export function useAppStore(): AppStore {
  const store = use(AppContext);
  if (!store) throw new Error('useAppStore outside AppProvider');
  return store;
}

export function useApp(): AppSnapshot {
  const store = useAppStore();
  return useSyncExternalStore(store.subscribe, store.getSnapshot);
}

const EMPTY_SUBSCRIBE = () => () => {};
const NO_SNAPSHOT = () => undefined;

/** The watched session's derived state, or undefined before one is chosen. */
export function useSession(): SessionSnapshot | undefined {
  const { current } = useApp();
  return useSyncExternalStore(current?.subscribe ?? EMPTY_SUBSCRIBE, current?.getSnapshot ?? NO_SNAPSHOT);
}

/** Send commands to the proxy. */
export function useCommands() {
  return useAppStore().connection;
}

/** Run `handle` once for each new reveal request this panel understands. */
export function useReveal<K extends 'logSearch' | 'elicitationKey' | 'logSeq' | 'logStory' | 'callStory' | 'command'>(
  key: K,
  handle: (value: NonNullable<Extract<NonNullable<AppSnapshot['reveal']>, Record<K, unknown>>[K]>) => void,
): void {
  const { reveal } = useApp();
  const seen = useRef(reveal?.id ?? 0);
  useEffect(() => {
    if (!reveal || reveal.id <= seen.current || !(key in reveal)) return;
    seen.current = reveal.id;
    handle((reveal as unknown as Record<K, never>)[key]);
  });
}

/** Whether the watched session can still be driven (false for ended, recorded and imported ones). */
/** The sessions-list entry of the session on screen: whether it is live, recorded or imported. */
export function useSessionSummary(): SessionSummary | undefined {
  const { sessions, current } = useApp();
  return sessions.find((s) => s.sessionId === current?.sessionId);
}

export function useIsLive(): boolean {
  return useSessionSummary()?.isLive ?? false;
}
