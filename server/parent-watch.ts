/**
 * Notice that the process which started the inspector has ended. A wrapper such as
 * `npx` that is killed (SIGTERM to its pid) does not pass the signal on: without this
 * the inspector, re-parented to init, kept its port and its servers for ever. On
 * POSIX an orphan's parent id changes (to 1, or to a subreaper): that is the sign.
 */
const PARENT_POLL_MS = 1000;

/** Call `onGone` once, when this process's parent is no longer the one it started with; returns a stop function. */
export function watchParent(onGone: () => void, pollMs = PARENT_POLL_MS): () => void {
  const parent = process.ppid;
  // Started by init itself (a container's first process, a daemon manager) there is no wrapper to outlive.
  if (parent <= 1) return () => {};
  const timer = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(timer);
    onGone();
  }, pollMs);
  // The watch alone never keeps the process running.
  timer.unref();
  return () => clearInterval(timer);
}
