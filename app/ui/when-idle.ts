/**
 * Run `run` once the page is idle, or at the latest after `latestMs` when given (a busy page may not be
 * idle for seconds). Where the browser has no requestIdleCallback, on the next turn.
 */
export function whenIdle(run: () => void, latestMs?: number): void {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(run, latestMs === undefined ? undefined : { timeout: latestMs });
  else window.setTimeout(run, 1);
}
