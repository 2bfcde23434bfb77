/**
 * Whether a process id read from a file (a data folder's running inspector, a tap's relay, the
 * inspector a tap's control file names) is a process that runs. Only a positive integer names one
 * process: to `kill`, 0 is the caller's own process group and a negative number another group
 * (-1 every process it may signal), so a damaged or half-written file must never reach it.
 */
export function isProcessId(pid: unknown): pid is number {
  return typeof pid === 'number' && Number.isInteger(pid) && pid > 0;
}

/** Whether `pid` names a running process; EPERM means it runs as another user. */
export function isRunning(pid: unknown): boolean {
  if (!isProcessId(pid)) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
