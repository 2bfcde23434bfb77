import type { ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import type { Transport } from '@modelcontextprotocol/client';
import { StdioClientTransport, type StdioServerParameters } from '@modelcontextprotocol/client/stdio';
import { LineBudget, watchStdout } from './stdout-watch';

const TAIL_LINES = 20;
const MAX_LINE = 4000;

export type ChildOutput = {
  onStderr(line: string): void;
  /** A stdout line that is not JSON (the SDK drops it), cut to length and within the rate budget. */
  onStdoutText(line: string): void;
  /** How many stdout lines of a flood went unlogged past the rate budget. */
  onStdoutDropped(count: number): void;
};

/**
 * What the inspector needs from a stdio server's process that the SDK does not
 * expose: its stderr as lines, the stdout lines the SDK drops, its exit code,
 * and its descendants, so that a server started through a wrapper (`npx`, a
 * shell script) leaves nothing behind.
 */
export class ChildWatch {
  exit: { code: number | null; signal: string | null } | undefined;
  /** Set when the SDK's stdio reader gave up on a line longer than this many bytes (it then closes the transport). */
  readLimitBytes: number | undefined;
  private stdoutBudget: LineBudget | undefined;
  private process: ChildProcess | undefined;
  private readonly tail: string[] = [];
  private exited: Promise<void> = Promise.resolve();
  /** The child's descendants as last seen: once it exits by itself they can no longer be found from it. */
  private lastDescendants: Proc[] = [];
  private sampler: NodeJS.Timeout | undefined;

  attach(transport: Transport, output: ChildOutput): void {
    if (!(transport instanceof StdioClientTransport)) return;
    let partial = '';
    transport.stderr?.on('data', (chunk: Buffer) => {
      const lines = (partial + chunk.toString('utf8')).split(/\r?\n/);
      partial = lines.pop() ?? '';
      for (const line of lines) this.line(line, output.onStderr);
    });
    transport.stderr?.on('end', () => {
      if (partial) this.line(partial, output.onStderr);
      partial = '';
    });
    const budget = (this.stdoutBudget = new LineBudget(output.onStdoutDropped));
    watchStdout(transport, {
      onText: (line) => {
        if (budget.take()) output.onStdoutText(clip(line));
      },
      onOverLimit: (limitBytes) => (this.readLimitBytes = limitBytes),
    });
    // The SDK's version probe runs on a sibling process made with `new transport.constructor(params)`,
    // and reaps only that process: whatever it started (a wrapper's server, a helper) would be orphaned.
    Object.defineProperty(transport, 'constructor', { value: ReapingSibling, configurable: true });
    // Patch the instance, not the class: the SDK's sibling version probe must still see its own transport.
    const start = transport.start.bind(transport);
    transport.start = async () => {
      await start();
      const child = (transport as unknown as { _process?: ChildProcess })._process;
      if (!child) return;
      this.process = child;
      this.sampler = setInterval(() => (this.lastDescendants = this.collectDescendants()), 2000).unref();
      this.exited = new Promise((resolve) =>
        child.once('exit', (code, signal) => {
          this.exit = { code, signal };
          clearInterval(this.sampler);
          resolve();
        }),
      );
    };
  }

  /** Report what the stdout budget still holds back; call before the session's last entry. */
  flushOutput(): void {
    this.stdoutBudget?.flush();
  }

  stderrTail(): string[] {
    return [...this.tail];
  }

  /** Wait briefly for the exit status, which can arrive after the transport reports the close. */
  async settle(ms = 500): Promise<void> {
    if (!this.process || this.exit) return;
    await Promise.race([this.exited, new Promise((resolve) => setTimeout(resolve, ms).unref())]);
  }

  /**
   * Terminate whatever the child started. Call before the child itself is closed:
   * once it dies its children are re-parented and can no longer be found.
   */
  collectDescendants(): Proc[] {
    const pid = this.process?.pid;
    if (!pid || this.exit) return this.lastDescendants;
    return descendantsOf(pid);
  }

  /** End what the child left behind when it exited by itself (a wrapper's own children). */
  reapOrphans(): void {
    clearInterval(this.sampler);
    for (const proc of this.lastDescendants) signalSame(proc, 'SIGTERM');
  }

  async killAfterClose(descendants: Proc[]): Promise<void> {
    await this.settle(2500);
    const pid = this.process?.pid;
    if (pid && !this.exit) signal(pid, 'SIGKILL');
    await endAll(descendants);
  }

  private line(text: string, onLine: (line: string) => void): void {
    const line = clip(text);
    this.tail.push(line);
    if (this.tail.length > TAIL_LINES) this.tail.shift();
    onLine(line);
  }
}

function clip(text: string): string {
  return text.length > MAX_LINE ? `${text.slice(0, MAX_LINE)}… (${text.length - MAX_LINE} more characters)` : text;
}

/**
 * Stands in for StdioClientTransport's constructor when the SDK makes its probe
 * sibling: the same transport, whose disposal also ends the sibling's descendants.
 */
function ReapingSibling(params: StdioServerParameters): StdioClientTransport {
  const sibling = new StdioClientTransport(params);
  const internals = sibling as unknown as { _dispose?: () => Promise<void> };
  const dispose = internals._dispose?.bind(sibling);
  if (dispose) {
    internals._dispose = async () => {
      const descendants = sibling.pid ? descendantsOf(sibling.pid) : [];
      await dispose();
      await endAll(descendants);
    };
  }
  return sibling;
}

/** SIGTERM, a moment to exit, then SIGKILL: each only if it is still the process we saw. */
async function endAll(procs: Proc[]): Promise<void> {
  for (const proc of procs) signalSame(proc, 'SIGTERM');
  if (procs.some((p) => startTime(p.pid) === p.start)) await new Promise((resolve) => setTimeout(resolve, 500));
  for (const proc of procs) signalSame(proc, 'SIGKILL');
}

/** A process, identified by pid and start time: a pid alone may have been reused by the time we act. */
type Proc = { pid: number; start: string };

/**
 * All descendants of `root`, read from /proc (Linux); elsewhere none are known.
 * Walks the tree down from `root` through each thread's `children` list, which
 * reads a handful of files instead of every process on the machine; a kernel
 * without those lists gets the scan of every process's parent instead.
 */
function descendantsOf(root: number): Proc[] {
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
  let entries: string[] = [];
  try {
    entries = readdirSync('/proc');
  } catch {
    // Not Linux: no process is known.
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    const ppid = Number(statFields(Number(entry))?.[1]);
    if (!ppid) continue;
    const list = children.get(ppid);
    if (list) list.push(Number(entry));
    else children.set(ppid, [Number(entry)]);
  }
  return (pid) => children.get(pid) ?? [];
}

/** The fields of /proc/<pid>/stat after the command name (which may hold spaces and parentheses): [0] is the state, [1] the parent, [19] the start time. */
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
function signalSame(proc: Proc, name: NodeJS.Signals): void {
  if (startTime(proc.pid) === proc.start) signal(proc.pid, name);
}

function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch {
    // Already gone.
  }
}
