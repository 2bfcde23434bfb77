import { readdirSync, readFileSync } from 'node:fs';
import { isProcessId } from '../store/process-alive';

/**
 * Finding and ending a stdio server's processes, read from /proc (Linux; elsewhere
 * none are known, and nothing is signalled but the server itself).
 */

/** SIGTERM, a moment to exit, then SIGKILL: each only if it is still the process we saw. */
export async function endAll(procs: Proc[]): Promise<void> {
  for (const proc of procs) signalSame(proc, 'SIGTERM');
  if (procs.some((p) => startTime(p.pid) === p.start)) await new Promise((resolve) => setTimeout(resolve, 500));
  for (const proc of procs) signalSame(proc, 'SIGKILL');
}

/** A process, identified by pid and start time: a pid alone may have been reused by the time we act. */
export type Proc = { pid: number; start: string };

/**
 * All descendants of `root`, read from /proc (Linux); elsewhere none are known.
 * Walks the tree down from `root` through each thread's `children` list, which
 * reads a handful of files instead of every process on the machine; a kernel
 * without those lists gets the scan of every process's parent instead.
 */
export function descendantsOf(root: number): Proc[] {
  const childrenOf = hasChildLists(root) ? listedChildren : scanChildren();
  const found: Proc[] = [];
  const queue = [root];
  while (queue.length) {
    for (const pid of childrenOf(queue.shift()!)) {
      const start = startTime(pid);
      if (start === undefined) continue; // it exited while we looked: nothing to kill
      found.push({ pid, start });
      queue.push(pid);
    }
  }
  return found;
}

function hasChildLists(pid: number): boolean {
  try {
    readFileSync(`/proc/${pid}/task/${pid}/children`);
    return true;
  } catch {
    return false;
  }
}

/** A process's children, from the `children` list of each of its threads (any thread may have started one). */
function listedChildren(pid: number): number[] {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((tid) => readPids(`/proc/${pid}/task/${tid}/children`));
  } catch {
    return [];
  }
}

function readPids(path: string): number[] {
  try {
    return readFileSync(path, 'utf8').split(' ').filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/** Every process's parent, read once, as a children lookup. */
function scanChildren(): (pid: number) => number[] {
  const children = new Map<number, number[]>();
  for (const pid of allPids()) {
    const ppid = Number(statFields(pid)?.[1]);
    if (!ppid) continue;
    const list = children.get(ppid);
    if (list) list.push(pid);
    else children.set(ppid, [pid]);
  }
  return (pid) => children.get(pid) ?? [];
}

/** Every process id on the machine (Linux); elsewhere none. */
function allPids(): number[] {
  try {
    return readdirSync('/proc')
      .filter((entry) => /^\d+$/.test(entry))
      .map(Number);
  } catch {
    return []; // not Linux: no process is known
  }
}

/**
 * Processes that belong to a server although no parent link leads to them: a
 * double-forked grandchild (a daemon) is re-parented to init at once. Two signs
 * hold whatever the links: the environment variable `marker` (NAME=value, unique
 * per session) that every descendant inherits unless it scrubs its environment,
 * and membership in a process group or session in `groups`, ids recorded while
 * their processes ran (Linux never hands out a pid that is still some group's or
 * session's id, so a live member is one of ours). `exclude` (the server itself) is left out.
 */
export function belongingTo(marker: string, groups: ReadonlySet<string>, exclude: ReadonlySet<number>): Proc[] {
  const needle = Buffer.from(`${marker}\0`);
  const found: Proc[] = [];
  for (const pid of allPids()) {
    if (pid === process.pid || exclude.has(pid)) continue;
    const fields = statFields(pid);
    if (!fields) continue;
    if (groups.has(fields[2]) || groups.has(fields[3]) || environHas(pid, needle)) found.push({ pid, start: fields[19] });
  }
  return found;
}

function environHas(pid: number, needle: Buffer): boolean {
  try {
    return readFileSync(`/proc/${pid}/environ`).includes(needle);
  } catch {
    return false; // another user's process, or gone: not ours to end either way
  }
}

/**
 * The process group and session ids of `pids` that are not the proxy's own: a
 * server spawned without its own group shares the proxy's, and those would name
 * the proxy and everything else started from its terminal.
 */
export function groupsOf(pids: number[]): string[] {
  const own = statFields(process.pid);
  // 0 and 1: kernel threads and init's own session, never a server's.
  const notOurs = new Set(['0', '1', own?.[2], own?.[3]]);
  const ids = new Set<string>();
  for (const pid of pids) {
    const fields = statFields(pid);
    for (const id of fields ? [fields[2], fields[3]] : []) if (!notOurs.has(id)) ids.add(id);
  }
  return [...ids];
}

/** The fields of /proc/<pid>/stat after the command name (which may hold spaces and parentheses): [0] is the state, [1] the parent, [2] the process group, [3] the session, [19] the start time. */
function statFields(pid: number): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

function startTime(pid: number): string | undefined {
  return statFields(pid)?.[19];
}

/** Signal a process only if it is still the one we saw (same pid, same start time). */
export function signalSame(proc: Proc, name: NodeJS.Signals): void {
  if (startTime(proc.pid) === proc.start) signal(proc.pid, name);
}

export function signal(pid: number, name: NodeJS.Signals): void {
  // 0 or a negative number would signal a whole process group: only one process is ever meant.
  if (!isProcessId(pid)) return;
  try {
    process.kill(pid, name);
  } catch {
    // Already gone.
  }
}
