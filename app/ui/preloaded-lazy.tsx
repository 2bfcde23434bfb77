import { lazy, Suspense, useState, type ComponentType } from 'react';
import { whenIdle } from './when-idle';

/**
 * When a lazy chunk is fetched: `idle` once the page has painted and is idle, or at the
 * latest 200 ms on (a form's chunk: needed later, but never waited for), `now` at once (a panel the page shows from the start, fetched
 * beside the socket's handshake so it is there by the first push).
 */
export type PreloadWhen = 'idle' | 'now';

/** How long an `idle` preload waits for the page to be idle before it starts anyway. */
const IDLE_LATEST_MS = 200;

/**
 * `React.lazy` that starts fetching its chunk without waiting for a first render, and
 * once the chunk is there renders the component directly. Plain `lazy` suspends
 * on its first render even when the chunk is cached, and React then holds the
 * revealed content back for 300 ms after the fallback showed: the first form
 * after a page load took ~340 ms against ~37 ms for later ones.
 */
export function preloadedLazy<P extends object>(load: () => Promise<{ default: ComponentType<P> }>, when: PreloadWhen = 'idle'): ComponentType<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const start = () =>
    (loading ??= load().then((module) => {
      loaded = module.default;
      return module;
    }));
  const Lazy = lazy(start);
  if (typeof window !== 'undefined') {
    // A failed fetch is not lost: the first render retries through `lazy` and its error boundary shows the failure.
    const preload = () => void start().catch(() => (loading = undefined));
    if (when === 'now') preload();
    // A busy page may not be idle for seconds: the fetch starts by IDLE_LATEST_MS whatever happens.
    else whenIdle(preload, IDLE_LATEST_MS);
  }
  return function Preloaded(props: P) {
    // Fixed at mount: switching from Lazy to the loaded component later would remount it and lose its state.
    const [Loaded] = useState(() => loaded);
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  };
}

/**
 * A panel in its own chunk, fetched at once (`now`) and shown in place when it arrives:
 * nothing (not a spinner) fills its place for the moment before, and the rest of the
 * page paints without it. `pick` names the export, so panels keep their named exports.
 */
export function lazyPanel<P extends object, M>(load: () => Promise<M>, pick: (module: M) => ComponentType<P>): ComponentType<P> {
  const Panel = preloadedLazy<P>(() => load().then((module): { default: ComponentType<P> } => ({ default: pick(module) })), 'now');
  return function LazyPanel(props: P) {
    return (
      <Suspense fallback={null}>
        <Panel {...props} />
      </Suspense>
    );
  };
}
