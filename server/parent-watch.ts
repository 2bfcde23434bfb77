/**
 * Notice that the process which started the inspector has ended. A wrapper such as
 * `npx` that is killed (SIGTERM to its pid) does not pass the signal on: without this
 * the inspector, re-parented to init, kept its port and its servers for ever. On
 * POSIX an orphan's parent id changes (to 1, or to a subreaper): that is the sign.
 */
const PARENT_POLL_MS = 1000;
/**
 * The parent as this module first saw it: at process start, since the command line imports it at
 * once. Read when the watch begins instead, a wrapper killed in between (the inspector prints its URL
 * before it loads the rest, and a script may kill the wrapper as soon as it reads the URL) would
 * already have left init as the parent, and the watch would never fire.
 */
const STARTED_BY = process.ppid;

/** Call `onGone` once, when this process's parent is no longer the one it started with; returns a stop function. */
export function watchParent(onGone: () => void, pollMs = PARENT_POLL_MS, parent = STARTED_BY): () => void {
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
